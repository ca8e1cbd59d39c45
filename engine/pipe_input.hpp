// What a pipeline stage reads on its standard input, for the stages that run it as code:
// `echo 'rm -rf ~' | bash` runs what `bash <<< 'rm -rf ~'` runs.
#ifndef VIGIE_ENGINE_PIPE_INPUT_HPP
#define VIGIE_ENGINE_PIPE_INPUT_HPP

#include <vector>

#include "engine/normalize.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// Gives every stage that reads a pipe (and has no input redirection of its own) a here-string
// of what the stage before it prints, before the commands are normalized. The shells and the
// clients that read code from their standard input then judge it where they judge a
// here-string (engine/normalize_scripts.cpp); every other program ignores it. The text is:
//   - what `echo`/`printf` print, when the line shows all of it (engine/printed_text.hpp);
//   - the here-string or static here-document of a `cat` without operands
//     (`cat <<'EOF' | bash`);
//   - otherwise not static (the output of another program, of a compound command, of
//     `echo $x`): those stages ask, as for `bash <<< "$x"`.
// Not given: to xargs (its input is words: engine/xargs_input.cpp), after a download (the
// pipe-to-shell check says why), and after `cat FILE…` (`cat x.sh | bash` runs a file, as
// `bash x.sh` does). GNU parallel without `:::`, `::::` or `-a` gets its input's lines as
// `::: ARG…` (one argument per line of a text the line shows), else one argument not shown.
void pipe_input(std::vector<shell::CommandView>& cmds, const NormalizeOptions& opts);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PIPE_INPUT_HPP
