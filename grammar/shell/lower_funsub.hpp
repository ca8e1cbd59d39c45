// `${ cmd; }` and `${| cmd; }` (bash 5.3, mksh, ksh93): a command substitution run in this shell
// (the second expands to `$REPLY` after it). The grammar reads the form as a `${…}` whose text
// follows a blank, a newline or `|` (grammar.hpp `param_rest`); lower.cpp parses that text again
// as commands, which are judged as those of `$(…)` are (ast.hpp `CmdSubst::funsub`).
#ifndef VIGIE_GRAMMAR_SHELL_LOWER_FUNSUB_HPP
#define VIGIE_GRAMMAR_SHELL_LOWER_FUNSUB_HPP

#include <cstdint>
#include <optional>
#include <string_view>

#include "grammar/shell/ast.hpp"
#include "grammar/shell/tree.hpp"
#include "grammar/shell/validate.hpp"

namespace vigie::shell {

// The commands' text of `p`, lowered from the `param_rest` node `rest`, when `p` is one of the
// two forms (without the `|`): a view into the parsed text. Nothing otherwise.
std::optional<std::string_view> funsub_body(const ParamExp& p, const Node* rest);

// bash ends the body at a `}` that is a reserved word: after the `;`, newline or `&` that ends
// its last command. The grammar ended it at the first `}` outside quotes and braces: when
// `root`, the tree of the body `text` (at `base_offset`), does not end with such a separator
// (`${ a \;}`, `${ a #;}`, where bash reads on), the error (fail closed).
std::optional<validate::Error> funsub_unterminated(const Node& root, std::string_view text,
                                                   std::uint32_t base_offset);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_LOWER_FUNSUB_HPP
