// The lint of over-broad allows (V214) through the compiler: the checker reads the engine's
// wrappers and interpreters (engine/programs_table.cpp, CheckOptions::programs), not a list of
// its own; a bare check() falls back to the obvious ones.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/policy/check.hpp"
#include "grammar/policy/parser.hpp"
#include "vigie/vigie.hpp"

namespace {

// The V214 messages of a compiled `commands` block, in order.
std::vector<std::string> v214(const std::string& commands) {
  auto r = vigie::compile({{"c.vigie", "policy \"c\"\ncommands {\n" + commands + "}\n"}});
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    if (d.code == "V214") out.push_back(d.message);
  return out;
}

// The same through a bare check() (no engine): the fallback lists.
std::size_t v214_bare(const std::string& commands) {
  auto p = vigie::policy::parse("c.vigie", "policy \"c\"\ncommands {\n" + commands + "}\n");
  std::vector<vigie::Diagnostic> out;
  vigie::policy::check(p.file, out);
  std::size_t n = 0;
  for (const auto& d : out) n += d.code == "V214";
  return n;
}

using Msgs = std::vector<std::string>;

}  // namespace

TEST_CASE("lint V214 reads the engine's programs table") {
  struct Row {
    const char* rule;
    Msgs want;
  };
  const std::string wrapper = " is a wrapper: allowing it allows the commands it runs";
  const Row rows[] = {
      // Wrappers: the programs table's `wrapper` handler, and eval.
      {"allow sudo", {"`sudo`" + wrapper}},
      {"allow timeout 10", {"`timeout`" + wrapper}},
      {"allow eval", {"`eval`" + wrapper}},
      // Interpreters: the interpreters column, versioned names by prefix.
      {"allow python3.12", {"`allow python3.12` lets the agent run any code"}},
      {"allow npx", {"`allow npx` lets the agent run any code"}},
      {"allow ssh", {"`allow ssh` lets the agent run any code"}},
      {"allow bash -c", {"`allow bash -c` lets the agent run any code"}},
      // A script or a module after the interpreter is fine; so is a program that runs nothing.
      {"allow python -m pytest", {}},
      {"allow npx prettier", {}},
      {"allow ls", {}},
      {"allow git status", {}},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    CHECK(v214(std::string("  ") + row.rule + "\n") == row.want);
  }
}

TEST_CASE("lint V214 without the engine: the fallback names the obvious ones") {
  CHECK(v214_bare("  allow python\n") == 1);
  CHECK(v214_bare("  allow sudo\n") == 1);
  CHECK(v214_bare("  allow ls\n") == 0);
  // The policy's own names count in both.
  CHECK(v214_bare("  interpreter mytcl\n  allow mytcl\n") == 1);
  CHECK(v214("  interpreter mytcl\n  allow mytcl\n").size() == 1);
}
