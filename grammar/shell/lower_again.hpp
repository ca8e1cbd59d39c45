// Text that bash expands a second time, found as the parse tree is lowered (lower.cpp): a
// quoted string whose text is expanded again, and the key of an indexed array's compound
// assignment. (The joined lines of `$\<newline>`, which vigie does not read, are refused by the
// grammar: grammar.hpp `line_joined`.)
#ifndef VIGIE_GRAMMAR_SHELL_LOWER_AGAIN_HPP
#define VIGIE_GRAMMAR_SHELL_LOWER_AGAIN_HPP

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "grammar/shell/ast.hpp"

namespace vigie::shell {

// Each single-quoted string of `ps` that holds `$` or a backtick becomes what bash reads there:
// the text `'…'` with its expansions, parsed by `again(text, offset)` (lower.cpp: as an unquoted
// here-document body). `dollar`: the `$'…'` strings instead, whose decoded value bash reads in
// arithmetic and subscripts as a single-quoted string, where a single quote does not quote
// (`a[$'\x24(cmd)']=1`, `$(( $'\x60cmd\x60' ))` run cmd).
template <class Again>
void quotes_again(std::vector<WordPart>& ps, bool dollar, Again&& again) {
  for (auto& p : ps)
    if (const auto* q = std::get_if<SglQuoted>(&p.v);
        q && q->dollar == dollar && q->value.find_first_of("$`") != std::string::npos) {
      const Span qs = q->span;
      std::vector<WordPart> inner{{Lit{"'", {qs.begin, qs.begin + 1}}}};
      for (auto& k : again(std::string_view(q->value), qs.begin + 1)) inner.push_back(std::move(k));
      inner.push_back({Lit{"'", {qs.end - 1, qs.end}}});
      p = WordPart{DblQuoted{std::move(inner), false, qs}};
    }
}

// The value of a word's parts after quote removal (`in_dq`: inside double quotes), when they
// hold no expansion.
std::optional<std::string> static_value(const std::vector<WordPart>& ps, bool in_dq);

// bash's `extquote` (on by default): in the word of a double-quoted `${y:-WORD}` (and `-`, `=`,
// `:=`, `+`, `:+`, `?`, `:?`) each `$'…'` is decoded and the word is read again as double-quoted
// text, so a decoded `$` or backtick joins what follows it (`"${y:-$'\x24(cmd)'}"`,
// `"${y:-$'\x24'(cmd)}"`, `"${y:?$'\x60cmd\x60'}"` run cmd). When a `$'…'` decodes to one, the
// word's text so decoded is read again in its place; a word that also holds other expansions
// (judged as they are), each such `$'…'` alone.
template <class Again>
void extquote_again(std::vector<WordPart>& ps, Again&& again) {
  const auto expands = [](const WordPart& part) {
    const auto* q = std::get_if<SglQuoted>(&part.v);
    return q && q->dollar && q->value.find_first_of("$`") != std::string::npos;
  };
  if (ps.empty() || std::none_of(ps.begin(), ps.end(), expands)) return;
  std::string text;
  bool joined = true;
  for (const auto& part : ps) {
    if (const auto* l = std::get_if<Lit>(&part.v)) {
      text += l->raw;
    } else if (const auto* q = std::get_if<SglQuoted>(&part.v)) {
      text += q->dollar ? q->value : "'" + q->value + "'";  // a plain one's quotes are text
    } else if (const auto* d = std::get_if<DblQuoted>(&part.v)) {
      const std::optional<std::string> v = static_value(d->parts, true);
      if (!v) {
        joined = false;
        break;
      }
      text += *v;
    } else {
      joined = false;
      break;
    }
  }
  const auto span_of = [](const WordPart& part) {
    return std::visit([](const auto& x) { return x.span; }, part.v);
  };
  if (joined) {
    const Span whole{span_of(ps.front()).begin, span_of(ps.back()).end};
    std::vector<WordPart> inner = again(std::string_view(text), whole.begin);
    ps.clear();
    ps.push_back(WordPart{DblQuoted{std::move(inner), false, whole}});
    return;
  }
  for (auto& part : ps)
    if (expands(part)) {
      const Span qs = span_of(part);
      const std::string value = std::get<SglQuoted>(part.v).value;
      part = WordPart{DblQuoted{again(std::string_view(value), qs.begin + 2), false, qs}};
    }
}

// The word of a `${…}` that bash reads again. In double quotes (and here-document bodies,
// `in_dq`) a single quote in the word of `${x:-…}`, `-`, `:=`, `=`, `:+`, `+` is an ordinary
// character: `"${x:-'$(cmd)'}"` runs cmd (the other operators' words are patterns, where it
// quotes). Its text is read as the body of a here-document (expansions, and quotes as text),
// between two literal quotes. In double quotes (not a here-document's body) a `$'…'` there, and
// in `?`'s and `:?`'s word, is decoded first (extquote_again). A subscript's or a substring's
// `$'…'` is read again too.
template <class Again>
void param_again(ParamExp& p, bool in_dq, bool in_heredoc, Again&& again) {
  const std::string& op = p.op;
  const bool value_word = op.starts_with('-') || op.starts_with('=') || op.starts_with('+') ||
                          op.starts_with(":-") || op.starts_with(":=") || op.starts_with(":+");
  if (in_dq && !in_heredoc && (value_word || op.starts_with('?') || op.starts_with(":?")))
    extquote_again(p.arg, again);
  if (in_dq && value_word) quotes_again(p.arg, false, again);
  if (op.starts_with('[') ||
      (op.starts_with(':') && !op.starts_with(":-") && !op.starts_with(":=") &&
       !op.starts_with(":+") && !op.starts_with(":?")))
    quotes_again(p.arg, true, again);
}

// `([KEY]=VALUE)`: bash expands the key of an indexed array, then expands the result again as
// arithmetic, so an escaped or quoted substitution runs (`([\$\(cmd\)]=1)`, `(["\$(cmd)"]=1)`).
// When the key (its parts between the brackets) is static and its value holds expansions, they
// are added to the key, double-quoted, so that they are judged. An associative array's key is
// expanded once (`declare -A m=(…)`: `associative`).
template <class Again>
void key_again(std::vector<WordPart>& key, Span span, bool associative, Again&& again) {
  if (associative) return;
  const std::optional<std::string> v = static_value(key, false);
  if (!v || v->find_first_of("$`") == std::string::npos) return;
  std::vector<WordPart> ps = again(std::string_view(*v), span.begin + 1);
  if (std::all_of(ps.begin(), ps.end(), [](const WordPart& p) { return p.v.index() == 0; }))
    return;  // only text (`[\$]`): nothing runs
  key.push_back({DblQuoted{std::move(ps), false, span}});
}

// `[[ X -eq Y ]]`, `[[ -v X ]]`: bash evaluates the operands of the arithmetic comparisons as
// arithmetic, and the name after `-v` or `-R` as a variable with its subscript, so a
// substitution in a quoted value's subscript runs (`[[ 'a[$(cmd)]' -eq 1 ]]`). A static
// operand whose value holds one is read again as `key_again` reads a key: its commands are
// judged. Every quoting counts (fail closed: bash runs some, not all).
template <class Again>
void arith_operands_again(std::vector<Word>& ws, Again&& again) {
  constexpr std::string_view kArith[] = {"-eq", "-ne", "-lt", "-le", "-gt", "-ge"};
  const auto is = [&](std::size_t k, bool name) {
    if (k >= ws.size()) return false;
    if (name) return ws[k].text == "-v" || ws[k].text == "-R";
    return std::find(std::begin(kArith), std::end(kArith), ws[k].text) != std::end(kArith);
  };
  for (std::size_t k = 0; k < ws.size(); ++k)
    if ((k > 0 && (is(k - 1, false) || is(k - 1, true))) || is(k + 1, false))
      key_again(ws[k].parts, ws[k].span, false, again);
}

// `declare -A NAME=(…)` (also `typeset`, `local`, `readonly`; the array is the next word of
// `args`): the array is associative, its keys are expanded once. Only static words count.
bool associative_declaration(const std::vector<Word>& args);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_LOWER_AGAIN_HPP
