// Values that assignments earlier in a line give to variables (`f=.env; cat "$f"`,
// `d=tests; echo x > $d/a`), put in place of their expansions in the later words, so that the
// paths, programs and code those words name are judged as written out.
#ifndef VIGIE_ENGINE_LINE_VARIABLES_HPP
#define VIGIE_ENGINE_LINE_VARIABLES_HPP

#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// Rewrites, in `cmds` (a line's commands in source order), the words (operands, redirection
// targets) whose only expansions are `$NAME`/`${NAME}` of variables the line sets to a static
// value before them. A variable qualifies only when every assignment to it in the line is a
// statement of its own (or `export`, `declare`, `typeset`, `readonly` of `NAME=VALUE` words) at
// the top level that always runs (not after `&&` or
// `||`, not in a subshell, a pipeline, a loop, a condition or a function), and the line names it
// nowhere else (`read f`, `for f in`, `unset f`, `${f:=x}`, `((f=1))`, `declare f`, `eval` text):
// anything else leaves the word not static. A line that names IFS is left alone (word
// splitting). Unquoted values with blanks or glob characters are left alone too.
//
// A loop the line opens with (`for f in ITEM…; do`, `select`) gives its name one of its items from
// the header on: the only one, or `item` (0-based) when there are several (the caller judges the
// line once per item, leading_loop_items); a glob item stands for the names it matches in quoted
// uses. Several items and no `item` given: the name is left alone.
inline constexpr std::size_t kNoLoopItem = static_cast<std::size_t>(-1);
void substitute_line_variables(std::vector<shell::CommandView>& cmds, std::string_view line,
                               std::size_t item = kNoLoopItem);

// The number of items of the loop the line opens with when it has several (2 to
// limits::loop_items), each written plainly or quoted without expansions; 0 otherwise.
std::size_t leading_loop_items(std::string_view line);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_VARIABLES_HPP
