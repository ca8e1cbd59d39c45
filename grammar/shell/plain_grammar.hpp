// The grammar of the plain-line fast path (plain.cpp): PEGTL rules of simple commands of static
// words, quotes, escapes, `$name`, `$(…)` and backquotes, assignment prefixes, plain
// redirections, here-documents, lists, a whole-line subshell or `for` loop (the whole-line `if`
// is in plain_if.hpp), the words `[` and `]`, and the reserved
// command words. The rules that need the parse state (`nested`, `bq_part`) are declared here and
// defined in plain.cpp, with the actions that fill the commands view.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_GRAMMAR_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_GRAMMAR_HPP

#include <array>
#include <cstddef>
#include <string_view>

#include <tao/pegtl.hpp>

#include "grammar/shell/plain_arith.hpp"
#include "grammar/shell/plain_bytes.hpp"
#include "grammar/shell/plain_dbracket.hpp"
#include "grammar/shell/plain_param.hpp"
#include "grammar/shell/plain_procsub.hpp"

namespace vigie::shell::plain_grammar {

namespace pg = tao::pegtl;

using plain_bytes::DqClass;
using plain_bytes::GlobClass;
using plain_bytes::LitClass;
using plain_bytes::NameClass;
using plain_bytes::NameStartClass;
using plain_bytes::run_of;
using plain_bytes::SqClass;
using plain_bytes::WordEndClass;
using plain_bytes::WordPartClass;

// ----- the grammar -----

struct blank : pg::one<' ', '\t'> {};
struct blanks : pg::star<blank> {};

struct State;
struct plain_list;

// One level of `$(…)` (grammar.hpp `nested`): refused past `Limits::max_depth` (the full path
// reports it), before the recursion it bounds.
template <typename... R>
struct nested {
  using rule_t = nested;
  using subs_t = pg::type_list<R...>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};

// A word: unquoted runs, quoted strings, `$name` and `$(…)` of plain commands, as grammar.hpp's
// `word` without its other expansions, escapes, globs, braces, tildes and comments.
// `[a-zA-Z_][a-zA-Z0-9_]*`, read with the tables of plain_bytes.hpp.
struct name {
  using rule_t = name;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* b = in.current();
    const char* e = in.end();
    if (b == e || !run_of<NameStartClass>::kIn[static_cast<unsigned char>(*b)]) return false;
    const char* p = b + 1;
    while (p < e && run_of<NameClass>::kIn[static_cast<unsigned char>(*p)]) ++p;
    in.bump(static_cast<std::size_t>(p - b));
    return true;
  }
};
struct param_part : pg::seq<pg::one<'$'>, name> {};
// Its list may end with the body of its here-document (`$(cat <<'EOF'` / body / `EOF` / `)`).
struct heredoc_body;
struct subst_part : pg::seq<pg::one<'$'>, pg::one<'('>, pg::not_at<pg::one<'('>>,
                            nested<blanks, plain_list, pg::opt<heredoc_body>>, pg::one<')'>> {};
