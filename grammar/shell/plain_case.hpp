// The whole-line `case` of the plain-line fast path (plain.cpp): `case WORD in [(]PATTERN[|
// PATTERN]…) LIST;; … esac`, then only blanks, each LIST a non-empty list of plain commands
// (plain_grammar.hpp). Its commands have the contexts `top`, `case`; the first command of each
// LIST has no operator, as in the full path (commands.cpp). The word and the patterns are not in
// the view (they are read as `[[ … ]]`'s words are, without a substitution, which the full path
// would list outside the `case`). Newlines, `;&`, `;;&`, an item without `;;`, an empty item, a
// `case` elsewhere on the line and nested compound commands are left to the full path.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_CASE_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_CASE_HPP

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_grammar.hpp"

namespace vigie::shell::plain_grammar {

// With its blank: its action marks the line a `case` (a line that starts so cannot be read
// otherwise: `case` is a reserved command word).
struct case_open : pg::seq<TAO_PEGTL_STRING("case"), pg::plus<blank>> {};
struct case_pattern : test_word<false> {};
// An item's patterns: its action starts a list (no operator for its first command).
struct case_patterns
    : pg::seq<pg::opt<pg::one<'('>, blanks>, case_pattern,
              pg::star<blanks, pg::one<'|'>, blanks, case_pattern>, blanks, pg::one<')'>> {};
// `esac` ends the items (grammar.hpp `case_item`): a pattern starting so is left to the full path.
struct case_item : pg::seq<pg::not_at<TAO_PEGTL_STRING("esac")>, case_patterns, blanks, plain_list,
                           TAO_PEGTL_STRING(";;"), blanks> {};
struct case_line : pg::seq<case_open, test_word<false>, pg::plus<blank>, TAO_PEGTL_STRING("in"),
                           pg::plus<blank>, pg::plus<case_item>, TAO_PEGTL_STRING("esac"), blanks> {
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_CASE_HPP
