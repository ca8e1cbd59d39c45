// The line bash runs when it expands a prompt or a start-up file's name (prompt_line.hpp).
#include "engine/prompt_line.hpp"

namespace vigie::engine {
namespace {

bool octal(char c) {
  return c >= '0' && c <= '7';
}

}  // namespace

// A prompt's backslash escapes as bash 5.2 decodes them before it expands the prompt:
// `\NNN` (three octal digits) is that byte, even a `$` or a backquote (`\044(cmd)` runs cmd);
// `\\` is one backslash, which then quotes the next character; `\[` and `\]` are nothing; `\$`
// is `$` (`#` only for root); `\a \e \r` and `\n` are control characters; the escapes whose
// values bash quotes (`\u`, `\w`, `\D{FORMAT}`…) are an `x`; any other `\c` stays.
std::string decoded_prompt(std::string_view v) {
  constexpr std::string_view kValues = "dhHjlstTuvVwW!#@A";  // replaced by a quoted value
  std::string out;
  out.reserve(v.size());
  // The last `}`: a `\D{` after it has no format, found without reading the rest again (a
  // value of 200,000 `\D{` took 0.6 s).
  const std::size_t last_close = v.rfind('}');
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] != '\\' || i + 1 == v.size()) {
      out += v[i];
      continue;
    }
    const char c = v[i + 1];
    if (i + 3 < v.size() && octal(c) && octal(v[i + 2]) && octal(v[i + 3])) {
      const int byte = ((c - '0') * 64 + (v[i + 2] - '0') * 8 + (v[i + 3] - '0')) & 0xff;
      out += byte == 0 ? 'x' : static_cast<char>(byte);  // a NUL ends nothing here
      i += 3;
      continue;
    }
    ++i;
    if (c == '[' || c == ']') continue;
    if (c == '\\' || c == '$') {
      out += c;
    } else if (c == 'n') {
      out += '\n';
    } else if (c == 'a' || c == 'e' || c == 'r') {
      out += 'x';
    } else if (c == 'D' && i + 1 < v.size() && v[i + 1] == '{') {
      const auto close = last_close == std::string_view::npos || last_close < i + 2
                             ? std::string_view::npos
                             : v.find('}', i + 2);
      if (close == std::string_view::npos) {  // no format: bash keeps the text
        out += "\\D";
        continue;
      }
      out += 'x';
      i = close;
    } else if (kValues.find(c) != std::string_view::npos) {
      out += 'x';
    } else {
      out += '\\';
      out += c;
    }
  }
  return out;
}

std::string expanded_variable_line(std::string_view name, std::string_view value) {
  const bool prompt = name.size() == 3 && name.starts_with("PS");
  return double_quoted_line(prompt ? decoded_prompt(value) : value);
}

std::string double_quoted_line(std::string_view text) {
  // As the body of a double-quoted word: a backslash and what it quotes are kept as they are,
  // a bare `"` (a character bash prints) is escaped, and a last lone `\` doubled.
  std::string line = "_=\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      line += '\\';
      line += i + 1 < text.size() ? text[++i] : '\\';
    } else if (text[i] == '"') {
      line += "\\\"";
    } else {
      line += text[i];
    }
  }
  line += '"';
  return line;
}

}  // namespace vigie::engine
