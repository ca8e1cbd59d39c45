// From source text to the AST, in three stages, each in its own file:
//   run.cpp           runs the PEGTL grammar (grammar.hpp) into a parse tree (tree.hpp);
//   lower.cpp         lowers the tree to the plain structs of ast.hpp;
//   validate_ast.cpp  checks what the grammar keeps as text (arithmetic, `${…}`, `[[ ]]`).
// This file is the entry point: the size limit, and errors as values.
#include "grammar/shell/parser.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <string>

#include "grammar/shell/lower.hpp"

namespace vigie::shell {

void line_col(std::string_view src, std::uint32_t offset, std::uint32_t& line,
              std::uint32_t& column) {
  line = 1;
  column = 1;
  const std::size_t end = std::min<std::size_t>(offset, src.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (src[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

ParseResult parse(std::string_view src, const Limits& limits) {
  ParseResult r;
  if (src.size() > limits.max_bytes) {
    ParseError e;
    e.message = "script of " + std::to_string(src.size()) + " bytes exceeds the limit of " +
                std::to_string(limits.max_bytes) + " bytes";
    e.line = 1;
    e.column = 1;
    r.errors.push_back(std::move(e));
    return r;
  }
  try {
    if (auto stmts = lower_script(src, limits, r.errors)) r.file.stmts = std::move(*stmts);
  } catch (const std::bad_alloc&) {
    r.errors.push_back(ParseError{1, 1, 0, "out of memory", false});
  } catch (const std::exception& e) {
    r.errors.push_back(ParseError{1, 1, 0, std::string("internal error: ") + e.what(), false});
  }
  if (r.errors.empty()) {
    r.ok = true;
  } else {
    r.file.stmts.clear();
  }
  return r;
}

}  // namespace vigie::shell
