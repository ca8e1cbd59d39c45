// The POSIX shell grammar (plus the bash forms agents send), as PEGTL rules.
//
// One file over the house's 600 lines on purpose: the rules are one mutually recursive grammar
// (compound commands, substitutions and here-documents refer to each other), read top to bottom
// like the POSIX grammar it follows; split across headers it would need forward declarations
// for most rules and lose that order. Running it, lowering and validating are in their own files.
//
// Rules are snake_case structs. The grammar is written to almost never backtrack over real
// work: keywords and openers commit with `must<>`, `((`/`$((` are decided by a cheap lexical
// pre-scan (`at_arith_close`) instead of trying arithmetic and falling back to a subshell, so
// no input makes the parse exponential. Nesting goes through `nested<>`, which counts depth
// in the parser state and refuses past `Limits::max_depth`, long before the recursion can
// blow a (WASM-sized) stack.
//
// Here-documents: bodies are read by `newline_tok`, the newline that ends the line holding
// the `<<` operators (see `heredoc_delim`). Because PEG alternatives can rewind over a newline,
// the reading is made idempotent: a newline that already read bodies skips over them again.
//
// Backtick bodies are scanned raw here (`backtick`) and parsed again, unescaped, when the tree
// is lowered (lower.cpp); so are unquoted here-document bodies (`heredoc_content`).
//
// The parse tree (tree.hpp, built by run.cpp) keeps only the rules listed in `selector`;
// lower.cpp turns it into the plain AST of ast.hpp.
//
// One file over 600 lines, on purpose: the rules are mutually recursive (a word holds `$(…)`,
// which holds a list of commands, which hold words), PEGTL needs each rule complete where it is
// used, and the error-message table and the selector name the rules of every section. Split, the
// pieces would only be readable together.
#ifndef VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP
#define VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

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
  // Keyed by the offset of the delimiter word, so that re-matching after a rewind overwrites.
  std::map<std::uint32_t, PendingHeredoc> pending;
  std::map<std::uint32_t, HeredocBody> bodies;
  std::map<std::uint32_t, std::uint32_t> newline_skip;  // newline offset -> end of its bodies

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
// Characters and whitespace.

struct blank_ch : one<' ', '\t'> {};
struct line_cont : seq<one<'\\'>, one<'\n'>> {};
struct comment : seq<one<'#'>, star<not_one<'\n'>>> {};
struct sp : star<sor<blank_ch, line_cont>> {};
struct sp_c : seq<sp, opt<comment>> {};

// A byte that ends an unquoted word.
struct meta_ch : one<' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>'> {};
struct delim : sor<eof, meta_ch> {};

// Reserved words: recognized only where a command may start.
template <typename Str>
struct kw : seq<Str, at<delim>> {};
struct kw_if : kw<TAO_PEGTL_STRING("if")> {};
struct kw_then : kw<TAO_PEGTL_STRING("then")> {};
struct kw_elif : kw<TAO_PEGTL_STRING("elif")> {};
struct kw_else : kw<TAO_PEGTL_STRING("else")> {};
struct kw_fi : kw<TAO_PEGTL_STRING("fi")> {};
struct kw_while : kw<TAO_PEGTL_STRING("while")> {};
struct kw_until : kw<TAO_PEGTL_STRING("until")> {};
struct kw_for : kw<TAO_PEGTL_STRING("for")> {};
struct kw_select : kw<TAO_PEGTL_STRING("select")> {};
struct kw_in : kw<TAO_PEGTL_STRING("in")> {};
struct kw_do : kw<TAO_PEGTL_STRING("do")> {};
struct kw_done : kw<TAO_PEGTL_STRING("done")> {};
struct kw_case : kw<TAO_PEGTL_STRING("case")> {};
struct kw_esac : kw<TAO_PEGTL_STRING("esac")> {};
struct kw_function : kw<TAO_PEGTL_STRING("function")> {};
struct kw_lbrace : kw<one<'{'>> {};
struct kw_rbrace : kw<one<'}'>> {};
struct kw_dlbrack : kw<TAO_PEGTL_STRING("[[")> {};
struct kw_drbrack : kw<TAO_PEGTL_STRING("]]")> {};
struct kw_bang : kw<one<'!'>> {};
// Words that close a construct: a command cannot start with them.
struct reserved_closer : sor<kw_then, kw_elif, kw_else, kw_fi, kw_do, kw_done, kw_esac, kw_rbrace> {
};

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
      while (p < e && *p != ']' && *p != '\n') ++p;
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
// Words.

