// What echo and printf print (printed_text.hpp).
#include "engine/printed_text.hpp"

#include <cstddef>
#include <string_view>

#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {
namespace {

using Words = std::vector<shell::WordView>;
using program_words::lit;

// The value of argument `i`: its literal, or with `tilde` a leading `~` as written.
const std::string* arg(const Words& w, std::size_t i, bool tilde) {
  if (i >= w.size()) return nullptr;
  if (w[i].literal) return &*w[i].literal;
  if (tilde && w[i].pattern && w[i].has_tilde && !w[i].has_glob) return &*w[i].pattern;
  return nullptr;
}

// One backslash escape at `s[i]` (`s[i] == '\\'`): appends it and returns the bytes it took,
// 0 for an escape not read here; `stop` is set by `\c` (echo: nothing more is printed).
std::size_t escape(const std::string& s, std::size_t i, std::string& out, bool& stop) {
  if (i + 1 >= s.size()) return 0;
  switch (s[i + 1]) {
    case 'n':
      out += '\n';
      return 2;
    case 't':
      out += '\t';
      return 2;
    case '\\':
      out += '\\';
      return 2;
    case 'c':
      stop = true;
      return 2;
    default:
      return 0;
  }
}

std::optional<std::string> printf_output(const Words& w, bool tilde) {
  if (w.size() > 1 && lit(w, 1) && *lit(w, 1) == "-v") return std::string();  // assigns
  std::size_t f = 1;
  if (f < w.size() && lit(w, f) && *lit(w, f) == "--") ++f;
  if (f >= w.size() || !lit(w, f)) return std::nullopt;
  const std::string& format = *lit(w, f);
  const bool converts = format.find("%s") != std::string::npos;
  std::size_t next = f + 1;
  std::string out;
  do {
    for (std::size_t i = 0; i < format.size(); ++i) {
      if (out.size() > limits::input_bytes) return std::nullopt;
      if (format[i] == '%' && i + 1 < format.size() && format[i + 1] == 's') {
        if (next < w.size()) {
          const std::string* v = arg(w, next, tilde);
          if (!v) return std::nullopt;
          out += *v;
        }
        ++next;
        ++i;
      } else if (format[i] == '%' && i + 1 < format.size() && format[i + 1] == '%') {
        out += '%';
        ++i;
      } else if (format[i] == '\\') {
        bool stop = false;
        std::size_t took = escape(format, i, out, stop);
        if (took == 0 || stop) return std::nullopt;
        i += took - 1;
      } else if (format[i] == '%') {
        return std::nullopt;
      } else {
        out += format[i];
      }
    }
  } while (next < w.size() && converts);
  if (out.size() > limits::input_bytes) return std::nullopt;
  return out;
}

// Whether `s` holds an escape that some echo decodes without `-e`: dash's (`sh -c`), bash's
// after `shopt -s xpg_echo` (as with `-e`) and GNU's /bin/echo under POSIXLY_CORRECT read `\n`,
// `\c`, `\0NNN`, `\NNN` (dash, GNU), `\xHH` (bash, GNU), `\uHHHH`, `\e`… where bash's prints
// them as written. Which echo runs is not known here.
bool may_decode(const std::string& s) {
  for (std::size_t j = s.find('\\'); j != std::string::npos && j + 1 < s.size();
       j = s.find('\\', j + 2))
    if (std::string_view("abcefnrtvE\\01234567xuU").find(s[j + 1]) != std::string_view::npos)
      return true;
  return false;
}

// `as_written`: an escape of may_decode's is printed as bash's echo prints it.
std::optional<std::string> echo_output(const Words& w, bool tilde, bool as_written = false) {
  std::size_t i = 1;
  bool escapes = false, newline = true;
  for (; i < w.size() && w[i].literal && w[i].literal->size() > 1 && (*w[i].literal)[0] == '-' &&
         w[i].literal->find_first_not_of("neE", 1) == std::string::npos;
       ++i) {
    for (char c : w[i].literal->substr(1)) {
      if (c == 'n') newline = false;
      if (c == 'e') escapes = true;
      if (c == 'E') escapes = false;
    }
  }
  std::string out;
  for (std::size_t k = i; k < w.size(); ++k) {
    const std::string* v = arg(w, k, tilde);
    if (!v) return std::nullopt;
    if (k > i) out += ' ';
    const std::string& s = *v;
    if (!escapes) {
      // `sh -c "echo 'cat .e\156v' | sh"` runs `cat .env`: unknown.
      if (!as_written && may_decode(s)) return std::nullopt;
      out += s;
    } else {
      for (std::size_t j = 0; j < s.size(); ++j) {
        if (s[j] != '\\') {
          out += s[j];
          continue;
        }
        bool stop = false;
        std::size_t took = escape(s, j, out, stop);
        if (took == 0) return std::nullopt;
        if (stop) return out;
        j += took - 1;
      }
    }
    if (out.size() > limits::input_bytes) return std::nullopt;
  }
  if (newline) out += '\n';
  return out;
}

}  // namespace

std::optional<std::string> printed_text(std::string_view name, const Words& w,
                                        bool tilde_as_written) {
  if (name == "echo") return echo_output(w, tilde_as_written);
  if (name == "printf") return printf_output(w, tilde_as_written);
  return std::nullopt;
}

std::optional<std::string> echo_as_written(std::string_view name, const Words& w,
                                           bool tilde_as_written) {
  if (name != "echo") return std::nullopt;
  return echo_output(w, tilde_as_written, true);
}

}  // namespace vigie::engine
