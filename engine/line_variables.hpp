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
void substitute_line_variables(std::vector<shell::CommandView>& cmds, std::string_view line);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_VARIABLES_HPP
