// The regexes of command patterns, compiled within the policy's budget: each is bounded by
// limits::regex_memory_bytes (RE2's max_mem), the policy's by limits::regex_instructions (RE2's
// program sizes, summed over every Builder of one compile).
#include <fmt/format.h>

#include "engine/compile_builder.hpp"

namespace vigie::engine::compiler {

std::unique_ptr<RE2> Builder::compile_regex(const File& f, const PatternItem& it) {
  Loader::Spent& spent = loader_.spent();
  // A variant compiles the base's files again: only its own mode blocks are new work.
  const bool counted = !variant_ || mode_items_;
  if (counted && spent.regex_instructions > limits::regex_instructions) {
    // Checked before the work: the error was given at the regex that went past the budget,
    // and the compile fails; the regexes after it are not compiled.
    return nullptr;
  }
  auto re = std::make_unique<RE2>(it.word.text, rule_regex_options());
  if (!counted || !re->ok()) return re;
  spent.regex_instructions += static_cast<std::size_t>(re->ProgramSize());
  if (spent.regex_instructions <= limits::regex_instructions) return re;
  if (!spent.regexes_over) {
    spent.regexes_over = true;
    // Given in a variant too (error() is silent there): a mode whose regexes were dropped would
    // lose its rules, so the compile must fail.
    loader_.diags().push_back(diag(
        f, it.span, Code::regexes_over_budget,
        fmt::format("the policy's regexes need more than {} instructions: this one brings them "
                    "to {}",
                    limits::regex_instructions, spent.regex_instructions),
        "use fewer or smaller regexes (a bounded repeat `{1,900}` is compiled 900 times): a word "
        "or a `( a | b )` group needs none",
        Severity::error));
  }
  return nullptr;
}

}  // namespace vigie::engine::compiler
