// The whole-line `if` of the plain-line fast path (plain.cpp): `if LIST; then LIST; [elif LIST;
// then LIST;]… [else LIST;] fi`, each LIST a list of plain commands (plain_grammar.hpp). The
// commands of a condition have the contexts `if`, `condition`; the others `if`; the first
// command of each list has no operator, as in the full path (commands.cpp). Newlines, an `if`
// elsewhere on the line (after an operator, inside a list) or followed by anything but blanks,
// and nested compound commands are left to the full path. The `if` may be followed by `;` and a
// list of plain commands (`fi; echo done`), which have the context `top` alone.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_IF_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_IF_HPP

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_grammar.hpp"

namespace vigie::shell::plain_grammar {

// Each keyword with its blank (`then` must end its word); the actions mark where the
// conditions begin and end and where a list starts.
struct if_open : pg::seq<TAO_PEGTL_STRING("if"), pg::plus<blank>> {};
struct if_elif : pg::seq<TAO_PEGTL_STRING("elif"), pg::plus<blank>> {};
struct if_then : pg::seq<TAO_PEGTL_STRING("then"), pg::plus<blank>> {};
struct if_else : pg::seq<TAO_PEGTL_STRING("else"), pg::plus<blank>> {};
struct if_close : TAO_PEGTL_STRING("fi") {};
// `fi; LIST`: its action ends the `if` (the commands after it have the context `top` alone) and
// gives the next command its operator.
struct if_after : pg::seq<pg::one<';'>, pg::not_at<pg::one<';', '&'>>> {};
struct if_line
    : pg::seq<if_open, plain_list, if_then, plain_list,
              pg::star<if_elif, plain_list, if_then, plain_list>, pg::opt<if_else, plain_list>,
              if_close, blanks, pg::opt<if_after, blanks, plain_list>> {};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_IF_HPP
