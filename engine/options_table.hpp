// The built-in option table's rows (engine/options_table.cpp), read by engine/options.cpp.
#ifndef VIGIE_ENGINE_OPTIONS_TABLE_HPP
#define VIGIE_ENGINE_OPTIONS_TABLE_HPP

#include <span>
#include <string_view>

namespace vigie::engine {

enum class OptionRow : char {
  option_class,    // the spellings are one class of each command (`-r -R --recursive`)
  classes,         // each space-separated piece is a class, its spellings separated by `|`; a
                   // piece ending in `=` takes an argument (`-m|--message=`)
  takes_argument,  // each spelling takes an argument (`-m`, `--message`)
  implies,         // each piece `A>B`: a rule's B is also met by A (rsync's `-a` recurses: `-a>-r`)
  combines,        // each piece `C=A+B`: C is A and B together (git branch's `-D` is `-d -f`): a
                   // rule's C is met by A and B, and a rule's A (or B) by C
  signals,         // each piece `NAME=NUMBER` is a signal: `-9`, `-KILL`, `-SIGKILL`, `-s KILL`,
                   // `--signal=9`, `-n 9`… are one class of each command (kill, pkill)
  single_dash,     // the commands spell long options with one dash (`find -name`)
  go_flags,        // the commands parse options with Go's flag package: one dash or two are
                   // the same option (`-auto-approve` is `--auto-approve`), never a cluster
};

struct BuiltinOptions {
  OptionRow row;
  std::string_view commands;   // separated by commas (a command may be `git push`)
  std::string_view spellings;  // separated by spaces
};

std::span<const BuiltinOptions> builtin_option_rows();

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_OPTIONS_TABLE_HPP
