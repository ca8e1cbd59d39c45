// What build tools take from the environment and from words their handlers leave
// (engine/program_build_env.cpp), called by the normalization of a command's variables
// (engine/normalize_variables.cpp, `program_variables`).
#pragma once

#include "engine/normalize.hpp"

namespace vigie::engine {

// `NAME=VALUE make …` judged as `make … NAME=VALUE` (make imports the environment as its
// variables); cmake's `-D` variables that name programs or folders written later,
// `--toolchain`, `--install-prefix`, `--build DIR -- ARGS` (the native tool's arguments, judged
// as make's), its compiler variables and `DESTDIR` from the environment; meson's and ninja's
// `-C DIR` and DESTDIR, pypa/build's SRCDIR/dist, bare `meson DIR`; the package managers'
// commands that fetch code later commands run (pipx install, poetry self, yarn plugin import).
void build_environment(NormalizedCommand& n);

}  // namespace vigie::engine
