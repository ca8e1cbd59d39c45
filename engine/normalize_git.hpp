// git's global options (engine/normalize_git.cpp).
#ifndef VIGIE_ENGINE_NORMALIZE_GIT_HPP
#define VIGIE_ENGINE_NORMALIZE_GIT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// Strips git's global options from words[start...] (words[start] is git): returns the words
// `git SUBCOMMAND ...`. Escalations (into `esc`) for `-c` setting a command, `--exec-path=`;
// `-C` folders chained into `chdir`. Stops at the first word it does not know.
std::vector<shell::WordView> strip_git_globals(const std::vector<shell::WordView>& w,
                                               std::size_t start, std::vector<std::string>* esc,
                                               std::optional<shell::WordView>* chdir);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_NORMALIZE_GIT_HPP
