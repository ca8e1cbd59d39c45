// Word helpers shared by the handlers of the programs table (engine/program_*.cpp): a word's
// literal value by position, a prefix test, membership in a small set, and a value written as
// one shell word.
#ifndef VIGIE_ENGINE_PROGRAM_WORDS_HPP
#define VIGIE_ENGINE_PROGRAM_WORDS_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine::program_words {

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// The literal value of word `i`, or nullptr when there is no such word or it is not literal.
inline const std::string* lit(const std::vector<shell::WordView>& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

// Whether word `i` is literal and equal to `v`.
inline bool lit_is(const std::vector<shell::WordView>& w, std::size_t i, std::string_view v) {
  const std::string* s = lit(w, i);
  return s && *s == v;
}

inline bool in(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

// Whether `word` is one of the space-separated words of `list` (the tables' word lists).
inline bool in_words(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    const auto sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

// A space-separated word list split and sorted at compile time, read by binary search: for the
// long lists read on every request (the variables' lists: every assignment of a line).
template <std::size_t N>
struct SortedWords {
  std::array<std::string_view, N> words{};
  constexpr bool contains(std::string_view w) const {
    std::size_t lo = 0, hi = N;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (words[mid] < w)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < N && words[lo] == w;
  }
};

constexpr std::size_t count_words(std::string_view list) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i] != ' ' && (i == 0 || list[i - 1] == ' ')) ++n;
  return n;
}

template <std::size_t N>
constexpr SortedWords<N> sorted_words(std::string_view list) {
  SortedWords<N> s;
  std::size_t n = 0;
  for (std::size_t i = 0; i < list.size();) {
    if (list[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < list.size() && list[e] != ' ') ++e;
    // Insertion sort as the words come (a few hundred words, once, at compile time).
    std::size_t k = n++;
    const std::string_view w = list.substr(i, e - i);
    while (k > 0 && w < s.words[k - 1]) {
      s.words[k] = s.words[k - 1];
      --k;
    }
    s.words[k] = w;
    i = e;
  }
  return s;
}

// `s` as one shell word in single quotes (`'it'\''s'`): for the lines the engine builds from
// values it read (a parallel argument, an ext:: argv, an exported value).
inline std::string single_quoted(std::string_view s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

}  // namespace vigie::engine::program_words

#endif
