// Shell builtins that carry code to run later or change what later commands run: `trap`'s action,
// `alias` values and `complete -C` commands are command lines (judged as nested lines); an array
// subscript in a variable name (`printf -v 'a[$(id)]'`, `read`, `declare`…) is arithmetic, where
// bash runs command substitutions; `PATH=…`, `export LD_PRELOAD=…`, `declare -x BASH_ENV=…`,
// `hash -p FILE NAME` and `enable -f LIB` change which program a later word runs.
#ifndef VIGIE_ENGINE_BUILTIN_CODE_HPP
#define VIGIE_ENGINE_BUILTIN_CODE_HPP

#include <string>
#include <vector>

#include "engine/normalize.hpp"

namespace vigie::engine {

struct BuiltinCode {
  std::vector<std::string> scripts;      // command lines the builtin stores or runs
  std::vector<std::string> escalations;  // why a human must check it (`… can run other programs`)
  std::vector<std::string> run_changes;  // why later commands may run something else
};

// What the builtin of `n` (its words after wrappers; a line of only assignments too) carries.
BuiltinCode builtin_code(const NormalizedCommand& n);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_BUILTIN_CODE_HPP
