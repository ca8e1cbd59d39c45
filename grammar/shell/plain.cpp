// The plain-line fast path (plain.hpp): a PEGTL grammar of simple commands of static words,
// escapes, `$name`, `$(…)` and backquotes, assignment prefixes, plain redirections and one
// here-document, joined by `&&`, `||`, `;` and `|`, or one subshell, `for` loop or `if`
// (plain_if.hpp), whose actions fill the commands view directly, in one pass.
#include "grammar/shell/plain.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_grammar.hpp"
#include "grammar/shell/plain_if.hpp"

namespace vigie::shell {

namespace plain_grammar {

// ----- the actions: the commands view -----

// One list being read: the top of the line, or the inside of a `$(…)`.
struct Level {
  CommandView cur;          // the command being read (in `$(…)`)
  std::string_view op;      // the operator before the next command
  std::uint32_t begin = 0;  // where the command being read starts
  std::uint32_t list = 0;   // the list's number: 0 for the top
};

struct State {
  std::vector<CommandView> cmds;  // as each command ends: a command after those in its words
  const char* source = nullptr;
  unsigned max_depth = 0;
  Level top;
  std::vector<Level> inner;  // the levels of `$(…)` being read, innermost last
  // With `$(…)`: the list of every command (when not all 0), and the start of the command
  // holding each list N > 0 at N - 1 (the top, list 0, has none).
  std::vector<std::uint32_t> list_of, holder_of;
  std::vector<char> backtick_of;  // list N > 0 at N - 1 is a backtick body
  std::string_view redir_op;      // the last redirection's operator and target, read by its action
  std::string_view redir_target;
  bool quoted = false;            // the word just read has a quoted part
  bool expansion = false;         // the word just read has a `$name` or `$(…)`
  const char* wrapper = nullptr;  // "subshell", "loop" or "if": the line is one of them
  // The conditions of an `if`, [begin, end) offsets: a top-level command starting inside one
  // has the `condition` context.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> conditions;
  int heredocs = 0;         // here-documents opened (at most one, on the top level)
  bool strip_tabs = false;  // `<<-`
  bool heredoc_read = false;
  bool refused = false;  // a command word the full grammar reads otherwise
  bool open = false;     // the top level's command at `top_at` is being read
  std::size_t top_at = 0;

