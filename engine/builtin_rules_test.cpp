// The built-in rules table (engine/builtin_rules.hpp): ids listed once, and decisions that carry
// a built-in rule mark it with RuleRef::builtin while printing the contract's "<builtin>" file.
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "engine/builtin_rules.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::Effect;
using vigie::engine::Builtin;
using vigie::engine::BuiltinMessage;

std::shared_ptr<const vigie::Policy> make(const std::string& src) {
  auto r = vigie::compile({{"builtin.vigie", src}});
  for (const auto& d : r.diagnostics) UNSCOPED_INFO(vigie::render(d, r.sources));
  REQUIRE(r.ok());
  return r.policy;
}

vigie::Request request(const std::string& tool, const std::string& input) {
  vigie::Request r;
  r.tool = tool;
  r.input_json = input;
  r.cwd = r.project_root = "/project";
  r.home = "/home/user";
  r.interactive = true;
  return r;
}

}  // namespace

TEST_CASE("built-in rule ids are listed once", "[builtin]") {
  std::set<std::string_view> ids;
  for (auto id : vigie::engine::kBuiltinIds) {
    CHECK(!id.empty());
    CHECK(ids.insert(id).second);
  }
  CHECK(vigie::engine::builtin_id(Builtin::mode_readonly) == "mode.readonly");
  CHECK(vigie::engine::builtin_message(BuiltinMessage::readonly_files).rule ==
        Builtin::mode_readonly);
}

TEST_CASE("a built-in rule reference is flagged and prints <builtin>", "[builtin]") {
  auto r = vigie::engine::builtin(Builtin::paths_third_party, Effect::ask, "ci");
  CHECK(r.id == "paths.third-party.ci");
  CHECK(r.builtin);
  CHECK(r.file == "<builtin>");
  CHECK(r.line == 0);
}

TEST_CASE("read-only decisions come from the table", "[builtin]") {
  auto p = make("policy \"ro\"\nmode readonly\n");
  struct Row {
    const char* tool;
    const char* input;
    BuiltinMessage message;
  };
  const Row rows[] = {
      {"Edit", R"({"file_path": "/project/a.py"})", BuiltinMessage::readonly_files},
      {"Bash", R"({"command": "make"})", BuiltinMessage::readonly_commands},
  };
  for (const auto& row : rows) {
    INFO(row.tool << " " << row.input);
    auto d = p->decide(request(row.tool, row.input));
    CHECK(d.decision == Effect::deny);
    CHECK(d.rule.id == "mode.readonly");
    CHECK(d.rule.builtin);
    CHECK(d.rule.file == "<builtin>");
    CHECK(d.message == vigie::engine::builtin_text(row.message));
    auto json = vigie::decision_to_json(d);
    CHECK(json.find(R"("file":"<builtin>")") != std::string::npos);
  }
}

TEST_CASE("a rule written in a policy is not built-in", "[builtin]") {
  auto p = make("policy \"w\"\nmode ask\ncommands {\n  allow ls\n}\n");
  auto d = p->decide(request("Bash", R"({"command": "ls"})"));
  CHECK(d.decision == Effect::allow);
  CHECK(!d.rule.builtin);
  CHECK(d.rule.file == "builtin.vigie");
}
