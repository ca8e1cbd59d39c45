// OpenSSH's readers of its command line and of an `-o` line (engine/ssh_config.hpp).
#include "engine/ssh_config.hpp"

#include <algorithm>

#include "grammar/policy/text.hpp"

namespace vigie::engine {

namespace {

constexpr std::string_view kSshBlanks = " \t\r\n";

std::size_t ssh_skip(const std::string& s, std::size_t at, std::string_view set) {
  return std::min(s.find_first_not_of(set, at), s.size());
}

// strdelim (misc.c): the token at `at`, ended by a blank or one `=` (the blanks around it
// skipped), or a double-quoted part (its quotes removed); `at` moves past it, npos at the end.
// nullopt: a quote not closed.
std::optional<std::string> ssh_strdelim(std::string& s, std::size_t& at) {
  if (at == std::string::npos) return std::nullopt;
  const std::size_t old = at;
  const std::size_t p = s.find_first_of(" \t\r\n\"=", at);
  if (p == std::string::npos) {
    at = std::string::npos;
    return s.substr(old);
  }
  if (s[p] == '"') {
    s.erase(p, 1);
    const std::size_t q = s.find('"', p);
    at = std::string::npos;
    if (q == std::string::npos) return std::nullopt;
    at = ssh_skip(s, q + 1, kSshBlanks);
    return s.substr(old, q - old);
  }
  at = ssh_skip(s, p + 1, kSshBlanks);
  if (s[p] != '=' && at < s.size() && s[at] == '=') at = ssh_skip(s, at + 1, kSshBlanks);
  return s.substr(old, p - old);
}

}  // namespace

std::optional<SshConfigLine> ssh_config_line(std::string_view value) {
  std::string line(value);
  while (line.size() > 1 && std::string_view(" \t\r\n\f").find(line.back()) != std::string::npos)
    line.pop_back();
  std::size_t at = 0;
  std::optional<std::string> keyword = ssh_strdelim(line, at);
  if (keyword && keyword->empty()) keyword = ssh_strdelim(line, at);
  if (!keyword) return std::nullopt;
  return SshConfigLine{policy::ascii_lower(*keyword),
                       at == std::string::npos ? std::string() : line.substr(at)};
}

std::optional<std::vector<std::string>> ssh_config_words(std::string_view s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ' || s[i] == '\t') continue;
    if (s[i] == '#') break;
    std::string arg;
    char quote = 0;
    for (; i < s.size(); ++i) {
      const char c = s[i];
      if (c == '\\' && i + 1 < s.size() &&
          (s[i + 1] == '\'' || s[i + 1] == '"' || s[i + 1] == '\\' || (!quote && s[i + 1] == ' ')))
        arg += s[++i];
      else if (!quote && (c == ' ' || c == '\t'))
        break;
      else if (!quote && (c == '"' || c == '\''))
        quote = c;
      else if (quote && c == quote)
        quote = 0;
      else
        arg += c;
    }
    if (quote) return std::nullopt;
    out.push_back(std::move(arg));
  }
  return out;
}

ParsedArgs ssh_args(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w) {
  ParsedArgs args = parse_args(p, w, 1);
  if (name == "ssh" && !args.operands.empty()) {
    const std::size_t host = args.operands.front();
    ParsedArgs after = parse_args(p, w, host + 1);
    for (auto& o : after.options) args.options.push_back(std::move(o));
    args.operands.assign(1, host);
    for (std::size_t k : after.operands) args.operands.push_back(k);
    args.dynamic_option = args.dynamic_option || after.dynamic_option;
  }
  return args;
}

}  // namespace vigie::engine
