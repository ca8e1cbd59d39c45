// The hosts that network clients' options and operands name, beyond their URLs: shared by
// engine/named_urls.cpp (the URLs and host operands of `kNetworkPrograms`) and
// engine/named_hosts.cpp (git's repositories, the proxy and index options of pip, npm, openssl,
// nc, httpie and gh).
#ifndef VIGIE_ENGINE_NAMED_HOSTS_HPP
#define VIGIE_ENGINE_NAMED_HOSTS_HPP

#include <string>
#include <string_view>
#include <vector>

#include "engine/programs.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine::named_hosts {

using Words = std::vector<shell::WordView>;

// The text of word `i` as the program receives it: its literal value, or, for a glob word without
// expansions (`git@[evil.com]:x`), the text bash passes on when no file matches. nullptr when
// the word is not static.
const std::string* word_text(const Words& w, std::size_t i);

// A host operand as written (`user@host`, `host:port`, `[::1]`, `[user@host]`): a fetch of it.
// An empty word, a URL (urls_in has it) or a DNS record type (`dig x MX`) is not a host, nor a
// number that can be a port (`nc -l 8080`) unless `digits` (`ssh 2852039166`: inet_aton reads
// every number as an IPv4 address).
void host_operand(std::string_view v, std::vector<UrlFetch>& out, bool digits = false);

// Every `scheme://authority…` in `word` with a network scheme (`-ihttps://…` too).
void urls_in(std::string_view word, const char* method, std::vector<UrlFetch>& out);

// git's repositories its subcommand `sub` (at word `sub_at`) names: `git clone HOST:PATH`, the
// first operand of fetch, pull, push and ls-remote, the URL of `remote add|set-url`, `submodule
// add|set-url` and `request-pull`, `archive --remote`, `push --repo`, and any `user@HOST:PATH`.
void git_repositories(const Words& w, std::size_t sub_at, std::string_view sub,
                      std::vector<UrlFetch>& out);

// The hosts named by the options of pip, npm and the other package managers, openssl s_client,
// nc's proxy, httpie's proxy and gh (`api URL`, `--hostname`, `[HOST/]OWNER/REPO`, `GH_HOST=`).
// A value that is not static is a fetch the line does not show. Which of them a program has is
// declared with its network use (`NetworkUse::options`).
void option_hosts(const NetworkUse& net, std::string_view name, const Words& w,
                  const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out);

// aria2c's proxies (`--all-proxy`, `--http-proxy`, `--https-proxy`, `--ftp-proxy`, `=VALUE` or
// the next word; getopt_long takes no shorter spelling: `--https-proxy-user` shares the
// prefix): each receives the requests. A value that is not static is a host the line does not
// show.
void aria2c_proxies(const Words& w, std::vector<UrlFetch>& out);

// Whether `name` (in any case) is a variable naming the proxy every connection of a command goes
// through (`HTTPS_PROXY`, `all_proxy`, `PIP_PROXY`…) or the daemon a container client talks to
// (`DOCKER_HOST`).
bool proxy_variable(std::string_view name);
// The host of such a variable's value: a URL, or `[user@]HOST[:PORT]` (a scheme is implied).
void proxy_value(std::string_view value, std::vector<UrlFetch>& out);

// The hosts of a command's environment and assigning builtins (engine/named_hosts_env.cpp): the
// proxy variables `export`, `declare`, `typeset`, `local` and `readonly` set, git's configuration
// in `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` and `GIT_CONFIG_PARAMETERS`, and pip's options
// when Python runs it as a module (`python -m pip`).
void environment_hosts(std::string_view name, const Words& w,
                       const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out);

// The proxies of a statement of assignments alone (`https_proxy=http://HOST:PORT; curl …`): the
// commands after it go through them when the variable is exported (already, by `set -a`, by a
// later `export NAME`). Read by engine/normalize.cpp.
void assigned_proxies(const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out);

}  // namespace vigie::engine::named_hosts

#endif  // VIGIE_ENGINE_NAMED_HOSTS_HPP
