// Shell builtins that carry code to run later or change what later commands run: `trap`'s action,
// `alias` values and `complete -C` commands are command lines (judged as nested lines); an array
// subscript in a variable name (`printf -v 'a[$(id)]'`, `read`, `declare`…) is arithmetic, where
// bash runs command substitutions, and so is a value under `declare -i` (`-n`: a reference's
// target; `-a`/`-A`: a quoted `(…)` value is a compound assignment); `PATH=…`, `export
// LD_PRELOAD=…`, `declare -x BASH_ENV=…`, `hash -p FILE NAME` and `enable -f LIB` change which
// program a later word runs, and so do `set -k` (later `NAME=VALUE` arguments are environment)
// and a name reference whose target is not a plain static name (`declare -n r=$x`).
#ifndef VIGIE_ENGINE_BUILTIN_CODE_HPP
#define VIGIE_ENGINE_BUILTIN_CODE_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/normalize.hpp"

namespace vigie::engine {

struct BuiltinCode {
  std::vector<std::string> scripts;      // command lines the builtin stores or runs
  std::vector<std::string> escalations;  // why a human must check it (`… can run other programs`)
  std::vector<std::string> run_changes;  // why later commands may run something else
  // `declare -i x` or `declare -n r`: a later assignment to (or reference of) the variable
  // evaluates its value again, as arithmetic or as a name (engine/shell_semantics.hpp).
  bool evaluates_again = false;
};

// What the builtin of `n` (its words after wrappers; a line of only assignments too) carries.
BuiltinCode builtin_code(const NormalizedCommand& n);

// The value bash gives a word that has one without expanding anything (a literal, or a word the
// parser takes for a glob, its escapes removed: `a[\$\(id\)]`); nullopt for any other.
std::optional<std::string> word_value(const shell::WordView& w);

// `declare -n r=arr; for r in PATH; do r=/tmp; done`: a loop over a name reference makes it
// refer to each word of the loop in turn. Why `n`, a `declare`/`local`/`typeset -n`, needs a
// human when `line` loops over one of its names; nullopt otherwise.
std::optional<std::string> looped_reference(const NormalizedCommand& n, std::string_view line);

// The text `read`, `mapfile` or `readarray` reads from a here-string the line shows
// (`read q <<< 'a[$(id)]'`), appended to `values`: under `declare -i q` it is arithmetic.
void here_string_values(const NormalizedCommand& n, std::vector<std::string>& values);

// The text `printf FORMAT ARG…` prints or sets with `-v`, its words all static; nullopt else
// (engine/held_spellings.cpp).
std::optional<std::string> printf_output(const std::vector<shell::WordView>& words);

// `printf -v PS4 '\\044(cmd)'`, `read PAGER <<< 'cmd'`: the lines a later program runs from
// the variables `printf -v` and `read` set from the values the line shows (normalize.hpp
// `variable_line`), appended to `scripts`.
void assigned_variable_lines(const NormalizedCommand& n, std::vector<std::string>& scripts);

// `FCEDIT=vi fc -l`: whether `variable`, an editor fc would run (FCEDIT, EDITOR), goes unused
// because `words` (the command's, its name first) are `fc` listing the history (`-l` among its
// options, all static), which runs no editor.
bool editor_unused(std::string_view variable, const std::vector<shell::WordView>& words);

// `bind '$include FILE'`: readline reads FILE as an init file (and prints the lines it cannot
// parse): the line `bind -f FILE` that reads the same file; nullopt for a line of `bind` that
// is no `$include`.
std::optional<std::string> bind_include_line(std::string_view line);

// The builtins that run the code they are given in this shell, not a child: a `cd` there moves
// this shell's folder (`eval cd ~`, `trap 'cd /' DEBUG`, `. x.sh`, `mapfile -C 'cd /'`,
// `bind -x`, `fc`).
inline bool runs_in_this_shell(std::string_view name) {
  constexpr std::string_view kNames[] = {"eval",      "trap", "source", ".",  "mapfile",
                                         "readarray", "bind", "fc",     "let"};
  for (std::string_view n : kNames)
    if (n == name) return true;
  return false;
}

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_BUILTIN_CODE_HPP
