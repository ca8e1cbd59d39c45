#include "engine/limits.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

namespace vigie::engine {

void drain_json(nlohmann::json& j) noexcept {
  if (j.is_array()) {
    auto& a = j.get_ref<nlohmann::json::array_t&>();
    for (auto& c : a) drain_json(c);
    a.clear();
  } else if (j.is_object()) {
    auto& o = j.get_ref<nlohmann::json::object_t&>();
    for (auto& kv : o) drain_json(kv.second);
    o.clear();
  }
}

using nlohmann::json;

bool json_depth_within(std::string_view text, std::size_t max_depth) noexcept {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

std::string json_depth_error() {
  return fmt::format("the JSON is nested more than {} levels deep", limits::json_depth);
}

namespace {

// nlohmann's message without its `[json.exception.parse_error.101] parse error at line 1,
// column 2: ` head, then its place: "syntax error … (line 1, column 2)".
std::string reason(const json::exception& e) {
  std::string_view m = e.what();
  if (m.starts_with("[json.exception.")) {
    auto end = m.find("] ");
    if (end != std::string_view::npos) m.remove_prefix(end + 2);
  }
  std::string place;
  if (m.starts_with("parse error at ")) {
    auto colon = m.find(": ");
    if (colon != std::string_view::npos) {
      place = std::string(m.substr(15, colon - 15));
      m.remove_prefix(colon + 2);
    }
  }
  if (m.starts_with("syntax error while parsing value - ")) m.remove_prefix(35);
  return place.empty() ? std::string(m) : fmt::format("{} ({})", m, place);
}

}  // namespace

json parse_json(std::string_view text, std::string* error, std::size_t max_bytes,
                std::string_view what) noexcept {
  auto fail = [&](std::string msg) {
    if (error) {
      try {
        *error = std::move(msg);
      } catch (...) {
      }
    }
    return json(json::value_t::discarded);
  };
  try {
    if (text.size() > max_bytes)
      return fail(fmt::format("{} is larger than {} bytes", what, max_bytes));
    if (!json_depth_within(text)) return fail(json_depth_error());
    // nlohmann's reader ends the text at a NUL byte, which JSON never holds raw: without this,
    // `{…}\0{…}` would be read as its first document alone.
    if (text.find('\0') != std::string_view::npos)
      return fail(fmt::format("{} is not valid JSON (it holds a NUL byte)", what));
    json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!j.is_discarded()) return j;
    // Read again for the reason, with its place ("syntax error while parsing value - invalid
    // literal; last read: 'x'" at line 1, column 2); a number JSON allows but a double cannot
    // hold (`1e400`) is not a syntax error.
    try {
      json again = json::parse(text);  // (fails as the first reading did)
      JsonDrain drain{again};
    } catch (const json::out_of_range& e) {
      return fail(fmt::format("{} cannot be read: {}", what, excerpt(reason(e), 512)));
    } catch (const json::exception& e) {
      return fail(fmt::format("{} is not valid JSON: {}", what, excerpt(reason(e), 512)));
    }
    return fail(fmt::format("{} is not valid JSON", what));
  } catch (const std::exception& e) {
    return fail(fmt::format("{} cannot be read: {}", what, e.what()));
  } catch (...) {
    return fail(fmt::format("{} cannot be read", what));
  }
}

json parse_json_shallow(std::string_view text) noexcept {
  try {
    if (text.find('\0') != std::string_view::npos) return json(json::value_t::discarded);
    // The parser itself is iterative; the callback drops every value past the limit before it
    // is attached, so the result is never deeper than limits::json_depth.
    json::parser_callback_t keep = [](int depth, json::parse_event_t event, json&) {
      if (event == json::parse_event_t::key) return true;
      return static_cast<std::size_t>(depth) < limits::json_depth;
    };
    return json::parse(text, keep, /*allow_exceptions=*/false);
  } catch (...) {
    return json(json::value_t::discarded);
  }
}

namespace {

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

}  // namespace

bool read_policy_file(const std::string& path, std::string& text, std::string& error) {
  const std::size_t max = limits::policy_file_bytes;
  // O_NONBLOCK: opening a FIFO without a writer must not wait; the file is refused right after.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    error = fmt::format("cannot read `{}`: {}", path, std::strerror(errno));
    return false;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = fmt::format("cannot read `{}`: {}", path, std::strerror(errno));
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    error = fmt::format("`{}` is {}, not a policy file: only regular files are read", path,
                        kind_of(st.st_mode));
    return false;
  }
  auto too_large = [&] {
    error = fmt::format("`{}` is larger than {} bytes (the limit for a policy file)", path, max);
    return false;
  };
  if (st.st_size < 0 || static_cast<std::uint64_t>(st.st_size) > max) return too_large();
  text.clear();
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = fmt::format("cannot read `{}`: {}", path, std::strerror(errno));
      return false;
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > max) return too_large();  // it grew
    text.append(buf, static_cast<std::size_t>(n));
  }
  return true;
}

bool looks_binary(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) return true;
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (c > 0xF4) n = 0;
    if (n == 0 || i + n > s.size()) return true;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return true;
    i += n;
  }
  return false;
}

namespace {

std::size_t entry_bytes(const TraceEntry& t) {
  std::size_t n = t.subject.size() + t.text.size() + t.reason.size();
  for (const auto& a : t.argv) n += a.size();
  for (const auto& c : t.context) n += c.size();
  for (const auto& e : t.effects)
    n += e.access.size() + e.path.size() + e.from.size() + e.entry.size();
  return n;
}

// Cuts `s` to at most `max` bytes on a UTF-8 character boundary, then appends "…".
void cut(std::string& s, std::size_t max) {
  if (s.size() <= max) return;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  s.resize(n);
  s += "\xE2\x80\xA6";
}

}  // namespace