// `…` of plain commands (grammar.hpp `backtick`, whose body lower.cpp parses again after
// unescaping): the body is the bytes up to the next backquote. One without `\` (its
// unescaping is then the identity, its spans those of the source) or `$` is read as the inside
// of `$(…)` is, with the `backtick` context.
struct bq_part {
  using rule_t = bq_part;
  using subs_t = pg::type_list<blanks, plain_list>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  static bool match(ParseInput& in, State& s);
};
struct lit_part : run_of<LitClass> {};
// Unquoted `*`, `?` (a glob) and `~` (literal past the word's first byte): `word` tries it only
// after another part when the run starts with `~`; its action marks the word.
struct glob_part : run_of<GlobClass> {};
// A word that is only `[` or `]` (`test`'s brackets, `[ -f x ]`): literal in the full path, as
// its glob needs a bracket expression. Tried only at the start of a word, which must follow a
// blank or start the input (`a[`, `\&[` are one word; `;[` is left to the full path).
struct bracket_part {
  using rule_t = bracket_part;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/) {
    const char* p = in.current();
    const char* b = in.begin();
    // After a blank that is not escaped (an escaped `\\` before it refuses too), or first.
    if (p != b && ((p[-1] != ' ' && p[-1] != '\t') || (p - 1 != b && p[-2] == '\\'))) return false;
    if (in.size(2) >= 2 && std::string_view(" \t;").find(p[1]) == std::string_view::npos)
      return false;
    in.bump(1);
    return true;
  }
};
// `\x` outside quotes (grammar.hpp `escape_seq`): the byte, quoted; `\` before a newline (a line
// continuation) or at the end is left to the full path.
struct esc_part : pg::seq<pg::one<'\\'>, pg::not_one<'\n'>> {};
struct sq_part : pg::seq<pg::one<'\''>, pg::opt<run_of<SqClass>>, pg::one<'\''>> {};
struct dq_part
    : pg::seq<pg::one<'"'>,
              pg::star<pg::sor<run_of<DqClass>, param_part, braced_part, arith_part, subst_part>>,
              pg::one<'"'>> {};
// `plus<sor<lit_part, sq_part, dq_part, esc_part, param_part, subst_part, bq_part>>` or a
// `bracket_part`, each part
// tried only at the byte it can start with (a word no longer tries every part where it ends).
struct word {
  using rule_t = word;
  using subs_t =
      pg::type_list<lit_part, sq_part, dq_part, esc_part, param_part, subst_part, bq_part,
                    bracket_part, glob_part, arith_part, procsub_part, braced_part>;
  template <pg::apply_mode A, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    constexpr auto R = pg::rewind_mode::required;
    bool any = false;
    // The commonest word, a literal run before a byte that ends it, without the loop; any other
    // word goes on from the run's end (lit_part has no action: skipping it changes nothing).
    {
      const char* b = in.current();
      const char* e = in.end();
      const char* p = b;
      while (p < e && run_of<LitClass>::kIn[static_cast<unsigned char>(*p)]) ++p;
      if (p != b) {
        in.bump(static_cast<std::size_t>(p - b));
        if (p == e || run_of<WordEndClass>::kIn[static_cast<unsigned char>(*p)]) return true;
        any = true;
      }
    }
    while (!in.empty()) {
      bool ok = false;
      switch (in.peek_char()) {
        case '\'':
          ok = Control<sq_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '"':
          ok = Control<dq_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '\\':
          ok = Control<esc_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '$':
          ok = Control<param_part>::template match<A, R, Action, Control>(in, st...) ||
               Control<braced_part>::template match<A, R, Action, Control>(in, st...) ||
               Control<arith_part>::template match<A, R, Action, Control>(in, st...) ||
               Control<subst_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '`':
          ok = Control<bq_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '[':
        case ']':
          ok = !any && Control<bracket_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '~':  // a tilde prefix at the word's start
          ok = any && Control<glob_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '*':
        case '?':
          ok = Control<glob_part>::template match<A, R, Action, Control>(in, st...);
          break;
        case '<':
        case '>':
          ok = Control<procsub_part>::template match<A, R, Action, Control>(in, st...);
          break;
        default:
          ok = Control<lit_part>::template match<A, R, Action, Control>(in, st...);
      }
      if (!ok) break;
      any = true;
    }
    return any;
  }
};

