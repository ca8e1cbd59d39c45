// The plain-line fast path's first try (plain_words.hpp): a line of literal words joined by
// `&&`, `||`, `|` and `;`, read byte by byte without the grammar.
#include "grammar/shell/plain_words.hpp"

#include <cstdint>

#include "grammar/shell/plain_bytes.hpp"
#include "grammar/shell/plain_grammar.hpp"
#include "grammar/shell/plain_state.hpp"
#include "grammar/shell/spare.hpp"

namespace vigie::shell::plain_grammar {

namespace {

using plain_bytes::LineClass;
using plain_bytes::NameClass;
using plain_bytes::NameStartClass;

bool lit(char c) {
  return run_of<LitClass>::kIn[static_cast<unsigned char>(c)];
}

const char* skip_blanks(const char* p, const char* e) {
  while (p < e && (*p == ' ' || *p == '\t')) ++p;
  return p;
}

// Whether every byte of [p, e) is in `LineClass`, four bytes a branch.
bool line_bytes(const char* p, const char* e) {
  const auto in = [](const char* q) {
    return static_cast<unsigned>(run_of<LineClass>::kIn[static_cast<unsigned char>(*q)]);
  };
  for (; e - p >= 4; p += 4) {
    if ((in(p)&in(p + 1) & in(p + 2) & in(p + 3)) == 0) return false;
  }
  for (; p < e; ++p) {
    if (in(p) == 0) return false;
  }
  return true;
}

// `name=` / `name+=` at the start of `w` (plain_grammar.hpp `assign_head`): where `=` is, or 0.
std::size_t assign_eq(std::string_view w) {
  if (!run_of<NameStartClass>::kIn[static_cast<unsigned char>(w[0])]) return 0;
  std::size_t i = 1;
  while (i < w.size() && run_of<NameClass>::kIn[static_cast<unsigned char>(w[i])]) ++i;
  if (i < w.size() && w[i] == '+') ++i;
  return i < w.size() && w[i] == '=' ? i : 0;
}

// A literal word's view: its value is its text (plain_view.cpp `fill_word`'s commonest case).
[[gnu::always_inline]] inline void literal_word(WordView& v, std::string_view text,
                                                std::uint32_t begin) {
  v.text.assign(text.data(), text.size());
  v.span = {begin, begin + static_cast<std::uint32_t>(text.size())};
  v.literal.same_as_text();
  v.pattern.same_as_text();
}

}  // namespace

bool plain_words(std::string_view line, std::vector<CommandView>& out, std::size_t max_commands) {
  const char* const b = line.data();
  const char* const e = b + line.size();
  // Only literal bytes, blanks and the operators' bytes: any other line is left at once.
  if (!line_bytes(b, e)) return false;
  out.reserve(4);
  const auto at = [b](const char* p) { return static_cast<std::uint32_t>(p - b); };
  const char* p = skip_blanks(b, e);
  std::string_view op;
  for (;;) {
    if (p == e || !lit(*p)) return false;          // no command where one must be
    if (out.size() >= max_commands) return false;  // the full path reports the limit
    CommandView& c = out.emplace_back();
    if (!op.empty()) c.op.assign(op.data(), op.size());  // the first command has none
    const char* const begin = p;
    bool prefix = true;  // still reading assignments
    while (p < e && lit(*p)) {
      const char* w = p;
      while (p < e && lit(*p)) ++p;
      const std::string_view word(w, static_cast<std::size_t>(p - w));
      const std::size_t eq = prefix ? assign_eq(word) : 0;
      if (eq > 0) {  // plain.cpp `action<assignment>`
        AssignView& a = c.assigns.emplace_back();
        const bool append = word[eq - 1] == '+';
        a.name = std::string(word.substr(0, append ? eq - 1 : eq));
        a.append = append;
        a.span = {at(w), at(p)};
        if (eq + 1 < word.size()) {
          literal_word(a.value, word.substr(eq + 1), at(w) + static_cast<std::uint32_t>(eq + 1));
        } else {  // `name=`: an empty value
          a.value.literal.emplace();
          a.value.pattern.emplace();
        }
      } else {
        // A reserved command word opens a compound command (plain_grammar.hpp `reserved`).
        if (prefix && special_first(word)) return false;
        if (prefix) {
          c.argv = spare::words();
          c.argv.reserve(8);
        }
        prefix = false;
        literal_word(c.argv.emplace_back(), word, at(w));
      }
      p = skip_blanks(p, e);
    }
    c.span = {at(begin), at(p)};
    if (p == e) break;
    // The operator (plain_grammar.hpp `list_op`, `final_semi`); `&`, `|&`, `;;`, `;&` are left.
    const char next = p + 1 < e ? p[1] : '\0';
    if (*p == '&') {
      if (next != '&') return false;
      op = "&&";
    } else if (*p == '|') {
      if (next == '&') return false;
      op = next == '|' ? "||" : "|";
    } else {  // `;`: LineClass holds no other byte
      if (next == ';' || next == '&') return false;
      op = ";";
    }
    p = skip_blanks(p + op.size(), e);
    if (p == e && op == ";") break;  // a final `;`
  }
  // The contexts (plain_view.cpp `set_contexts` without a wrapper): `top`, and `pipeline` for a
  // command joined to a neighbour by `|`.
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool piped = out[i].op == "|" || (i + 1 < out.size() && out[i + 1].op == "|");
    auto& ctx = out[i].context;
    ctx = spare::context();
    ctx.reserve(1 + piped);
    ctx.emplace_back(kContextTop);
    if (piped) ctx.emplace_back(kContextPipeline);
  }
  return true;
}

}  // namespace vigie::shell::plain_grammar
