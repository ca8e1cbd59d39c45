// Option matching (engine/options.hpp): whether a command's words hold a spelling of an option
// class, read the way the command's own option parser reads them.
#include <algorithm>

#include "engine/options.hpp"
#include "engine/options_words.hpp"

namespace vigie::engine {

namespace {

using options_words::contains;
using options_words::long_name;

// A long option written in a command matches a long name: exactly, or as a GNU abbreviation
// of any length (`--recur`, and `--f` for rm's `--force`: getopt_long takes one letter when no
// other long option starts with it). We cannot know every long option of every command, so a
// prefix is taken as the option: the options of a pattern are those of deny and ask rules and
// of `without` conditions, where this errs on the safe side (a prefix the program finds
// ambiguous makes it refuse to run).
bool long_matches(std::string_view written, const std::vector<std::string>& longs) {
  for (const auto& l : longs) {
    if (written == l) return true;
    if (!written.empty() && written.size() < l.size() && l.compare(0, written.size(), written) == 0)
      return true;
  }
  return false;
}

// Whether the word `v` at `i` (with the next word) is an exact spelling `NAME=VALUE` written
// otherwise: `NAME VALUE` in two words, or `-xVALUE` for a short NAME (`-s KILL`, `-sKILL`).
bool valued_exact(const std::vector<std::string>& exact, const std::vector<shell::WordView>& words,
                  std::size_t i, std::string_view v) {
  for (const auto& e : exact) {
    const auto eq = e.find('=');
    if (eq == std::string::npos || eq < 2) continue;
    const std::string_view name = std::string_view(e).substr(0, eq);
    const std::string_view value = std::string_view(e).substr(eq + 1);
    if (v == name && i + 1 < words.size() && words[i + 1].literal && *words[i + 1].literal == value)
      return true;
    if (name.size() == 2 && v.size() == 2 + value.size() && v.starts_with(name) &&
        v.substr(2) == value)
      return true;
  }
  return false;
}

// has_option over the words at `at(0)`, `at(1)`… (`n` of them, increasing indices): a word
// skipped as the previous option's argument is the one right after it.
template <typename At>
bool scan_options(const std::vector<shell::WordView>& words, std::size_t n, At at,
                  const OptionSpec& spec) {
  std::size_t skip = static_cast<std::size_t>(-1);  // the index an argument-taking option takes
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t i = at(j);
    if (i == skip) continue;
    const auto& w = words[i];
    if (!w.literal) continue;  // never an option, never a proof of its absence
    std::string_view v = *w.literal;
    if (v == "--") return false;
    if (contains(spec.exact, v)) return true;
    if (!spec.exact.empty() && valued_exact(spec.exact, words, i, v)) return true;
    // `-name=value` of a single-dash long option (Go's flag package: `-auto-approve=true`).
    if (const auto eq = v.find('='); eq != std::string_view::npos && !spec.exact.empty() &&
                                     contains(spec.exact, v.substr(0, eq)))
      return true;
    if (v.size() > 2 && v.substr(0, 2) == "--") {
      std::string_view name = long_name(v);
      if (long_matches(name, spec.longs)) return true;
      if (v.find('=') == std::string_view::npos && contains(spec.arg_longs, name)) skip = i + 1;
      continue;
    }
    if (v.size() < 2 || v[0] != '-') continue;  // an operand
    if (!spec.exact.empty() && spec.shorts.empty()) {
      // Single-dash long spellings: the word is one option; an argument-taking one skips.
      continue;
    }
    for (std::size_t k = 1; k < v.size(); ++k) {
      char c = v[k];
      if (spec.shorts.find(c) != std::string::npos) return true;
      if (spec.arg_shorts.find(c) != std::string::npos) {
        if (k + 1 == v.size()) skip = i + 1;  // `-m msg`; `-mmsg` carries it
        break;
      }
    }
  }
  return false;
}

}  // namespace

bool has_option(const std::vector<shell::WordView>& words, std::size_t from,
                const OptionSpec& spec) {
  if (from >= words.size()) return false;
  return scan_options(
      words, words.size() - from, [from](std::size_t j) { return from + j; }, spec);
}

bool has_option(const std::vector<shell::WordView>& words, const std::vector<std::uint32_t>& dashed,
                const OptionSpec& spec) {
  return scan_options(
      words, dashed.size(), [&dashed](std::size_t j) { return dashed[j]; }, spec);
}

bool has_all_options(const std::vector<shell::WordView>& words, std::size_t from,
                     const std::vector<OptionSpec>& specs) {
  return std::all_of(specs.begin(), specs.end(),
                     [&](const OptionSpec& s) { return has_option(words, from, s); });
}

}  // namespace vigie::engine