// Redirections, as grammar.hpp's `redirect` without here-documents (`<<`, `<<-`), process
// substitutions and `{name}` descriptors; the operators in the same order.
struct redir_fd : pg::seq<pg::plus<pg::digit>, pg::at<pg::one<'<', '>'>>> {};
// `<<` and `<<-` open a here-document (grammar.hpp tries `heredoc_redir` first): its body is
// read by `heredoc_body` after the line.
struct heredoc_op
    : pg::sor<TAO_PEGTL_STRING("<<-"), pg::seq<TAO_PEGTL_STRING("<<"), pg::not_at<pg::one<'<'>>>> {
};
struct redir_op : pg::sor<heredoc_op, TAO_PEGTL_STRING("&>>"), TAO_PEGTL_STRING("&>"),
                          TAO_PEGTL_STRING("<<<"), TAO_PEGTL_STRING("<>"), TAO_PEGTL_STRING("<&"),
                          TAO_PEGTL_STRING(">>"), TAO_PEGTL_STRING(">|"), TAO_PEGTL_STRING(">&"),
                          pg::seq<pg::one<'<'>, pg::not_at<pg::one<'<', '('>>>,
                          pg::seq<pg::one<'>'>, pg::not_at<pg::one<'('>>>> {};
struct redir_target : word {};
struct redirect : pg::seq<pg::opt<redir_fd>, redir_op, blanks, redir_target> {};
// Tried only at a byte a redirection can start with (grammar.hpp `redirect_guarded`).
struct redirect_guarded : pg::seq<pg::at<pg::sor<pg::one<'<', '>', '&'>, pg::digit>>, redirect> {};

// `name=value` / `name+=value` before the command word (grammar.hpp `assignment`, without
// subscripts and arrays).
struct assign_head : pg::seq<name, pg::opt<pg::one<'+'>>, pg::one<'='>> {};
struct assignment : pg::seq<assign_head, pg::opt<word>> {};

// One simple command: prefixes (redirections, assignments), then the command word and its
// arguments and redirections, each followed by blanks (its span ends at the operator after it,
// as in the full path).
struct prefix_elem : pg::sor<redirect_guarded, assignment> {};
// A command word the full path reads otherwise fails here (so `; done` ends a loop's body).
struct reserved {
  using rule_t = reserved;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... /*unused*/);
};
struct cmd_word : pg::seq<pg::not_at<reserved>, word> {};
struct arg_word : word {};
struct cmd_rest : pg::seq<cmd_word, blanks, pg::star<pg::sor<redirect_guarded, arg_word>, blanks>> {
};
struct command_start : pg::success {};
struct command
    : pg::seq<command_start,
              pg::sor<pg::seq<pg::plus<prefix_elem, blanks>, pg::opt<cmd_rest>>, cmd_rest>> {};

// The list and pipeline operators between commands (`&`, `|&`, `;;`, `;&` and newlines are left
// to the full path: a context, a case terminator, here-documents).
struct list_op : pg::sor<TAO_PEGTL_STRING("&&"), TAO_PEGTL_STRING("||"),
                         pg::seq<pg::one<';'>, pg::not_at<pg::one<';', '&'>>>,
                         pg::seq<pg::one<'|'>, pg::not_at<pg::one<'&'>>>> {};
struct final_semi : pg::seq<pg::one<';'>, pg::not_at<pg::one<';', '&'>>> {};
// Commands (or `[[ … ]]` tests, plain_dbracket.hpp) joined by operators, each operator followed
// by one, then an optional `;`.
struct list_elem : pg::sor<test_clause, command> {};
struct plain_list
    : pg::seq<list_elem, pg::star<list_op, blanks, list_elem>, pg::opt<final_semi, blanks>> {};
// A whole line in one subshell, `(cd web && npm test)`: its commands have the `subshell` context.
// A subshell elsewhere (after an operator, with redirections) is left to the full path.
struct subshell_open : pg::one<'('> {};
struct subshell_line : pg::seq<subshell_open, blanks, plain_list, pg::one<')'>, blanks> {};

