// The budgets of grammar/limits.hpp that bound work summed over many items (docs/limits.md):
// the resolver's steps for one request (path-steps), the overlap comparisons (overlap-checks)
// and the regex instructions (regex-instructions) of one policy, the diagnostics it keeps
// (policy-diagnostics). Each test counts the work (steps, comparisons, instructions), never
// time. Inputs are generated here.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "engine/fs.hpp"
#include "engine/paths.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::Diagnostic;
using vigie::Severity;
namespace limits = vigie::limits;
namespace engine = vigie::engine;

std::string repeat(const std::string& s, std::size_t n, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += (i ? sep : "") + s;
  return out;
}

// hostile.md, finding 1: `L` goes down `depth` folders, `B` in the deepest one climbs back.
engine::VirtualFileSystem chain(std::size_t depth) {
  const std::string down = repeat("d", depth, "/");
  return engine::VirtualFileSystem(
      {{"/p/L", down}, {"/p/" + down + "/B", repeat("..", depth, "/") + "/L"}}, {});
}

std::size_t count(const vigie::CompileResult& r, const std::string& code, Severity s) {
  std::size_t n = 0;
  for (const auto& d : r.diagnostics) n += d.code == code && d.severity == s;
  return n;
}

}  // namespace

TEST_CASE("path-steps: the resolver's steps are taken from the request's budget", "[limits]") {
  auto fs = chain(100);
  engine::ResolveBudget budget;
  // `L` (1), its 100 folders, `B` (1), its 100 `..`, `L` again and 100 folders, `x`: 304.
  auto r = engine::resolve_path("L/B/x", "/p", "/home/u", &fs, &budget);
  REQUIRE(r.ok);
  CHECK(r.path == "/p/" + repeat("d", 100, "/") + "/x");
  CHECK(limits::path_steps - budget.left == 1 + 304);  // `p` of the cwd: one more step
}

TEST_CASE("path-steps: a spent budget fails the paths left, before any step", "[limits]") {
  auto fs = chain(1000);
  engine::ResolveBudget budget;
  budget.left = 5000;  // each `B` costs about 2,000 steps
  auto r = engine::resolve_path("L/B/B/B/x", "/p", "/home/u", &fs, &budget);
  CHECK_FALSE(r.ok);
  CHECK(r.over_budget);
  CHECK(budget.left == 0);
  CHECK(r.error.find("steps to resolve") != std::string::npos);
  // The next path fails at once, even a short one; without a budget it resolves.
  auto again = engine::resolve_path("/p/x", "/", "/home/u", &fs, &budget);
  CHECK(again.over_budget);
  CHECK(budget.left == 0);
  CHECK(engine::resolve_path("L/B/B/B/x", "/p", "/home/u", &fs).ok);
}

TEST_CASE("path-steps: a request past the budget is asked", "[limits]") {
  // hostile.md: 4,000 such words took 12 s of CPU. Each word here resolves in about 11,000
  // steps; 120 of them pass limits::path_steps.
  const std::string down = repeat("d", 1000, "/");
  auto c = vigie::compile({{"p.vigie",
                            "policy \"p\"\nmode auto\ncommands {\n  allow cat\n}\n"
                            "paths {\n  deny .env \"no\"\n}\n"}});
  REQUIRE(c.ok());
  std::string line = "cat";
  for (int i = 0; i < 120; ++i) line += " L/B/B/B/B/B/x" + std::to_string(i);
  vigie::Request req;
  req.tool = "Bash";
  req.input_json = nlohmann::json{{"command", line}}.dump();
  req.cwd = "/project";
  req.project_root = "/project";
  req.home = "/home/user";
  vigie::DecideOptions d;
  d.fs = std::make_shared<engine::VirtualFileSystem>(
      std::map<std::string, std::string>{
          {"/project/L", down}, {"/project/" + down + "/B", repeat("..", 1000, "/") + "/L"}},
      std::vector<std::string>{});
  auto dec = c.policy->decide(req, d);
  CHECK(dec.decision == vigie::Effect::ask);
  CHECK(dec.rule.id == "limits.path-steps");
  REQUIRE(dec.error);
  CHECK(dec.error->find("steps to resolve") != std::string::npos);
}