struct word;
struct clist;
struct arith_body;

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

struct lit_run
    : run_of_not<' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '\'', '"', '\\', '$', '`'> {};
struct escape_seq : seq<one<'\\'>, opt<any>> {};
struct lit : plus<sor<lit_run, escape_seq>> {};

struct sq_close : one<'\''> {};
struct sq_string : seq<one<'\''>, star<not_one<'\''>>, must<sq_close>> {};
struct ansi_c_string
    : seq<one<'$'>, one<'\''>, star<sor<seq<one<'\\'>, any>, not_one<'\''>>>, must<sq_close>> {};

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

struct param_close : one<'}'> {};
struct param_special : one<'@', '*', '#', '?', '-', '$', '!', '0'> {};
struct param_name
    : sor<seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>>,
          plus<digit>, param_special> {};
struct param_short
    : seq<one<'$'>,
          sor<seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>>,
              digit, param_special>> {};
struct param_prefix : one<'#', '!'> {};
struct dq_string;
struct dollar;
struct param_lit : run_of_not<'}', '{', '\'', '"', '$', '`', '\\'> {};
struct param_brace;
struct arith_sq;
struct param_part
    : sor<sq_string, dq_string, dollar, backtick, escape_seq, param_brace, param_lit> {};
// After a subscript's `[` or a substring's `:` (not `:-`, `:=`, `:?`, `:+`) the text is
// arithmetic: a single quote does not quote there (`arith_sq`).
struct param_arith_part
    : sor<arith_sq, dq_string, dollar, backtick, escape_seq, param_brace, param_lit> {};
struct param_arith_start : sor<one<'['>, seq<one<':'>, not_at<one<'-', '=', '?', '+'>>>> {};
struct param_brace_close : one<'}'> {};
struct param_brace : seq<one<'{'>, star<param_part>, must<param_brace_close>> {};
struct param_rest : sor<seq<at<param_arith_start>, plus<param_arith_part>>, plus<param_part>> {};
struct param_braced
    : seq<one<'$'>, one<'{'>,
          nested<opt<param_prefix, at<param_name>>, opt<param_name>, opt<param_rest>>,
          must<param_close>> {};

struct cmd_subst_close : one<')'> {};
struct cmd_subst : seq<one<'$'>, one<'('>, nested<clist>, must<cmd_subst_close>> {};
struct arith_close : TAO_PEGTL_STRING("))") {};
struct arith_exp
    : seq<one<'$'>, TAO_PEGTL_STRING("(("), at_arith_close, nested<arith_body>, must<arith_close>> {
};
struct lone_dollar : one<'$'> {};
struct locale_string;
struct arith_bracket;
struct dollar : sor<ansi_c_string, locale_string, arith_exp, arith_bracket, cmd_subst, param_braced,
                    param_short, lone_dollar> {};

struct dq_close : one<'"'> {};
struct dq_lit : plus<sor<run_of_not<'"', '\\', '$', '`'>, escape_seq>> {};
// Inside double quotes `$'` and `$"` are not quotes.
struct dq_dollar
    : sor<arith_exp, arith_bracket, cmd_subst, param_braced, param_short, lone_dollar> {};
struct dq_part : sor<dq_lit, dq_dollar, backtick> {};
// Arithmetic (`$((…))`, `((…))`, `$[…]`) and array subscripts are expanded as if in double
// quotes: a single quote there delimits (a `)` or `]` inside does not close) but does not
// quote, so `$(( '$(cmd)' ))` and `a['$(cmd)']=1` run cmd. Lowered as double-quoted text.
struct arith_sq_lit : run_of_not<'\'', '$', '`'> {};
struct arith_sq : seq<one<'\''>, star<sor<arith_sq_lit, dq_dollar, backtick>>, must<sq_close>> {};
struct dq_string : seq<one<'"'>, star<dq_part>, must<dq_close>> {};
struct locale_string : seq<one<'$'>, one<'"'>, star<dq_part>, must<dq_close>> {};

struct proc_subst_close : one<')'> {};
struct proc_subst : seq<one<'<', '>'>, one<'('>, nested<clist>, must<proc_subst_close>> {};

struct word_part : sor<lit, sq_string, dq_string, dollar, backtick, proc_subst> {};
struct word : seq<not_at<one<'#'>>, plus<word_part>> {};

