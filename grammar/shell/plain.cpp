// The plain-line fast path (plain.hpp): a PEGTL grammar of simple commands of static words,
// escapes, globs, `$name`, `${…}`, `$((…))`, `$(…)`, `<(…)` and backquotes, assignment prefixes,
// plain redirections and one here-document, `[[ … ]]` tests, joined by `&&`, `||`, `;` and `|`,
// or one subshell, `for` / `while` loop, `if` or `case` (plain_*.hpp), whose actions fill the
// commands view directly, in one pass (the view's functions: plain_view.cpp).
#include "grammar/shell/plain.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_case.hpp"
#include "grammar/shell/plain_grammar.hpp"
#include "grammar/shell/plain_heredoc.hpp"
#include "grammar/shell/plain_if.hpp"
#include "grammar/shell/plain_state.hpp"
#include "grammar/shell/plain_while.hpp"
#include "grammar/shell/plain_words.hpp"
#include "grammar/shell/spare.hpp"

namespace vigie::shell {

namespace plain_grammar {

// Reads one level of substitution, `Body` on `body` (the input itself for `$(…)`, `<(…)` and
// `>(…)`, the backtick body's own input for `…`), its commands' context `label`, refused past
// `Limits::max_depth` before the recursion it bounds.
template <typename Body, pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool read_level(ParseInput& body, State& s, const char* label) {
  // In a loop's redirections (after `done`) a substitution would have no holder here.
  if (s.depth() + 1 > s.max_depth || s.loop_cmd != SIZE_MAX) return false;
  const std::uint32_t holder = s.level().begin;
  Level& l = s.inner.emplace_back();
  l.list = static_cast<std::uint32_t>(s.holder_of.size()) + 1;
  s.holder_of.push_back(holder);
  s.label_of.push_back(label);
  // The words inside are words of their own: the flags of the word holding them, and of the
  // redirection it may be the target of, wait.
  const bool quoted = s.quoted, expansion = s.expansion, glob = s.glob, tilde = s.tilde;
  const std::string_view redir_op = s.redir_op;
  s.quoted = s.expansion = s.glob = s.tilde = false;
  const std::string_view test_op = s.test_op;
  s.test_op = {};
  const bool ok = Control<Body>::template match<A, M, Action, Control>(body, s);
  if (!s.test_op.empty()) s.refused = true;  // the next command is outside: not followed
  s.test_op = test_op;
  s.quoted = quoted;
  s.expansion = expansion;
  s.glob = glob;
  s.tilde = tilde;
  s.redir_op = redir_op;
  s.inner.pop_back();
  return ok;
}

template <typename... R>
template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool nested<R...>::match(ParseInput& in, State& s) {
  return read_level<pg::seq<R...>, A, M, Action, Control>(in, s, "$()");
}

template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool arith_part::match(ParseInput& in, State& s) {
  if (s.depth() + 1 > s.max_depth) return false;
  return Control<arith_expr>::template match<A, M, Action, Control>(in, s);
}

template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool test_clause::match(ParseInput& in, State& s) {
  if (in.size(2) < 2 || in.peek_char(1) != '[' || s.depth() + 1 > s.max_depth) return false;
  return Control<test_body>::template match<A, M, Action, Control>(in, s);
}

template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool procsub_part::match(ParseInput& in, State& s) {
  if (in.size(2) < 2 || in.peek_char(1) != '(') return false;
  const char* label = in.peek_char() == '<' ? "<()" : ">()";
  auto m = in.template mark<M>();  // rewound on failure, as a `seq` is
  in.bump(2);
  if (!read_level<pg::seq<blanks, plain_list>, A, M, Action, Control>(in, s, label))
    return m(false);
  if (in.empty() || in.peek_char() != ')') return m(false);
  in.bump(1);
  return m(true);
}

template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput>
bool braced_part::match(ParseInput& in, State& s) {
  if (s.depth() + 1 > s.max_depth) return false;
  return Control<param_expr>::template match<A, M, Action, Control>(in, s);
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
  if (!read_level<bq_body, A, M, Action, Control>(body, s, "backtick")) return false;
  in.bump(static_cast<std::size_t>(p + 1 - in.current()));
  return true;
}

// A list first: the common line tries nothing else, and a line of the other shapes fails the list
// at its start (`(`, or the reserved word `for` / `if`, before any action but `command_start`'s,
// whose command the next shape reuses).
struct plain_line
    : pg::seq<blanks, pg::sor<plain_list, subshell_line, for_line, if_line, case_line, while_line>,
              pg::opt<heredoc_body>, pg::eof> {};

namespace {  // the actions: internal

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
struct action<glob_part> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    for (char c : std::string_view(in.begin(), in.size())) {
      if (c == '~') {
        s.tilde = true;
      } else {
        s.glob = true;
      }
    }
  }
};
template <>
struct action<param_part> {
  static void apply0(State& s) { s.expansion = true; }
};
template <>
struct action<braced_part> {
  static void apply0(State& s) { s.expansion = true; }
};
template <>
struct action<arith_part> {
  static void apply0(State& s) { s.expansion = true; }
};
template <>
struct action<procsub_part> {
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
    s.cur().argv.reserve(8);
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
    // A `~` after `:` in a value is a tilde prefix, and glob bytes are not a glob there (the value
    // is literal: commands.cpp `fill_view`): left to the full path.
    if (s.tilde || s.glob) s.refused = true;
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
    const bool glob_or_tilde = s.glob || s.tilde;
    fill_word(s, r.target, s.redir_target, offset(s, s.redir_target.data()));
    const std::uint32_t begin = offset(s, in.begin());
    r.span = {begin, begin + static_cast<std::uint32_t>(in.size())};
    if (s.redir_op.size() >= 2 && s.redir_op[1] == '<' && s.redir_op != "<<<") {
      // In `$(…)` the body would be inside the parentheses; an expanded delimiter is unusual.
      // A delimiter with a glob has no literal; one with a `~` is unusual. Inside `$(…)` (one
      // level, not a backtick or `<(…)`) its body ends the substitution's list.
      const bool one_subst =
          s.inner.size() == 1 && std::string_view(s.label_of[s.inner.back().list - 1]) == "$()";
      if ((!s.inner.empty() && !one_subst) || expansion || glob_or_tilde) s.refused = true;
      ++s.heredocs;
      s.strip_tabs = s.redir_op == "<<-";
      r.heredoc_quoted = quoted;  // a quoted delimiter: the body is not expanded
    }
  }
};

