// Small word helpers shared by the option classes (engine/options.cpp) and their matching
// (engine/options_match.cpp). Internal to those two files.
#ifndef VIGIE_ENGINE_OPTIONS_WORDS_HPP
#define VIGIE_ENGINE_OPTIONS_WORDS_HPP

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::engine::options_words {

// `--name=value` -> `name`.
inline std::string_view long_name(std::string_view word) {
  std::string_view n = word.substr(2);
  auto eq = n.find('=');
  return eq == std::string_view::npos ? n : n.substr(0, eq);
}

inline bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace vigie::engine::options_words

#endif  // VIGIE_ENGINE_OPTIONS_WORDS_HPP
