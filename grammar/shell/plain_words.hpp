// The plain-line fast path's first try: a line of literal words (plain_bytes.hpp `LitClass`)
// joined by `&&`, `||`, `|` and `;`, the commonest agent line (`git status`, `npm test && git
// diff --stat`, `CI=1 cargo build | tail -n 20`), read byte by byte without the grammar.
// plain.cpp's `plain_commands` tries it first; any other line goes on to the grammar of
// plain_grammar.hpp.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_WORDS_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_WORDS_HPP

#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::plain_grammar {

// Fills the empty `out` with the commands of `line`, as the fast path's grammar (and so the full
// path) gives them, and returns true; false, with `out` to be discarded, for any other line and
// past `max_commands` commands (the full path reports the limit).
bool plain_words(std::string_view line, std::vector<CommandView>& out,
                 std::size_t max_commands = limits::shell_commands);

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_WORDS_HPP
