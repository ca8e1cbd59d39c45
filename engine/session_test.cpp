// Sessions: "always" answers, loop detection, budgets, counters.
#include <catch2/catch.hpp>

#include "engine/session.hpp"
#include "vigie/vigie.hpp"

namespace {

std::shared_ptr<const vigie::Policy> make(const std::string& src) {
  auto r = vigie::compile({{"session.vigie", src}});
  for (const auto& d : r.diagnostics) UNSCOPED_INFO(vigie::render(d, r.sources));
  REQUIRE(r.ok());
  return r.policy;
}

vigie::Request command(const std::string& line) {
  vigie::Request r;
  r.tool = "Bash";
  r.input_json = std::string(R"({"command": )") + "\"" + line + "\"}";
  r.cwd = r.project_root = "/project";
  r.home = "/home/user";
  return r;
}

vigie::Request edit(const std::string& path) {
  vigie::Request r;
  r.tool = "Edit";
  r.input_json = R"({"file_path": ")" + path + "\"}";
  r.cwd = r.project_root = "/project";
  r.home = "/home/user";
  return r;
}

const char* kPolicy = R"(policy "s"
mode ask
commands {
  allow cat
}
paths {
  protect "tests/**"
}
tools {
  always-ask WebSearch
}
session {
  loop-threshold 4
}
)";

}  // namespace

TEST_CASE("loop detection: the 4th identical consecutive call is denied", "[session]") {
  auto p = make(kPolicy);
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  o.fs = vigie::virtual_file_system({});
  for (int i = 0; i < 3; ++i)
    CHECK(p->decide(command("cat a"), o).decision == vigie::Effect::allow);
  auto d = p->decide(command("cat a"), o);
  CHECK(d.decision == vigie::Effect::deny);
  CHECK(d.rule.id == "session.loop");
  CHECK(d.message.find("do not retry") != std::string::npos);
  // The window is consecutive: another call resets it.
  CHECK(p->decide(command("cat b"), o).decision == vigie::Effect::allow);
  CHECK(p->decide(command("cat a"), o).decision == vigie::Effect::allow);
  CHECK(s.actions() == 6);
  CHECK(s.denials() == 1);
}

TEST_CASE("loop detection threshold is configurable", "[session]") {
  auto p = make("policy \"s\"\nsession {\n  loop-threshold 2\n}\n");
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  CHECK(p->decide(edit("a.py"), o).decision == vigie::Effect::ask);
  CHECK(p->decide(edit("a.py"), o).rule.id == "session.loop");
}

TEST_CASE("loop detection is disabled only explicitly: loop-threshold off", "[session]") {
  auto p = make("policy \"s\"\nmode auto\nsession {\n  loop-threshold off\n}\n");
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  for (int i = 0; i < 10; ++i) CHECK(p->decide(edit("a.py"), o).decision == vigie::Effect::allow);
  // `0` is not a spelling of off: a mistyped threshold is an error, never a silent disable.
  auto r = vigie::compile({{"p.vigie", "policy \"s\"\nsession {\n  loop-threshold 0\n}\n"}});
  CHECK(r.policy == nullptr);
}

TEST_CASE("budgets: actions and minutes", "[session]") {
  auto p = make("policy \"s\"\nmode auto\nsession {\n  budget actions 3\n  budget minutes 30\n}\n");
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  s.set_clock(0);
  CHECK(p->decide(edit("a.py"), o).decision == vigie::Effect::allow);
  CHECK(p->decide(edit("b.py"), o).decision == vigie::Effect::allow);
  CHECK(p->decide(edit("c.py"), o).decision == vigie::Effect::allow);
  auto d = p->decide(edit("d.py"), o);
  CHECK(d.decision == vigie::Effect::deny);
  CHECK(d.rule.id == "session.budget.actions");

  vigie::Session t;
  o.session = &t;
  t.set_clock(100);
  CHECK(p->decide(edit("a.py"), o).decision == vigie::Effect::allow);
  t.set_clock(100 + 30 * 60);
  CHECK(p->decide(edit("b.py"), o).rule.id == "session.budget.minutes");
}

TEST_CASE("\"always\" is remembered per tool, never for protected paths or always-ask",
          "[session]") {
  auto p = make(kPolicy);
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  o.fs = vigie::virtual_file_system({});
  CHECK(p->decide(edit("src/a.py"), o).decision == vigie::Effect::ask);
  s.remember_always("Edit");
  auto d = p->decide(edit("src/b.py"), o);
  CHECK(d.decision == vigie::Effect::allow);
  CHECK(d.rule.id == "session.always");
  // Protected paths are asked every time.
  CHECK(p->decide(edit("tests/test_a.py"), o).decision == vigie::Effect::ask);
  // Another tool is not covered.
  CHECK(p->decide(command("make"), o).decision == vigie::Effect::ask);
  // always-ask beats a session "always".
  s.remember_always("WebSearch");
  vigie::Request ws;
  ws.tool = "WebSearch";
  ws.input_json = R"({"query": "x"})";
  CHECK(p->decide(ws, o).decision == vigie::Effect::ask);
}

TEST_CASE("an ask without a human becomes an announced deny", "[session]") {
  auto p = make(kPolicy);
  auto r = edit("src/a.py");
  r.interactive = false;
  auto d = p->decide(r);
  CHECK(d.decision == vigie::Effect::deny);
  CHECK(d.message.find("non-interactive") != std::string::npos);
}

TEST_CASE("a session holds a bounded digest of the previous call, whatever its size", "[session]") {
  auto p = make(kPolicy);
  vigie::Session s;
  vigie::DecideOptions o;
  o.session = &s;
  o.fs = vigie::virtual_file_system({});
  auto call = [](char last) {
    vigie::Request r;
    r.tool = "mcp__srv__get";
    r.input_json = R"({"blob": ")" + std::string(1 << 19, 'x') + last + "\"}";
    r.cwd = r.project_root = "/project";
    r.home = "/home/user";
    return r;
  };
  // A call of 512 KiB: the session keeps at most kKeptBytes of its text, not the call.
  CHECK(p->decide(call('a'), o).rule.id != "session.loop");
  REQUIRE(s.state().last_call);
  CHECK(s.state().last_call->size > (1u << 19));
  CHECK(s.state().last_call->held_bytes() <=
        sizeof(vigie::CallDigest) + vigie::CallDigest::kKeptBytes + 16);
  // Identical large calls are still counted: the 4th is denied.
  CHECK(p->decide(call('a'), o).rule.id != "session.loop");
  CHECK(p->decide(call('a'), o).rule.id != "session.loop");
  CHECK(p->decide(call('a'), o).rule.id == "session.loop");
  // A call that differs only in its last byte (past the kept bytes) is another call.
  CHECK(p->decide(call('b'), o).rule.id != "session.loop");
  CHECK(s.state().repeats == 1);
  // Short calls are kept whole and compared exactly.
  CHECK(p->decide(edit("a.py"), o).rule.id != "session.loop");
  CHECK(s.state().last_call->head.size() == s.state().last_call->size);
}
