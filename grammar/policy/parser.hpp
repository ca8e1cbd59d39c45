// Parsing a `.vigie` policy file into its AST (grammar/policy/ast.hpp).
//
//   ParseResult r = vigie::policy::parse("team.vigie", text);
//   for (const auto& d : r.diagnostics) std::cerr << vigie::render(d, {{"team.vigie", text}});
//
// The language is line-oriented (docs/language.md): every line is parsed on its own by the
// PEGTL line grammar, so that an error on one line never hides the errors of the next ones
// (the parser resynchronizes at the next line and collects EVERY error). Blocks are tracked
// with an explicit stack rather than grammar recursion, so no input can exhaust the C++ stack.
//
// `parse` never throws. With syntax errors the returned File still holds every line that
// parsed (useful for an editor's outline), but it must not be compiled.
#ifndef VIGIE_GRAMMAR_POLICY_PARSER_HPP
#define VIGIE_GRAMMAR_POLICY_PARSER_HPP

#include <string>
#include <vector>

#include "grammar/limits.hpp"
#include "grammar/policy/ast.hpp"
#include "vigie/vigie.hpp"

namespace vigie::policy {

struct ParseResult {
  File file;
  std::vector<Diagnostic> diagnostics;  // syntax errors (V1xx), in source order
  bool ok() const noexcept { return diagnostics.empty(); }
};

ParseResult parse(std::string name, std::string source);

// PEGTL's grammar analysis of the line grammar (rules that could loop without consuming
// input); 0 when the grammar is sound. For tests.
std::size_t grammar_issues();

// Blocks may nest this deep (`agent "x" { commands { … } }` is 2). Far more than the language
// needs; the bound only keeps pathological input cheap.
inline constexpr std::size_t kMaxBlockDepth = limits::policy_block_depth;

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_PARSER_HPP