TEST_CASE("overlap-checks: the overlap analysis stops with one note", "[limits]") {
  // 1,100 rules of one command: 1.2 million pairs, past the limit (hostile.md: 25,000 of them
  // took 68 s). The policy compiles; one note says where the analysis stopped.
  std::string text = "policy \"p\"\nmode auto\ncommands {\n";
  for (int i = 0; i < 1100; ++i) text += "  allow git sub" + std::to_string(i) + " x\n";
  text += "}\n";
  auto r = vigie::compile({{"p.vigie", text}});
  CHECK(r.ok());
  CHECK(count(r, "V341", Severity::note) == 1);
  bool said = false;
  for (const auto& d : r.diagnostics)
    said |= d.message.find("overlap analysis stopped after " +
                           std::to_string(limits::overlap_checks)) != std::string::npos;
  CHECK(said);
  // Under the limit, the analysis is whole: a shadowed rule is found (V341 warning), no note.
  auto small = vigie::compile(
      {{"p.vigie", "policy \"p\"\nmode auto\ncommands {\n  allow git\n  allow git log\n}\n"}});
  CHECK(count(small, "V341", Severity::warning) == 1);
  CHECK(count(small, "V341", Severity::note) == 0);
}

TEST_CASE("regex-instructions: a policy's regexes are bounded in all", "[limits]") {
  // Each `.{1,1000}` compiles to about 9,000 instructions, under regex-memory-bytes; 30 of them
  // pass the policy's budget (hostile.md: 2,700 such regexes took 20 s and 285 MB).
  auto policy = [](int n) {
    std::string text = "policy \"p\"\nmode auto\ncommands {\n";
    for (int i = 0; i < n; ++i) text += "  deny /.{1,1000}x" + std::to_string(i) + "/ \"m\"\n";
    return text + "}\n";
  };
  auto over = vigie::compile({{"p.vigie", policy(30)}});
  CHECK_FALSE(over.ok());
  REQUIRE(count(over, "V315", Severity::error) == 1);
  for (const auto& d : over.diagnostics)
    if (d.code == "V315") {
      CHECK(d.message.find("need more than " + std::to_string(limits::regex_instructions)) !=
            std::string::npos);
      CHECK(d.line > 3);  // at the regex that went past it
    }
  CHECK(vigie::compile({{"p.vigie", policy(10)}}).ok());
}

TEST_CASE("regex-instructions: a mode's own regexes count too", "[limits]") {
  std::string text = "policy \"p\"\nmode auto\nmode readonly {\n  commands {\n";
  for (int i = 0; i < 30; ++i) text += "    deny /.{1,1000}x" + std::to_string(i) + "/ \"m\"\n";
  text += "  }\n}\n";
  auto r = vigie::compile({{"p.vigie", text}});
  CHECK_FALSE(r.ok());
  CHECK(count(r, "V315", Severity::error) == 1);
}

TEST_CASE("policy-diagnostics: at most 100 are kept, errors first", "[limits]") {
  // hostile.md: a `}` on each line of a megabyte printed 500,000 errors.
  std::string text = "policy \"p\"\nmode auto\n" + repeat("}", 150, "\n") + "\n";
  auto r = vigie::compile({{"p.vigie", text}});
  CHECK_FALSE(r.ok());
  REQUIRE(r.diagnostics.size() == limits::policy_diagnostics + 1);
  const Diagnostic& last = r.diagnostics.back();
  CHECK(last.severity == Severity::note);
  CHECK(last.message.rfind("50 more diagnostics not shown", 0) == 0);
  CHECK(last.message.find("50 errors") != std::string::npos);

  // Warnings before the errors: the errors are kept, the warnings dropped.
  std::vector<Diagnostic> ds;
  for (int i = 0; i < 5; ++i) {
    Diagnostic w;
    w.code = "V215";
    w.severity = Severity::warning;
    w.line = static_cast<std::uint32_t>(i + 1);
    ds.push_back(w);
  }
  for (int i = 0; i < 4; ++i) {
    Diagnostic e;
    e.code = "V118";
    e.line = static_cast<std::uint32_t>(10 + i);
    ds.push_back(e);
  }
  vigie::policy::bound_diagnostics(ds, 5);
  REQUIRE(ds.size() == 6);
  CHECK(ds[0].severity == Severity::warning);
  CHECK(ds[0].line == 1);
  for (int i = 1; i < 5; ++i) CHECK(ds[static_cast<std::size_t>(i)].code == "V118");
  CHECK(ds[5].message.rfind("4 more diagnostics not shown", 0) == 0);
  CHECK(ds[5].line == 2);  // where the first one dropped was
}