std::string excerpt(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::string out(s.substr(0, max + 1));
  cut(out, max);
  return out + fmt::format(" ({} bytes)", s.size());
}

namespace {

// The length of the character at `s[i]` to show as an escape, or 0.
std::size_t hidden_at(std::string_view s, std::size_t i, bool keep_newlines) {
  auto b = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  unsigned c = b(i);
  if (c < 0x20) return c == '\t' || (keep_newlines && c == '\n') ? 0 : 1;
  if (c == 0x7f) return 1;
  if (c == 0xC2 && b(i + 1) >= 0x80 && b(i + 1) <= 0x9F) return 2;  // C1 controls
  if (c == 0xD8 && b(i + 1) == 0x9C) return 2;                      // U+061C
  if (c == 0xE2 && b(i + 1) == 0x80 &&
      ((b(i + 2) >= 0xAA && b(i + 2) <= 0xAE) || b(i + 2) == 0x8E || b(i + 2) == 0x8F))
    return 3;  // U+202A..U+202E, U+200E, U+200F
  if (c == 0xE2 && b(i + 1) == 0x81 && b(i + 2) >= 0xA6 && b(i + 2) <= 0xA9) return 3;  // U+2066..9
  return 0;
}

}  // namespace

std::string visible(std::string_view s, bool keep_newlines) {
  std::size_t i = 0;
  while (i < s.size() && !hidden_at(s, i, keep_newlines)) ++i;
  if (i == s.size()) return std::string(s);
  std::string out(s.substr(0, i));
  while (i < s.size()) {
    std::size_t n = hidden_at(s, i, keep_newlines);
    if (!n) {
      out += s[i++];
      continue;
    }
    unsigned c = static_cast<unsigned char>(s[i]);
    if (n == 1) {
      out += c == '\r'   ? std::string("\\r")
             : c == '\n' ? std::string("\\n")
                         : fmt::format("\\x{:02x}", c);
    } else {
      // The code point of a 2- or 3-byte sequence.
      unsigned cp = n == 2 ? ((c & 0x1F) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3F)
                           : ((c & 0x0F) << 12) |
                                 ((static_cast<unsigned char>(s[i + 1]) & 0x3F) << 6) |
                                 (static_cast<unsigned char>(s[i + 2]) & 0x3F);
      out += fmt::format("\\u{:04x}", cp);
    }
    i += n;
  }
  return out;
}

void bound_decision(Decision& d) noexcept {
  try {
    auto show = [](std::string& text) {  // a copy only when something is to be escaped
      for (std::size_t i = 0; i < text.size(); ++i) {
        // Printable ASCII (nearly every byte of a message) is never hidden: one compare.
        if (static_cast<unsigned char>(text[i] - 0x20) < 0x5f) continue;
        if (hidden_at(text, i, /*keep_newlines=*/true)) {
          text = visible(text, /*keep_newlines=*/true);
          return;
        }
      }
    };
    show(d.message);
    if (d.error) show(*d.error);
    cut(d.message, limits::message_bytes);
    if (d.error) cut(*d.error, limits::message_bytes);
  } catch (...) {  // appending the mark cannot fail after a shrink; nothing else allocates
  }
  if (!d.trace.empty()) bound_trace(d);
}

void bound_trace(Decision& d) noexcept {
  try {
    auto& trace = d.trace;
    std::size_t bytes = 0, kept = 0;
    bool cut_text = false;
    for (; kept < trace.size(); ++kept) {
      if (kept >= limits::trace_entries - 1 && trace.size() > limits::trace_entries) break;
      std::size_t b = entry_bytes(trace[kept]);
      if (bytes + b > limits::trace_bytes) {
        // Keep what fits of this entry's longest texts, then stop.
        std::size_t room = limits::trace_bytes > bytes ? limits::trace_bytes - bytes : 0;
        TraceEntry& t = trace[kept];
        t.argv.clear();
        cut(t.text, room / 2);
        cut(t.reason, room / 4);
        const std::size_t each = t.effects.empty() ? 0 : room / 4 / t.effects.size();
        for (auto& e : t.effects) cut(e.path, each);
        cut_text = true;
        ++kept;
        break;
      }
      bytes += b;
    }
    if (kept >= trace.size() && !cut_text) return;
    std::size_t dropped = trace.size() - kept;
    trace.resize(kept);
    TraceEntry marker;
    marker.subject = "limit";
    marker.text = "trace truncated";
    marker.effect = d.decision;
    marker.reason = fmt::format(
        "{} more part{} not shown: a trace keeps at most {} entries and {} bytes of text (the "
        "decision covers every part)",
        dropped, dropped == 1 ? " is" : "s are", limits::trace_entries, limits::trace_bytes);
    if (dropped == 0)
      marker.reason = fmt::format(
          "a text is cut: a trace keeps at most {} bytes of text (the decision covers all of it)",
          limits::trace_bytes);
    trace.push_back(std::move(marker));
  } catch (...) {
    // Out of memory while cutting: drop the trace, and say so if even that can be said.
    d.trace.clear();
    try {
      TraceEntry marker;
      marker.subject = "limit";
      marker.text = "trace truncated";
      marker.effect = d.decision;
      d.trace.push_back(std::move(marker));
    } catch (...) {
    }
  }
}

}  // namespace vigie::engine