// Arithmetic: kept as text with its expansions; parentheses nest.
struct arith_lit : run_of_not<'(', ')', '$', '`', '\'', '"', '\\'> {};
struct arith_lp : one<'('> {};
struct arith_rp : one<')'> {};
struct arith_paren : seq<arith_lp, nested<arith_body>, must<arith_rp>> {};
struct arith_body
    : star<sor<arith_paren, arith_lit, arith_sq, dq_string, dollar, backtick, escape_seq>> {};
// `$[…]`, bash's older spelling of `$((…))`; brackets nest.
struct bracket_body;
struct arith_lb : one<'['> {};
struct arith_rb : one<']'> {};
struct bracket_lit : run_of_not<'[', ']', '$', '`', '\'', '"', '\\'> {};
struct bracket_nest : seq<arith_lb, nested<bracket_body>, arith_rb> {};
struct bracket_body
    : star<sor<bracket_nest, bracket_lit, arith_sq, dq_string, dollar, backtick, escape_seq>> {};
struct bracket_close : one<']'> {};
struct arith_bracket : seq<one<'$'>, one<'['>, nested<bracket_body>, must<bracket_close>> {};

// ---------------------------------------------------------------------------------------------
// Here-documents.

struct heredoc_op : sor<TAO_PEGTL_STRING("<<-"), seq<TAO_PEGTL_STRING("<<"), not_at<one<'<'>>>> {};

// The delimiter word; registers a pending body for the next newline.
struct heredoc_delim {
  using rule_t = heredoc_delim;
  using subs_t = type_list<word>;
  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    State& s = state_of(st...);
    const char* b = in.current();
    if (!Control<word>::template match<A, M, Action, Control>(in, st...)) return false;
    PendingHeredoc h;
    {
      const char* q = b;  // `<<-`: look back over the blanks before the word
      while (q > s.base && (q[-1] == ' ' || q[-1] == '\t')) --q;
      h.strip_tabs = q > s.base && q[-1] == '-';
    }
    for (const char* p = b; p < in.current(); ++p) {
      char c = *p;
      if (c == '\'' || c == '"') {
        h.quoted = true;
      } else if (c == '\\' && p + 1 < in.current()) {
        h.quoted = true;
        h.delim += *++p;
      } else if (c == '$' && p + 1 < in.current() && (p[1] == '\'' || p[1] == '"')) {
        // $'x' and $"x" delimiters: keep the quoted text
      } else {
        h.delim += c;
      }
    }
    s.pending[static_cast<std::uint32_t>(b - s.base)] = std::move(h);
    return true;
  }
};

// A newline token; reads the bodies of the here-documents opened on its line.
struct newline_tok {
  using rule_t = newline_tok;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    if (in.empty() || in.peek_char() != '\n') return false;
    State& s = state_of(st...);
    const std::uint32_t pos = s.offset(in);
    in.bump(1);
    if (auto it = s.newline_skip.find(pos); it != s.newline_skip.end()) {
      in.bump(it->second - pos - 1);
      return true;
    }
    if (s.pending.empty()) return true;
    const char* e = in.end();
    for (auto& [key, h] : s.pending) {
      const char* body = in.current();
      const char* p = body;
      bool closed = false;
      bool joined = false;  // unquoted: a line ending in `\` continues on the next one
      const char* body_end = e;
      while (p < e) {
        const char* eol = p;
        while (eol < e && *eol != '\n') ++eol;
        const char* t = p;
        if (h.strip_tabs) {
          while (t < eol && *t == '\t') ++t;
        }
        if (!joined && std::string_view(t, static_cast<std::size_t>(eol - t)) == h.delim) {
          closed = true;
          body_end = p;
          p = eol < e ? eol + 1 : eol;
          break;
        }
        std::size_t slashes = 0;
        for (const char* q = eol; q > p && q[-1] == '\\'; --q) ++slashes;
        joined = !h.quoted && slashes % 2 == 1;
        p = eol < e ? eol + 1 : eol;
      }
      if (!closed) {
        in.bump(static_cast<std::size_t>(e - in.current()));
        throw syntax_error("here-document delimited by `" + h.delim + "` is not terminated", in);
      }
      HeredocBody hb;
      hb.begin = static_cast<std::uint32_t>(body - s.base);
      hb.end = static_cast<std::uint32_t>(body_end - s.base);
      hb.text.assign(body, body_end);
      s.bodies[key] = std::move(hb);
      in.bump(static_cast<std::size_t>(p - in.current()));
    }
    s.pending.clear();
    s.newline_skip[pos] = s.offset(in);
    return true;
  }
};

