// Tests of engine/globs.cpp and engine/third_party.cpp: the glob set (anchored and basename
// globs, a family in one set, malformed globs), the class of files run by third parties, and
// the name globs of fetch and MCP rules (engine/compiled.hpp, LazyGlob).
#include "engine/paths.hpp"

#include <random>
#include <string>
#include <vector>

#include <re2/re2.h>
#include <catch2/catch.hpp>

#include "engine/compiled.hpp"

namespace {

using namespace vigie::engine;

// ---------------------------------------------------------------------------------------------
// Globs
// ---------------------------------------------------------------------------------------------

TEST_CASE("GlobSet: anchored and basename globs", "[paths][glob]") {
  struct Case {
    const char* glob;
    const char* path;  // relative to the root
    bool matches;
  };
  const Case cases[] = {
      // `*` stays in one component
      {"tests/*", "tests/a.py", true},
      {"tests/*", "tests/unit/a.py", false},
      {"tests/*", "tests", false},
      {"tests/*", "src/tests/a.py", false},  // anchored at the root
      // `**` spans components
      {"tests/**", "tests/a.py", true},
      {"tests/**", "tests/unit/deep/a.py", true},
      {"tests/**", "tests", true},  // the folder itself (rm -r tests)
      {"tests/**", "testsuite/a.py", false},
      {"tests/**", "src/tests/a.py", false},
      {"tests/", "tests/x/y", true},  // trailing slash: the folder and below
      {"/build", "build", true},      // a leading `/` only anchors
      {"/build", "src/build", false},
      // `**/` prefix
      {"**/fixtures/*.json", "fixtures/a.json", true},
      {"**/fixtures/*.json", "x/y/fixtures/a.json", true},
      {"**/fixtures/*.json", "x/fixtures/sub/a.json", false},
      {"a/**/b", "a/b", true},
      {"a/**/b", "a/x/y/b", true},
      {"a/**/b", "a/x/y/bc", false},
      {"**/**/x", "x", true},
      {"**", "any/thing", true},
      // basename globs match at any depth
      {"*.lock", "yarn.lock", true},
      {"*.lock", "deep/in/tree/Cargo.lock", true},
      {"*.lock", "yarn.lock.bak", false},
      {"*.lock", "lock", false},
      {"*.lock", ".lock", true},  // `*` matches a leading dot
      {"Makefile", "sub/Makefile", true},
      {"Makefile", "sub/Makefile.am", false},
      // `?` and classes
      {"?.txt", "a.txt", true},
      {"?.txt", "ab.txt", false},
      {"file[0-9].c", "file7.c", true},
      {"file[0-9].c", "filex.c", false},
      {"file[!0-9].c", "filex.c", true},
      {"file[!0-9].c", "file7.c", false},
      {"file[^0-9].c", "file7.c", false},
      {"[]]x", "]x", true},
      {"x[.]y", "x.y", true},
      {"x[.]y", "xzy", false},
      // regex metacharacters are literal
      {"a+b(c).txt", "a+b(c).txt", true},
      {"a+b(c).txt", "aab(c).txt", false},
      {"a.b", "axb", false},
      {"\\*.txt", "*.txt", true},
      {"\\*.txt", "a.txt", false},
      {"$x^", "$x^", true},
  };
  for (const auto& c : cases) {
    CAPTURE(c.glob, c.path);
    GlobSet set;
    std::string error;
    REQUIRE(set.add(c.glob, 5, &error));
    REQUIRE(set.compile(&error));
    std::string_view path = c.path;
    auto hits = set.match(path, basename_of(path));
    CHECK(hits == (c.matches ? std::vector<std::uint32_t>{5} : std::vector<std::uint32_t>{}));
  }
}

TEST_CASE("GlobSet: a family in one set", "[paths][glob]") {
  GlobSet set;
  REQUIRE(set.add("tests/**", 3));
  REQUIRE(set.add("*.lock", 1));
  REQUIRE(set.add("*.py", 2));
  REQUIRE(set.add("tests/*.py", 2));  // the same rule twice: reported once
  REQUIRE(set.compile());
  CHECK(set.size() == 4);
  CHECK(set.match("tests/a.py", "a.py") == std::vector<std::uint32_t>{2, 3});
  CHECK(set.match("src/a.lock", "a.lock") == std::vector<std::uint32_t>{1});
  CHECK(set.match("README.md", "README.md").empty());
  // Outside the root: only basename globs can match.
  CHECK(set.match("", "x.py") == std::vector<std::uint32_t>{2});
  SECTION("compiled sets are shared by copies and refuse new globs") {
    GlobSet copy = set;
    CHECK(copy.compiled());
    std::string error;
    CHECK_FALSE(copy.add("x", 9, &error));
    CHECK(error == "glob set already compiled");
    CHECK(copy.match("tests/a.py", "a.py") == std::vector<std::uint32_t>{2, 3});
  }
  SECTION("an empty set matches nothing") {
    GlobSet empty;
    REQUIRE(empty.compile());
    CHECK(empty.match("a", "a").empty());
  }
  SECTION("an uncompiled set fails closed") {
    GlobSet raw;
    REQUIRE(raw.add("x", 4));
    bool failed = false;
    CHECK(raw.match("y", "y", &failed) == std::vector<std::uint32_t>{4});
    CHECK(failed);
  }
}

// GlobSet answers simple globs (literal names, `head*tail`, `dir/name`, `dir/**`) without RE2,
// the others with it: both must give what each glob's own regex (glob_to_regex) gives.
TEST_CASE("GlobSet: the hashed simple globs agree with each glob's regex", "[paths][glob]") {
  const std::vector<std::string> parts = {"a",   "b",  "ab", ".x",   "a.x", "*",    "*.x",  "a*",
                                          "a*x", "**", "?",  "[ab]", ".",   "x\\*", "a**b", "b.x"};
  const std::vector<std::string> names = {"a",  "b",  "ab",    ".x", "a.x", "b.x",
                                          "ax", "x*", "aab.x", "ba", "axx"};
  std::mt19937 rng(12);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  std::vector<std::string> globs;
  for (int i = 0; i < 400; ++i) {
    std::string g = rng() % 4 == 0 ? "/" : "";
    int n = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < n; ++k) g += (k ? "/" : "") + pick(parts);
    if (rng() % 5 == 0) g += "/";
    globs.push_back(g);
  }
  std::vector<std::string> paths;  // relative to the root, normalized ("" is outside it)
  for (int i = 0; i < 200; ++i) {
    std::string p;
    int n = static_cast<int>(rng() % 4);
    for (int k = 0; k < n; ++k) p += (k ? "/" : "") + pick(names);
    paths.push_back(p);
  }
  RE2::Options o;
  o.set_encoding(RE2::Options::EncodingLatin1);
  o.set_dot_nl(true);
  GlobSet all;
  std::vector<std::pair<std::uint32_t, std::unique_ptr<RE2>>> regexes;
  for (std::uint32_t i = 0; i < globs.size(); ++i) {
    auto re = glob_to_regex(globs[i]);
    if (!re || !all.add(globs[i], i)) continue;
    regexes.emplace_back(i, std::make_unique<RE2>(re->regex, o));
    REQUIRE(regexes.back().second->ok());
  }
  REQUIRE(all.compile());
  for (const auto& p : paths) {
    std::string base_s(basename_of(p));
    std::vector<std::uint32_t> want;
    for (const auto& [rule, re] : regexes) {
      auto g = glob_to_regex(globs[rule]);
      std::string_view text = g->basename_only ? std::string_view(base_s) : std::string_view(p);
      if (!g->basename_only && p.empty()) continue;  // outside the root: basename globs only
      if (RE2::FullMatch(re2::StringPiece(text.data(), text.size()), *re)) want.push_back(rule);
    }
    INFO("path `" << p << "`");
    CHECK(all.match(p, base_s) == want);
  }
}

