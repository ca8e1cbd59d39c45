// Text that bash expands a second time, found as the parse tree is lowered (lower.cpp): a
// quoted string whose text is expanded again, and the key of an indexed array's compound
// assignment. (The joined lines of `$\<newline>`, which vigie does not read, are refused by the
// grammar: grammar.hpp `line_joined`.)
#ifndef VIGIE_GRAMMAR_SHELL_LOWER_AGAIN_HPP
#define VIGIE_GRAMMAR_SHELL_LOWER_AGAIN_HPP

#include <algorithm>
#include <cstdint>
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

// True when `text` ends in an odd number of backslashes after `from`: read again as
// double-quoted text, the last one quotes what follows. A run that reaches `from` (the end of a
// `"…"`, whose closing quote stands between) is not counted as quoting (fail closed).
bool escaped_end(std::string_view text, std::size_t from);

// The source text of the expansion `part` (a `$(…)`, `${…}`, `$x`, `$((…))`) in `source` (the
// text written from `source_at`), found by its span and checked against its kind, when it holds
// nothing bash reads again after a quoting backslash: no other `$`, backtick, quote or backslash.
// nullopt otherwise, or when `at` is not inside `source`.
std::optional<std::string> quoted_expansion_source(const WordPart& part, std::string_view source,
                                                   std::uint32_t source_at);

// bash's `extquote` (on by default): in the word of a double-quoted `${y:-WORD}` (and `-`, `=`,
// `:=`, `+`, `:+`, `?`, `:?`) each `$'…'` is decoded in place and the word's text is read as
// double-quoted text, so a decoded `$` or backtick joins what follows it (`"${y:-$'\x24(cmd)'}"`,
// `"${y:-$'\x24'(cmd)}"`, `"${y:-$'\x24'(cmd)$z}"`, `"${y:?$'\x60cmd\x60'}"` run cmd), and a
// decoded backslash quotes the `$` after it (`"${y:-$'\\'$(cmd)}"` prints `$(cmd)`, runs
// nothing). Each run of parts without expansions (text, `'…'`, `$'…'`, a static `"…"`) that
// holds such a `$'…'` is read again as one text in its place; an expansion between two runs is
// judged as it is (a run ending in `$` before it: `$$(cmd)` then reads as `$$` and text, judged
// as running, fail closed). An expansion quoted by a decoded backslash joins the run as its
// source text (`source`: the word as written, from `source_at`) when that text holds no other
// expansion, quote or backslash; any other is judged as it is. Linear: a run holds no
// expansion, so nothing is read twice however deep the `${…}` nest.
template <class Again>
void extquote_again(std::vector<WordPart>& ps, std::string_view source, std::uint32_t source_at,
                    Again&& again) {
  const auto decoded = [](const WordPart& part) -> const SglQuoted* {
    const auto* q = std::get_if<SglQuoted>(&part.v);
    return q && q->dollar ? q : nullptr;
  };
  const auto rereads = [&](const WordPart& part) {
    const SglQuoted* q = decoded(part);
    return q && (q->value.find_first_of("$`") != std::string::npos || q->value.ends_with('\\'));
  };
  if (std::none_of(ps.begin(), ps.end(), rereads)) return;
  const auto span_of = [](const WordPart& part) {
    return std::visit([](const auto& x) { return x.span; }, part.v);
  };
  std::vector<WordPart> out;
  std::vector<WordPart> run;
  std::string text;
  std::size_t quoted_end = 0;  // where the run's last `"…"` ends in `text`
  bool again_run = false;
  const auto flush = [&] {
    if (again_run) {
      const Span whole{span_of(run.front()).begin, span_of(run.back()).end};
      out.push_back(WordPart{DblQuoted{again(std::string_view(text), whole.begin), false, whole}});
    } else {
      for (auto& r : run) out.push_back(std::move(r));
    }
    run.clear();
    text.clear();
    quoted_end = 0;
    again_run = false;
  };
  for (auto& part : ps) {
    std::optional<std::string> t;
    bool quoted = false;
    if (const auto* l = std::get_if<Lit>(&part.v)) {
      t = l->raw;
    } else if (const auto* q = std::get_if<SglQuoted>(&part.v)) {
      t = q->dollar ? q->value : "'" + q->value + "'";  // a plain one's quotes are text
      again_run = again_run || rereads(part);
    } else if (const auto* d = std::get_if<DblQuoted>(&part.v)) {
      t = static_value(d->parts, true);
      quoted = true;
    } else if (!run.empty() && decoded(run.back()) && escaped_end(text, quoted_end)) {
      t = quoted_expansion_source(part, source, source_at);
    }
    if (!t) {
      flush();
      out.push_back(std::move(part));
      continue;
    }
    text += *t;
    if (quoted) quoted_end = text.size();
    run.push_back(std::move(part));
  }
  flush();
  ps = std::move(out);
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
  if (in_dq && !in_heredoc && (value_word || op.starts_with('?') || op.starts_with(":?"))) {
    // The operator and its word as written start after `${`, the prefix and the name.
    const auto at = static_cast<std::uint32_t>(p.span.begin + 2 + p.prefix.size() + p.name.size());
    extquote_again(p.arg, op, at, again);
  }
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
