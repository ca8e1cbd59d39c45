// The byte classes of the plain-line fast path (plain.cpp): which bytes are literal in an
// unquoted word, inside '…' and inside "…", each one table read by `run_of`, a PEGTL rule that
// matches a run of them with one load per byte.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_BYTES_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_BYTES_HPP

#include <array>
#include <cstddef>
#include <string_view>

#include <tao/pegtl.hpp>

namespace vigie::shell::plain_bytes {

namespace pg = tao::pegtl;

// A byte class for `run_of`: `kBytes` lists the bytes in (or, with `kExcept`, out of) the class.
template <typename Class>
constexpr std::array<bool, 256> make_table() {
  std::array<bool, 256> t{};
  for (auto& b : t) b = Class::kExcept;
  for (char c : Class::kBytes) t[static_cast<unsigned char>(c)] = !Class::kExcept;
  if constexpr (Class::kHigh) {  // bytes >= 0x80 (UTF-8): literal in an unquoted word
    for (std::size_t i = 0x80; i < 256; ++i) t[i] = true;
  }
  return t;
}

// The bytes that are literal wherever they stand in an unquoted word of the full grammar
// (grammar.hpp `lit_run`): not a blank, an operator, a quote, `$`, a backquote or `\`, and
// not a byte the commands view reads as a glob (`* ? [`), a brace expansion (`{ }`), a tilde
// prefix (`~`), a comment (`#`) or `!` (a pipeline's negation).
struct LitClass {
  static constexpr std::string_view kBytes =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,-=";
  static constexpr bool kExcept = false, kHigh = true;
};
// The glob bytes `*` and `?` and the tilde `~` of an unquoted word (plain_globs.hpp): `*` and
// `?` make a glob (no literal, a pattern), `~` is literal past the word's first byte (a tilde
// prefix only at its start, and after `:` in an assignment's value, which the fast path refuses).
struct GlobClass {
  static constexpr std::string_view kBytes = "*?~";
  static constexpr bool kExcept = false, kHigh = false;
};
// Inside '…' every byte but `'` is literal.
struct SqClass {
  static constexpr std::string_view kBytes = "'";
  static constexpr bool kExcept = true, kHigh = true;
};
// Inside "…" (grammar.hpp `dq_lit`) every byte but `"`, `\`, `$` and the backquote is literal;
// the fast path leaves those three (an escape, an expansion) to the full path.
struct DqClass {
  static constexpr std::string_view kBytes = "\"\\$`";
  static constexpr bool kExcept = true, kHigh = true;
};

// A shell name (`$name`, `name=value`): its first byte, then the others.
struct NameStartClass {
  static constexpr std::string_view kBytes =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
  static constexpr bool kExcept = false, kHigh = false;
};
struct NameClass {
  static constexpr std::string_view kBytes =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
  static constexpr bool kExcept = false, kHigh = false;
};
// The bytes that go on an unquoted word after a literal run with another part: a quote, an
// escape, an expansion (plain_grammar.hpp `reserved`).
struct WordPartClass {
  static constexpr std::string_view kBytes = "'\"\\$`";
  static constexpr bool kExcept = false, kHigh = false;
};

// The bytes after a literal run that no word part starts with (plain_grammar.hpp `word`'s
// default case, where lit_part then fails): the word ends there.
struct WordEndClass {
  static constexpr std::string_view kBytes = " \t\n;&|)";
  static constexpr bool kExcept = false, kHigh = false;
};

// The bytes of a line plain_words.hpp reads: literal bytes, blanks and the bytes of `&&`, `||`,
// `|` and `;`.
struct LineClass {
  static constexpr std::string_view kBytes =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,-= \t&|;";
  static constexpr bool kExcept = false, kHigh = true;
};

// `plus<Class>` with a table: one load per byte.
template <typename Class>
struct run_of {
  using rule_t = run_of;
  using subs_t = pg::empty_list;
  static constexpr std::array<bool, 256> kIn = make_table<Class>();
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* b = in.current();
    const char* p = b;
    const char* e = in.end();
    while (p < e && kIn[static_cast<unsigned char>(*p)]) ++p;
    if (p == b) return false;
    in.bump(static_cast<std::size_t>(p - b));
    return true;
  }
};

}  // namespace vigie::shell::plain_bytes

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_BYTES_HPP
