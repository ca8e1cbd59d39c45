// The stable diagnostic codes of the policy language front end: ONE table, in one place.
//
// A code never changes meaning once published: tools (CI annotations, SARIF viewers, editor
// integrations) key on it. Add new codes at the end of their range; never renumber.
//
//   V1xx  syntax    grammar/policy/parser.cpp  (a line that does not parse)
//   V2xx  check     grammar/policy/check*.cpp  (a line that parses but means nothing valid)
//   V3xx  compile   engine/                    RESERVED for the engine's compile stage
//                                              (shadowed or unreachable rules, failing examples,
//                                              include cycles...). The engine keeps its own list;
//                                              do not allocate V3xx codes here.
#ifndef VIGIE_GRAMMAR_POLICY_CODES_HPP
#define VIGIE_GRAMMAR_POLICY_CODES_HPP

#include <cstdint>
#include <string_view>

namespace vigie::policy {

// X(enumerator, "code", "one-line summary (also the SARIF rule's short description)")
#define VIGIE_POLICY_CODES(X)                                                                  \
  X(syntax_error, "V100", "syntax error")                                                      \
  X(unterminated_string, "V101", "unterminated string")                                        \
  X(unterminated_single_quoted, "V102", "unterminated single-quoted string")                   \
  X(invalid_escape, "V103", "unknown escape in a double-quoted string")                        \
  X(expected_pattern, "V104", "a rule without a pattern")                                      \
  X(expected_alternative, "V105", "nothing after a `|` between patterns")                      \
  X(bad_group_item, "V106", "a group item that is not a word or a regex")                      \
  X(unclosed_group, "V107", "a `(` group without its `)`")                                     \
  X(unexpected_text, "V108", "unexpected text at the end of a statement")                      \
  X(text_after_open_brace, "V109", "text after `{` on the same line")                          \
  X(text_after_close_brace, "V110", "text after `}` on the same line")                         \
  X(expected_test_kind, "V111", "a test case without a request kind")                          \
  X(expected_test_subject, "V112", "a test case without a subject")                            \
  X(expected_arrow, "V113", "a test case without `=>`")                                        \
  X(expected_effect, "V114", "a missing or unknown effect after `=>`")                         \
  X(expected_id, "V115", "`id` or `rule` without an id")                                       \
  X(expected_example, "V116", "`example` or `counterexample` without a quoted request")        \
  X(expected_with_value, "V117", "a `with` key without its value")                             \
  X(unexpected_close_brace, "V118", "a `}` with no open block")                                \
  X(unclosed_block, "V119", "a block without its `}`")                                         \
  X(expected_statement, "V120", "a line that is not a setting, a rule, a test or a block")     \
  X(nesting_too_deep, "V121", "blocks nested too deep")                                        \
  X(expected_condition_operand, "V122", "a condition without paths or options")                \
  X(unknown_block, "V201", "unknown block")                                                    \
  X(unknown_key, "V202", "unknown setting")                                                    \
  X(unknown_value, "V203", "unknown value")                                                    \
  X(wrong_arity, "V204", "wrong number of arguments")                                          \
  X(expected_number, "V205", "a value that should be a number")                                \
  X(invalid_regex, "V206", "a regex that RE2 rejects")                                         \
  X(duplicate_setting, "V207", "a setting given twice")                                        \
  X(duplicate_rule, "V208", "two identical rules")                                             \
  X(rule_not_allowed, "V209", "a rule where rules are not allowed")                            \
  X(test_outside_test_block, "V210", "a test case outside a `test` block")                     \
  X(block_not_allowed, "V211", "a block where it is not allowed")                              \
  X(bad_block_label, "V212", "a missing or unexpected block label")                            \
  X(missing_policy_name, "V213", "no `policy` name")                                           \
  X(broad_interpreter_allow, "V214", "an allow on an interpreter or wrapper prefix")           \
  X(deny_without_message, "V215", "a deny without a message for the model")                    \
  X(attribute_without_rule, "V216", "`id`, `example` or `counterexample` not after a rule")    \
  X(example_not_supported, "V217", "examples on a rule that is not a command rule")            \
  X(duplicate_rule_id, "V218", "two rules with the same id")                                   \
  X(bad_pattern_item, "V219", "a pattern item this block does not accept")                     \
  X(misplaced_pattern_end, "V220", "`$` or `...` before the end of a pattern")                 \
  X(invalid_request_json, "V221", "a `request` test case whose JSON does not parse")           \
  X(allow_everything, "V222", "an allow that matches every command")                           \
  X(unknown_safety_check, "V223", "an unknown built-in safety check")                          \
  X(bad_protect_message, "V224", "a `protect` message that is not the last argument")          \
  X(bad_domain, "V225", "a fetch rule operand that is not a domain or a method")               \
  X(bad_mcp_name, "V226", "an MCP rule operand that is not `server/tool`")                     \
  X(bad_option, "V227", "an `option` spelling that does not start with `-`")                   \
  X(duplicate_test_name, "V228", "two tests with the same name")                               \
  X(empty_message, "V229", "an empty message")                                                 \
  X(invalid_id, "V230", "a rule id with characters other than letters, digits, `-_.`")         \
  X(condition_not_supported, "V231", "a condition on a rule that is not a command rule")       \
  X(bad_condition_operand, "V232", "a condition operand that is not a path or an option")      \
  X(unresolvable_condition_path, "V233", "a condition path that can never be resolved")        \
  X(duplicate_condition, "V234", "two conditions of the same kind on one rule")                \
  X(contradictory_condition, "V235", "conditions that can never hold together")                \
  X(weakening_condition, "V236", "a condition that lets more through than it seems")           \
  X(protect_word_glob, "V237", "a `protect` glob that reads like a message (one quoted word)") \
  X(id_in_pattern, "V238", "`id NAME` ending a rule without a message: part of the pattern")

enum class Code : std::uint16_t {
#define VIGIE_X(name, code, summary) name,
  VIGIE_POLICY_CODES(VIGIE_X)
#undef VIGIE_X
};

struct CodeInfo {
  Code code;
  std::string_view id;       // "V101"
  std::string_view summary;  // "unterminated string"
};

inline constexpr CodeInfo kCodes[] = {
#define VIGIE_X(name, code, summary) {Code::name, code, summary},
    VIGIE_POLICY_CODES(VIGIE_X)
#undef VIGIE_X
};

// "V101" for Code::unterminated_string.
constexpr std::string_view code_id(Code c) {
  return kCodes[static_cast<std::size_t>(c)].id;
}

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_CODES_HPP