TEST_CASE("GlobSet: malformed globs are errors", "[paths][glob]") {
  const char* bad[] = {"", "file[0-9", "trailing\\", "[!", "../x", "a/../b"};
  for (const char* g : bad) {
    CAPTURE(g);
    GlobSet set;
    std::string error;
    CHECK_FALSE(set.add(g, 0, &error));
    CHECK_FALSE(error.empty());
  }
  auto re = glob_to_regex("src/**/*.rs");
  REQUIRE(re);
  CHECK_FALSE(re->basename_only);
  CHECK(re->regex == "src/(?:.*/)?[^/]*\\.rs");
  CHECK(glob_to_regex("*.lock")->basename_only);
}

// ---------------------------------------------------------------------------------------------
// Third-party files
// ---------------------------------------------------------------------------------------------

TEST_CASE("third_party_class", "[paths][third-party]") {
  struct Case {
    const char* path;
    const char* cls;  // nullptr: not a third-party file
  };
  const Case cases[] = {
      {".github/workflows/ci.yml", "ci"},
      {".github/workflows/sub/release.yaml", "ci"},
      {".github/ISSUE_TEMPLATE/bug.md", nullptr},
      {".gitlab-ci.yml", "ci"},
      {".circleci/config.yml", "ci"},
      {"Jenkinsfile", "ci"},
      {"azure-pipelines.yml", "ci"},
      {".travis.yml", "ci"},
      {"Makefile", "build"},
      {"src/Makefile", "build"},
      {"rules.mk", "build"},
      {"CMakeLists.txt", "build"},
      {"lib/CMakeLists.txt", "build"},
      {"build.gradle", "build"},
      {"setup.py", "build"},
      {"build.rs", "build"},
      {"Dockerfile", "build"},
      {".git/hooks/pre-commit", "vcs"},
      {".git/config", "vcs"},
      {".gitattributes", "vcs"},
      {".husky/pre-push", "vcs"},
      {".pre-commit-config.yaml", "vcs"},
      {".git/HEAD", nullptr},
      {"package.json", "manifest"},
      {"packages/web/package.json", "manifest"},
      {"Cargo.toml", "manifest"},
      {"go.mod", "manifest"},
      {"pyproject.toml", "manifest"},
      {"requirements.txt", "manifest"},
      {"requirements-dev.txt", "manifest"},
      {"Gemfile", "manifest"},
      {"composer.json", "manifest"},
      {"package-lock.json", "lock"},
      {"yarn.lock", "lock"},
      {"pnpm-lock.yaml", "lock"},
      {"Cargo.lock", "lock"},
      {"go.sum", "lock"},
      {"poetry.lock", "lock"},
      {"Gemfile.lock", "lock"},
      {"composer.lock", "lock"},
      {"vendor/some.lock", "lock"},
      {"./Cargo.lock", "lock"},  // normalized
      {"src//./Makefile", "build"},
      {"src/main.rs", nullptr},
      {"README.md", nullptr},
      {"package.json.bak", nullptr},
      {"docs/workflows/ci.yml", nullptr},
      {"", nullptr},
      {".claude/settings.json", "agent"},
      {".claude/commands/deploy.md", "agent"},
      {".mcp.json", "agent"},
      {".codex/config.toml", "agent"},
      {"opencode.json", "agent"},
      {".vigie/policy.vigie", "agent"},
      {"rules/team.vigie", "agent"},
      {"CLAUDE.md", nullptr},
      {".claude/notes.md", nullptr},
  };
  for (const auto& c : cases) {
    CAPTURE(c.path);
    auto cls = third_party_class(c.path);
    if (c.cls == nullptr) {
      CHECK_FALSE(cls.has_value());
    } else {
      REQUIRE(cls.has_value());
      CHECK(*cls == c.cls);
    }
  }
  SECTION("every default glob compiles and has a known class") {
    GlobSet set;
    std::uint32_t i = 0;
    for (const auto& [glob, cls] : default_third_party_globs()) {
      CAPTURE(glob);
      CHECK((cls == "ci" || cls == "build" || cls == "vcs" || cls == "manifest" || cls == "lock" ||
             cls == "agent" || cls == "binary"));
      std::string error;
      CHECK(set.add(glob, i++, &error));
    }
    CHECK(set.compile());
  }
}

}  // namespace

