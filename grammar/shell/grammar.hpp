// The POSIX shell grammar (plus the bash forms agents send), as PEGTL rules.
//
// The rules are one mutually recursive grammar (compound commands, substitutions and
// here-documents refer to each other), read top to bottom like the POSIX grammar it follows.
// What is not a composed rule lives beside it: the parser state and the hand-written leaf scans
// in grammar_scan.hpp, the error messages, first bytes and parse-tree selector in
// grammar_tables.hpp. Running it, lowering and validating are in their own files.
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
// Inside a command or process substitution they are read as bash reads them there
// (`subst_list`).
//
// Backtick bodies are scanned raw here (`backtick`) and parsed again, unescaped, when the tree
// is lowered (lower.cpp); so are unquoted here-document bodies (`heredoc_content`).
//
// The parse tree (tree.hpp, built by run.cpp) keeps only the rules listed in `selector`;
// lower.cpp turns it into the plain AST of ast.hpp.
#ifndef VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP
#define VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "grammar/shell/grammar_scan.hpp"
#include "grammar/shell/heredoc_lines.hpp"

namespace vigie::shell::grammar {

using namespace tao::pegtl;  // NOLINT: the grammar reads as PEG only with the short names

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
// Words.

struct word;
struct clist;
struct arith_body;

struct lit_run
    : run_of_not<' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '\'', '"', '\\', '$', '`'> {};
struct escape_seq : seq<one<'\\'>, opt<any>> {};
struct lit : plus<sor<lit_run, escape_seq>> {};

struct sq_close : one<'\''> {};
struct sq_string : seq<one<'\''>, star<not_one<'\''>>, must<sq_close>> {};
struct ansi_c_string
    : seq<one<'$'>, one<'\''>, star<sor<seq<one<'\\'>, any>, not_one<'\''>>>, must<sq_close>> {};

struct param_close : one<'}'> {};
struct param_special : one<'@', '*', '#', '?', '-', '$', '!', '0'> {};
struct param_name
    : sor<seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>>,
          plus<digit>, param_special> {};
// bash removes a backslash-newline before it reads a token, outside single quotes (bash(1),
// QUOTING), so `$\<newline>HOME` is `$HOME`, `$\<newline>(cmd)` runs cmd and `$HO\<newline>ME`
// is one name. vigie does not join the lines: a `$` or a name followed by one, then by a byte
// that goes on with it, is an error (fail closed), never a literal `$` or a shorter name.
struct line_joined : seq<one<'\\'>, one<'\n'>> {};
struct joined_lines : failure {};  // reports the error (grammar_tables.hpp `error_message`)
struct dollar_joined
    : seq<at<plus<line_joined>,
             sor<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>,
                 one<'{', '(', '[', '\'', '"', '@', '*', '#', '?', '$', '!', '-'>>>,
          must<joined_lines>> {};
struct name_joined
    : seq<at<plus<line_joined>, ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>, must<joined_lines>> {};
struct param_short
    : seq<one<'$'>, sor<seq<ranges<'a', 'z', 'A', 'Z', '_'>,
                            star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>, opt<name_joined>>,
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

struct subst_list;
struct cmd_subst_close : one<')'> {};
struct cmd_subst : seq<one<'$'>, one<'('>, subst_list, must<cmd_subst_close>> {};
struct arith_close : TAO_PEGTL_STRING("))") {};
struct arith_exp
    : seq<one<'$'>, TAO_PEGTL_STRING("(("), at_arith_close, nested<arith_body>, must<arith_close>> {
};
struct lone_dollar : seq<one<'$'>, opt<dollar_joined>> {};
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
struct proc_subst : seq<one<'<', '>'>, one<'('>, subst_list, must<proc_subst_close>> {};

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

// A newline token; reads the bodies of the here-documents opened on its line. Inside a
// substitution it refuses a body line bash would end the body at (`ends_body_in_subst`).
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
      const char* body_end = e;
      // Unquoted, a line ending in `\` continues on the next one, and bash compares the joined
      // line with the delimiter (`EO\` then `F` ends a body delimited by `EOF`); `<<-` strips
      // the joined line's leading tabs.
      std::string logical;
      const char* start = p;  // where the current joined line begins
      bool joined = false;
      while (p < e) {
        const char* eol = p;
        while (eol < e && *eol != '\n') ++eol;
        if (!joined) {
          logical.clear();
          start = p;
        }
        std::size_t slashes = 0;
        for (const char* q = eol; q > p && q[-1] == '\\'; --q) ++slashes;
        joined = !h.quoted && slashes % 2 == 1 && eol < e;
        logical.append(p, static_cast<std::size_t>(eol - p) - (joined ? 1 : 0));
        if (!joined) {
          std::string_view t = logical;
          if (h.strip_tabs) t.remove_prefix(std::min(t.find_first_not_of('\t'), t.size()));
          if (t == h.delim) {
            closed = true;
            body_end = start;
            p = eol < e ? eol + 1 : eol;
            break;
          }
          if (s.substs_open > 0 && ends_body_in_subst(t, h.delim)) {
            in.bump(static_cast<std::size_t>(start - in.current()));
            throw syntax_error("here-document delimited by `" + h.delim +
                                   "` ends here in bash: the line begins with it and holds `)`",
                               in);
          }
        }
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

struct assign_subscript;
// `{NAME}>FILE` assigns the descriptor's number to NAME; `{a[KEY]}>FILE` to an array element,
// whose KEY is expanded as an assignment's subscript is (its substitutions run).
struct redir_fd : sor<seq<plus<digit>, at<one<'<', '>'>>>,
                      seq<one<'{'>, ranges<'a', 'z', 'A', 'Z', '_'>,
                          star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>, opt<assign_subscript>,
                          one<'}'>, at<one<'<', '>'>>>> {};
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

// The list inside `$(…)`, `<(…)`, `>(…)`. bash reads it with a parser of its own (5.2
// `parse_comsub`): a here-document opened before it is not read at a newline inside but at the
// first one after it (`cat <<EOF; x=$(` / `cmd` / `)` / body: `cmd` runs), so the pending ones
// are set aside meanwhile; one opened inside and not read there (`$(cat <<EOF)`) waits, after
// them, for that newline too. While it is read, `newline_tok` refuses the body lines bash would
// end the body at (`ends_body_in_subst`).
struct subst_list {
  using rule_t = subst_list;
  using subs_t = type_list<nested<clist>>;
  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    State& s = state_of(st...);
    ++s.substs_open;
    struct Scope {
      State& s;
      std::map<std::uint32_t, PendingHeredoc> outer;
      ~Scope() {
        --s.substs_open;
        s.pending.merge(outer);  // keyed by offset: the outer ones come first
      }
    } scope{s, std::move(s.pending)};
    s.pending.clear();
    return Control<nested<clist>>::template match<A, M, Action, Control>(in, st...);
  }
};

struct cmd_word : word {};
struct redirect_guarded : seq<at<sor<one<'<', '>', '&', '{'>, digit>>, redirect> {};
struct prefix_elem : sor<redirect_guarded, seq<at_assignment, assignment>> {};
// `declare -a a=(x y)`: an array assignment as an argument of a declaration builtin.
struct array_word : seq<assign_name, assign_op, array_value> {};
struct suffix_elem : sor<redirect_guarded, seq<at_assignment, array_word>, word> {};
struct simple_command
    : seq<count_command, sor<seq<plus<prefix_elem, sp>,
                                 opt<not_reserved_closer, cmd_word, sp, star<suffix_elem, sp>>>,
                             seq<not_reserved_closer, cmd_word, sp, star<suffix_elem, sp>>>> {};

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
// `coproc [NAME] COMPOUND`: bash runs the compound command as a coprocess (a simple command
// after `coproc` stays a command word, seen through as a wrapper). The name is a variable's;
// the coprocess is lowered as its compound command.
struct kw_coproc : kw<TAO_PEGTL_STRING("coproc")> {};
struct coproc_name_ch : sor<ranges<'a', 'z', 'A', 'Z', '0', '9'>, one<'_'>> {};
struct coproc_name : seq<not_at<sor<kw_if, kw_while, kw_until, kw_for, kw_select, kw_case>>,
                         ranges<'a', 'z', 'A', 'Z', '_'>, star<coproc_name_ch>, at<delim>> {};
struct coproc_body : compound_command {};
struct coproc_clause
    : seq<kw_coproc, sp, opt<coproc_name, sp, at<one<'(', '{', 'i', 'w', 'u', 'f', 's', 'c', '['>>>,
          at<one<'(', '{', 'i', 'w', 'u', 'f', 's', 'c', '['>>, coproc_body> {};
struct command : sor<compound_guarded, coproc_clause, func_decl, simple_command> {};

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

}  // namespace vigie::shell::grammar

#endif  // VIGIE_GRAMMAR_SHELL_GRAMMAR_HPP
