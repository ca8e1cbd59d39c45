// bash 5.2's own builtins (`enable -a`): `enable NAME` of any other name loads a loadable
// builtin, a shared library, from BASH_LOADABLES_PATH (the current folder last), and runs its
// code as it loads (engine/builtin_code.cpp, `Words::loadables`).
#ifndef VIGIE_ENGINE_BASH_BUILTINS_HPP
#define VIGIE_ENGINE_BASH_BUILTINS_HPP

#include <algorithm>
#include <iterator>
#include <string_view>

namespace vigie::engine {

inline bool bash_builtin(std::string_view name) {
  constexpr std::string_view kNames[] = {
      ".",      ":",       "[",         "alias",    "bg",       "bind",    "break",    "builtin",
      "caller", "cd",      "command",   "compgen",  "complete", "compopt", "continue", "declare",
      "dirs",   "disown",  "echo",      "enable",   "eval",     "exec",    "exit",     "export",
      "false",  "fc",      "fg",        "getopts",  "hash",     "help",    "history",  "jobs",
      "kill",   "let",     "local",     "logout",   "mapfile",  "popd",    "printf",   "pushd",
      "pwd",    "read",    "readarray", "readonly", "return",   "set",     "shift",    "shopt",
      "source", "suspend", "test",      "times",    "trap",     "true",    "type",     "typeset",
      "ulimit", "umask",   "unalias",   "unset",    "wait"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_BASH_BUILTINS_HPP