  Level& level() { return inner.empty() ? top : inner.back(); }
  // The command being read: on the top level it is read in place, at `top_at` in the view.
  CommandView& cur() { return inner.empty() ? cmds[top_at] : inner.back().cur; }
  unsigned depth() const { return static_cast<unsigned>(inner.size()) + (wrapper != nullptr); }
};

// Reads one level of substitution, `Body` on `body` (the input itself for `$(…)`, the backtick
// body's own input for `…`), refused past `Limits::max_depth` before the recursion it bounds.
template <typename Body, pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool read_level(ParseInput& body, State& s, bool backtick) {
  if (s.depth() + 1 > s.max_depth) return false;
  const std::uint32_t holder = s.level().begin;
  Level& l = s.inner.emplace_back();
  l.list = static_cast<std::uint32_t>(s.holder_of.size()) + 1;
  s.holder_of.push_back(holder);
  s.backtick_of.push_back(backtick);
  // The words inside are words of their own: the flags of the word holding them, and of the
  // redirection it may be the target of, wait.
  const bool quoted = s.quoted, expansion = s.expansion;
  const std::string_view redir_op = s.redir_op;
  s.quoted = s.expansion = false;
  const bool ok = Control<Body>::template match<A, M, Action, Control>(body, s);
  s.quoted = quoted;
  s.expansion = expansion;
  s.redir_op = redir_op;
  s.inner.pop_back();
  return ok;
}

template <typename... R>
template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool nested<R...>::match(ParseInput& in, State& s) {
  return read_level<pg::seq<R...>, A, M, Action, Control>(in, s, false);
}

struct bq_body : pg::seq<blanks, plain_list, pg::eof> {};

template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool bq_part::match(ParseInput& in, State& s) {
  if (in.empty() || in.peek_char() != '`') return false;
  const char* b = in.current() + 1;
  const char* e = in.end();
  const char* p = b;
  for (; p < e && *p != '`'; ++p) {
    if (*p == '\\' || *p == '$') return false;  // the full path unescapes or expands
  }
  if (p == e) return false;  // unterminated: the full path reports it
  pg::memory_input<pg::tracking_mode::lazy> body(b, p, "backtick");
  if (!read_level<bq_body, A, M, Action, Control>(body, s, true)) return false;
  in.bump(static_cast<std::size_t>(p + 1 - in.current()));
  return true;
}

// After the line, the body of its here-document (grammar.hpp `newline_tok`): the lines after the
// newline up to the one equal to the delimiter (after leading tabs with `<<-`), which must end
// the input. An unquoted body with `$`, a backquote (expansions) or `\` (a line ending in `\`
// joins the next one) is left to the full path.
struct heredoc_body {
  using rule_t = heredoc_body;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s) {
    if (s.heredocs != 1 || in.empty() || in.peek_char() != '\n') return false;
    RedirectView* h = nullptr;
    for (auto& c : s.cmds) {
      for (auto& r : c.redirects) {
        if (r.op == "<<" || r.op == "<<-") h = &r;
      }
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
      if (std::string_view(t, static_cast<std::size_t>(eol - t)) == delim) {
        std::string_view text(body, static_cast<std::size_t>(p - body));
        if (!r.heredoc_quoted && text.find_first_of("$`\\") != std::string_view::npos) return false;
        r.heredoc_body.emplace(text);
        s.heredoc_read = true;
        in.bump(static_cast<std::size_t>((eol < e ? eol + 1 : eol) - in.current()));
        return true;
      }
      p = eol < e ? eol + 1 : eol;
    }
    return false;  // not terminated: the full path reports it
  }
};

// A list first: the common line tries nothing else, and a line of the other shapes fails the list
// at its start (`(`, or the reserved word `for` / `if`, before any action but `command_start`'s,
// whose command the next shape reuses).
struct plain_line : pg::seq<blanks, pg::sor<plain_list, subshell_line, for_line, if_line>,
                            pg::opt<heredoc_body>, pg::eof> {};

namespace {  // the actions and the order of the view: internal

std::uint32_t offset(const State& s, const char* at) {
  return static_cast<std::uint32_t>(at - s.source);
}

// The view of a word of the grammar above: with an expansion it has neither literal nor pattern;
// else its value is its text without the quotes (no part of it is a glob, a tilde or a brace),
// literal and pattern alike.
void fill_word(State& s, WordView& v, std::string_view text, std::uint32_t begin) {
  // Assigned into the fresh, empty string (cheaper than constructing one and moving it in).
  v.text.assign(text.data(), text.size());
  v.span = {begin, begin + static_cast<std::uint32_t>(text.size())};
  if (s.expansion) {  // no literal, no pattern (commands.cpp)
    v.has_expansion = true;
    s.expansion = s.quoted = false;
    return;
  }
  if (!s.quoted) {  // its value is its text, stored once
    v.literal.same_as_text();
    v.pattern.same_as_text();
    return;
  }
  s.quoted = false;
  // Quote removal by runs: "…" holds no `\` here (DqClass), and a word with an expansion has
  // returned above.
  std::string value;
  value.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\'' || c == '"') {
      const std::size_t close = text.find(c, i + 1);  // the grammar matched it
      value.append(text.substr(i + 1, close - i - 1));
      i = close + 1;
    } else if (c == '\\') {  // an escape: the byte after it
      value += text[i + 1];
      i += 2;
    } else {
      const std::size_t next = std::min(text.find_first_of("'\"\\", i), text.size());
      value.append(text.substr(i, next - i));
      i = next;
    }
  }
  v.pattern.emplace(value);
  v.literal.emplace(std::move(value));
}

template <typename Rule>
struct action : pg::nothing<Rule> {};

// A quoted part marks its word: the word's action (below, always the next to run) copies it
// without the quotes.
template <>
struct action<sq_part> {
  static void apply0(State& s) { s.quoted = true; }
};
template <>
struct action<esc_part> {
  static void apply0(State& s) { s.quoted = true; }
};
template <>
struct action<dq_part> {
  static void apply0(State& s) { s.quoted = true; }
};
template <>
struct action<param_part> {
  static void apply0(State& s) { s.expansion = true; }
};
template <>
struct action<subst_part> {
  static void apply0(State& s) { s.expansion = true; }
};
template <>
struct action<bq_part> {
  static void apply0(State& s) { s.expansion = true; }
};

template <>
struct action<cmd_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    std::string_view w(in.begin(), in.size());
    s.cur().argv.reserve(4);
    fill_word(s, s.cur().argv.emplace_back(), w, offset(s, in.begin()));
  }
};

template <>
struct action<arg_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    fill_word(s, s.cur().argv.emplace_back(), std::string_view(in.begin(), in.size()),
              offset(s, in.begin()));
  }
};

template <>
struct action<assignment> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    std::string_view t(in.begin(), in.size());
    const std::size_t eq = t.find('=');  // the name holds no `=`
    const bool append = t[eq - 1] == '+';
    const std::uint32_t begin = offset(s, in.begin());
    AssignView& a = s.cur().assigns.emplace_back();
    a.name = std::string(t.substr(0, append ? eq - 1 : eq));
    a.append = append;
    a.span = {begin, begin + static_cast<std::uint32_t>(t.size())};
    if (eq + 1 < t.size()) {
      fill_word(s, a.value, t.substr(eq + 1), begin + static_cast<std::uint32_t>(eq + 1));
    } else {  // `name=`: an empty value, as the full path gives it
      a.value.literal.emplace();
      a.value.pattern.emplace();
    }
  }
};

