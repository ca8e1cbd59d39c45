// Validation of the constructs the grammar keeps as text: arithmetic (`$((…))`, `((…))`,
// `for ((;;))`, `let`, subscripts, `${x:off:len}`), `${…}` operators and `[[ … ]]`.
//
// Every check is a single left-to-right pass with an explicit stack (no recursion, no
// backtracking): the input's nesting is already bounded by the grammar's depth guard, and the
// operator chains (`- - - x`, `a=b=c`, `a ? b : c ? …`) are counted, not recursed into.
#ifndef VIGIE_GRAMMAR_SHELL_VALIDATE_HPP
#define VIGIE_GRAMMAR_SHELL_VALIDATE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::shell::validate {

// A run of source text, or an expansion (`$x`, `$(…)`, a quoted string) standing for an operand.
struct Piece {
  std::string_view text;
  std::uint32_t offset = 0;
  bool atom = false;
  bool name = false;  // an atom that names a variable (`$x`, `${x}`): may be assigned to
  Piece(std::string_view t, std::uint32_t o, bool a, bool n = false)
      : text(t), offset(o), atom(a), name(n) {}
};

struct Error {
  std::uint32_t offset = 0;
  std::string message;
  Error(std::uint32_t o, std::string m) : offset(o), message(std::move(m)) {}
};

// ---------------------------------------------------------------------------------------------
// Arithmetic.

enum class ArithMode {
  expr,       // one expression, not empty
  for_head,   // `init; cond; step`, each part may be empty
  substring,  // `offset[:length]` of `${x:…}`
  subscript,  // `a[…]`
};

namespace detail {

struct ATok {
  enum Kind { operand, op } kind = operand;
  std::string text;
  std::uint32_t offset = 0;
  bool name = false;   // an operand that is a plain identifier
  bool space = false;  // preceded by blanks
};

inline bool ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool ident_char(char c) {
  return ident_start(c) || (c >= '0' && c <= '9');
}
inline bool operand_char(char c) {
  return ident_char(c) || c == '#' || c == '@' || c == '$' || c == '.';
}

inline const char* const kArithOps[] = {
    "<<=", ">>=", "**=", "^^=", "&&=", "||=", "**", "^^", "++", "--", "<<", ">>",
    "<=",  ">=",  "==",  "!=",  "&&",  "||",  "*=", "/=", "%=", "+=", "-=", "&=",
    "^=",  "|=",  "+",   "-",   "*",   "/",   "%",  "<",  ">",  "&",  "^",  "|",
    "!",   "~",   "=",   "?",   ":",   ",",   "(",  ")",  "[",  "]",  ";"};

inline std::optional<Error> tokenize(const std::vector<Piece>& ps, std::vector<ATok>& out) {
  bool space = false;
  for (const auto& p : ps) {
    if (p.atom) {
      ATok t;
      t.text = "$";
      t.name = p.name;
      t.offset = p.offset;
      t.space = space;
      out.push_back(std::move(t));
      space = false;
      continue;
    }
    const std::string_view s = p.text;
    std::size_t i = 0;
    while (i < s.size()) {
      const char c = s[i];
      const auto at = p.offset + static_cast<std::uint32_t>(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        space = true;
        ++i;
        continue;
      }
      if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
        space = true;
        i += 2;
        continue;
      }
      if (c == '#' && (i + 1 == s.size() || s[i + 1] == ' ' || s[i + 1] == '\t')) {
        while (i < s.size() && s[i] != '\n') ++i;  // a comment (zsh, oils)
        continue;
      }
      ATok t;
      t.offset = at;
      t.space = space;
      space = false;
      if (operand_char(c) || c == '\\') {
        std::size_t j = i;
        while (j < s.size() && (operand_char(s[j]) || s[j] == '\\')) j += s[j] == '\\' ? 2 : 1;
        j = std::min(j, s.size());
        t.text = std::string(s.substr(i, j - i));
        t.name = ident_start(c);
        for (char k : t.text) t.name = t.name && ident_char(k);
        out.push_back(std::move(t));
        i = j;
        continue;
      }
      bool found = false;
      for (const char* o : kArithOps) {
        std::string_view ov(o);
        if (s.substr(i, ov.size()) == ov) {
          t.kind = ATok::op;
          t.text = std::string(ov);
          found = true;
          break;
        }
      }
      if (!found) {
        return Error(at, "not a valid arithmetic operator: `" + std::string(1, c) + "`");
      }
      i += t.text.size();
      out.push_back(std::move(t));
    }
  }
  // Operands written next to each other (`a$i`, `1$x`, `${a}b`) are one operand.
  std::vector<ATok> merged;
  for (auto& t : out) {
    if (t.kind == ATok::operand && !t.space && !merged.empty() &&
        merged.back().kind == ATok::operand) {
      // `x$foo = 1`, `${p}_x = 1`: a name built from parts may be assigned to.
      merged.back().name = merged.back().name || t.name || ident_start(t.text[0]);
      merged.back().text += t.text;
      continue;
    }
    merged.push_back(std::move(t));
  }
  out = std::move(merged);
  return std::nullopt;
}

