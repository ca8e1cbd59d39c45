// `[[ … ]]` on the plain-line fast path (plain.cpp): a test of one word, `[[ WORD ]]`, a unary
// test, `[[ -f WORD ]]`, or a binary one, `[[ WORD == WORD ]]` (the operators of validate.hpp
// `test_unary` / `test_binary` but `=~`, `<` and `>`), between blanks, as an element of a list.
// The full path lists no command for it (its words hold no substitution here) and validates it:
// every such test is valid there (a first word does not start with `-`, so it is not read as a
// unary operator). Its words are not in the view. A test next to `|` (whose neighbour would be
// piped), `!`, `&&` / `||` / parentheses inside, regexes, newlines and substitutions in its words
// are left to the full path.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_DBRACKET_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_DBRACKET_HPP

#include <string_view>

#include <tao/pegtl.hpp>

namespace vigie::shell::plain_grammar {

namespace pg = tao::pegtl;

struct word;
struct blank;

// A word of the test, read without actions (it is not in the view): refused when it holds a
// substitution (`$(`, `$((`, `<(`, `>(` or a backquote: a `(` or a backquote), or, as `First`, when
// it starts with `-`.
template <bool First>
struct test_word {
  using rule_t = test_word;
  using subs_t = pg::type_list<word>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    const char* b = in.current();
    if (First && !in.empty() && *b == '-') return false;
    auto m = in.template mark<M>();
    if (!Control<pg::disable<word>>::template match<A, M, Action, Control>(in, st...)) return false;
    const std::string_view w(b, static_cast<std::size_t>(in.current() - b));
    return m(w.find_first_of("(`") == std::string_view::npos);
  }
};

// The operators, each followed by a blank.
struct test_unary_op
    : pg::seq<pg::one<'-'>,
              pg::one<'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'p', 'r', 's', 't', 'u', 'w',
                      'x', 'G', 'L', 'N', 'O', 'S', 'z', 'n', 'o', 'v', 'R'>,
              pg::at<pg::one<' ', '\t'>>> {};
struct test_binary_op
    : pg::seq<pg::sor<TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!="), TAO_PEGTL_STRING("="),
                      TAO_PEGTL_STRING("-eq"), TAO_PEGTL_STRING("-ne"), TAO_PEGTL_STRING("-lt"),
                      TAO_PEGTL_STRING("-le"), TAO_PEGTL_STRING("-gt"), TAO_PEGTL_STRING("-ge"),
                      TAO_PEGTL_STRING("-nt"), TAO_PEGTL_STRING("-ot"), TAO_PEGTL_STRING("-ef")>,
              pg::at<pg::one<' ', '\t'>>> {};
struct test_gap : pg::plus<pg::one<' ', '\t'>> {};
struct test_expr
    : pg::sor<
          pg::seq<test_unary_op, test_gap, test_word<false>>,
          pg::seq<test_word<true>, pg::opt<test_gap, test_binary_op, test_gap, test_word<false>>>> {
};
// Not followed by a word byte (`[[ x ]] then`: a separator is missing).
struct test_body : pg::seq<pg::one<'['>, pg::one<'['>, test_gap, test_expr, test_gap, pg::one<']'>,
                           pg::one<']'>, pg::star<pg::one<' ', '\t'>>,
                           pg::not_at<pg::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>> {};

struct State;
// `test_body` one level deeper (grammar.hpp `test_clause` nests): refused past
// `Limits::max_depth` (defined in plain.cpp, with its action: the neighbours' operators).
struct test_clause {
  using rule_t = test_clause;
  using subs_t = pg::type_list<test_body>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_DBRACKET_HPP
