// The policy language's PEGTL grammar for ONE line (the input ends just before the line's
// `\n`): words, rules, conditions, attributes, test cases, blocks and settings. Only the
// parser includes it (grammar/policy/parser.cpp: the actions that build the AST and the table of
// error messages, one per rule under a `must<>`).
#ifndef VIGIE_GRAMMAR_POLICY_LINE_GRAMMAR_HPP
#define VIGIE_GRAMMAR_POLICY_LINE_GRAMMAR_HPP

#include <tao/pegtl.hpp>

namespace vigie::policy::grammar {
using namespace tao::pegtl;

struct blank_ : one<' ', '\t'> {};
struct sp : star<blank_> {};
struct eol_ : seq<opt<one<'\r'>>, eof> {};
struct comment : seq<one<'#'>, star<any>> {};
// What may end a statement: blanks, an optional comment, the end of the line.
struct line_rest : seq<sp, opt<comment>, eol_> {};

// A word never runs into the next token: `git"x"` is an error, not two words.
struct delimiter : sor<blank_, one<'#', '(', ')', '|'>, eol_> {};

// Bare words: any run of printable bytes (UTF-8 included) but blanks and the punctuation of the
// language. `*`, `...`, `$` and `=>` are bare words that some positions give a meaning to.
struct bare_char
    : seq<not_at<range<'\0', ' '>>, not_one<'\x7f', '"', '\'', '#', '{', '}', '(', ')', '|'>> {};
struct bare_word : plus<bare_char> {};

// "double quoted": escapes \" \\ \n \t. A string ends on its line.
struct dq_open : one<'"'> {};
struct dq_close : one<'"'> {};
struct escape_char : one<'"', '\\', 'n', 't'> {};
struct dq_escape : seq<one<'\\'>, must<escape_char>> {};
struct dq_plain : plus<not_one<'"', '\\'>> {};
struct dq_body : star<sor<dq_escape, dq_plain>> {};
struct dq_string : seq<dq_open, dq_body, must<dq_close>> {};

// 'single quoted': no escapes at all.
struct sq_open : one<'\''> {};
struct sq_close : one<'\''> {};
struct sq_body : star<not_one<'\''>> {};
struct sq_string : seq<sq_open, sq_body, must<sq_close>> {};

// /regex/: no blank and no unescaped `/` inside (write `\s`, `\/`), and a delimiter after the
// closing slash, so that a path such as `/usr/bin/x` stays a bare word.
struct regex_char
    : sor<seq<one<'\\'>, not_one<' ', '\t', '\r'>>, not_one<'/', ' ', '\t', '\r', '\\'>> {};
struct regex : seq<one<'/'>, plus<regex_char>, one<'/'>, at<delimiter>> {};

struct any_word : seq<sor<dq_string, sq_string, regex, bare_word>, at<delimiter>> {};

// The lexical pass: runs first on every line (inside `at<>`, so without actions) so that an
// unterminated string is reported as such, wherever it is, before any structural error.
struct lex_check : star<sor<blank_, comment, dq_string, sq_string, regex, bare_word, any>> {};

template <typename Keyword>
struct kw : seq<Keyword, at<delimiter>> {};
struct effect : sor<kw<TAO_PEGTL_STRING("allow")>, kw<TAO_PEGTL_STRING("deny")>,
                    kw<TAO_PEGTL_STRING("ask")>> {};

// --- rules: EFFECT PATTERN (| PATTERN)* [CONDITION…] ["message" [id X] [example "…"]…] -----
// The words that start an operand condition: never a pattern word unless quoted ('inside').
struct cond_keyword : sor<kw<TAO_PEGTL_STRING("inside")>, kw<TAO_PEGTL_STRING("outside")>,
                          kw<TAO_PEGTL_STRING("without")>> {};
struct pattern_word : seq<not_at<cond_keyword>, sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct alt_first : seq<sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct alt_next : seq<sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct group_open : one<'('> {};
struct group_close : one<')'> {};
struct group : seq<group_open, sp, must<alt_first>, sp, star<one<'|'>, sp, must<alt_next>, sp>,
                   must<group_close>> {};
struct pattern_item : sor<group, pattern_word> {};
struct pattern : seq<pattern_item, star<sp, pattern_item>> {};
struct pattern_first : pattern {};
struct pattern_next : pattern {};
struct rule_patterns : seq<must<pattern_first>, star<sp, one<'|'>, sp, must<pattern_next>>> {};
struct message : seq<dq_string> {};

// CONDITION: `inside PATH…`, `outside PATH…`, `without OPT…` (the checker reads the operands).
struct cond_kind : seq<cond_keyword> {};
struct cond_word : seq<not_at<cond_keyword>, sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct cond_first : cond_word {};
struct condition : seq<cond_kind, sp, must<cond_first>, sp, star<cond_word, sp>> {};

struct kw_id : kw<TAO_PEGTL_STRING("id")> {};
struct kw_example : kw<TAO_PEGTL_STRING("example")> {};
struct kw_counterexample : kw<TAO_PEGTL_STRING("counterexample")> {};
struct id_value : seq<sor<bare_word, sq_string>, at<delimiter>> {};
struct example_value : seq<sor<dq_string, sq_string>, at<delimiter>> {};
struct counterexample_value : seq<sor<dq_string, sq_string>, at<delimiter>> {};
struct attribute : sor<seq<kw_id, sp, must<id_value>>, seq<kw_example, sp, must<example_value>>,
                       seq<kw_counterexample, sp, must<counterexample_value>>> {};

struct rule_end : line_rest {};
struct rule_line : seq<effect, sp, rule_patterns, sp, star<condition, sp>,
                       opt<message, sp, star<attribute, sp>>, must<rule_end>> {};

// An attribute on its own line attaches to the rule above it.
struct attr_end : line_rest {};
struct attr_line : seq<at<sor<kw_id, kw_example, kw_counterexample>>, attribute, sp,
                       star<attribute, sp>, must<attr_end>> {};

// --- test cases: KIND SUBJECT [with K V…] => EFFECT [rule ID] ["message"] -------------------
struct arrow : seq<TAO_PEGTL_STRING("=>"), at<delimiter>> {};
struct has_arrow
    : seq<star<not_at<arrow>,
               sor<blank_, dq_string, sq_string, regex, bare_word, one<'(', ')', '|', '{', '}'>>>,
          arrow> {};
struct test_kind : seq<bare_word, at<delimiter>> {};
struct test_subject : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct kw_with : kw<TAO_PEGTL_STRING("with")> {};
struct with_first : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct with_word : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct with_clause : seq<kw_with, sp, must<with_first>, sp, star<with_word, sp>> {};
struct test_effect : seq<effect> {};
struct kw_rule : kw<TAO_PEGTL_STRING("rule")> {};
struct rule_ref_value : seq<sor<bare_word, sq_string>, at<delimiter>> {};
struct test_message : seq<dq_string> {};
struct test_end : line_rest {};
struct test_line
    : seq<at<has_arrow>, must<test_kind>, sp, must<test_subject>, sp, opt<with_clause>, sp,
          must<arrow>, sp, must<test_effect>, sp, opt<kw_rule, sp, must<rule_ref_value>, sp>,
          opt<test_message, sp>, must<test_end>> {};

// --- blocks: KIND [LABEL] {   and   } -------------------------------------------------------
struct block_head : seq<bare_word, sp, opt<sor<dq_string, sq_string, bare_word>, sp>, one<'{'>> {};
struct block_kind : seq<bare_word> {};
struct block_label : seq<sor<dq_string, sq_string, bare_word>> {};
struct block_open : one<'{'> {};
struct block_close_inline : one<'}'> {};
struct after_open : line_rest {};
struct block_line : seq<at<block_head>, block_kind, sp, opt<block_label, sp>, block_open, sp,
                        opt<block_close_inline>, must<after_open>> {};
struct after_close : line_rest {};
struct close_line : seq<one<'}'>, must<after_close>> {};

// --- settings: KEY ARG* ----------------------------------------------------------------------
struct setting_key : seq<bare_word, at<delimiter>> {};
struct setting_arg : any_word {};
struct setting_end : line_rest {};
struct setting_line : seq<setting_key, sp, star<setting_arg, sp>, must<setting_end>> {};

// Reached only when no statement starts here (a line starting with `"`, `(`, `|`...).
struct statement_start : setting_key {};

struct statement : sor<close_line, rule_line, test_line, block_line, attr_line, setting_line> {};
struct line : seq<at<lex_check>, sp, sor<line_rest, statement, must<statement_start>>> {};

}  // namespace vigie::policy::grammar

#endif  // VIGIE_GRAMMAR_POLICY_LINE_GRAMMAR_HPP