// At the end of the input no here-document may still wait for its body.
struct no_pending_heredoc {
  using rule_t = no_pending_heredoc;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    State& s = state_of(st...);
    if (!s.pending.empty()) {
      throw syntax_error(
          "here-document delimited by `" + s.pending.begin()->second.delim + "` has no body", in);
    }
    return true;
  }
};

// Unquoted here-document bodies are parsed again with this rule to find their expansions.
struct heredoc_lit : plus<sor<run_of_not<'\\', '$', '`'>, escape_seq>> {};
struct heredoc_content : seq<star<sor<heredoc_lit, dollar, backtick>>, eof> {};

// ---------------------------------------------------------------------------------------------
// Redirections and assignments.

struct redir_fd
    : sor<seq<plus<digit>, at<one<'<', '>'>>>,
          seq<one<'{'>, ranges<'a', 'z', 'A', 'Z', '_'>,
              star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>, one<'}'>, at<one<'<', '>'>>>> {};
struct redir_op : sor<TAO_PEGTL_STRING("&>>"), TAO_PEGTL_STRING("&>"), TAO_PEGTL_STRING("<<<"),
                      TAO_PEGTL_STRING("<>"), TAO_PEGTL_STRING("<&"), TAO_PEGTL_STRING(">>"),
                      TAO_PEGTL_STRING(">|"), TAO_PEGTL_STRING(">&"),
                      seq<one<'<'>, not_at<one<'('>>>, seq<one<'>'>, not_at<one<'('>>>> {};
struct redir_target : word {};
struct heredoc_redir : seq<heredoc_op, sp, must<heredoc_delim>> {};
struct plain_redir : seq<redir_op, sp, must<redir_target>> {};
struct redirect : seq<opt<redir_fd>, sor<heredoc_redir, plain_redir>> {};

// `a[SUBSCRIPT]`: the subscript is expanded (arithmetic for an indexed array), so its
// substitutions run; brackets nest.
struct assign_subscript : seq<arith_lb, nested<bracket_body>, arith_rb> {};
struct assign_name : seq<ranges<'a', 'z', 'A', 'Z', '_'>,
                         star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>, opt<assign_subscript>> {};
struct assign_op : sor<TAO_PEGTL_STRING("+="), one<'='>> {};
struct array_close : one<')'> {};
struct array_gap : star<sor<blank_ch, line_cont, one<'\n'>, comment>> {};
// `([KEY]=VALUE …)`: the key is expanded like an assignment's subscript, spaces and single
// quotes included (`( [ '$(cmd)' ]=1 )` runs cmd).
struct array_keyed : seq<assign_subscript, assign_op, opt<word>> {};
struct array_value
    : seq<one<'('>, array_gap, star<sor<array_keyed, word>, array_gap>, must<array_close>> {};
struct assignment : seq<assign_name, assign_op, sor<array_value, opt<word>>> {};

// ---------------------------------------------------------------------------------------------
// Commands.

struct gap : star<sor<blank_ch, line_cont, comment, newline_tok>> {};

struct sep_semi : seq<one<';'>, not_at<one<';', '&'>>> {};
struct sep_amp : seq<one<'&'>, not_at<one<'&', '>'>>> {};
struct sep_nl : newline_tok {};
struct separator : seq<sp_c, sor<sep_semi, sep_amp, sep_nl>> {};

struct and_or;
struct stmts : seq<gap, opt<and_or, star<separator, gap, and_or>, opt<separator, gap>>> {};
struct clist : stmts {};

struct cmd_word : word {};
struct redirect_guarded : seq<at<sor<one<'<', '>', '&', '{'>, digit>>, redirect> {};
struct prefix_elem : sor<redirect_guarded, seq<at_assignment, assignment>> {};
// `declare -a a=(x y)`: an array assignment as an argument of a declaration builtin.
struct array_word : seq<assign_name, assign_op, array_value> {};
struct suffix_elem : sor<redirect_guarded, seq<at_assignment, array_word>, word> {};
struct simple_command
    : sor<seq<plus<prefix_elem, sp>, opt<not_reserved_closer, cmd_word, sp, star<suffix_elem, sp>>>,
          seq<not_reserved_closer, cmd_word, sp, star<suffix_elem, sp>>> {};

