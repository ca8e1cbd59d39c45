// The shell grammar's tables, apart from its rules (grammar.hpp): the error message each
// `must<R>` reports, the first bytes that let the tree builder skip rules that cannot start at a
// byte, and the selector of the rules that get a parse-tree node. run.cpp instantiates the parse
// with them.
#ifndef VIGIE_GRAMMAR_SHELL_GRAMMAR_TABLES_HPP
#define VIGIE_GRAMMAR_SHELL_GRAMMAR_TABLES_HPP

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "grammar/shell/grammar.hpp"

namespace vigie::shell::grammar {

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
template <> inline constexpr const char* error_message<joined_lines> = "a backslash-newline after `$` or in a name: bash joins the lines, so what follows expands, which vigie does not read";
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
        func_name, func_body, coproc_body>>;

}  // namespace vigie::shell::grammar

#endif  // VIGIE_GRAMMAR_SHELL_GRAMMAR_TABLES_HPP
