// Compile paths that must stay linear in the policy's size (docs/limits.md): many `option`
// lines, many agent blocks, many syntax errors. Each test counts the work (line indexes built,
// diagnostics built) or checks the result a faster path must keep, never time. Inputs are
// generated here.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/options.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/parser.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::Diagnostic;
using vigie::Severity;
using vigie::engine::AliasTable;
namespace limits = vigie::limits;
namespace policy = vigie::policy;

std::string lines(const std::string& line, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += line + "\n";
  return out;
}

void check_same(const std::vector<Diagnostic>& got, const std::vector<Diagnostic>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("diagnostic " << i);
    CHECK(got[i].code == want[i].code);
    CHECK(got[i].severity == want[i].severity);
    CHECK(got[i].file == want[i].file);
    CHECK(got[i].line == want[i].line);
    CHECK(got[i].column == want[i].column);
    CHECK(got[i].end_line == want[i].end_line);
    CHECK(got[i].end_column == want[i].end_column);
    CHECK(got[i].offset == want[i].offset);
    CHECK(got[i].message == want[i].message);
    CHECK(got[i].help == want[i].help);
    CHECK(got[i].incomplete == want[i].incomplete);
  }
}

}  // namespace

TEST_CASE("option lines: a spelling joins the first class that has one of its spellings",
          "[compile][options]") {
  AliasTable t;
  t.add("c", {"-a", "--all"});
  t.add("c", {"-b", "--both"});
  t.add("c", {"-b", "-a", "--cat", "-a"});  // in both: the first class takes the new one
  t.add("c", {"-xy", "--exact=1", "plain"});
  const auto* a = t.find("c", "-a");
  REQUIRE(a != nullptr);
  CHECK(a->display() == "-a|-b|--all|--cat");
  CHECK(t.find("c", "-b") == a);  // the first class that has it
  CHECK(t.find("c", "--cat") == a);
  CHECK(t.find("c", "--both") != a);
  const auto* x = t.find("c", "-y");
  REQUIRE(x != nullptr);
  CHECK(x->display() == "-x|-y|--exact=1|plain");
  CHECK(t.find("c", "--exact=1") == x);
  CHECK(t.find("c", "plain") == x);
  CHECK(t.find("c", "-z") == nullptr);
  CHECK(t.find("c", "--al") == nullptr);  // a class is found by whole spellings
  CHECK(t.find("c sub", "-y") == x);      // a subcommand finds its parent's classes

  // Many lines, each its own class, and one class that grows with every line.
  AliasTable many;
  for (int i = 0; i < 5000; ++i) {
    const std::string n = std::to_string(i);
    many.add("tool", {"-o" + n, "--opt" + n});
    many.add("tool", {"-k", "--key" + n});
  }
  for (int i = 0; i < 5000; i += 499) {
    const std::string n = std::to_string(i);
    const auto* c = many.find("tool", "--opt" + n);
    REQUIRE(c != nullptr);
    CHECK(c->longs == std::vector<std::string>{"opt" + n});
    CHECK(many.find("tool", "--key" + n) == many.find("tool", "-k"));
  }
  CHECK(many.find("tool", "-k")->longs.size() == 5000);
}

TEST_CASE("agent blocks: each file is indexed once per compile, not once per block", "[compile]") {
  std::string text = "policy \"p\"\nmode auto\n";
  for (int i = 0; i < 200; ++i)
    text += "agent \"a" + std::to_string(i) + "\" {\n  commands {\n    deny rm" +
            std::to_string(i) + " \"m\"\n  }\n}\n";
  const std::size_t before = policy::LineIndex::built();
  auto r = vigie::compile({{"p.vigie", text}});
  const std::size_t built = policy::LineIndex::built() - before;
  CHECK(r.ok());
  CHECK(built <= 4);  // the parser's, the checker's, the Builder's (was one per block)
}

TEST_CASE("policy-diagnostics: syntax errors past the limit are counted, not built",
          "[compile][limits]") {
  const std::string braces = lines("}", 1000);
  {
    policy::UnbuiltDiagnostics scope;
    auto r = policy::parse("p.vigie", braces);
    CHECK(r.diagnostics.size() == limits::policy_diagnostics + 1);
    CHECK(scope.errors({{"p.vigie", ""}}) == 1000 - limits::policy_diagnostics - 1);
    CHECK(scope.errors({{"other.vigie", ""}}) == 0);
  }
  // Without a compile's scope, every error is built (`vigie fmt`).
  CHECK(policy::parse("p.vigie", braces).diagnostics.size() == 1000);

  // A compile shows what it showed when every error was built: the same 100, the same note.
  std::string text = "policy \"p\"\nmode auto\ncommands {\n  allow ls\n";
  for (int i = 0; i < 400; ++i) {
    text += i % 3 == 0 ? "  allow \"open\n" : i % 3 == 1 ? "  = x\n" : "  }\n";
    if (i % 50 == 0) text += "  paths {\n";
  }
  auto all = policy::parse("p.vigie", text);
  REQUIRE(all.diagnostics.size() > 200);
  policy::bound_diagnostics(all.diagnostics);
  auto r = vigie::compile({{"p.vigie", text}});
  CHECK_FALSE(r.ok());
  check_same(r.diagnostics, all.diagnostics);
  CHECK(r.diagnostics.back().message.find("not shown from here on") != std::string::npos);
}

TEST_CASE("policy-diagnostics: an included file refused after parsing drops its counted errors",
          "[compile][limits]") {
  vigie::CompileOptions o;
  o.files = {{"x.vigie", lines("}", 501)}};  // its first line fails: not a policy
  auto r = vigie::compile({{"p.vigie", "policy \"p\"\nmode auto\ninclude \"x.vigie\"\n"}}, o);
  CHECK_FALSE(r.ok());
  CHECK(r.diagnostics.size() < limits::policy_diagnostics);
  for (const auto& d : r.diagnostics)
    CHECK(d.message.find("more diagnostics not shown") == std::string::npos);
}
