// A member scanner over validated JSON text (see json_scan.hpp). Linear: every character is
// looked at a bounded number of times; nesting is skipped with a counter, not recursion.
#include "engine/json_scan.hpp"

#include <cstdint>
#include <cstring>

#include <nlohmann/json.hpp>

namespace vigie::engine {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skip_blanks(std::string_view t, std::size_t i) {
  while (i < t.size() && blank(t[i])) ++i;
  return i;
}

// The end of the string that starts at t[i] == '"' (one past its closing quote).
std::size_t skip_string(std::string_view t, std::size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\')
      ++i;
    else if (t[i] == '"')
      return i + 1;
  }
  return t.size();
}

// The end of the value that starts at t[i].
std::size_t skip_value(std::string_view t, std::size_t i) {
  if (i >= t.size()) return t.size();
  char c = t[i];
  if (c == '"') return skip_string(t, i);
  if (c == '{' || c == '[') {
    std::size_t depth = 0;
    for (; i < t.size(); ++i) {
      char d = t[i];
      if (d == '"') {
        i = skip_string(t, i) - 1;
      } else if (d == '{' || d == '[') {
        ++depth;
      } else if (d == '}' || d == ']') {
        if (--depth == 0) return i + 1;
      }
    }
    return t.size();
  }
  // A number, true, false or null: up to the next delimiter.
  while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !blank(t[i])) ++i;
  return i;
}

// The bytes of the 8 in `x` (little-endian order) that end a plain string: `"`, `\`, a control
// character or a byte above 0x7e. Each such byte has its high bit set in the result; bytes
// above the lowest marked one may be marked wrongly (borrows), so only the lowest is read.
std::uint64_t plain_stops(std::uint64_t x) {
  constexpr std::uint64_t k01 = 0x0101010101010101ULL;
  constexpr std::uint64_t k80 = 0x8080808080808080ULL;
  auto zero = [](std::uint64_t v) { return (v - k01) & ~v & k80; };
  const std::uint64_t quote = zero(x ^ (k01 * '"'));
  const std::uint64_t backslash = zero(x ^ (k01 * '\\'));
  const std::uint64_t control = (x - k01 * 0x20) & ~x & k80;
  const std::uint64_t high = (x | (x + k01)) & k80;  // 0x7f and above
  return quote | backslash | control | high;
}

// A string of printable ASCII without escapes at t[i] == '"': its content, and i past it.
// Eight bytes at a time while eight remain, then byte by byte.
std::optional<std::string_view> plain_string(std::string_view t, std::size_t& i) {
  if (i >= t.size() || t[i] != '"') return std::nullopt;
  std::size_t b = ++i;
  for (; i + 8 <= t.size(); i += 8) {
    std::uint64_t x = 0;
    std::memcpy(&x, t.data() + i, 8);
    if (std::uint64_t stops = plain_stops(x)) {
      i += static_cast<std::size_t>(__builtin_ctzll(stops)) / 8;
      break;
    }
  }
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '"') return t.substr(b, i++ - b);
    if (c == '\\' || c < 0x20 || c > 0x7e) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// A string at t[i] == '"' that plain_string refuses (escapes, bytes past ASCII): unescaped and
// checked by the JSON parser (its escapes, surrogate pairs, UTF-8 and control characters), i
// past it; nullopt when the parser refuses it (the caller's full parse then reports it).
std::optional<std::string> unescaped_string(std::string_view t, std::size_t& i) {
  if (i >= t.size() || t[i] != '"') return std::nullopt;
  const std::size_t end = skip_string(t, i);
  nlohmann::json v = nlohmann::json::parse(t.substr(i, end - i), nullptr, false);
  if (!v.is_string()) return std::nullopt;
  i = end;
  return std::move(v.get_ref<std::string&>());
}

