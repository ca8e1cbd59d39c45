// Checks across a line's commands for engine/judge_line_checks.cpp: writes through a
// descriptor's path, and runs of a file the line writes.
#ifndef VIGIE_ENGINE_LINE_DESCRIPTORS_HPP
#define VIGIE_ENGINE_LINE_DESCRIPTORS_HPP

#include <string>
#include <string_view>
#include <vector>

#include "engine/normalize.hpp"

namespace vigie::engine {

// The first path through which a command of the line writes a descriptor the line opened on a
// file for reading (`exec 3<f; echo x >/proc/self/fd/3`, `f <f` with `>/dev/stdin` in `f`,
// `cp x /dev/fd/3 3<f`): the kernel opens that file again for writing, and which one the line
// cannot always show. A command's own redirections are judged as the write of their file
// (engine/redirect_effects.cpp); a program that only reads them is left out. Empty: none.
std::string descriptor_reopen(const std::vector<NormalizedCommand>& cmds);

// The key of a file the line writes (`./x`, `a//x` folded to `x`, `a/x`).
std::string written_key(std::string_view path);

// What command `n` runs among the files the line wrote before it (`written`, keys): an exec of
// one (`bash x`, `./x`), `make -f x`, or a nested script that sources or runs one
// (`bash -c 'source x'`). Names match when folded, or when one is the other's tail (`/project/x`
// and `x`; `y/x` then `cd y; bash x`), the folder being unknown here. Empty: none.
std::string runs_written(const NormalizedCommand& n, const std::vector<std::string>& written);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_DESCRIPTORS_HPP
