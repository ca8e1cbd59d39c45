// Paths rooted in `$HOME` or `$PWD` (engine/variable_paths.hpp).
#include "engine/variable_paths.hpp"

namespace vigie::engine {
namespace {

bool name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Text that stays as written in a word: nothing the shell expands, removes or splits.
bool plain(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) return false;
    switch (c) {
      case '"':
      case '\'':
      case '\\':
      case '$':
      case '`':
      case '*':
      case '?':
      case '[':
      case '{':
      case '}':
      case '~':
      case '(':
      case ')':
      case '<':
      case '>':
      case '|':
      case '&':
      case ';':
      case '!':
        return false;
      default:
        break;
    }
  }
  return true;
}

}  // namespace

std::optional<VariableRooted> variable_rooted(std::string_view text, bool locale) {
  if (locale && text.starts_with("$\"")) text.remove_prefix(1);  // `$"$HOME/x"`: as `"$HOME/x"`
  const bool quoted = !text.empty() && text.front() == '"';
  if (quoted) text.remove_prefix(1);
  if (text.empty() || text.front() != '$') return std::nullopt;
  text.remove_prefix(1);
  const bool braced = !text.empty() && text.front() == '{';
  if (braced) text.remove_prefix(1);
  for (std::string_view name : kRootVariables) {
    if (text.substr(0, name.size()) != name) continue;
    std::string_view r = text.substr(name.size());
    if (braced) {
      if (r.empty() || r.front() != '}') return std::nullopt;  // `${HOME:-x}`, `${HOMEX}`
      r.remove_prefix(1);
    } else if (!r.empty() && name_char(r.front())) {
      return std::nullopt;  // `$HOMEDIR`
    }
    std::string rest;
    if (quoted) {
      auto close = r.find('"');
      if (close == std::string_view::npos) return std::nullopt;
      std::string_view inner = r.substr(0, close), after = r.substr(close + 1);
      if (!plain(inner) || !plain(after)) return std::nullopt;
      rest.append(inner).append(after);
    } else {
      if (!plain(r)) return std::nullopt;
      rest.assign(r);
    }
    if (!rest.empty() && rest.front() != '/') return std::nullopt;
    return VariableRooted{name, std::move(rest)};
  }
  return std::nullopt;
}

bool variable_only_read(std::string_view line, std::string_view name) {
  for (auto at = line.find(name); at != std::string_view::npos; at = line.find(name, at + 1)) {
    const auto end = at + name.size();
    if ((at > 0 && name_char(line[at - 1])) || (end < line.size() && name_char(line[end])))
      continue;  // a longer name
    const bool read =
        (at >= 1 && line[at - 1] == '$') || (at >= 2 && line[at - 1] == '{' && line[at - 2] == '$');
    if (!read) return false;
  }
  return true;
}

}  // namespace vigie::engine
