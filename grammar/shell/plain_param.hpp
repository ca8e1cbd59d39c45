// `${name}` and `${name OP word}` on the plain-line fast path (plain.cpp), OP one of `:-`, `-`,
// `:+`, `+`, `:=`, `=` and the word a run of plain bytes (plain_bytes.hpp `LitClass`) or
// nothing: a parameter expansion whose operator validate_ast.cpp accepts and whose word runs no
// command. Its word has an expansion. Other forms (`${#x}`, `${x:0:2}`, `${x%y}`, `${x[1]}`,
// quotes or `$` inside, `:?`) are left to the full path.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_PARAM_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_PARAM_HPP

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_bytes.hpp"

namespace vigie::shell::plain_grammar {

namespace pg = tao::pegtl;

struct param_name : pg::seq<pg::ranges<'a', 'z', 'A', 'Z', '_'>,
                            pg::star<pg::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>> {};
struct param_op : pg::sor<TAO_PEGTL_STRING(":-"), TAO_PEGTL_STRING(":+"), TAO_PEGTL_STRING(":="),
                          pg::one<'-', '+', '='>> {};
struct param_expr : pg::seq<pg::one<'$'>, pg::one<'{'>, param_name,
                            pg::opt<param_op, pg::opt<plain_bytes::run_of<plain_bytes::LitClass>>>,
                            pg::one<'}'>> {};

struct State;
// `param_expr` one level deeper (grammar.hpp `param_braced` nests): refused past
// `Limits::max_depth`, as the full path reports it (defined in plain.cpp).
struct braced_part {
  using rule_t = braced_part;
  using subs_t = pg::type_list<param_expr>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_PARAM_HPP