struct subshell_close : one<')'> {};
struct subshell : seq<one<'('>, nested<clist>, must<subshell_close>> {};
struct group : seq<kw_lbrace, nested<clist>, must<kw_rbrace>> {};

struct if_clause : seq<kw_if,
                       nested<clist, must<kw_then>, clist,
                              star<kw_elif, clist, must<kw_then>, clist>, opt<kw_else, clist>>,
                       must<kw_fi>> {};
struct do_group : seq<kw_do, nested<clist>, must<kw_done>> {};
struct loop_body : sor<do_group, group> {};
struct while_clause : seq<kw_while, nested<clist>, must<kw_do>, nested<clist>, must<kw_done>> {};
struct until_clause : seq<kw_until, nested<clist>, must<kw_do>, nested<clist>, must<kw_done>> {};

struct for_name : plus<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>> {};
struct for_word : word {};
struct for_in : seq<kw_in, sp, star<for_word, sp>> {};
struct for_list_end : sor<seq<sp_c, sor<sep_semi, sep_nl>>, at<sp, sor<kw_do, kw_lbrace>>> {};
struct for_arith : seq<TAO_PEGTL_STRING("(("), nested<arith_body>, must<arith_close>> {};
struct for_head
    : sor<seq<for_arith, sp_c, opt<sor<sep_semi, sep_nl>>>,
          seq<for_name, sor<seq<gap, for_in, must<for_list_end>>, seq<sp_c, opt<sep_semi>>>>> {};
struct for_clause : seq<kw_for, sp, must<for_head>, gap, must<loop_body>> {};
struct select_clause : seq<kw_select, sp, must<for_head>, gap, must<loop_body>> {};

struct case_word : word {};
struct case_pattern : word {};
struct case_term : sor<TAO_PEGTL_STRING(";;&"), TAO_PEGTL_STRING(";;"), TAO_PEGTL_STRING(";&")> {};
struct case_pattern_close : one<')'> {};
struct case_item : seq<not_at<kw_esac>, opt<one<'('>, sp>, case_pattern,
                       star<sp, one<'|'>, sp, must<case_pattern>>, sp, must<case_pattern_close>,
                       nested<clist>, opt<case_term>, gap> {};
struct case_clause
    : seq<kw_case, sp, must<case_word>, gap, must<kw_in>, gap, star<case_item>, must<kw_esac>> {};

struct test_op_ch : one<'(', ')', '<', '>', '|', '&'> {};
struct test_word : plus<sor<word_part, test_op_ch>> {};
struct test_clause
    : seq<kw_dlbrack, nested<star<gap, not_at<kw_drbrack>, test_word>>, gap, must<kw_drbrack>> {};

struct arith_cmd
    : seq<TAO_PEGTL_STRING("(("), at_arith_close, nested<arith_body>, must<arith_close>> {};

struct compound_command : seq<sor<arith_cmd, subshell, group, if_clause, while_clause, until_clause,
                                  for_clause, select_clause, case_clause, test_clause>,
                              star<sp, redirect_guarded>> {};
struct func_name : run_of_not<' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '\'', '"', '\\',
                              '$', '`', '='> {};
struct func_body : compound_command {};
struct func_parens : seq<one<'('>, sp, one<')'>> {};
struct func_decl
    : sor<seq<kw_function, sp, must<func_name>, sp, opt<func_parens>, gap, must<func_body>>,
          seq<at_func_parens, not_reserved_closer, func_name, sp, func_parens, gap,
              must<func_body>>> {};

struct compound_guarded
    : seq<at<one<'(', '{', 'i', 'w', 'u', 'f', 's', 'c', '['>>, compound_command> {};
struct command : sor<compound_guarded, func_decl, simple_command> {};

struct bang : kw_bang {};
struct op_pipe : seq<one<'|'>, not_at<one<'|'>>> {};
struct op_pipe_amp : TAO_PEGTL_STRING("|&") {};
struct pipe_command : command {};
// `time` before a compound command is the pipeline prefix (before a simple command it stays
// a word, so that the engine sees through it as a wrapper).
struct kw_time : kw<TAO_PEGTL_STRING("time")> {};
struct time_prefix
    : seq<kw_time, sp, opt<TAO_PEGTL_STRING("-p"), sp>,
          at<sor<one<'('>, kw_lbrace, kw_if, kw_while, kw_until, kw_for, kw_case, kw_dlbrack>>> {};
