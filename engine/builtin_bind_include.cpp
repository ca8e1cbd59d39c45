// `bind '$include FILE'`: the file readline reads (see builtin_code.hpp).
#include <cctype>

#include "engine/builtin_code.hpp"

namespace vigie::engine {

// `bind '$include FILE'`: readline reads FILE as an init file, and its error messages print the
// lines it cannot parse (`.env`'s). The directive is read as readline does: blanks, `$`, blanks,
// `include` in any case, blanks, then the rest of the line is the name, quotes included, `~`
// expanded. The line `bind -f FILE` reads the same file: it is judged in its place.
std::optional<std::string> bind_include_line(std::string_view v) {
  constexpr std::string_view kBlanks = " \t";
  std::size_t i = v.find_first_not_of(kBlanks);
  if (i == std::string_view::npos || v[i] != '$') return std::nullopt;
  i = v.find_first_not_of(kBlanks, i + 1);
  constexpr std::string_view kInclude = "include";
  if (i == std::string_view::npos || v.size() - i < kInclude.size()) return std::nullopt;
  for (std::size_t k = 0; k < kInclude.size(); ++k)
    if (std::tolower(static_cast<unsigned char>(v[i + k])) != kInclude[k]) return std::nullopt;
  i += kInclude.size();  // `$includex` is another directive
  if (i >= v.size() || kBlanks.find(v[i]) == std::string_view::npos) return std::nullopt;
  i = v.find_first_not_of(kBlanks, i);
  if (i == std::string_view::npos) return std::nullopt;
  std::string_view name = v.substr(i, v.find('\n', i) - i);
  std::string line = "bind -f ";
  // `~/` and `~user/` stay unquoted, to expand as readline expands them; the rest is quoted.
  if (name[0] == '~') {
    const std::size_t slash = name.find('/');
    const std::size_t end = slash == std::string_view::npos ? name.size() : slash + 1;
    line += name.substr(0, end);
    name.remove_prefix(end);
  }
  if (!name.empty()) {
    line += '\'';
    for (char c : name) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace vigie::engine
