// Unescaping of quoted text: `$'…'` bodies and backtick bodies (used by lower.cpp).
#include "grammar/shell/unescape.hpp"

namespace vigie::shell {

std::string decode_ansi_c(std::string_view s) {
  std::string out;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  auto put_utf8 = [&out](unsigned long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp <= 0x10FFFF) {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c != '\\' || i + 1 >= s.size()) {
      out += c;
      continue;
    }
    char e = s[++i];
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case 'e':
      case 'E':
        out += '\x1b';
        break;
      case '\\':
        out += '\\';
        break;
      case '\'':
        out += '\'';
        break;
      case '"':
        out += '"';
        break;
      case '?':
        out += '?';
        break;
      case 'c':
        // `\c` at the end of the body has no letter to control: bash keeps it as written.
        if (i + 1 < s.size()) {
          out += static_cast<char>(s[++i] & 0x1F);
        } else {
          out += "\\c";
        }
        break;
      case 'x':
        // bash's braced form `\x{HH…}`: any number of hex digits, an optional closing `}`, the
        // low eight bits kept (`\x{12e}` is `.`; `\x{}` is a NUL byte, as in bash's strtrans.c).
        if (i + 1 < s.size() && s[i + 1] == '{') {
          ++i;
          unsigned long v = 0;
          while (i + 1 < s.size() && hex(s[i + 1]) >= 0) {
            v = (v * 16 + static_cast<unsigned long>(hex(s[++i]))) & 0xFF;
          }
          if (i + 1 < s.size() && s[i + 1] == '}') ++i;
          out += static_cast<char>(v);
          break;
        }
        [[fallthrough]];
      case 'u':
      case 'U': {
        std::size_t max = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        unsigned long v = 0;
        std::size_t n = 0;
        while (n < max && i + 1 < s.size() && hex(s[i + 1]) >= 0) {
          v = v * 16 + static_cast<unsigned long>(hex(s[++i]));
          ++n;
        }
        if (n == 0) {
          out += '\\';
          out += e;
        } else if (e == 'x') {
          out += static_cast<char>(v);
        } else {
          put_utf8(v);
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          unsigned v = static_cast<unsigned>(e - '0');
          for (int n = 0; n < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++n) {
            v = v * 8 + static_cast<unsigned>(s[++i] - '0');
          }
          out += static_cast<char>(v & 0xFF);
        } else {
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

// The body of a backtick substitution, with its backslash escapes removed.
std::string unescape_backtick(std::string_view s, bool in_dq) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char n = s[i + 1];
      if (n == '$' || n == '`' || n == '\\' || (in_dq && n == '"')) {
        out += n;
        ++i;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace vigie::shell