// Hands each member of a flat object (parse_flat_object) to `f(key, value)`, in order; the key a
// view into `t`, the value one too when written without escapes, else a view of its unescaped
// text valid during the call only. False when `t` is not such an object.
template <typename F>
bool scan_flat(std::string_view t, F&& f) {
  std::size_t i = skip_blanks(t, 0);
  if (i >= t.size() || t[i] != '{') return false;
  i = skip_blanks(t, i + 1);
  if (i < t.size() && t[i] == '}') {
    ++i;
  } else {
    for (;;) {
      auto key = plain_string(t, i);
      if (!key) return false;
      i = skip_blanks(t, i);
      if (i >= t.size() || t[i] != ':') return false;
      i = skip_blanks(t, i + 1);
      const std::size_t at = i;
      if (auto value = plain_string(t, i)) {
        f(*key, *value, false);
      } else {
        i = at;
        const std::optional<std::string> unescaped = unescaped_string(t, i);
        if (!unescaped) return false;
        f(*key, std::string_view(*unescaped), true);
      }
      i = skip_blanks(t, i);
      if (i >= t.size()) return false;
      if (t[i] == '}') {
        ++i;
        break;
      }
      if (t[i] != ',') return false;
      i = skip_blanks(t, i + 1);
    }
  }
  return skip_blanks(t, i) == t.size();
}

}  // namespace

std::optional<nlohmann::json> parse_flat_object(std::string_view t) {
  nlohmann::json out = nlohmann::json::object();
  bool flat = scan_flat(t, [&](std::string_view key, std::string_view value, bool) {
    out[std::string(key)] = std::string(value);  // a duplicate key: the last wins
  });
  if (!flat) return std::nullopt;
  return out;
}

std::optional<FlatMember> flat_member(std::string_view t, std::string_view key) {
  std::optional<FlatMember> out(std::in_place);  // built where the caller reads it
  FlatMember& m = *out;
  bool flat = scan_flat(t, [&](std::string_view k, std::string_view value, bool escaped) {
    ++m.members;
    if (k != key) return;  // a duplicate key: the last wins
    m.found = true;
    m.escaped = escaped;
    if (escaped)
      m.unescaped.assign(value);
    else
      m.text = value;
  });
  if (!flat) out.reset();
  return out;
}

std::optional<std::vector<JsonMember>> scan_object(std::string_view t) {
  std::size_t i = skip_blanks(t, 0);
  if (i >= t.size() || t[i] != '{') return std::nullopt;
  std::vector<JsonMember> out;
  i = skip_blanks(t, i + 1);
  while (i < t.size() && t[i] != '}') {
    if (t[i] != '"') return std::nullopt;
    std::size_t key_end = skip_string(t, i);
    if (key_end < i + 2) return std::nullopt;
    std::string_view key = t.substr(i + 1, key_end - i - 2);
    if (key.find('\\') != std::string_view::npos) return std::nullopt;
    i = skip_blanks(t, key_end);
    if (i >= t.size() || t[i] != ':') return std::nullopt;
    i = skip_blanks(t, i + 1);
    std::size_t end = skip_value(t, i);
    if (i >= end) return std::nullopt;
    char first = t[i];
    char type =
        first == '"' || first == '{' || first == '[' || first == 't' || first == 'f' || first == 'n'
            ? first
            : '0';
    out.push_back({key, t.substr(i, end - i), type});
    i = skip_blanks(t, end);
    if (i < t.size() && t[i] == ',') i = skip_blanks(t, i + 1);
  }
  return out;
}

const JsonMember* find_member(const std::vector<JsonMember>& members, std::string_view key) {
  const JsonMember* found = nullptr;
  for (const auto& m : members)
    if (m.key == key) found = &m;
  return found;
}

std::string json_string_value(std::string_view value) {
  if (value.size() >= 2 && value.find('\\') == std::string_view::npos)
    return std::string(value.substr(1, value.size() - 2));
  return nlohmann::json::parse(value).get<std::string>();
}

}  // namespace vigie::engine
