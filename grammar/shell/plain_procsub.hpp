// Process substitution on the plain-line fast path (plain.cpp): `<(LIST)` and `>(LIST)` of plain
// commands, a part of a word (grammar.hpp `proc_subst`), read as the inside of `$(…)` is, one
// level deeper, with the context `<()` or `>()`. Its word has an expansion. A redirection
// operator is never followed by `(` on the fast path (`redir_op`), so `<(` always starts one.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_PROCSUB_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_PROCSUB_HPP

#include <tao/pegtl.hpp>

namespace vigie::shell::plain_grammar {

namespace pg = tao::pegtl;

struct State;
struct blanks;
struct plain_list;

// Defined in plain.cpp (it reads a level of the parse state).
struct procsub_part {
  using rule_t = procsub_part;
  using subs_t = pg::type_list<blanks, plain_list>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_PROCSUB_HPP
