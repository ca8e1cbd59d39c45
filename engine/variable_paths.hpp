// Paths rooted in a variable the request knows: `$HOME/.ssh/id_rsa`, `"${PWD}/.env"`. The judge
// takes them for the path they name only to add to the ask a path that is not static gets
// (engine/judge_paths.cpp, `variable_rooted_part`), and only when the line leaves the variable
// alone (`variable_only_read`).
#ifndef VIGIE_ENGINE_VARIABLE_PATHS_HPP
#define VIGIE_ENGINE_VARIABLE_PATHS_HPP

#include <optional>
#include <string>
#include <string_view>

namespace vigie::engine {

// The variables a path may start with: the request's home, the shell's working folder.
inline constexpr std::string_view kRootVariables[] = {"HOME", "PWD"};

struct VariableRooted {
  std::string_view name;  // one of kRootVariables
  std::string rest;       // empty or starting with `/`: static, quotes removed
};

// A word's source text that is `$NAME` or `${NAME}` (bare or in double quotes) followed by
// static text: no other expansion, quote, escape, glob or brace. nullopt otherwise.
// With `locale`, also in bash's locale string `$"…"`, which bash expands as `"…"` when no
// message catalog translates it (no TEXTDOMAIN, or the C locale): only for a use that adds to
// the ask a word that is not static gets, never one that makes a folder known (`cd`), since a
// catalog may give another text.
std::optional<VariableRooted> variable_rooted(std::string_view text, bool locale = false);

// Whether every occurrence of the variable `name` in `line` reads it (`$NAME`, `${NAME…`):
// no `NAME=…`, `export NAME`, `read NAME`, `for NAME in`, `${!NAME}`, `declare -n r=NAME`.
// Longer names that contain it (`JAVA_HOME`, `$HOMEDIR`) are other variables.
bool variable_only_read(std::string_view line, std::string_view name);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_VARIABLE_PATHS_HPP
