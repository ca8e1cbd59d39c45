// The shell grammar's parser state and its hand-written leaf rules: the scans that decide in
// one pass, allocating nothing, whether a PEG alternative can match (an assignment, a closing
// reserved word, `name (`, `((` that is arithmetic), the table-driven byte runs, the raw backtick
// scan, and `nested<>`, the depth guard every recursive rule goes through. grammar.hpp composes
// them into the grammar.
#ifndef VIGIE_GRAMMAR_SHELL_GRAMMAR_SCAN_HPP
#define VIGIE_GRAMMAR_SHELL_GRAMMAR_SCAN_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <tao/pegtl.hpp>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::grammar {

using namespace tao::pegtl;  // NOLINT: the grammar reads as PEG only with the short names

// ---------------------------------------------------------------------------------------------
// Parser state (passed as the first state to every rule).

struct PendingHeredoc {
  std::string delim;  // after quote removal
  bool strip_tabs = false;
  bool quoted = false;
};

struct HeredocBody {
  std::uint32_t begin = 0, end = 0;  // byte offsets of the body (without the delimiter line)
  std::string text;
};

struct State {
  const char* base = nullptr;     // start of the buffer being parsed
  std::uint32_t base_offset = 0;  // its offset in the top-level source
  Limits limits;
  unsigned depth = 0;
  std::size_t commands = 0;  // simple commands attempted (count_command)
  // Keyed by the offset of the delimiter word, so that re-matching after a rewind overwrites.
  std::map<std::uint32_t, PendingHeredoc> pending;
  std::map<std::uint32_t, HeredocBody> bodies;
  std::map<std::uint32_t, std::uint32_t> newline_skip;  // newline offset -> end of its bodies
  // Command and process substitutions being read (`subst_list`). The parses of backquote and
  // here-document bodies (lower.cpp) have a State of their own, from 0: bash reads a backquote's
  // body outside any substitution too.
  unsigned substs_open = 0;

  template <typename In>
  std::uint32_t offset(const In& in) const {
    return static_cast<std::uint32_t>(in.current() - base);
  }
};

// What the grammar throws on a syntax error: its message and the byte of the input where it was
// found. Not PEGTL's parse_error, whose position goes through std::ostringstream (the wasm module
// would carry iostreams and the locale for it: docs/wasm.md, "Size").
struct syntax_error : std::exception {
  template <typename ParseInput>
  syntax_error(std::string m, const ParseInput& in) : msg(std::move(m)), byte(in.byte()) {}
  [[nodiscard]] const char* what() const noexcept override { return msg.c_str(); }
  [[nodiscard]] std::string_view message() const noexcept { return msg; }
  std::string msg;
  std::size_t byte;
};

// Thrown (as a syntax_error subclass) when a limit is hit: never reported as `incomplete`.
struct limit_error : syntax_error {
  using syntax_error::syntax_error;
};

template <typename S, typename... Rest>
State& state_of(S& s, Rest&... /*unused*/) {
  return s;
}

// ---------------------------------------------------------------------------------------------
// Cheap lexical guards. The parse tree allocates a node for every rule it tries, so the hot
// alternatives are only tried when these leaf rules (which allocate nothing) say they can match.

inline bool name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9');
}

// At `name=`, `name+=` or `name[...]=`.
struct at_assignment {
  using rule_t = at_assignment;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* p = in.current();
    const char* e = in.end();
    if (p >= e || !name_start(*p)) return false;
    while (p < e && name_char(*p)) ++p;
    if (p < e && *p == '[') {
      // The subscript as assign_subscript reads it: brackets nest (`a[b[1]]=x`), and quotes and
      // escapes hold a bracket (`a[']']=x`), as bash's own scan of a subscript does.
      int depth = 0;
      for (; p < e && *p != '\n'; ++p) {
        if (*p == '\\' && p + 1 < e) {
          ++p;
        } else if (*p == '\'' || *p == '"') {
          const char q = *p;
          ++p;
          while (p < e && *p != q) p += (q == '"' && *p == '\\' && p + 1 < e) ? 2 : 1;
          if (p >= e) return false;
        } else if (*p == '[') {
          ++depth;
        } else if (*p == ']' && --depth == 0) {
          break;
        }
      }
      if (p >= e || *p != ']') return false;
      ++p;
    }
    if (p < e && *p == '+') ++p;
    return p < e && *p == '=';
  }
};

