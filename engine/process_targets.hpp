// Programs that act on a running process the line does not start (engine/process_targets.cpp):
// they attach to it, read its memory, change its priority or its terminal. Internal to the
// engine.
#pragma once

#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// Whether `name` is one of the programs of the table `kProcessTargets` (renice, gcore, pstack,
// jstack…): each acts on a process named by its operands or options.
bool acts_on_processes(std::string_view name);

// Whether the option `option` (as the launcher declares it: `-p`, `--pid`) of the launcher
// `program` (engine/program_launchers.cpp) names a running process it acts on instead of running
// a command: `prlimit --pid PID` changes that process's limits.
bool process_option(std::string_view program, std::string_view option);

// Their effects: the table's (a file `-o` writes), and an escalation unless the line only asks
// for the program's help, version or list of processes (`jcmd -l`).
void process_target_effects(const ProgramDecl& p, std::string_view name,
                            const std::vector<shell::WordView>& w, ProgramEffects& out);

}  // namespace vigie::engine