template <>
struct action<redir_op> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.redir_op = std::string_view(in.begin(), in.size());
  }
};

template <>
struct action<redir_target> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.redir_target = std::string_view(in.begin(), in.size());
  }
};

template <>
struct action<redirect> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    auto& redirects = s.cur().redirects;
    redirects.reserve(2);  // `> out.log 2>&1`
    RedirectView& r = redirects.emplace_back();
    r.op = std::string(s.redir_op);
    const auto digits = static_cast<std::size_t>(s.redir_op.data() - in.begin());
    if (digits > 0) {  // lower.cpp: an fd of more than 6 digits reads as 999999
      r.fd = digits > 6 ? 999999 : std::stoi(std::string(in.begin(), digits));
    } else {
      const char c = s.redir_op[0];
      r.fd = (c == '<') ? 0 : 1;  // every operator starting with `<` reads (commands.cpp)
    }
    const bool quoted = s.quoted;
    const bool expansion = s.expansion;
    fill_word(s, r.target, s.redir_target, offset(s, s.redir_target.data()));
    const std::uint32_t begin = offset(s, in.begin());
    r.span = {begin, begin + static_cast<std::uint32_t>(in.size())};
    if (s.redir_op.size() >= 2 && s.redir_op[1] == '<' && s.redir_op != "<<<") {
      // In `$(…)` the body would be inside the parentheses; an expanded delimiter is unusual.
      if (!s.inner.empty() || expansion) s.refused = true;
      ++s.heredocs;
      s.strip_tabs = s.redir_op == "<<-";
      r.heredoc_quoted = quoted;  // a quoted delimiter: the body is not expanded
    }
  }
};

template <>
struct action<command_start> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.level().begin = offset(s, in.begin());
    // A top-level command that failed to match (after a trailing `;`) read nothing: reuse it.
    if (s.inner.empty() && !s.open) {
      s.top_at = s.cmds.size();
      s.cmds.emplace_back();
      s.open = true;
    }
  }
};

// A command ends: its view goes to the list, after the commands of its `$(…)`.
template <>
struct action<command> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    Level& l = s.level();
    CommandView* cp = nullptr;
    if (s.inner.empty()) {
      cp = &s.cmds[s.top_at];
      s.open = false;
    } else {
      cp = &s.cmds.emplace_back(std::move(l.cur));
      l.cur = CommandView();
    }
    CommandView& c = *cp;
    if (!l.op.empty()) c.op = std::string(l.op);  // constructed: `assign` is not inlined
    const std::uint32_t begin = offset(s, in.begin());
    c.span = {begin, begin + static_cast<std::uint32_t>(in.size())};
    if (s.inner.empty()) {
      if (!s.list_of.empty()) s.list_of.resize(s.cmds.size(), 0);  // list 0 at `top_at`
    } else {
      s.list_of.resize(s.cmds.size() - 1, 0);
      s.list_of.push_back(l.list);
    }
  }
};

template <>
struct action<subshell_open> {
  static void apply0(State& s) { s.wrapper = "subshell"; }
};
// The words of a `for` loop are not in the view: their `$(…)` have no command holding them (their
// context is the loop's), and their flags are dropped.
constexpr std::uint32_t kNoHolder = UINT32_MAX;
template <>
struct action<for_open> {
  static void apply0(State& s) {
    s.wrapper = "loop";
    s.top.begin = kNoHolder;
  }
};
template <>
struct action<for_word> {
  static void apply0(State& s) { s.quoted = s.expansion = false; }
};

// A whole-line `if`: its conditions, and the first command of each list, which has no operator.
template <>
struct action<if_open> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.wrapper = "if";
    const std::uint32_t at = offset(s, in.end());
    s.conditions.emplace_back(at, at);
  }
};
template <>
struct action<if_elif> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const std::uint32_t at = offset(s, in.end());
    s.conditions.emplace_back(at, at);
    s.top.op = {};
  }
};
template <>
struct action<if_then> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.conditions.back().second = offset(s, in.begin());
    s.top.op = {};
  }
};
template <>
struct action<if_else> {
  static void apply0(State& s) { s.top.op = {}; }
};

bool in_condition(const State& s, std::uint32_t at) {
  for (const auto& [b, e] : s.conditions)
    if (at >= b && at < e) return true;
  return false;
}

template <>
struct action<list_op> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.level().op = std::string_view(in.begin(), in.size());
  }
};