inline bool is_assign_op(const std::string& o) {
  return o == "=" || o == "+=" || o == "**=" || o == "^^=" || o == "&&=" || o == "||=" ||
         o == "+=" || o == "-=" || o == "*=" || o == "/=" || o == "%=" || o == "<<=" ||
         o == ">>=" || o == "&=" || o == "^=" || o == "|=";
}

}  // namespace detail

inline std::optional<Error> arith(const std::vector<Piece>& ps, ArithMode mode,
                                  std::uint32_t end_offset) {
  using detail::ATok;
  std::vector<ATok> toks;
  if (auto e = detail::tokenize(ps, toks)) return e;

  struct Frame {
    char kind;                // 't' top, '(' paren, '[' subscript
    bool expect = true;       // an operand is expected
    bool empty = true;        // nothing yet in this frame (or segment)
    bool assignable = false;  // the last operand is a name or name[…] that may be assigned to
    bool name = false;        // the last operand is a name (may take a subscript)
    bool lvalue = false;      // the last operand is a name or name[…] (may take `++`)
    bool lhs = true;          // the next operand starts an assignable position
    int ques = 0;             // `?` waiting for their `:`
    std::string last_op;      // the operator that made `expect` true
    std::uint32_t last_off = 0;
    explicit Frame(char k) : kind(k) {}
  };
  std::vector<Frame> st;
  st.emplace_back('t');
  int segments = 1;

  auto incomplete = [&](const Frame& f, std::uint32_t at) -> Error {
    if (f.empty) {
      if (f.kind == '(') return Error(f.last_off, "`(` must be followed by an expression");
      if (f.kind == '[') return Error(f.last_off, "`[` must be followed by an expression");
      return Error(at, "expected an arithmetic expression");
    }
    return Error(f.last_off, "`" + f.last_op + "` must be followed by an expression");
  };

  for (std::size_t i = 0; i < toks.size(); ++i) {
    const ATok& t = toks[i];
    Frame& f = st.back();
    if (t.kind == ATok::operand) {
      if (!f.expect) return Error(t.offset, "not a valid arithmetic operator: `" + t.text + "`");
      f.expect = false;
      f.empty = false;
      f.name = f.lvalue = t.name;
      f.assignable = t.name && f.lhs;
      continue;
    }
    const std::string& o = t.text;
    if (f.expect) {
      if (o == "+" || o == "-" || o == "!" || o == "~" || o == "++" || o == "--") {
        if ((o == "++" || o == "--") && i + 1 < toks.size() && toks[i + 1].kind == ATok::operand &&
            toks[i + 1].text[0] == '$') {
          return Error(t.offset, "`" + o + "` must be followed by a literal");
        }
        f.empty = false;
        f.lhs = false;
        f.last_op = o;
        f.last_off = t.offset;
        continue;
      }
      if (o == "(") {
        f.empty = false;
        st.emplace_back('(');
        st.back().last_off = t.offset;
        continue;
      }
      const bool seg_end = st.size() == 1 && ((mode == ArithMode::for_head && o == ";") ||
                                              (mode == ArithMode::substring && o == ":"));
      if (seg_end && f.empty) {
        if (++segments > (mode == ArithMode::for_head ? 3 : 2)) {
          return Error(t.offset, "too many `" + o + "` in arithmetic");
        }
        continue;
      }
      if (f.empty) {
        if (f.kind == '(') return Error(f.last_off, "`(` must be followed by an expression");
        if (f.kind == '[') return Error(f.last_off, "`[` must be followed by an expression");
        return Error(t.offset, "`" + o + "` must follow an expression");
      }
      return incomplete(f, t.offset);
    }
    // After an operand.
    if ((o == "++" || o == "--") && f.lvalue) {
      f.assignable = f.name = f.lvalue = false;
      continue;
    }
    if (o == "[") {
      if (!f.name || t.space) return Error(t.offset, "`[` must follow a name like a[i]");
      st.emplace_back('[');
      st.back().last_off = t.offset;
      continue;
    }
    if (o == ")" || o == "]") {
      if (f.kind != (o == ")" ? '(' : '[')) {
        if (mode == ArithMode::subscript && o == "]" && st.size() == 1) {
          return Error(t.offset, "unexpected `]` in a subscript");
        }
        return Error(t.offset, "unexpected `" + o + "` in arithmetic");
      }
      if (f.ques > 0) return Error(t.offset, "ternary operator missing `:` after `?`");
      st.pop_back();
      st.back().expect = false;
      st.back().name = false;
      if (o == ")")
        st.back().assignable = st.back().lvalue = false;  // `a[i]` keeps the assignability of `a`
      continue;
    }
    if (o == "?") {
      ++f.ques;
    } else if (o == ":") {
      if (f.ques == 0) {
        if (mode == ArithMode::substring && st.size() == 1) {
          ++segments;  // zsh modifiers (`${x:t5:h2:l}`) may follow
          f.expect = f.empty = f.lhs = true;
          continue;
        }
        return Error(t.offset, "ternary operator missing `?` before `:`");
      }
      --f.ques;
    } else if (o == ";") {
      if (mode != ArithMode::for_head || st.size() != 1) {
        return Error(t.offset, "not a valid arithmetic operator: `;`");
      }
      if (f.ques > 0) return Error(t.offset, "ternary operator missing `:` after `?`");
      if (++segments > 3) return Error(t.offset, "too many `;` in `for ((…))`");
      f.expect = f.empty = f.lhs = true;
      continue;
    } else if (detail::is_assign_op(o)) {
      if (!f.assignable) return Error(t.offset, "`" + o + "` must follow a name");
    } else if (o == "!" || o == "~" || o == "(") {
      return Error(t.offset, "not a valid arithmetic operator: `" + o + "`");
    } else if (o == "++" || o == "--") {
      // `1 ++ 2` is `1 + +2`; `1++` at the end is then incomplete.
    }
    f.expect = true;
    f.assignable = f.name = f.lvalue = false;
    f.lhs = o == "," || o == "?" || o == ":" || detail::is_assign_op(o);
    f.last_op = o;
    f.last_off = t.offset;
  }
  if (st.size() > 1) {
    const Frame& f = st.back();
    if (f.expect) return incomplete(f, end_offset);
    return Error(f.last_off, f.kind == '(' ? "expected `)` in arithmetic"
                                           : "reached the end without matching `[` with `]`");
  }
  const Frame& f = st.back();
  if (f.expect) {
    const bool may_be_empty = mode == ArithMode::for_head || mode == ArithMode::substring;
    if (!(f.empty && may_be_empty)) return incomplete(f, end_offset);
  }
  if (f.ques > 0) return Error(end_offset, "ternary operator missing `:` after `?`");
  if (mode == ArithMode::for_head && segments != 3) {
    return Error(end_offset, "expected `init; condition; step` in `for ((…))`");
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// `[[ … ]]`.

struct TestTok {
  enum Kind { word, op } kind = word;
  std::string text;
  std::uint32_t offset = 0;
  bool newline_before = false;
};

inline bool test_unary(const std::string& w) {
  static const char* const ops[] = {"-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k",
                                    "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L",
                                    "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R"};
  for (const char* o : ops) {
    if (w == o) return true;
  }
  return false;
}

inline bool test_binary(const TestTok& t) {
  if (t.kind == TestTok::op) return t.text == "<" || t.text == ">";
  static const char* const ops[] = {"==",  "=",   "!=",  "=~",  "-eq", "-ne", "-lt",
                                    "-le", "-gt", "-ge", "-nt", "-ot", "-ef"};
  for (const char* o : ops) {
    if (t.text == o) return true;
  }
  return false;
}

// `toks` are the words and operators between `[[` and `]]`; `regex_words` tells, for a token
// index after `=~` or another binary operator, that the grammar word was taken whole.
inline std::optional<Error> test_expr(const std::vector<TestTok>& toks, std::uint32_t begin,
                                      std::uint32_t end) {
  if (toks.empty()) return Error(begin, "`[[` must be followed by an expression");
  std::vector<std::uint32_t> parens;  // offsets of the open `(`
  bool expect = true;
  std::string last = "[[";
  std::uint32_t last_off = begin;
  auto is_word = [](const TestTok& t) { return t.kind == TestTok::word; };
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const TestTok& t = toks[i];
    if (expect) {
      if (t.kind == TestTok::op) {
        if (t.text == "(") {
          parens.push_back(t.offset);
          last = "(";
          last_off = t.offset;
          continue;
        }
        return Error(last_off, "`" + last + "` must be followed by an expression");
      }
      if (t.text == "!" && i + 1 < toks.size() &&
          (is_word(toks[i + 1]) || toks[i + 1].text == "(")) {
        last = "!";
        last_off = t.offset;
        continue;
      }
      if (t.text == "!") return Error(t.offset, "`!` must be followed by an expression");
      if (test_unary(t.text)) {
        if (i + 1 >= toks.size() || !is_word(toks[i + 1]) || toks[i + 1].newline_before) {
          return Error(t.offset, "`" + t.text + "` must be followed by a word");
        }
        ++i;
        expect = false;
        continue;
      }
      if (i + 1 < toks.size() && test_binary(toks[i + 1])) {
        const TestTok& op = toks[i + 1];
        if (i + 2 >= toks.size() || !is_word(toks[i + 2]) || toks[i + 2].newline_before) {
          return Error(op.offset, "`" + op.text + "` must be followed by a word");
        }
        i += 2;
      }
      expect = false;
      continue;
    }
    if (t.kind == TestTok::op && (t.text == "&&" || t.text == "||")) {
      expect = true;
      last = t.text;
      last_off = t.offset;
      continue;
    }
    if (t.kind == TestTok::op && t.text == ")" && !parens.empty()) {
      parens.pop_back();
      continue;
    }
    return Error(t.offset, "not a valid test operator: `" + t.text + "`");
  }
  if (expect) return Error(last_off, "`" + last + "` must be followed by an expression");
  if (!parens.empty()) return Error(end, "expected `)` in `[[ … ]]`");
  return std::nullopt;
}

}  // namespace vigie::shell::validate

#endif  // VIGIE_GRAMMAR_SHELL_VALIDATE_HPP