struct pipeline : seq<opt<bang, sp>, opt<time_prefix>, command, sp,
                      star<sor<op_pipe_amp, op_pipe>, gap, must<pipe_command>, sp>> {};
struct op_and : TAO_PEGTL_STRING("&&") {};
struct op_or : TAO_PEGTL_STRING("||") {};
struct and_or_next : pipeline {};
struct and_or : seq<pipeline, star<sp, sor<op_and, op_or>, gap, must<and_or_next>>> {};

struct end_of_input : eof {};
struct file : seq<stmts, sp_c, no_pending_heredoc, must<end_of_input>> {};

// ---------------------------------------------------------------------------------------------
// Error messages: one table. A `must<R>` that fails reports `error_message<R>`.

template <typename>
inline constexpr const char* error_message = "syntax error";
// clang-format off
template <> inline constexpr const char* error_message<sq_close> = "unterminated single quote";
template <> inline constexpr const char* error_message<dq_close> = "unterminated double quote";
template <> inline constexpr const char* error_message<param_close> = "expected `}` to close `${`";
template <> inline constexpr const char* error_message<param_brace_close> = "expected `}`";
template <> inline constexpr const char* error_message<cmd_subst_close> = "expected `)` to close `$(`";
template <> inline constexpr const char* error_message<arith_close> = "expected `))`";
template <> inline constexpr const char* error_message<arith_rp> = "expected `)` in arithmetic";
template <> inline constexpr const char* error_message<bracket_close> = "expected `]` to close `$[`";
template <> inline constexpr const char* error_message<proc_subst_close> = "expected `)` to close process substitution";
template <> inline constexpr const char* error_message<heredoc_delim> = "expected a here-document delimiter";
template <> inline constexpr const char* error_message<redir_target> = "expected a word after the redirection";
template <> inline constexpr const char* error_message<array_close> = "expected `)` to close the array";
template <> inline constexpr const char* error_message<subshell_close> = "expected `)` to close the subshell";
template <> inline constexpr const char* error_message<kw_rbrace> = "expected `}`";
template <> inline constexpr const char* error_message<kw_then> = "expected `then`";
template <> inline constexpr const char* error_message<kw_fi> = "expected `fi`";
template <> inline constexpr const char* error_message<kw_do> = "expected `do`";
template <> inline constexpr const char* error_message<kw_done> = "expected `done`";
template <> inline constexpr const char* error_message<loop_body> = "expected `do`";
template <> inline constexpr const char* error_message<for_head> = "expected a variable name after `for`";
template <> inline constexpr const char* error_message<for_list_end> = "expected `;` or a newline before `do`";
template <> inline constexpr const char* error_message<case_word> = "expected a word after `case`";
template <> inline constexpr const char* error_message<kw_in> = "expected `in`";
template <> inline constexpr const char* error_message<case_pattern> = "expected a pattern";
template <> inline constexpr const char* error_message<case_pattern_close> = "expected `)` after the pattern";
template <> inline constexpr const char* error_message<kw_esac> = "expected `esac`";
template <> inline constexpr const char* error_message<kw_drbrack> = "expected `]]`";
template <> inline constexpr const char* error_message<func_name> = "expected a function name";
template <> inline constexpr const char* error_message<func_body> = "expected a compound command as the function body";
template <> inline constexpr const char* error_message<pipe_command> = "expected a command after `|`";
template <> inline constexpr const char* error_message<and_or_next> = "expected a command after `&&` or `||`";
template <> inline constexpr const char* error_message<end_of_input> = "unexpected token";
// clang-format on

template <typename Rule>
struct control : normal<Rule> {
  template <typename ParseInput, typename... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&... /*unused*/) {
    throw syntax_error(error_message<Rule>, in);
  }
};

// ---------------------------------------------------------------------------------------------
// First bytes: the tree builder (tree.hpp) tries a rule listed here only at a byte it can start
// with. Only rules that cannot match empty, and whose every match starts with one of these bytes.

