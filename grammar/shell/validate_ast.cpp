// Validating the AST (the third of the parser's stages, after run.cpp and lower.cpp): the
// shapes the grammar accepts as text but bash refuses, checked on the lowered nodes with the
// single-pass checkers of validate.hpp (arithmetic, `${…}` operators, `[[ … ]]`, `let`).
#include "grammar/shell/validate_ast.hpp"

#include <algorithm>
#include <string>
#include <variant>

#include "grammar/shell/grammar.hpp"
#include "grammar/shell/validate.hpp"

namespace vigie::shell::validate {

namespace g = grammar;

namespace {

Span part_span(const WordPart& p) {
  return std::visit([](const auto& x) { return x.span; }, p.v);
}

// Literal text stays text; every expansion or quoted string is one operand. With `unquote`
// (for `let` arguments) quoted text is read as text too.
void pieces_of(const std::vector<WordPart>& parts, bool unquote, std::vector<Piece>& out) {
  for (const auto& p : parts) {
    if (const auto* l = std::get_if<Lit>(&p.v)) {
      out.emplace_back(l->raw, l->span.begin, false);
    } else if (const auto* q = std::get_if<SglQuoted>(&p.v); q && unquote && !q->dollar) {
      out.emplace_back(q->value, q->span.begin + 1, false);
    } else if (const auto* d = std::get_if<DblQuoted>(&p.v); d && unquote) {
      pieces_of(d->parts, true, out);
    } else {
      const auto* pe = std::get_if<ParamExp>(&p.v);
      const bool name = pe && pe->prefix.empty() && pe->op.empty() && !pe->name.empty() &&
                        detail::ident_start(pe->name[0]);
      out.emplace_back(std::string_view(), part_span(p).begin, true, name);
    }
  }
}

}  // namespace

std::optional<Error> check_arith(const std::vector<WordPart>& expr, ArithMode mode,
                                 std::uint32_t end) {
  std::vector<Piece> ps;
  pieces_of(expr, false, ps);
  return arith(ps, mode, end);
}

// `let EXPR...`: every argument is an arithmetic expression.
std::optional<Error> check_let(const CallExpr& call) {
  if (call.args.empty() || call.args[0].text != "let") return std::nullopt;
  if (call.args.size() == 1) {
    return Error(call.args[0].span.begin, "`let` must be followed by an expression");
  }
  for (std::size_t i = 1; i < call.args.size(); ++i) {
    std::vector<Piece> ps;
    pieces_of(call.args[i].parts, true, ps);
    if (auto e = arith(ps, ArithMode::expr, call.args[i].span.end)) return e;
  }
  return std::nullopt;
}

// Simple-command shapes bash refuses at run time or in its parser.
std::optional<Error> check_call(const CallExpr& call) {
  for (const auto& a : call.assigns) {
    // `a[i]=(x)` and `a=(x) cmd` are run-time errors in bash, kept (spec tests use them).
    if (!a.array) continue;
    for (std::size_t k = 0; k < a.array->size(); ++k) {
      // `a=([k]=v)`: a leading `[` opens a subscript, which `]=` must close.
      const Word& w = (*a.array)[k];
      if (w.text.empty() || w.text[0] != '[') continue;
      if (w.text == "[" && k + 1 < a.array->size()) continue;  // `( [ "x y" ]=b)`
      std::size_t close = 1;
      for (int depth = 0; close < w.text.size(); ++close) {
        if (w.text[close] == '[') ++depth;
        if (w.text[close] == ']' && depth-- == 0) break;
      }
      if (close >= w.text.size() || close == 1 ||
          (w.text.compare(close, 2, "]=") != 0 && w.text.compare(close, 3, "]+=") != 0)) {
        return Error(w.span.begin, "`[x]` must be followed by `=`");
      }
    }
  }
  if (call.args.empty()) return std::nullopt;
  const std::string& w = call.args[0].text;
  if (w == "coproc" && call.args.size() == 1) {
    return Error(call.args[0].span.begin, "coproc clause requires a command");
  }
  // `a[i]` in command position is an assignment without its `=`.
  std::size_t i = 0;
  while (i < w.size() && detail::ident_char(w[i])) ++i;
  const bool any_assign = std::any_of(call.args.begin(), call.args.end(), [](const Word& a) {
    return a.text.find("]=") != std::string::npos || a.text.find("]+=") != std::string::npos;
  });  // `a[ i[1] ]=1`: bash reads the spaced subscript as one assignment
  if (i > 0 && i < w.size() && w[i] == '[' && detail::ident_start(w[0]) && call.assigns.empty() &&
      !any_assign) {
    return Error(call.args[0].span.begin, "`" + w.substr(0, i) + "[…]` must be followed by `=`");
  }
  return std::nullopt;
}

// `${…}`: a valid name, then nothing, a subscript, or one operator.
std::optional<Error> check_param(const ParamExp& p) {
  const std::uint32_t at = p.span.begin + 2;
  if (p.name.empty()) {
    const std::string_view op = p.op;
    const char c = op.empty() ? '}' : op[0];
    if (c == ' ' || c == '\t' || c == '\n' || c == '|') {
      // `${ cmd; }`, `${|cmd; }` (bash 5.3, mksh): the last command must be terminated.
      const auto last = op.find_last_not_of(" \t");
      if (last != std::string_view::npos &&
          (op[last] == ';' || op[last] == '\n' || op[last] == '&' || op[last] == '}')) {
        return std::nullopt;
      }
      return Error(at, "`${ … }` must end with `;` or a newline before `}`");
    }
    // zsh: `${=x}`, `${~x}`, `${^x}`, `${+x}`, `${(flags)x}`, `${:-word}`, `${%}`.
    if (std::string_view("=~^+(:%").find(c) != std::string_view::npos && c != '}') {
      const auto name_end =
          std::find_if(op.begin() + 1, op.end(), [](char k) { return !detail::ident_char(k); });
      if (c != '%' || name_end == op.end()) return std::nullopt;  // `${%}`, `${%name}`
    }
    return Error(at, "invalid parameter name");
  }
  // `${!x…}` (indirection, `${!prefix*}`, `${!#}`) is left to the shell.
  if (p.prefix == "!") return std::nullopt;
  std::vector<Piece> rest;
  pieces_of(p.arg, false, rest);
  auto lead = [&]() -> std::string_view {
    return rest.empty() || rest.front().atom ? std::string_view() : rest.front().text;
  };
  auto drop = [&](std::size_t k) {  // drops k bytes of leading text
    auto& fr = rest.front();
    fr.text.remove_prefix(k);
    fr.offset += static_cast<std::uint32_t>(k);
    if (fr.text.empty()) rest.erase(rest.begin());
  };
  auto op_at = [&]() { return rest.empty() ? p.span.end - 1 : rest.front().offset; };
  const bool ident = detail::ident_start(p.name[0]);
  if (!rest.empty() && lead().substr(0, 1) == "[") {
    if (!ident && p.name != "@" && p.name != "*") {
      return Error(op_at(), "cannot index a special parameter name");
    }
    const std::uint32_t open = op_at();
    drop(1);
    std::vector<Piece> sub;
    int depth = 0;
    bool closed = false;
    while (!rest.empty() && !closed) {
      auto& fr = rest.front();
      if (fr.atom) {
        sub.push_back(fr);
        rest.erase(rest.begin());
        continue;
      }
      std::size_t k = 0;
      for (; k < fr.text.size(); ++k) {
        if (fr.text[k] == '[') ++depth;
        if (fr.text[k] == ']' && depth-- == 0) {
          closed = true;
          break;
        }
      }
      sub.emplace_back(fr.text.substr(0, k), fr.offset, false);
      drop(closed ? k + 1 : fr.text.size());
    }
    if (!closed) return Error(open, "expected `]` to close the subscript");
    const bool all = sub.size() == 1 && !sub[0].atom && (sub[0].text == "@" || sub[0].text == "*");
    if (!ident && all) return Error(open, "cannot index a special parameter name");
    // zsh subscript flags (`${a[(i)x]}`) are not arithmetic.
    const bool zsh_flags = !sub.empty() && !sub[0].atom && sub[0].text.substr(0, 1) == "(";
    if (!all && !zsh_flags)
      if (auto e = arith(sub, ArithMode::expr, open + 1)) return e;
  }
  if (rest.empty()) return std::nullopt;
  const std::string_view l = lead();
  // `${#-foo}`, `${###}`: the length of a special parameter reads as `${#…}` with an operator.
  if (p.prefix == "#") {
    if (!ident) return std::nullopt;
    return Error(op_at(), "cannot combine multiple parameter expansion operators");
  }
  const char c = l.empty() ? '$' : l[0];
  if (c == ':' && (l.size() < 2 || std::string_view("-=?+|*#^").find(l[1]) == std::string::npos)) {
    drop(1);
    if (auto e = arith(rest, ArithMode::substring, p.span.end - 1)) return e;
    return std::nullopt;
  }
  if (c == '@') {
    if (rest.size() != 1 || l.size() != 2 ||
        std::string_view("QEPAKaUuLk").find(l[1]) == std::string::npos) {
      return Error(op_at(), "invalid @ expansion operator");
    }
    return std::nullopt;
  }
  // `${f()}` is kept: the engine's guard corpus judges `rm -rf ${NSHomeDirectory()}` by its
  // words (bash refuses it only when it runs).
  if (std::string_view(":-=?+#%/^,~(").find(c) == std::string::npos) {
    return Error(op_at(), "not a valid parameter expansion operator: `" + std::string(1, c) + "`");
  }
  return std::nullopt;
}

// `[[ … ]]`: operators are split out of the grammar's words, except in the operand after a
// binary operator (a pattern or a regex, where `(`, `|`, `<` belong to the word).
std::optional<Error> check_test(const Node& n, const char* base, std::uint32_t base_offset) {
  auto off = [&](const char* p) { return static_cast<std::uint32_t>(p - base) + base_offset; };
  std::vector<TestTok> toks;
  const char* prev = n.m_begin.data + 2;
  bool whole = false, continuing = false;
  int regex_depth = 0;
  for (const auto& c : n.children) {
    const bool nl = std::find(prev, c->m_begin.data, '\n') != c->m_begin.data;
    prev = c->m_end.data;
    std::size_t start = 0;
    if (whole) {
      // The operand of a binary operator is one word (`=~ ^(a|b)$`, `== @(x|y)`); a `)` that
      // closes nothing in it closes a group of the expression.
      const auto& ks = c->children;
      while (start < ks.size()) {
        if (ks[start]->is_type<g::test_op_ch>()) {
          const char ch = *ks[start]->m_begin.data;
          if (ch == ')' && regex_depth == 0) break;
          regex_depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
        }
        ++start;
      }
      const char* stop = start < ks.size() ? ks[start]->m_begin.data : c->m_end.data;
      std::string text(c->m_begin.data, stop);
      if (continuing) {
        toks.back().text += " " + text;  // `=~ (a b)`: the regex spans words
      } else {
        TestTok t;
        t.text = std::move(text);
        t.offset = off(c->m_begin.data);
        t.newline_before = nl;
        toks.push_back(std::move(t));
      }
      continuing = whole = regex_depth > 0;
      if (start == ks.size()) continue;
      whole = continuing = false;
    }
    bool first = start == 0;
    const auto& ks = c->children;
    for (std::size_t i = start; i < ks.size(); ++i) {
      const Node& k = *ks[i];
      TestTok t;
      t.offset = off(k.m_begin.data);
      t.newline_before = nl && first;
      if (k.is_type<g::test_op_ch>()) {
        const char ch = *k.m_begin.data;
        t.kind = TestTok::op;
        t.text = std::string(1, ch);
        if ((ch == '&' || ch == '|') && i + 1 < ks.size() && ks[i + 1]->is_type<g::test_op_ch>() &&
            *ks[i + 1]->m_begin.data == ch && ks[i + 1]->m_begin.data == k.m_end.data) {
          t.text += ch;
          ++i;
        }
        toks.push_back(std::move(t));
      } else if (!first && !toks.empty() && toks.back().kind == TestTok::word &&
                 !k.is_type<g::test_op_ch>() && i > 0 && !ks[i - 1]->is_type<g::test_op_ch>()) {
        toks.back().text += k.string();
      } else {
        t.text = k.string();
        toks.push_back(std::move(t));
      }
      first = false;
    }
    if (!toks.empty() && test_binary(toks.back())) {
      whole = true;
      regex_depth = 0;
      continuing = false;
    }
  }
  return test_expr(toks, off(n.m_begin.data), off(n.m_end.data));
}

}  // namespace vigie::shell::validate