TEST_CASE("name globs: compiled on first use; one RE2 refuses fails closed") {
  struct Row {
    const char* pattern;
    bool fail_matches;  // a deny or ask rule
    const char* name;
    bool match;
  };
  const Row rows[] = {
      {"(?s).*\\.github\\.com", false, "api.github.com", true},
      {"(?s).*\\.github\\.com", true, "github.com", false},
      {"(?s)docs\\.python\\.org", false, "docs.python.org", true},
      // A pattern RE2 refuses (the compiler never makes one lazily): a deny or ask rule's glob
      // then matches every name, an allow rule's none.
      {"(", true, "anything", true},
      {"(", false, "anything", false},
      {"(", false, "", false},
  };
  for (const auto& r : rows) {
    CAPTURE(r.pattern, r.name);
    LazyGlob g(std::string(r.pattern), r.fail_matches);
    REQUIRE(g);
    REQUIRE(g.get() != nullptr);
    CHECK(RE2::FullMatch(r.name, *g) == r.match);
  }
  // Compiled already (the policy cache's regexes), and empty.
  LazyGlob eager(std::make_unique<RE2>("a.c"));
  CHECK(RE2::FullMatch("abc", *eager));
  CHECK_FALSE(LazyGlob());
  CHECK(LazyGlob().get() == nullptr);
}
