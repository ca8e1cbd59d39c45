// The checker: the key table, near misses, risky rules.
#include "grammar/policy/check.hpp"

#include <catch2/catch.hpp>

#include "grammar/policy/parser.hpp"

namespace vigie::policy {
namespace {

std::vector<Diagnostic> checked(const std::string& src, CheckOptions o = {}) {
  auto r = parse("t.vigie", "policy \"p\"\n" + src);
  REQUIRE(r.ok());
  std::vector<Diagnostic> out;
  check(r.file, out, o);
  return out;
}

std::string one(const std::string& src) {
  auto ds = checked(src);
  REQUIRE(ds.size() == 1);
  return ds[0].code + ": " + ds[0].message + " | " + ds[0].help;
}

TEST_CASE("did_you_mean: Damerau-Levenshtein, bounded by length") {
  CHECK(did_you_mean("alow", {"allow", "deny", "ask"}) == "allow");
  CHECK(did_you_mean("read_only", {"readonly", "ask", "auto"}) == "readonly");
  CHECK(did_you_mean("dney", {"allow", "deny", "ask"}) == "deny");  // transposition
  CHECK(did_you_mean("get", {"GET", "POST"}) == "GET");             // case-insensitive
  CHECK_FALSE(did_you_mean("banana", {"allow", "deny", "ask"}));
  CHECK_FALSE(did_you_mean("", {"a"}));
}

TEST_CASE("a clean policy has no diagnostics") {
  CHECK(checked("mode supervised\ncommands {\n  allow git status\n  deny rm -rf \"no\"\n}\n")
            .empty());
}

TEST_CASE("mode: seed spellings accepted, near misses rejected with a hint") {
  for (auto m : {"readonly", "ask", "auto", "supervised", "full", "deny"}) {
    CHECK(checked(std::string("mode ") + m + "\n").empty());
  }
  CHECK(one("mode read_only\n") == "V203: unknown mode `read_only` | did you mean `readonly`?");
}

TEST_CASE("mode blocks: a known mode as label, scoped blocks inside") {
  CHECK(checked("mode full {\n  commands {\n    allow git push\n  }\n  paths {\n"
                "    workspace-only off\n  }\n}\n")
            .empty());
  CHECK(one("mode ful {\n}\n") == "V203: unknown mode `ful` | did you mean `full`?");
  CHECK(one("mode {\n}\n").rfind("V212: `mode` needs a name", 0) == 0);
  CHECK(one("mode auto {\n  test \"t\" {\n  }\n}\n")
            .rfind("V211: `test` is not allowed in `mode`", 0) == 0);
  CHECK(one("mode auto {\n  allow git push\n}\n").rfind("V209", 0) == 0);
}

TEST_CASE("tools: harness and map take their arguments") {
  CHECK(checked("tools {\n  harness gemini zeroclaw\n  map run_command command command=cmd\n}\n")
            .empty());
  CHECK(one("tools {\n  map run_command\n}\n").rfind("V20", 0) == 0);
}

TEST_CASE("unknown keys and blocks get a did you mean") {
  CHECK(one("commands {\n  alow git status\n}\n") ==
        "V202: unknown setting `alow` in `commands` | did you mean `allow`?");
  CHECK(one("comands {\n}\n") == "V201: unknown block `comands` | did you mean `commands`?");
  CHECK(one("commands {\n  workspace .\n}\n") ==
        "V202: unknown setting `workspace` in `commands` | `workspace` is set in `paths`");
}

TEST_CASE("arity, numbers, duplicates") {
  CHECK(one("mode\n").rfind("V204", 0) == 0);
  CHECK(one("session {\n  loop-threshold four\n}\n").rfind("V205", 0) == 0);
  CHECK(one("policy \"again\"\n").rfind("V207", 0) == 0);
  CHECK(one("session {\n  budget actions 3\n  budget actions 4\n}\n").rfind("V207", 0) == 0);
  CHECK(checked("session {\n  budget actions 3\n  budget minutes 4\n}\n").empty());
}

TEST_CASE("rules and tests only where they belong") {
  CHECK(one("allow git status\n").rfind("V209", 0) == 0);
  CHECK(one("command \"ls\" => allow\n").rfind("V210", 0) == 0);
  CHECK(one("commands {\n  paths {\n  }\n}\n").rfind("V211", 0) == 0);
  CHECK(one("test {\n}\n").rfind("V212", 0) == 0);
  CHECK(one("example \"ls\"\n").rfind("V216", 0) == 0);
}

TEST_CASE("regexes are validated with RE2") {
  auto d = one("commands {\n  deny /a(b/ \"m\"\n}\n");
  CHECK(d.rfind("V206: invalid regex `a(b`: missing )", 0) == 0);
}

TEST_CASE("an allow on an interpreter or a wrapper prefix warns") {
  for (auto p : {"python", "bash -c", "sudo", "env", "node -e", "python3 *", "(sh | zsh) -c"}) {
    auto ds = checked(std::string("commands {\n  allow ") + p + "\n}\n");
    REQUIRE(!ds.empty());  // one per program: `(sh | zsh) -c` gives two
    for (const auto& d : ds) {
      CHECK(d.code == "V214");
      CHECK(d.severity == Severity::warning);
    }
  }
  CHECK(checked("commands {\n  allow python -m pytest\n  deny python \"m\"\n}\n").empty());
  // The file's own interpreters count too.
  CHECK(checked("commands {\n  interpreter mytcl\n  allow mytcl\n}\n").size() == 1);
}

TEST_CASE("a deny without message is a note; identical rules warn") {
  auto ds = checked("commands {\n  deny rm -rf\n  deny rm -rf\n}\n");
  REQUIRE(ds.size() == 3);
  CHECK(ds[0].severity == Severity::note);
  CHECK(ds[1].code == "V208");
}

TEST_CASE("operands outside commands are checked per block") {
  CHECK(one("paths {\n  deny /tmp/ \"m\"\n}\n").rfind("V219", 0) == 0);
  CHECK(one("fetch {\n  allow get example.org\n}\n").rfind("V225", 0) == 0);
  CHECK(one("fetch {\n  allow https://example.org/x\n}\n").rfind("V225", 0) == 0);
  CHECK(one("mcp {\n  allow github\n}\n").rfind("V226", 0) == 0);
  CHECK(checked("fetch {\n  allow GET POST *.github.com\n}\nmcp {\n  ask */delete_*\n}\n").empty());
}

TEST_CASE("protect: globs then a message with a blank, last") {
  CHECK(checked("paths {\n  protect \"tests/**\" \"*.lock\" \"Change the code.\"\n}\n").empty());
  CHECK(one("paths {\n  protect \"Change the code.\" \"*.lock\"\n}\n").rfind("V224", 0) == 0);
}

TEST_CASE("safety names are checked against the engine's list when given") {
  std::vector<std::string> names = {"fork-bomb", "git.force-push"};
  CheckOptions o;
  o.safety_checks = &names;
  auto ds = checked("safety {\n  disable git.force-psuh\n}\n", o);
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].help == "did you mean `git.force-push`?");
}

TEST_CASE("a missing policy name is an error only where required") {
  auto r = parse("t", "mode ask\n");
  std::vector<Diagnostic> out;
  check(r.file, out);
  REQUIRE(out.size() == 1);
  CHECK(out[0].code == "V213");
  out.clear();
  check(r.file, out, CheckOptions{false});
  CHECK(out.empty());
}

}  // namespace
}  // namespace vigie::policy