// A test lists no command; a command piped to it would have the `pipeline` context in the full
// path, which the order of the view (by the operators of neighbours) cannot give: refused.
template <>
struct action<test_clause> {
  static void apply0(State& s) {
    if (s.level().op == "|") s.refused = true;
    s.after_test = true;
    s.test_op = s.level().op;
  }
};

template <>
struct action<command_start> {
  template <typename Input>
  static bool apply(const Input& in, State& s) {
    // Past the limit of commands the match fails: the line is declined (`refused`), and the
    // full path reports the limit.
    if (s.cmds.size() >= s.max_commands) {
      s.refused = true;
      return false;
    }
    s.after_test = false;
    s.level().begin = offset(s, in.begin());
    // A top-level command that failed to match (after a trailing `;`) read nothing: reuse it.
    if (s.inner.empty() && !s.open) {
      s.top_at = s.cmds.size();
      s.cmds.emplace_back();
      s.open = true;
    }
    return true;
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
    if (!l.op.empty()) {
      c.op = std::string(l.op);  // constructed: `assign` is not inlined
      s.test_op = {};            // the operator of a test before it is replaced
    } else if (!s.test_op.empty() && s.inner.empty()) {
      c.op = std::string(s.test_op);  // a test's operator carried to the next command
      s.test_op = {};
    }
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
// context is the loop's), and their flags are dropped. A loop whose assignments the full path
// lists (commands.cpp `loop_assignments`: a loud name, code, a glob) is left to it.
template <>
struct action<for_open> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.stmt_begin = offset(s, in.begin());
    s.wrapper = "loop";
    s.top.begin = kNoHolder;
  }
};
template <>
struct action<for_var> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    if (!loop_name_quiet(std::string_view(in.begin(), in.size()))) s.refused = true;
  }
};
template <>
struct action<for_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const std::string_view w(in.begin(), in.size());
    if (w.find_first_of("$`") != std::string_view::npos &&
        w.find_first_of("'\"\\") != std::string_view::npos)
      s.refused = true;
    s.loop_code |= w.find_first_of("$`") != std::string_view::npos;
    // `for f in *.py`: a glob item of plain bytes is a word the shell expands, listing the
    // folders it walks (its pattern is its text); one with quotes is left to the full path.
    if (w.find_first_of("*?") != std::string_view::npos) {
      if (w.find_first_of("'\"\\$`") != std::string_view::npos) {
        s.refused = true;
      } else {
        WordView& g = s.loop_globs.emplace_back();
        g.text = std::string(w);
        g.pattern = g.text;
        g.has_glob = true;
        g.span = {offset(s, in.begin()), offset(s, in.end())};
      }
    }
    s.quoted = s.expansion = s.glob = s.tilde = false;
  }
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
// A whole-line `while` / `until` (plain_while.hpp): its condition, as an `if`'s.
template <>
struct action<while_open> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.stmt_begin = offset(s, in.begin());
    s.wrapper = "loop";
    const std::uint32_t at = offset(s, in.end());
    s.conditions.emplace_back(at, at);
  }
};
template <>
struct action<while_do> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.conditions.back().second = offset(s, in.begin());
    s.top.op = {};
  }
};
// The loop's redirections go to a top-level command of their own (the one a failed `done`
// command opened); `plain_commands` puts it first.
template <>
struct action<loop_done> {
  static void apply0(State& s) {
    // A `;` before `done` made the body's list try a command there, which stays open (a second
    // place that appends a command would cost the common line its inlining).
    if (!s.open) s.refused = true;
    s.loop_cmd = s.top_at;
  }
};

