// `$((…))` on the plain-line fast path (plain.cpp): an arithmetic expansion of names and decimal
// numbers joined by the binary operators `+ - * / %`, with blanks. The full path validates
// arithmetic (validate.hpp `arith`) and every such expression is valid there; other forms
// (unary operators, assignments, parentheses, `$x` inside, newlines) are left to the full path.
// Its word has an expansion: no literal, no pattern, and no command inside it.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_ARITH_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_ARITH_HPP

#include <tao/pegtl.hpp>

namespace vigie::shell::plain_grammar {

namespace pg = tao::pegtl;

struct arith_blanks : pg::star<pg::one<' ', '\t'>> {};
struct arith_operand : pg::plus<pg::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>> {};
struct arith_op : pg::one<'+', '-', '*', '/', '%'> {};
struct arith_expr : pg::seq<pg::one<'$'>, pg::one<'('>, pg::one<'('>, arith_blanks, arith_operand,
                            pg::star<arith_blanks, arith_op, arith_blanks, arith_operand>,
                            arith_blanks, pg::one<')'>, pg::one<')'>> {};

struct State;
// `arith_expr` one level deeper (grammar.hpp `arith_exp` nests): refused past
// `Limits::max_depth`, as the full path reports it (defined in plain.cpp).
struct arith_part {
  using rule_t = arith_part;
  using subs_t = pg::type_list<arith_expr>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_ARITH_HPP
