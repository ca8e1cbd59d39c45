// The hosts a git configuration pair sends git to (engine/program_git_config.cpp), read for
// `git -c`, `git config KEY VALUE` and `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` pairs
// (engine/named_urls.cpp).
#ifndef VIGIE_ENGINE_GIT_CONFIG_HOSTS_HPP
#define VIGIE_ENGINE_GIT_CONFIG_HOSTS_HPP

#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// The hosts `key` (in lower case) set to `value` sends git's requests to: resolved addresses,
// remote and git-lfs URLs, proxies, the bases `url.BASE.insteadOf` rewrites URLs to.
void git_config_hosts(std::string_view key, std::string_view value, std::vector<UrlFetch>& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_GIT_CONFIG_HOSTS_HPP