// A whole-line `case` (plain_case.hpp): the wrapper, and the first command of each item.
template <>
struct action<case_open> {
  static void apply0(State& s) { s.wrapper = "case"; }
};
template <>
struct action<case_patterns> {
  static void apply0(State& s) { s.top.op = {}; }
};
template <>
struct action<if_after> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.wrapper_end = offset(s, in.begin());
    s.top.op = ";";
  }
};
template <>
struct action<if_else> {
  static void apply0(State& s) { s.top.op = {}; }
};

template <>
struct action<list_op> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.level().op = std::string_view(in.begin(), in.size());
    if (s.after_test && s.level().op == "|") s.refused = true;
    s.after_test = false;
  }
};

}  // namespace

}  // namespace plain_grammar

std::optional<CommandsResult> plain_commands(std::string_view line, const Limits& limits) {
  using namespace plain_grammar;  // NOLINT: the grammar, its state and actions
  if (line.size() > limits.max_bytes) return std::nullopt;  // the full path reports the limit
  if (std::vector<CommandView> words = spare::commands();
      plain_words(line, words, limits.max_commands)) {
    std::optional<CommandsResult> r(std::in_place);
    r->ok = true;
    r->commands = std::move(words);
    return r;
  } else {
    spare::give(std::move(words));
  }
  State s;
  s.source = line.data();
  s.max_depth = limits.max_depth;
  s.max_commands = limits.max_commands;
  s.cmds.reserve(4);
  pg::memory_input<pg::tracking_mode::lazy> in(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line, action>(in, s) || s.refused) return std::nullopt;
  // The loop's redirections (the last command: nothing after them opens one): a command first
  // in the view, spanning the loop (commands.cpp).
  const bool loop_redirects = s.loop_cmd != SIZE_MAX && !s.cmds[s.loop_cmd].redirects.empty();
  if (loop_redirects) {
    CommandView& c = s.cmds[s.loop_cmd];
    c.span = {s.stmt_begin, c.redirects.back().span.end};
    s.open = false;
  }
  if (s.open) s.cmds.pop_back();  // the last top-level command that did not match
  if (!s.list_of.empty()) s.list_of.resize(s.cmds.size(), 0);
  if (loop_redirects) {
    std::rotate(s.cmds.begin(), s.cmds.end() - 1, s.cmds.end());
    if (!s.list_of.empty()) std::rotate(s.list_of.begin(), s.list_of.end() - 1, s.list_of.end());
  }
  // A here-document without its body (the line ended), or in a subshell (its body would follow
  // the `)`): the full path reads or reports it.
  if (s.heredocs > 0 && (s.wrapper || !s.heredoc_read)) return std::nullopt;
  if (s.wrapper && limits.max_depth < 1) return std::nullopt;  // the full path reports it
  if (s.list_of.empty()) {
    set_contexts(s);
  } else {
    auto ordered = in_source_order(s);
    if (!ordered) return std::nullopt;
    s.cmds = std::move(*ordered);
  }
  if (loop_redirects) s.cmds[0].context.resize(1);  // `top`: outside the loop
  if (!s.loop_globs.empty()) {
    // On the body's first command, as the full path does (commands.cpp `take_globs`): after
    // the loop's redirections and, were an item code, its substitutions (left to the full path).
    const std::size_t body = loop_redirects ? 1 : 0;
    if (s.loop_code || body >= s.cmds.size()) return std::nullopt;
    s.cmds[body].glob_words = std::move(s.loop_globs);
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
