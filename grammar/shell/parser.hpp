// Parsing a shell script into the AST (ast.hpp). Never throws; a syntax error or a hit limit
// is a `ParseError` value (see commands.hpp), never a truncated tree that looks complete.
#ifndef VIGIE_GRAMMAR_SHELL_PARSER_HPP
#define VIGIE_GRAMMAR_SHELL_PARSER_HPP

#include <string_view>
#include <vector>

#include "grammar/shell/ast.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::shell {

struct ParseResult {
  bool ok = false;  // true iff `errors` is empty
  File file;        // empty when !ok
  std::vector<ParseError> errors;
};

ParseResult parse(std::string_view src, const Limits& limits = {});

// 1-based line and byte column of `offset` in `src`.
void line_col(std::string_view src, std::uint32_t offset, std::uint32_t& line,
              std::uint32_t& column);

// The commands view of an already parsed file, and the view of one word (commands.cpp).
std::vector<CommandView> list_commands(const File& f);
WordView word_view(const Word& w);

// Dumps (dump.cpp).
std::string to_sexp(const File& f);
std::string to_json(const File& f);  // the AST as a JSON object (`vigie parse --json`)
std::string commands_to_sexp(const CommandsResult& r);
std::string errors_to_json(const std::vector<ParseError>& errors);  // a JSON array

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_PARSER_HPP