// A whole line that is one `for` loop, `for f in *.py; do wc -l $f; done`: the commands of its
// body and of its words (`$(…)`) have the `loop` context; the name and the words are not in the
// view, so a word may hold globs. The full path lists the loop's assignments when they may matter
// (commands.cpp `loop_assignments`: a name other than lowercase letters and digits, or a quoted
// word holding `$` or a backquote): those loops, other forms (`for f; do`, newlines,
// `for ((…))`) and a loop elsewhere are left to the full path.
struct GlobLitClass {
  static constexpr std::string_view kBytes =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,-=*?";
  static constexpr bool kExcept = false, kHigh = true;
};
struct for_word : pg::plus<pg::sor<run_of<GlobLitClass>, sq_part, dq_part, esc_part, param_part,
                                   subst_part, bq_part>> {};
// `done` and the loop's redirections (plain_while.hpp).
struct loop_done : TAO_PEGTL_STRING("done") {};
struct loop_tail : pg::seq<loop_done, blanks, pg::star<redirect_guarded, blanks>> {};
// With its blank: its action marks the line a loop, and a line that starts so cannot be read
// otherwise (`for` is a reserved command word), while `format x` must not be marked.
struct for_open : pg::seq<TAO_PEGTL_STRING("for"), pg::plus<blank>> {};
struct for_var : name {};
struct for_line : pg::seq<for_open, for_var, pg::plus<blank>, TAO_PEGTL_STRING("in"),
                          pg::plus<blank>, pg::star<for_word, blanks>, pg::one<';'>, blanks,
                          TAO_PEGTL_STRING("do"), pg::plus<blank>, plain_list, loop_tail> {};

// Command words the full path reads otherwise: the reserved words of grammar.hpp (`kw_*`, which
// open a compound command or a `time` pipeline), `coproc`, and `let`, whose arguments are
// arithmetic that validate_ast.cpp checks.
inline constexpr std::array<std::string_view, 18> kSpecialFirst = {
    "if",    "then",  "else", "elif",     "fi",     "do",   "done", "case",   "esac",
    "while", "until", "for",  "function", "select", "time", "in",   "coproc", "let"};

// `kSpecialFirst` by its words' length, first and last bytes, which tell them apart: one probe.
constexpr std::size_t special_slot(std::string_view w) {
  return (static_cast<unsigned char>(w[0]) + static_cast<unsigned char>(w.back()) * 3u +
          w.size() * 6u) &
         31u;
}
struct SpecialSlots {
  std::array<signed char, 32> at{};  // the index in kSpecialFirst, or -1
  bool unique = true;                // no two words share a slot
};
constexpr SpecialSlots make_special_slots() {
  SpecialSlots t;
  for (auto& a : t.at) a = -1;
  for (std::size_t i = 0; i < kSpecialFirst.size(); ++i) {
    auto& a = t.at[special_slot(kSpecialFirst[i])];
    if (a != -1) t.unique = false;
    a = static_cast<signed char>(i);
  }
  return t;
}
inline constexpr SpecialSlots kSpecialSlots = make_special_slots();
static_assert(kSpecialSlots.unique, "two reserved words share a slot: change special_slot");

inline bool special_first(std::string_view w) {
  if (w.empty()) return false;
  const int i = kSpecialSlots.at[special_slot(w)];
  return i >= 0 && kSpecialFirst[static_cast<std::size_t>(i)] == w;
}

template <pg::apply_mode, pg::rewind_mode, template <typename...> class Action,
          template <typename...> class Control, typename ParseInput, typename... States>
bool reserved::match(ParseInput& in, States&... /*unused*/) {
  const char* b = in.current();
  const char* e = in.end();
  const char* p = b;
  while (p < e && *p >= 'a' && *p <= 'z') ++p;
  // The whole word: the run ends the word when no word part follows (a quote, `\`, `$` or a
  // backquote would continue it; any other byte outside LitClass ends it).
  const auto n = static_cast<std::size_t>(p - b);
  if (n < 2 || n > 8 ||
      (p < e && (run_of<LitClass>::kIn[static_cast<unsigned char>(*p)] ||
                 run_of<WordPartClass>::kIn[static_cast<unsigned char>(*p)]))) {
    return false;
  }
  return special_first(std::string_view(b, n));
}

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_GRAMMAR_HPP