// Not at a reserved word that closes a construct (`then`, `fi`, `done`, `}`, ...).
struct not_reserved_closer {
  using rule_t = not_reserved_closer;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* p = in.current();
    const char* e = in.end();
    const char* q = p;
    while (q < e && q - p < 5 && *q != ' ' && *q != '\t' && *q != '\n' && *q != ';' && *q != '&' &&
           *q != '|' && *q != '(' && *q != ')' && *q != '<' && *q != '>') {
      ++q;
    }
    if (q < e && !(*q == ' ' || *q == '\t' || *q == '\n' || *q == ';' || *q == '&' || *q == '|' ||
                   *q == '(' || *q == ')' || *q == '<' || *q == '>')) {
      return true;  // a longer word
    }
    std::string_view w(p, static_cast<std::size_t>(q - p));
    return !(w == "then" || w == "elif" || w == "else" || w == "fi" || w == "do" || w == "done" ||
             w == "esac" || w == "}");
  }
};

// At `name (`: a function definition without the `function` keyword.
struct at_func_parens {
  using rule_t = at_func_parens;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* p = in.current();
    const char* e = in.end();
    const char* b = p;
    while (p < e && *p != ' ' && *p != '\t' && *p != '\n' && *p != ';' && *p != '&' && *p != '|' &&
           *p != '(' && *p != ')' && *p != '<' && *p != '>' && *p != '\'' && *p != '"' &&
           *p != '\\' && *p != '$' && *p != '`' && *p != '=') {
      ++p;
    }
    if (p == b) return false;
    while (p < e && (*p == ' ' || *p == '\t')) ++p;
    return p < e && *p == '(';
  }
};

// ---------------------------------------------------------------------------------------------
// Nesting guard.

template <typename... R>
struct nested {
  using rule_t = nested;
  using subs_t = type_list<R...>;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    State& s = state_of(st...);
    if (s.depth + 1 > s.limits.max_depth) {
      throw limit_error("nesting deeper than " + std::to_string(s.limits.max_depth) + " levels",
                        in);
    }
    ++s.depth;
    struct Dec {
      State& s;
      ~Dec() { --s.depth; }
    } dec{s};
    return Control<seq<R...>>::template match<A, M, Action, Control>(in, st...);
  }
};

// ---------------------------------------------------------------------------------------------
// Command guard: a line of more than `Limits::max_commands` simple commands stops the parse, so
// that building its tree costs no more than that. Attempts are counted (a list's last attempt
// fails), so the guard allows twice the limit; the listing (commands.cpp) applies it exactly.

struct count_command {
  using rule_t = count_command;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    State& s = state_of(st...);
    if (++s.commands > 2 * s.limits.max_commands) {
      throw limit_error(
          "more than " + std::to_string(s.limits.max_commands) + " commands in one line", in);
    }
    return true;
  }
};

// `plus<not_one<Cs...>>` with a table: one load per byte instead of a compare per excluded byte
// (word bytes are most of the input).
template <char... Cs>
struct run_of_not {
  using rule_t = run_of_not;
  using subs_t = empty_list;
  static constexpr std::array<bool, 256> kStop = [] {
    std::array<bool, 256> t{};
    ((t[static_cast<unsigned char>(Cs)] = true), ...);
    return t;
  }();
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* b = in.current();
    const char* p = b;
    const char* e = in.end();
    while (p < e && !kStop[static_cast<unsigned char>(*p)]) ++p;
    if (p == b) return false;
    in.bump(static_cast<std::size_t>(p - b));
    return true;
  }
};

// `…` scanned raw: the body is parsed again after unescaping (parser.cpp).
struct backtick {
  using rule_t = backtick;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    if (in.empty() || in.peek_char() != '`') return false;
    const char* p = in.current() + 1;
    const char* e = in.end();
    while (p < e && *p != '`') p += (*p == '\\' && p + 1 < e) ? 2 : 1;
    if (p >= e) {
      in.bump(static_cast<std::size_t>(e - in.current()));
      throw syntax_error("unterminated backquote", in);
    }
    in.bump(static_cast<std::size_t>(p + 1 - in.current()));
    return true;
  }
};

// True when the text after `((` closes with `))` at its own paren level: then it is
// arithmetic, else a subshell in a subshell. A lexical scan, no recursion, no backtracking.
struct at_arith_close {
  using rule_t = at_arith_close;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* p = in.current();
    const char* e = in.end();
    int depth = 0;
    while (p < e) {
      char c = *p;
      if (c == '\\') {
        p += 2;
        continue;
      }
      if (c == '\'') {
        ++p;
        while (p < e && *p != '\'') ++p;
      } else if (c == '"') {
        ++p;
        while (p < e && *p != '"') p += (*p == '\\') ? 2 : 1;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (depth == 0) return p + 1 < e && p[1] == ')';
        --depth;
      }
      ++p;
    }
    return false;
  }
};

}  // namespace vigie::shell::grammar

#endif  // VIGIE_GRAMMAR_SHELL_GRAMMAR_SCAN_HPP
