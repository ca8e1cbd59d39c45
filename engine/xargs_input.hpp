// What xargs gives the command it runs: the words it reads from its input, as more operands
// (or in place of its replace string, `-I {}`). Their paths are judged with the command's own
// operand roles (`find . -name .env | xargs cat` reads `./**/.env`).
#ifndef VIGIE_ENGINE_XARGS_INPUT_HPP
#define VIGIE_ENGINE_XARGS_INPUT_HPP

#include "engine/normalize.hpp"

namespace vigie::engine {

// Adds to `n.files` (a command run through xargs) the effects of the words xargs reads.
// `producer`: the pipeline stage before xargs when xargs reads a pipe, else nullptr. What the
// words are:
//   - the static words `echo`/`printf '%s\n'` print, or those of a here-string or a static
//     here-document: each judged as an operand;
//   - the paths `find DIR…` prints: each starting point read with everything below it (narrowed
//     to `**/NAME` by a lone `-name NAME`), `git ls-files`: the current folder likewise;
//   - anything else (a file, `-a FILE`, another program): paths the line does not show.
//   - what the command runs with them (its code, a program the input names) and the argvs the
//     deny and ask rules meet.
void xargs_input(NormalizedCommand& n, const NormalizedCommand* producer,
                 const NormalizeOptions& opts);

// Whether `n` runs through xargs (one of its wrappers).
bool runs_xargs(const NormalizedCommand& n);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_XARGS_INPUT_HPP
