// "Did you mean": the closest known word to a misspelt one, by optimal string alignment
// distance (check.hpp says how close is close enough).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "grammar/policy/check.hpp"

namespace vigie::policy {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
std::size_t osa_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

}  // namespace

std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string_view>& candidates) {
  // Long input is no typo of a keyword (and the distance is quadratic): skip it.
  if (word.empty() || word.size() > 64) return std::nullopt;
  const std::string w = lower(word);
  const std::size_t limit = w.size() <= 4 ? 1 : w.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_d = limit + 1;
  for (auto c : candidates) {
    if (c == word) continue;  // the word itself is not a suggestion
    std::size_t d = osa_distance(w, lower(c));
    if (d < best_d) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best;
}

}  // namespace vigie::policy
