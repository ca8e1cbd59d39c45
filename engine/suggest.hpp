// Rules proposed from what humans answered (`vigie suggest`, the playground), from a journal
// (engine/journal.hpp):
//   - a command part of a request that was asked and answered `allow_always` becomes a
//     candidate allow rule at the narrowest token prefix that covers what was seen: the
//     commands seen are grouped by their first two words, and each group gets the longest
//     prefix its commands share; when they were all the same command, the rule ends with `$`
//     (that command exactly: never wider than what was seen). Never for an
//     interpreter, a wrapper or a shell (engine/normalize.hpp: `is_interpreter`, which reads
//     the programs table's wrappers), never through a wrapper that allow rules do not look
//     through (`sudo npm test`), never past a word that is not static;
//   - parts answered `deny` at least `min_denials` times in the same shape (first two words)
//     become candidate deny rules with a message;
//   - a shape answered both ways (always and deny) gets no rule.
// Each suggestion lists the recorded requests it would change, found by replaying the journal
// under the policy with every suggestion added (engine/replay.hpp).
#ifndef VIGIE_ENGINE_SUGGEST_HPP
#define VIGIE_ENGINE_SUGGEST_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/journal.hpp"
#include "engine/replay.hpp"
#include "vigie/vigie.hpp"

namespace vigie::suggest {

struct Suggestion {
  Effect effect = Effect::allow;
  std::vector<std::string> tokens;  // the pattern's words
  bool exact = false;               // the pattern ends with `$`
  std::string id;                   // `suggested.allow.npm-test`
  std::string message;              // for deny
  std::vector<std::string> examples;
  std::size_t answers = 0;              // how many recorded answers led to it
  std::string rule_text;                // the rule as written into the policy (with attributes)
  std::vector<replay::Change> changes;  // recorded requests whose decision it changes
};

struct Options {
  std::size_t min_denials = 2;   // a deny rule needs this many refusals of one shape
  std::size_t max_examples = 3;  // `example` lines per rule
  std::size_t max_suggestions = 200;
};

struct Result {
  std::vector<Suggestion> suggestions;
  std::string policy_text;          // the main policy file with every suggestion added, canonical
  std::vector<std::string> errors;  // e.g. the policy does not compile
};

// `base`: the policy's sources, main file first (empty: `policy "suggested"` in mode ask).
Result suggest(const std::vector<SourceFile>& base, const std::vector<journal::Entry>& entries,
               const Options& options = {}, const CompileOptions& compile_options = {},
               const DecideOptions& decide_options = {});

// Adds rules (each its source text, attribute lines included) to a policy's text: at the end
// of its first top-level `commands` block, or in a new `commands` block at the end. Returns the
// canonical text (grammar/policy/format.cpp), or nullopt with a message on a syntax error.
std::optional<std::string> add_rules(const std::string& file_name, const std::string& text,
                                     const std::vector<std::string>& rules,
                                     std::string* error = nullptr);

// The suggestions for people, and as JSON.
std::string to_text(const Result& r, std::size_t examples = 3);
std::string to_json(const Result& r);

}  // namespace vigie::suggest

#endif  // VIGIE_ENGINE_SUGGEST_HPP
