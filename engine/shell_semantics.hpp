// What bash and the kernel do that changes which file a path names (`/proc/self/…`) or reruns
// code held in a variable (arithmetic, `[[ ]]`, `${!x}`, `${x@P}`). Used by engine/decide.cpp.
#ifndef VIGIE_ENGINE_SHELL_SEMANTICS_HPP
#define VIGIE_ENGINE_SHELL_SEMANTICS_HPP

#include <string>
#include <string_view>

namespace vigie::engine {

// `/proc/self/root/X` is `/X` and `/proc/self/cwd/X` is `X` in `cwd`, for the process that
// opens them (also `/proc/thread-self/…` and `/proc/PID/…`); other paths are returned as given.
std::string proc_self(const std::string& raw, const std::string& cwd);

// Whether `line` has a construct that evaluates a variable's value as code again.
bool evaluates_again(std::string_view line);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_SHELL_SEMANTICS_HPP
