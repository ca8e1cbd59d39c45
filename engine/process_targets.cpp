// Programs that act on a running process the line does not start, as `strace -p` and `gdb -p`
// do (programs_table.cpp, engine/program_build.cpp): renice changes the priority of the
// processes, groups or users it is given; gcore, pstack and eu-stack attach a debugger to a
// process and write or print what its memory holds; the JDK's jstack, jmap, jinfo, jhsdb and
// jcmd attach to a JVM (jcmd runs its diagnostic commands: heap dumps, flags changed); py-spy
// reads a Python process's stacks (or runs the command after `--` under itself); reptyr takes
// a process over to the current terminal. What they do depends on a process the line does
// not show: asked, unless the line only asks for the program's help, its version, or (`jcmd`,
// `jcmd -l`) the list of JVMs. Reached through the handler `signals`
// (engine/program_signals.cpp), which kill, pkill and killall share; the rows are in
// engine/programs_table_system.cpp. Also the launchers' options that name a process instead of
// a command to run (`prlimit --pid PID`, engine/program_launchers.cpp).
#include "engine/process_targets.hpp"

#include <string>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

namespace {

struct ProcessTarget {
  std::string_view names;  // space-separated
  // Options that, as the only argument, act on no process (help, version, a listing).
  std::string_view quiet;
};

// clang-format off
constexpr ProcessTarget kProcessTargets[] = {
    {"renice", "-h --help -V --version"},
    {"gcore pstack", "-h --help"},
    {"eu-stack", "-? --help --usage -V --version"},
    {"jstack jmap jinfo jhsdb", "-h -help --help -? -version"},
    {"jcmd", "-l -h -help --help"},
    {"py-spy", "-h --help -V --version"},
    {"reptyr", "-h -v -l"},
};
// clang-format on

// The launchers' options that name a process, `PROGRAM:OPTION` (engine/program_launchers.cpp
// reads a cluster `-p1` and a long prefix `--pi=1` to the option they stand for first).
constexpr std::string_view kProcessOptions = "prlimit:-p prlimit:--pid";

// Whether `list` (space-separated) holds `word`.
bool listed(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    const std::size_t sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

const ProcessTarget* target_of(std::string_view name) {
  for (const ProcessTarget& t : kProcessTargets)
    if (listed(t.names, name)) return &t;
  return nullptr;
}

}  // namespace

bool acts_on_processes(std::string_view name) {
  return target_of(name) != nullptr;
}

bool process_option(std::string_view program, std::string_view option) {
  return listed(kProcessOptions, std::string(program) + ":" + std::string(option));
}

void process_target_effects(const ProgramDecl& p, std::string_view name,
                            const std::vector<shell::WordView>& w, ProgramEffects& out) {
  apply_parsed(p, name, w, parse_args(p, w, 1), out);
  const ProcessTarget* t = target_of(name);
  if (!t) return;
  // `jcmd` alone lists the JVMs; the others print their usage. One option word that is help,
  // version or a listing acts on nothing; anything else (a process id, a name, an option word
  // the line does not show) is taken to name a process.
  if (w.size() == 1) return;
  if (w.size() == 2 && w[1].literal && listed(t->quiet, *w[1].literal)) return;
  out.escalations.push_back(std::string(name) +
                            " (acts on a running process the line does not start)");
}

}  // namespace vigie::engine
