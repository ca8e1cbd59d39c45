// The decision tables: every `.vigie` file under tests/engine/decisions/ and rules/ compiles
// without error and every test written in it passes. The same files run through `vigie test`
// (tests/cli) and through the WASM build (wasm/test), so the three must agree.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/engine/policy_files.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::testing::policy_files;

}  // namespace

TEST_CASE("decision tables: every policy compiles and its tests pass", "[decisions]") {
  auto files = policy_files();
  REQUIRE(files.size() >= 10);
  std::size_t total = 0;
  for (const auto& f : files) {
    INFO("policy " << f);
    vigie::CompileResult r = vigie::compile_file(f);
    for (const auto& d : r.diagnostics)
      if (d.severity == vigie::Severity::error) UNSCOPED_INFO(vigie::render(d, r.sources));
    REQUIRE(r.ok());
    for (const auto& o : vigie::run_tests(*r.policy)) {
      ++total;
      INFO(o.file << ":" << o.line << ": " << o.kind << " `" << o.subject << "`: " << o.why
                  << "\n  decision: " << vigie::decision_to_json(o.actual));
      CHECK(o.passed);
    }
  }
  // The tables must not silently shrink.
  CHECK(total >= 150);
}
