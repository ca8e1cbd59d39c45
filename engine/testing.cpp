// Runs the tests written inside policy files (`vigie test`, the playground, the WASM suite).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/compiled.hpp"

namespace vigie {

std::vector<TestOutcome> run_tests(const Policy& policy) {
  std::vector<TestOutcome> out;
  for (const auto& t : policy.impl().tests) {
    TestOutcome o;
    o.name = t.block;
    o.file = t.file;
    o.line = t.line;
    o.kind = t.kind;
    o.subject = t.subject;
    o.expected = t.expect;
    o.expected_rule = t.expect_rule;
    o.expected_message = t.expect_message;
    DecideOptions opt;
    opt.fs = virtual_file_system(t.symlinks, {});
    o.actual = policy.decide(t.request, opt);
    std::vector<std::string> why;
    if (o.actual.decision != t.expect)
      why.push_back(
          fmt::format("expected {}, got {}", to_string(t.expect), to_string(o.actual.decision)));
    if (!t.expect_rule.empty() && o.actual.rule.id != t.expect_rule)
      why.push_back(fmt::format("expected rule `{}`, got `{}`", t.expect_rule,
                                o.actual.rule.id.empty() ? "(default)" : o.actual.rule.id));
    if (!t.expect_message.empty() && o.actual.message.find(t.expect_message) == std::string::npos)
      why.push_back(fmt::format("expected a message containing `{}`, got `{}`", t.expect_message,
                                o.actual.message));
    o.passed = why.empty();
    for (std::size_t i = 0; i < why.size(); ++i) o.why += (i ? "; " : "") + why[i];
    out.push_back(std::move(o));
  }
  return out;
}

std::string test_outcomes_to_json(const std::vector<TestOutcome>& outcomes) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& o : outcomes) {
    arr.push_back({{"name", o.name},
                   {"file", o.file},
                   {"line", o.line},
                   {"kind", o.kind},
                   {"subject", o.subject},
                   {"expected", to_string(o.expected)},
                   {"expected_rule", o.expected_rule},
                   {"expected_message", o.expected_message},
                   {"passed", o.passed},
                   {"why", o.why},
                   {"decision", nlohmann::json::parse(decision_to_json(o.actual))}});
  }
  return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace vigie
