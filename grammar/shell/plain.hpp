// The fast path for the commonest command lines: plain words and blanks (`git status`,
// `npm run lint -- --fix`, `python -m pytest -q tests/`), and such commands joined by `&&`,
// `||`, `;` and `|` (`git status && npm test | tee out.txt`). Every word is literal, so the full
// grammar (grammar.hpp), its tree and the lowering are not needed to list them. A tiny PEGTL
// grammar recognises it and its actions fill the commands view directly; `parse_commands` tries it
// first and any other line takes the full path.
//
// The safe set, derived from the full grammar: a byte outside it may start a quote, an
// expansion, an operator, a glob, a tilde prefix, a brace expansion, a comment or an escape.
// `=` is safe except in the first word (an assignment); a reserved word in first position
// opens a compound command, and `let` takes arithmetic the full path validates. `&`, `|&` and
// newlines are left to the full path (a `background` context, here-documents).
// grammar/shell/plain_test.cpp and the shell fuzz target check that whenever this accepts a line,
// it gives exactly what the full path gives.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_HPP

#include <optional>
#include <string_view>

#include "grammar/shell/commands.hpp"

namespace vigie::shell {

// The commands view of `line` when it is plain: commands of words of letters, digits,
// `_ . / : @ % + , - =`, separated by spaces or tabs, joined by `&&`, `||`, `;` or `|` (each
// operator followed by a command; one `;` may end the line); each command's first word neither
// a reserved word, `let` nor holding `=`. Contexts, operators and spans as the full path gives
// them (a command in a pipeline of two or more has the `pipeline` context). nullopt otherwise (the
// caller then runs the full parser), and for a line over `limits.max_bytes`, checked before any
// work (the full parser reports it); a plain line has no nesting.
std::optional<CommandsResult> plain_commands(std::string_view line, const Limits& limits = {});

// The full path alone (grammar, AST, commands view), without the fast path: what
// `parse_commands` gives for every line, for the differential tests.
CommandsResult parse_commands_full(std::string_view src, const Limits& limits = {});

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_HPP
