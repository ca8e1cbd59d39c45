// Brace expansion of a word whose items are quoted in part (`{'.env',x}`, `~/{".ssh",x}/id`):
// bash expands braces across quoted parts, and only the unquoted `{`, `,` and `}` count.
#ifndef VIGIE_GRAMMAR_SHELL_BRACE_WORDS_HPP
#define VIGIE_GRAMMAR_SHELL_BRACE_WORDS_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::shell {

// One word of the expansion, after quote removal.
struct BraceWord {
  std::string value;       // quote-removed
  std::string pattern;     // quote-removed, quoted glob characters escaped with `\`
  bool has_glob = false;   // an unquoted `*`, `?` or `[…]`
  bool has_tilde = false;  // a leading unquoted `~`
};

// The words bash makes of `text` (a word's source, quotes included) by brace expansion, at
// most `max`; nullopt when the word holds an expansion (`$x`, `$(…)`, backquotes), a sequence
// `{1..3}`, or is malformed or too large, so that the caller asks.
std::optional<std::vector<BraceWord>> brace_words(std::string_view text, std::size_t max = 64);

}  // namespace vigie::shell

#endif
