// `vigie fmt` and the AST dump.
#ifndef VIGIE_GRAMMAR_POLICY_FORMAT_HPP
#define VIGIE_GRAMMAR_POLICY_FORMAT_HPP

#include <string>

#include "grammar/policy/ast.hpp"

namespace vigie::policy {

// The canonical text of a parsed file (call it only on a file without syntax errors):
// two-space indentation, effects padded to one width (`deny  rm -rf`), a rule's conditions
// after its patterns with one space (`deny  rm -rf outside /tmp .`), two spaces before a
// rule's message, one attribute (`id`, `example`, `counterexample`) per line under its rule,
// comments kept where they were (on their own line or at the end of a line), at most one blank
// line in a row, none at the start or end of a block. Idempotent: format(parse(format(x))) ==
// format(x), and parse(format(x)) == parse(x) ignoring spans.
std::string format(const File& f);

// The AST as an s-expression, spans omitted, one item per line (goldens, `--dump=ast`):
//   (file
//     (setting policy "team")
//     (block commands
//       (rule deny (pattern git push (alt --force -f)) (message "No force push"))))
// Bare words print as written, 'single' and "double" quoted words with their quotes, regexes
// between slashes; `*`, `...`, `$` pattern items print as (any), (rest), (end).
std::string dump_ast(const File& f);

// A word as it would be written in a policy file (quoted and escaped as its kind says).
std::string to_source(const Word& w);

// A pattern as it would be written in a policy file: `git push (--force | -f)`.
std::string pattern_source(const Pattern& p);

// A rule's condition as it would be written: `outside /tmp .`, `without --staged`.
std::string condition_source(const Condition& c);

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_FORMAT_HPP
