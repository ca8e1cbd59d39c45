// Task runners and build tools whose options or subcommands run a command the line names, load
// code, or write below a folder they are pointed at (engine/program_task_runners.cpp): called by
// the `fmt-command` handler (engine/program_format_commands.cpp) after the table's effects.
#ifndef VIGIE_ENGINE_PROGRAM_TASK_RUNNERS_HPP
#define VIGIE_ENGINE_PROGRAM_TASK_RUNNERS_HPP

#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// The effects beyond the table's of the entry `p` (rustup, just, rake, tox, meson devenv and
// subprojects, dotnet's MSBuild commands, gradle, bazel, javac, pytest, lesskey, uudecode): true
// when `p` is one of them (nothing more to read), false for the formatters' entries.
bool task_runner_effects(const ProgramDecl& p, std::string_view name,
                         const std::vector<shell::WordView>& w, const ParsedArgs& args,
                         ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_TASK_RUNNERS_HPP
