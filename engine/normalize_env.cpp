// `env -S STRING` (`--split-string`): the line env's split words make, and the words after
// STRING that env appends to them (normalize_internal.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "engine/normalize_internal.hpp"

namespace vigie::engine::normalize_detail {

// `env -S STRING` (`--split-string`): env splits STRING into words much as the shell would
// (quotes, backslashes; `\_` is a blank, `\c` ends it) and reads them as its own arguments,
// options and NAME=VALUE first (`env -S '-i rm -rf x'`): judged as the line `env WORDS` then,
// as the line WORDS otherwise.
std::string env_split_string(std::string_view s) {
  std::string line;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      if (s[i + 1] == '_') {
        line += ' ';
        ++i;
        continue;
      }
      if (s[i + 1] == 'c') break;
      line += s[i];
      line += s[++i];
      continue;
    }
    line += s[i];
  }
  // Options or NAME=VALUE first: env's own (judged through `env`); else the command itself.
  const auto b = line.find_first_not_of(" \t");
  if (b == std::string::npos) return line;
  const auto e = line.find_first_of(" \t", b);
  const std::string_view first = std::string_view(line).substr(b, e - b);
  if (first[0] == '-' || first.find('=') != std::string_view::npos) return "env " + line;
  return line;
}

void env_split_rest(const Words& w, const ParsedOption& o, std::string& script,
                    std::vector<std::string>& escalations) {
  // The value is the next word (`-S STRING`) or in the option's own (`-SSTRING`,
  // `--split-string=`).
  std::size_t k = o.index + 1;
  if (k < w.size() && o.value && o.value->span.begin == w[k].span.begin) ++k;
  for (; k < w.size(); ++k) {
    if (!w[k].literal) {
      escalations.push_back("env -S with a word after it that is not static");
      return;
    }
    script += " '";
    for (char c : *w[k].literal) script += c == '\'' ? std::string("'\\''") : std::string(1, c);
    script += '\'';
  }
}

}  // namespace vigie::engine::normalize_detail
