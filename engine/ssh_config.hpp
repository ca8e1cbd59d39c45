// How OpenSSH reads its command line and an `-o` value (one line of ssh_config: readconf.c,
// misc.c), shared by ssh's handler (engine/program_tools.cpp: the commands and files of `-o`
// keys) and the hosts a command contacts (engine/named_urls.cpp: `-J`, ProxyJump, HostName).
#ifndef VIGIE_ENGINE_SSH_CONFIG_HPP
#define VIGIE_ENGINE_SSH_CONFIG_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// An `-o` value read as a line of ssh_config: trailing blanks dropped, the keyword after any
// leading blanks or `=`, quoted or not (`"ProxyJump"`), in lower case (ssh reads keywords in any
// case), and the rest of the line after the blanks or the one `=` that end it (`KEY=VALUE`,
// ` KEY VALUE`, `"KEY" VALUE`, `KEY = VALUE`).
struct SshConfigLine {
  std::string key;
  std::string rest;
};
// nullopt: a quote not closed (ssh refuses the line).
std::optional<SshConfigLine> ssh_config_line(std::string_view value);

// A value's words as argv_split (misc.c) cuts them: separated by blanks, in single or double
// quotes, `\` escaping a quote, a `\` or a blank; `#` starts a comment. nullopt: a quote not
// closed.
std::optional<std::vector<std::string>> ssh_config_words(std::string_view rest);

// The words of `ssh [OPTIONS] HOST [OPTIONS] [--] [CMD…]` (and scp's, sftp's: `p` is their
// entry, `name` the program) split as OpenSSH's getopt loop does: ssh reads options again after
// the host, up to the command or `--` (its `again:` label). The operands are the host, then the
// command's words.
ParsedArgs ssh_args(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_SSH_CONFIG_HPP
