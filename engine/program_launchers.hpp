// The launchers' table (handler `launcher`, engine/program_launchers.cpp): programs that run a
// command they are given, with the options of each as its own parser reads them. Two parts:
// kLaunchers (environment managers and wrappers of their own shape, in
// program_launchers_managers.cpp) and kRunnerLaunchers (benchmark and watch runners, queues,
// sandboxes, emulators, detachers, chain-loaders and container entries, in
// program_launchers_runners.cpp).
#pragma once

#include <cstddef>
#include <string_view>

namespace vigie::engine {

// How a launcher's own parser reads its options (each tool's, checked against its source or
// `--help`).
enum class Syntax : char {
  getopt,    // GNU getopt_long (util-linux, coreutils, getopt(1) scripts): short clusters
             // (`-RL`), attached short values (`-n1024`, `-ubob`: the value keeps a leading `=`),
             // `--long=V`, `--long V`, unambiguous prefixes of long options (`--addr-no`)
  argparse,  // Python argparse: the same, `-n=V` drops the `=`
  clusters,  // clap, cobra/pflag, CLI11, click, cleo: clusters and attached short values
             // (`-p3.12`, `-p=3.12`), long options by their exact name only
  words,     // each option a whole word, by its exact name (pkexec, nix, eatmydata)
};

inline constexpr std::size_t kNever = static_cast<std::size_t>(-1);

// How the command's words are run.
enum class Runs : char {
  argv,       // as a command (execvp of the words)
  joined,     // joined with spaces into one shell line (`watchexec CMD…`, `pueue add CMD…`)
  each_line,  // every operand is a shell line of its own, options may follow (`hyperfine A B`)
};

// One launcher: its options (space-separated, as written) by what their value is.
struct Launcher {
  std::string_view program = {};  // its names, space-separated (`qemu-arm qemu-arm-static`)
  std::string_view sub = {};      // the subcommand that runs a command ("" for the program itself)
  Syntax syntax = Syntax::words;
  std::string_view flags = {};     // no value
  std::string_view valued = {};    // a required value: attached, `=VALUE` or the next word
  std::string_view optional = {};  // an optional value, attached only (`-n1024`, `--nofile=1024`)
  std::string_view writes = {};    // a required value that is a path written (`xvfb-run -f`)
  std::string_view reads = {};     // a required value that is a path read (`rlwrap -f`)
  std::string_view line = {};      // a required value that is a shell line (`nix-shell --run`)
  std::string_view argv = {};      // the rest of the words is the command (`nix develop -c`)
  std::string_view props = {};     // a unit property `NAME=VALUE` (systemd-run -p, kUnitProperties)
  // Options taking N values, each `NAME:N` (`hyperfine -P VAR MIN MAX` is `-P:3`).
  std::string_view multi = {};
  // A required value that is the program run; the words after `--` are its arguments
  // (`start-stop-daemon --exec PATH -- ARGS`).
  std::string_view exec = {};
  // Options (declared in another list for their value) that make the program run what the line
  // does not show: a plugin, a configuration naming the command. The command is asked.
  std::string_view hidden = {};
  // Substrings of a command word that the launcher evaluates as code of its own (GNU
  // parallel's `{= PERL =}`): the command is asked.
  std::string_view code_marks = {};
  bool argfiles = false;  // a word `@FILE` before `--` stands for the lines of FILE (read, asked)
  std::size_t skip = 0;   // operands before the command (direnv's DIR, aws-vault's PROFILE);
                          // kNever: operands are not the command (it is given by an option)
  // Options that give what the skipped operands would (`lxc-attach -n NAME`): with one of them,
  // no operand is skipped.
  std::string_view named_by = {};
  bool dash_only = false;  // the command is only what follows `--`
  // With `skip = kNever` and no shell line given, the first operand is a script file the
  // program reads and runs (`fish tool.fish`, `pwsh tool.ps1`); the others are its arguments.
  bool script_operand = false;
  // GNU getopt_long without `+`: operands are moved after the options, so options may follow
  // the first operand; the command is every operand, then every word after `--`.
  bool permute = false;
  bool first_only = false;  // `skip` counts only an operand that comes first (setarch ARCH)
  // The command's name may carry the version or the extras of the package it comes from
  // (`uvx black@24.1.0`, `uvx 'mypy[faster]'`, `uvx 'ruff>=0.4'`): judged as the name alone
  // (a name with a `/` is a path, kept as written).
  bool versioned = false;
  Runs runs = Runs::argv;
  // Flags (declared in `flags`) that make the command run as an argv instead of as `runs`
  // says (`watch -x CMD…`: exec'd, not joined into a line for `sh -c`), or as one shell line
  // of its words joined (`env-cmd --use-shell CMD…`).
  std::string_view argv_switch = {};
  std::string_view line_switch = {};
  // The file it reads when none of `reads` is given (`.env` for the loaders of env files).
  std::string_view reads_by_default = {};
  // The options of `reads` that name that file in place of it (`foreman -e FILE`; its `-f
  // PROCFILE` reads one more); empty: any of them.
  std::string_view replaces_default = {};
  // Its shell lines (options in `line`, Runs::joined and Runs::each_line) are judged as nested
  // scripts only, like `watch CMD`; otherwise a line is also asked (`nix-shell --run`, `su -c`).
  bool plain_lines = false;
  // Words that end the command and start its arguments (GNU parallel's `:::`, `::::` and their
  // linked `+` forms; those after a `::::`-like mark, one with two `:` more, name files of
  // arguments). Each argument is put, quoted, in place of `{}` or after the line: one line per
  // argument, up to kLineArguments (Runs::joined).
  std::string_view arg_marks = {};
  // Where the command runs when not in the line's folder (engine/program_launchers_units.cpp):
  // `/` (a system unit), `~` (the caller's home), `@` (the home of the user it runs as: the
  // value of a `runs_as` option, else the operand skipped, else root's), `+` (the operand
  // skipped: chroot's NEWROOT). Its command is then judged as the line `cd DIR && CMD…`.
  std::string_view runs_in = {};
  // Options that move it, each `OPTION:WHERE` (the option declared in another list for its
  // value): WHERE a letter of `runs_in` (the folder from then on, unless one is given), `.`
  // (the line's folder unless one is given: `--scope`), `!` (the line's folder: `--same-dir`)
  // or `=` (the option's value: `--working-directory`); the last given wins.
  std::string_view moves = {};
  std::string_view runs_as = {};  // options whose value is the user it runs as (`pkexec --user`)
  // Options whose value `NAME=VALUE` is put in the command's environment (`systemd-run -E`):
  // judged as an assignment before the command (`LD_PRELOAD=…`, `PATH=…` are asked).
  std::string_view setenv = {};
  // The program is looked up from the line's folder before the move (systemd-run, pkexec make
  // a relative program path absolute): a program path is read from there.
  bool program_here = false;
};

// How many arguments of a Launcher::arg_marks list are judged one line each; past it the line
// is judged once with all of them and asked.
inline constexpr std::size_t kLineArguments = 16;

extern const Launcher kLaunchers[];
extern const std::size_t kLaunchersCount;
extern const Launcher kRunnerLaunchers[];
extern const std::size_t kRunnerLaunchersCount;
extern const Launcher kDotenvLaunchers[];  // Procfile runners, loaders of `.env` (third part)
extern const std::size_t kDotenvLaunchersCount;

// Programs (`name`, or `name:sub`) that start a shell, or another program the line does not
// show, when no command is given (`setarch x86_64`, `proot`, `abduco -c NAME`): asked.
extern const std::string_view kShellWithoutCommand;
extern const std::string_view kRunnersWithoutCommand;

}  // namespace vigie::engine
