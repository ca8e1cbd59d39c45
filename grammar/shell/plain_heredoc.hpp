// The here-document body of the plain-line fast path (plain.cpp): read after the line, an
// unquoted one only when it runs no command.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_HEREDOC_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_HEREDOC_HPP

#include <string_view>

#include <tao/pegtl.hpp>

#include "grammar/shell/heredoc_lines.hpp"
#include "grammar/shell/plain_grammar.hpp"
#include "grammar/shell/plain_state.hpp"

namespace vigie::shell::plain_grammar {

// An unquoted here-document body the fast path reads: no backquote, no `\` (a line ending in `\`
// joins the next one), and a `$` only before a name (`$NAME`: an expansion that runs no
// command; the full path parses such a body one level deeper: `deeper` says it may).
inline bool plain_body(std::string_view text, bool deeper) {
  if (text.find_first_of("`\\") != std::string_view::npos) return false;
  for (std::size_t i = text.find('$'); i != std::string_view::npos; i = text.find('$', i + 1)) {
    if (!deeper || i + 1 == text.size()) return false;
    const char c = text[i + 1];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
  }
  return true;
}

// After the line, the body of its here-document (grammar.hpp `newline_tok`): the lines after the
// newline up to the one equal to the delimiter (after leading tabs with `<<-`), which must end
// the input. An unquoted body that `plain_body` refuses is left to the full path.
// Inside `$(…)` (grammar.hpp `subst_list`) only a here-document opened there is read, and a body
// line bash would end it at (`ends_body_in_subst`: `EOF)`) leaves the line to the full path.
struct heredoc_body {
  using rule_t = heredoc_body;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s) {
    if (s.heredocs != 1 || s.heredoc_read || in.empty() || in.peek_char() != '\n') return false;
    RedirectView* h = nullptr;
    std::size_t holder = 0;  // the index of its command
    for (std::size_t i = 0; i < s.cmds.size(); ++i) {
      for (auto& r : s.cmds[i].redirects) {
        if (r.op == "<<" || r.op == "<<-") {
          h = &r;
          holder = i;
        }
      }
    }
    // No here-document among the commands kept (its command was dropped), or a delimiter that
    // is not static: the full path decides.
    if (!h || !h->target.literal) return false;
    const bool in_subst = !s.inner.empty();
    if (in_subst && (holder >= s.list_of.size() || s.list_of[holder] != s.inner.back().list)) {
      return false;  // opened outside: bash reads it after the substitution
    }
    RedirectView& r = *h;
    const std::string_view delim = *r.target.literal;
    const char* body = in.current() + 1;
    const char* e = in.end();
    for (const char* p = body; p < e;) {
      const char* eol = p;
      while (eol < e && *eol != '\n') ++eol;
      const char* t = p;
      if (s.strip_tabs) {
        while (t < eol && *t == '\t') ++t;
      }
      const std::string_view line(t, static_cast<std::size_t>(eol - t));
      if (line == delim) {
        std::string_view text(body, static_cast<std::size_t>(p - body));
        if (!r.heredoc_quoted && !plain_body(text, s.depth() + 1 <= s.max_depth)) return false;
        r.heredoc_body.emplace(text);
        s.heredoc_read = true;
        in.bump(static_cast<std::size_t>((eol < e ? eol + 1 : eol) - in.current()));
        return true;
      }
      if (in_subst && ends_body_in_subst(line, delim)) return false;
      p = eol < e ? eol + 1 : eol;
    }
    return false;  // not terminated: the full path reports it
  }
};

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_HEREDOC_HPP
