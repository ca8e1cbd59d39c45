// The character-level readers the inline code scanners share (engine/code_dynamic.cpp,
// engine/code_paths_built.cpp, engine/code_commands.cpp, engine/named_paths.cpp, …):
// identifiers, quotes, blanks, string literals and call arguments of python, JavaScript, perl,
// ruby and php code, read without a parser.
#pragma once

#include <cstddef>
#include <string_view>

namespace vigie::engine::code_scan {

inline bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

inline bool is_quote(char c) {
  return c == '\'' || c == '"' || c == '`';
}

// Past the blanks (spaces, tabs, newlines) at code[i].
inline std::size_t skip_blanks(std::string_view code, std::size_t i) {
  while (i < code.size() && (code[i] == ' ' || code[i] == '\t' || code[i] == '\n')) ++i;
  return i;
}

// Past the string literal opening at code[i] (code.size() when it is not closed).
inline std::size_t literal_end(std::string_view code, std::size_t i) {
  std::size_t j = i + 1;
  while (j < code.size() && code[j] != code[i]) j += code[j] == '\\' ? 2 : 1;
  return j < code.size() ? j + 1 : code.size();
}

// Past the `,` ending the call argument that starts at code[i] (outside brackets and literals),
// or at the call's closing `)`; code.size() when the call is not closed.
inline std::size_t argument_end(std::string_view code, std::size_t i) {
  int depth = 0;
  while (i < code.size()) {
    const char c = code[i];
    if (is_quote(c)) {
      i = literal_end(code, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) return i;
      --depth;
    }
    if (c == ',' && depth == 0) return i + 1;
    ++i;
  }
  return code.size();
}

}  // namespace vigie::engine::code_scan