template <typename Rule>
struct first_byte {
  static constexpr bool declared = false;
};
template <char... Cs>
struct first_byte_of {
  static constexpr bool declared = true;
  static bool may_start(char c) { return ((c == Cs) || ...); }
};
// clang-format off
template <> struct first_byte<sq_string> : first_byte_of<'\''> {};
template <> struct first_byte<dq_string> : first_byte_of<'"'> {};
template <> struct first_byte<backtick> : first_byte_of<'`'> {};
template <> struct first_byte<escape_seq> : first_byte_of<'\\'> {};
template <> struct first_byte<dollar> : first_byte_of<'$'> {};
template <> struct first_byte<ansi_c_string> : first_byte_of<'$'> {};
template <> struct first_byte<locale_string> : first_byte_of<'$'> {};
template <> struct first_byte<arith_exp> : first_byte_of<'$'> {};
template <> struct first_byte<arith_bracket> : first_byte_of<'$'> {};
template <> struct first_byte<arith_sq> : first_byte_of<'\''> {};
template <> struct first_byte<cmd_subst> : first_byte_of<'$'> {};
template <> struct first_byte<param_braced> : first_byte_of<'$'> {};
template <> struct first_byte<param_short> : first_byte_of<'$'> {};
template <> struct first_byte<lone_dollar> : first_byte_of<'$'> {};
template <> struct first_byte<dq_dollar> : first_byte_of<'$'> {};
template <> struct first_byte<proc_subst> : first_byte_of<'<', '>'> {};
template <> struct first_byte<param_brace> : first_byte_of<'{'> {};
template <> struct first_byte<op_and> : first_byte_of<'&'> {};
template <> struct first_byte<op_or> : first_byte_of<'|'> {};
template <> struct first_byte<op_pipe> : first_byte_of<'|'> {};
template <> struct first_byte<op_pipe_amp> : first_byte_of<'|'> {};
template <> struct first_byte<sep_semi> : first_byte_of<';'> {};
template <> struct first_byte<sep_amp> : first_byte_of<'&'> {};
template <> struct first_byte<sep_nl> : first_byte_of<'\n'> {};
template <> struct first_byte<bang> : first_byte_of<'!'> {};
template <> struct first_byte<array_value> : first_byte_of<'('> {};
template <> struct first_byte<subshell> : first_byte_of<'('> {};
template <> struct first_byte<arith_cmd> : first_byte_of<'('> {};
template <> struct first_byte<group> : first_byte_of<'{'> {};
template <> struct first_byte<if_clause> : first_byte_of<'i'> {};
template <> struct first_byte<while_clause> : first_byte_of<'w'> {};
template <> struct first_byte<until_clause> : first_byte_of<'u'> {};
template <> struct first_byte<for_clause> : first_byte_of<'f'> {};
template <> struct first_byte<select_clause> : first_byte_of<'s'> {};
template <> struct first_byte<case_clause> : first_byte_of<'c'> {};
template <> struct first_byte<test_clause> : first_byte_of<'['> {};
template <> struct first_byte<compound_command>
    : first_byte_of<'(', '{', 'i', 'w', 'u', 'f', 's', 'c', '['> {};
// clang-format on

// ---------------------------------------------------------------------------------------------
// The parse-tree nodes kept for parser.cpp.

template <typename Rule>
using selector = parse_tree::selector<
    Rule,
    parse_tree::store_content::on<
        // words
        word, cmd_word, redir_target, for_word, case_word, case_pattern, test_word, lit, sq_string,
        ansi_c_string, dq_string, locale_string, dq_lit, param_short, param_braced, param_prefix,
        param_name, param_rest, param_lit, param_brace, cmd_subst, arith_exp, lone_dollar, backtick,
        proc_subst, arith_body, arith_lit, arith_lp, arith_rp, test_op_ch, escape_seq, heredoc_lit,
        arith_sq, arith_sq_lit, arith_bracket, bracket_lit, bracket_nest, assign_subscript,
        // redirections, assignments
        array_word, redirect, redir_fd, redir_op, heredoc_op, heredoc_delim, assignment,
        assign_name, assign_op, array_value, array_keyed,
        // commands
        clist, sep_semi, sep_amp, sep_nl, and_or, and_or_next, op_and, op_or, pipeline, bang,
        op_pipe, op_pipe_amp, simple_command, compound_command, subshell, group, if_clause, kw_elif,
        kw_else, while_clause, until_clause, for_clause, select_clause, for_name, for_in, for_arith,
        case_clause, case_item, case_term, test_clause, arith_cmd, func_decl, kw_function,
        func_name, func_body>>;

}  // namespace vigie::shell::grammar

#endif  // VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP
