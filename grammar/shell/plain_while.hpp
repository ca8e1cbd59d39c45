// The whole-line `while` / `until` loop of the plain-line fast path (plain.cpp): `while LIST; do
// LIST; done`, each LIST a list of plain commands (plain_grammar.hpp), then only blanks. The
// commands of the condition have the contexts `top`, `loop`, `condition`, the others `top`,
// `loop`; the first command of the body has no operator, as in the full path (commands.cpp).
// A loop (this one or `for`) may end with plain redirections, `done < input.txt`: the full path
// lists them first, as a command without argv, with the context `top` and the span of the whole
// loop. Newlines, a loop elsewhere on the line, here-documents and substitutions in the
// redirections are left to the full path.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_WHILE_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_WHILE_HPP

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_grammar.hpp"

namespace vigie::shell::plain_grammar {

// With its blank: its action marks the line a loop and the condition's start.
struct while_open
    : pg::seq<pg::sor<TAO_PEGTL_STRING("while"), TAO_PEGTL_STRING("until")>, pg::plus<blank>> {};
// Its action ends the condition; the body's first command has no operator.
struct while_do : pg::seq<TAO_PEGTL_STRING("do"), pg::plus<blank>> {};
struct while_line : pg::seq<while_open, plain_list, while_do, plain_list, loop_tail> {};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_WHILE_HPP
