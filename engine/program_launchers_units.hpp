// Where a launcher's command runs and what it adds to its environment
// (engine/program_launchers_units.cpp): a system unit's `/`, a user unit's home, `systemd-run
// --working-directory`, `-E NAME=VALUE`, chroot's NEWROOT, the home of a login (`runuser -l`,
// pkexec). Read as the launcher's options are (engine/program_launchers.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_launchers.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

// What the options read so far say (Launcher::runs_in, moves, runs_as, setenv).
struct UnitPlace {
  char base = 0;                        // the folder by default: a letter of `runs_in`
  bool base_here = false;               // `--scope`: the line's folder unless one is given
  char given = 0;                       // an option's: `=` its value, `!` the line's folder
  std::optional<shell::WordView> dir;   // the folder given (`=`)
  std::optional<shell::WordView> user;  // the user it runs as (`@`)
  std::optional<shell::WordView> root;  // the first operand skipped (`+`, or `@`'s user)
  std::vector<std::string> assigns;     // `NAME='VALUE'`, from Launcher::setenv
};

// The place where `l`'s command starts, before any option.
UnitPlace unit_place(const Launcher& l);

// Option `key` (its canonical spelling) was read, with its value (nullptr: a flag).
void unit_option(const Launcher& l, std::string_view key, const shell::WordView* value,
                 const std::string& entry, UnitPlace& u, ProgramEffects& out);

// The argvs of `out` from `from` on are the command: when it runs in another folder or with
// more environment, each is judged as the line `cd DIR && NAME=VALUE… CMD…` instead.
void unit_commands(const Launcher& l, const UnitPlace& u, std::size_t from,
                   const std::string& entry, ProgramEffects& out);

// A unit property `NAME=VALUE` (`systemd-run -p`): a command line it runs, a plain limit, or
// asked.
void unit_property(const shell::WordView& v, const std::string& entry, ProgramEffects& out);

}  // namespace vigie::engine