// The contexts of a top-level command: `top`, the line's wrapper (`subshell`, `loop`, `if`), and
// `condition` in the condition of an `if`.
void top_contexts(const State& s, std::vector<std::string>& ctx, std::uint32_t begin, bool piped) {
  const bool cond = !s.conditions.empty() && in_condition(s, begin);
  ctx.reserve(1 + (s.wrapper != nullptr) + cond + piped);
  ctx.emplace_back("top");
  if (s.wrapper) ctx.emplace_back(s.wrapper);
  if (cond) ctx.emplace_back("condition");
}

// The contexts of the commands of one list, in order: those of the top level, then `pipeline`
// for a command joined to a neighbour by `|`.
void set_contexts(State& s) {
  auto& cmds = s.cmds;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    bool piped = cmds[i].op == "|" || (i + 1 < cmds.size() && cmds[i + 1].op == "|");
    auto& ctx = cmds[i].context;
    top_contexts(s, ctx, cmds[i].span.begin, piped);
    if (piped) ctx.emplace_back("pipeline");
  }
}

// With `$(…)`: the commands in the order of the full path's walk (commands.cpp), each before the
// commands of its words, which is the order of their first bytes; a command of a `$(…)` has the
// context of the command holding it, then `$()`, then `pipeline` when piped in its own list.
std::optional<std::vector<CommandView>> in_source_order(State& s) {
  const std::size_t n = s.cmds.size();
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return s.cmds[a].span.begin < s.cmds[b].span.begin;
  });
  std::vector<CommandView> out;
  out.reserve(n);
  std::vector<std::uint32_t> list(n), last(s.holder_of.size() + 1, UINT32_MAX);
  std::vector<char> piped(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    out.push_back(std::move(s.cmds[order[k]]));
    list[k] = s.list_of[order[k]];
    if (out[k].op == "|") {
      piped[k] = 1;
      if (last[list[k]] != UINT32_MAX) piped[last[list[k]]] = 1;
    }
    last[list[k]] = static_cast<std::uint32_t>(k);
  }
  for (std::size_t k = 0; k < n; ++k) {
    auto& ctx = out[k].context;
    if (list[k] == 0) {
      top_contexts(s, ctx, out[k].span.begin, piped[k]);
    } else if (s.holder_of[list[k] - 1] == kNoHolder) {  // in a word of a `for` loop
      ctx.emplace_back("top");
      ctx.emplace_back(s.wrapper);
      ctx.emplace_back(s.backtick_of[list[k] - 1] ? "backtick" : "$()");
    } else {  // the holder starts before: its context is set
      const std::uint32_t at = s.holder_of[list[k] - 1];
      auto holder =
          std::lower_bound(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k), at,
                           [](const CommandView& c, std::uint32_t b) { return c.span.begin < b; });
      if (holder == out.begin() + static_cast<std::ptrdiff_t>(k) || holder->span.begin != at) {
        return std::nullopt;  // no holder: cannot happen; the full path decides
      }
      ctx = holder->context;
      ctx.emplace_back(s.backtick_of[list[k] - 1] ? "backtick" : "$()");
    }
    if (piped[k]) ctx.emplace_back("pipeline");
  }
  return out;
}

}  // namespace

}  // namespace plain_grammar

std::optional<CommandsResult> plain_commands(std::string_view line, const Limits& limits) {
  using namespace plain_grammar;  // NOLINT: the grammar, its state and actions
  if (line.size() > limits.max_bytes) return std::nullopt;  // the full path reports the limit
  State s;
  s.source = line.data();
  s.max_depth = limits.max_depth;
  s.cmds.reserve(4);
  pg::memory_input<pg::tracking_mode::lazy> in(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line, action>(in, s) || s.refused) return std::nullopt;
  // A here-document without its body (the line ended), or in a subshell (its body would follow
  // the `)`): the full path reads or reports it.
  if (s.open) s.cmds.pop_back();  // the last top-level command that did not match
  if (!s.list_of.empty()) s.list_of.resize(s.cmds.size(), 0);
  if (s.heredocs > 0 && (s.wrapper || !s.heredoc_read)) return std::nullopt;
  if (s.wrapper && limits.max_depth < 1) return std::nullopt;  // the full path reports it
  if (s.list_of.empty()) {
    set_contexts(s);
  } else {
    auto ordered = in_source_order(s);
    if (!ordered) return std::nullopt;
    s.cmds = std::move(*ordered);
  }
  std::optional<CommandsResult> r(std::in_place);
  r->ok = true;
  r->commands = std::move(s.cmds);
  return r;
}

CommandsResult parse_commands(std::string_view src, const Limits& limits) {
  try {  // past the size limit the fast path declines and the full path reports it
    if (auto fast = plain_commands(src, limits)) return std::move(*fast);
  } catch (const std::exception&) {  // out of memory: an error, as the full path reports it
    CommandsResult r;
    r.errors.push_back(ParseError{1, 1, 0, "out of memory", false});
    return r;
  }
  return parse_commands_full(src, limits);
}

}  // namespace vigie::shell
