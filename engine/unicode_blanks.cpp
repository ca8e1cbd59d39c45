// The blanks of Rust's and JavaScript's trim (see unicode_blanks.hpp).
#include "engine/unicode_blanks.hpp"

namespace vigie::engine {

namespace {

// Unicode White_Space (Rust's `char::is_whitespace`), and which trim removes each.
struct Blank {
  char32_t from, to;
  bool rust, js;
};
constexpr Blank kBlanks[] = {
    {0x09, 0x0D, true, true},     {0x20, 0x20, true, true},      {0x85, 0x85, true, false},
    {0xA0, 0xA0, true, true},     {0x1680, 0x1680, true, true},  {0x2000, 0x200A, true, true},
    {0x2028, 0x2029, true, true}, {0x202F, 0x202F, true, true},  {0x205F, 0x205F, true, true},
    {0x3000, 0x3000, true, true}, {0xFEFF, 0xFEFF, false, true},
};

bool blank(char32_t c, Trim style) {
  for (const Blank& b : kBlanks)
    if (c >= b.from && c <= b.to) return style == Trim::rust ? b.rust : b.js;
  return false;
}

// The code point that starts at `s[i]` and its length in bytes; length 0 when the bytes there
// are not a UTF-8 sequence.
std::size_t decode(std::string_view s, std::size_t i, char32_t& c) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80           ? 1
                  : (b >> 5) == 0x6  ? 2
                  : (b >> 4) == 0xE  ? 3
                  : (b >> 3) == 0x1E ? 4
                                     : 0;
  if (n == 0 || i + n > s.size()) return 0;
  c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    const auto cb = static_cast<unsigned char>(s[i + k]);
    if ((cb & 0xC0) != 0x80) return 0;
    c = (c << 6) | (cb & 0x3F);
  }
  return n;
}

}  // namespace

std::string_view trim_blanks(std::string_view text, Trim style) {
  while (!text.empty()) {
    char32_t c = 0;
    const std::size_t n = decode(text, 0, c);
    if (n == 0 || !blank(c, style)) break;
    text.remove_prefix(n);
  }
  while (!text.empty()) {
    // The last code point starts at the last byte that is not a continuation byte.
    std::size_t start = text.size() - 1;
    while (start > 0 && text.size() - start < 4 &&
           (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80)
      --start;
    char32_t c = 0;
    const std::size_t n = decode(text, start, c);
    if (n == 0 || start + n != text.size() || !blank(c, style)) break;
    text.remove_suffix(n);
  }
  return text;
}

std::vector<std::string_view> split_blanks(std::string_view text, Trim style) {
  std::vector<std::string_view> out;
  std::size_t start = 0, i = 0;
  while (i < text.size()) {
    char32_t c = 0;
    const std::size_t n = decode(text, i, c);
    if (n != 0 && blank(c, style)) {
      if (i > start) out.push_back(text.substr(start, i - start));
      i += n;
      start = i;
    } else {
      i += n == 0 ? 1 : n;
    }
  }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

}  // namespace vigie::engine
