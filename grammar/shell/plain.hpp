// The fast path for the commonest command lines: simple commands of static words (`git status`,
// `git commit -m 'fix: x'`, `echo "hello world"`, `'it'\''s'`), `$name`, `$(…)` and backquotes
// of such commands, globs, `$((…))`, `${name:-word}`, `<(…)`, assignment prefixes
// (`CI=1 npm test`), plain redirections (`> out.log 2>&1`), one here-document, `[[ … ]]` tests,
// joined by `&&`, `||`, `;` and `|`, or a line that is one subshell (`(cd web && npm test)`),
// one `for` / `while` / `until` loop (`for f in *.py; do wc -l $f; done`), one `if` or one `case`
// (docs/shell.md lists the exact forms). A PEGTL grammar recognises them and its actions fill the
// commands view directly, so the full grammar (grammar.hpp), its tree and the lowering are not
// needed; `parse_commands` tries it first and any other line takes the full path.
//
// The safe bytes of an unquoted word, derived from the full grammar: a byte outside them may
// start an operator, an expansion, a glob, a tilde prefix, a brace expansion, a comment or an
// escape. A reserved word as command word opens a compound command, and `let` takes arithmetic
// the full path validates. `&`, `|&` and newlines between commands are left to the full path.
// grammar/shell/plain_test.cpp, plain_shapes_test.cpp and the shell fuzz target check that whenever
// this accepts a line, it gives exactly what the full path gives.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_HPP

#include <optional>
#include <string_view>

#include "grammar/shell/commands.hpp"

namespace vigie::shell {

// The commands view of `line` when it has only the shapes above (docs/shell.md lists them):
// commands, words, assignments, redirections with their contexts, operators, flags and spans as
// the full path gives them, in its order. nullopt otherwise (the caller then runs the full
// parser), and for a line over `limits.max_bytes`, checked before any work, or nested deeper
// than `limits.max_depth`, checked before each level (the full parser reports both).
std::optional<CommandsResult> plain_commands(std::string_view line, const Limits& limits = {});

// The full path alone (grammar, AST, commands view), without the fast path: what
// `parse_commands` gives for every line, for the differential tests.
CommandsResult parse_commands_full(std::string_view src, const Limits& limits = {});

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_HPP
