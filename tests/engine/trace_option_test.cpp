// DecideOptions::trace = false (hooks, `vigie serve`, the WASM fast path) must change nothing but
// the explanation: for every request written in the decision tables and rules/, the decision,
// message, rule and error are the same as with the trace, and the trace and matched rules stay
// empty. Sessions too: a session's own stop rules (loops, budgets) leave no matched rule.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/compiled.hpp"
#include "tests/engine/policy_files.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::testing::policy_files;

void same_outcome(const vigie::Decision& with, const vigie::Decision& without) {
  CHECK(vigie::to_string(without.decision) == std::string(vigie::to_string(with.decision)));
  CHECK(without.message == with.message);
  CHECK(without.rule.id == with.rule.id);
  CHECK(without.rule.file == with.rule.file);
  CHECK(without.rule.line == with.rule.line);
  CHECK(without.rule.effect == with.rule.effect);
  CHECK(without.error == with.error);
  CHECK(without.trace.empty());
  CHECK(without.matched.empty());
}

}  // namespace

TEST_CASE("trace off: the same decisions as with the trace, on every table's requests",
          "[decisions][trace]") {
  std::size_t total = 0;
  for (const auto& f : policy_files()) {
    vigie::CompileResult r = vigie::compile_file(f);
    if (!r.ok()) continue;  // decisions_test reports it
    for (const auto& t : r.policy->impl().tests) {
      INFO(f << ":" << t.line << ": " << t.kind << " `" << t.subject << "`");
      vigie::DecideOptions on;
      on.fs = vigie::virtual_file_system(t.symlinks, {});
      vigie::DecideOptions off = on;
      off.trace = false;
      vigie::Decision with = r.policy->decide(t.request, on);
      vigie::Decision without = r.policy->decide(t.request, off);
      same_outcome(with, without);
      ++total;
    }
  }
  CHECK(total >= 150);
}

TEST_CASE("trace off: sessions decide the same, and their stop rules add no matched rule",
          "[decisions][trace]") {
  vigie::CompileResult r = vigie::compile({{"s.vigie", R"(policy "s"
mode ask
session {
  loop-threshold 3
}
commands {
  allow git status
}
)"}});
  REQUIRE(r.ok());
  vigie::Request req;
  req.tool = "Bash";
  req.input_json = R"({"command": "git status"})";
  req.cwd = req.project_root = "/srv/app";
  req.home = "/home/u";
  vigie::Session s_on, s_off;
  vigie::DecideOptions on;
  on.fs = vigie::virtual_file_system({});
  vigie::DecideOptions off = on;
  off.trace = false;
  on.session = &s_on;
  off.session = &s_off;
  for (int i = 0; i < 4; ++i) {
    INFO("call " << i);
    same_outcome(r.policy->decide(req, on), r.policy->decide(req, off));
  }
  CHECK(r.policy->decide(req, off).decision == vigie::Effect::deny);  // the loop stop
}
