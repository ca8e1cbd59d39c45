// Running the PEGTL grammar (grammar.hpp) on a text into a parse tree (tree.hpp): the first of
// the parser's three stages (then lower.cpp, then validate_ast.cpp). Errors of the grammar (a
// `must<>` that fails, a limit, an unterminated quote) come back as values.
#ifndef VIGIE_GRAMMAR_SHELL_RUN_HPP
#define VIGIE_GRAMMAR_SHELL_RUN_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grammar/shell/tree.hpp"

namespace vigie::shell {

namespace grammar {
struct State;
}

struct RunError {
  std::uint32_t offset = 0;  // in the text given to run
  std::string message;
  bool incomplete = false;  // the text stops early (an editor may wait for more)
};

// What to parse the text as.
enum class Start {
  file,     // a list of statements (a script, a backtick body)
  heredoc,  // an unquoted here-document body: text and expansions
};

// Parses `text` (whose first byte is `st.base`) into `t`. `ends_at_eof`: an error at the end of
// `text` means the input stops early. Never throws.
std::optional<RunError> run(Start start, std::string_view text, grammar::State& st, Tree& t,
                            bool ends_at_eof);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_RUN_HPP
