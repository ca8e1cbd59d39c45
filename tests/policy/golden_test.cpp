// Golden tests of the policy front end, as data:
//   tests/policy/ast/NAME.vigie   -> NAME.ast   the AST dump (spans omitted)
//   tests/policy/diag/NAME.vigie  -> NAME.diag  every diagnostic of parse + check, rendered
//   tests/policy/fmt/NAME.vigie   -> NAME.fmt   `vigie fmt` output
// With VIGIE_UPDATE_GOLDEN=1 the expected files are rewritten: review the diff, commit it.
//
// Plus properties over every .vigie file of rules/ and tests/: fmt is idempotent and keeps the
// meaning (the AST, spans ignored); and robustness: every golden input, every prefix of it and
// byte mutations of it go through parse + check + fmt without crashing (run under ASan/UBSan:
// cmake -DVIGIE_SANITIZE=ON).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "grammar/policy/check.hpp"
#include "grammar/policy/codes.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"

namespace fs = std::filesystem;
using namespace vigie;
using namespace vigie::policy;

namespace {

const fs::path kRoot = VIGIE_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool updating() {
  const char* u = std::getenv("VIGIE_UPDATE_GOLDEN");
  return u != nullptr && std::string(u) == "1";
}

std::vector<fs::path> inputs(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".vigie") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every .vigie file under rules/ and tests/ (others add theirs; globbed at test time).
std::vector<fs::path> all_policies() {
  std::vector<fs::path> out;
  for (const char* d : {"rules", "tests"}) {
    if (!fs::exists(kRoot / d)) continue;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / d)) {
      if (e.is_regular_file() && e.path().extension() == ".vigie") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string rel(const fs::path& p) {
  return fs::relative(p, kRoot).generic_string();
}

// The safety check ids the goldens are checked against (the engine passes its real list).
const std::vector<std::string> kSafety = {"fork-bomb", "rm.catastrophic", "git.force-push"};

// parse + check (check only when the file parses, as the compiler does), rendered.
std::string diagnose(const std::string& name, const std::string& text,
                     std::set<std::string>* seen = nullptr) {
  auto r = parse(name, text);
  std::vector<Diagnostic> ds = r.diagnostics;
  if (r.ok()) {
    CheckOptions o;
    o.safety_checks = &kSafety;
    check(r.file, ds, o);
  }
  std::string out;
  for (const auto& d : ds) {
    out += render(d, {{name, text}});
    if (seen != nullptr) seen->insert(d.code);
  }
  return out;
}

void golden(const fs::path& input, const std::string& ext, const std::string& actual) {
  fs::path expected = input;
  expected.replace_extension(ext);
  if (updating()) {
    std::ofstream(expected, std::ios::binary) << actual;
    return;
  }
  INFO("golden " << rel(expected) << " (VIGIE_UPDATE_GOLDEN=1 rewrites it)");
  REQUIRE(fs::exists(expected));
  CHECK(read(expected) == actual);
}

}  // namespace

TEST_CASE("golden: policy -> AST dump") {
  auto files = inputs(kRoot / "tests/policy/ast");
  REQUIRE(!files.empty());
  for (const auto& f : files) {
    auto r = parse(rel(f), read(f));
    INFO(rel(f));
    std::string out = dump_ast(r.file);
    for (const auto& d : r.diagnostics) out += render(d, {{rel(f), r.file.source}});
    golden(f, ".ast", out);
  }
}

TEST_CASE("golden: policy -> rendered diagnostics, covering every code") {
  auto files = inputs(kRoot / "tests/policy/diag");
  REQUIRE(!files.empty());
  std::set<std::string> seen;
  for (const auto& f : files) {
    INFO(rel(f));
    golden(f, ".diag", diagnose(rel(f), read(f), &seen));
  }
  for (const auto& c : kCodes) {
    if (c.code == Code::syntax_error) continue;  // the fallback: no input reaches it
    INFO("no golden under tests/policy/diag/ produces " << c.id << " (" << c.summary << ")");
    CHECK(seen.count(std::string(c.id)) == 1);
  }
}

TEST_CASE("golden: policy -> fmt") {
  auto files = inputs(kRoot / "tests/policy/fmt");
  REQUIRE(!files.empty());
  for (const auto& f : files) {
    auto r = parse(rel(f), read(f));
    INFO(rel(f));
    REQUIRE(r.ok());
    golden(f, ".fmt", format(r.file));
  }
}

TEST_CASE("fmt is idempotent and keeps the meaning of every policy in rules/ and tests/") {
  int n = 0;
  for (const auto& f : all_policies()) {
    auto r = parse(rel(f), read(f));
    if (!r.ok()) continue;  // the diag goldens: fmt refuses files with syntax errors
    ++n;
    INFO(rel(f));
    std::string once = format(r.file);
    auto r2 = parse(rel(f), once);
    REQUIRE(r2.ok());
    CHECK(r2.file.items == r.file.items);
    CHECK(r2.file.comments.size() == r.file.comments.size());
    CHECK(format(r2.file) == once);
  }
  CHECK(n > 0);
}

TEST_CASE("the policies in rules/ lint clean (parse + check)") {
  for (const auto& f : all_policies()) {
    if (rel(f).rfind("rules/", 0) != 0) continue;
    INFO(rel(f));
    auto r = parse(rel(f), read(f));
    std::vector<Diagnostic> ds = r.diagnostics;
    if (r.ok()) check(r.file, ds, CheckOptions{});
    std::string out;
    for (const auto& d : ds) {
      if (d.severity != Severity::note) out += render(d, {{rel(f), r.file.source}});
    }
    CHECK(out == "");
  }
}

TEST_CASE("no input crashes the front end: prefixes and byte mutations of every golden") {
  std::vector<fs::path> files;
  for (const char* d : {"tests/policy/ast", "tests/policy/diag", "tests/policy/fmt"}) {
    auto in = inputs(kRoot / d);
    files.insert(files.end(), in.begin(), in.end());
  }
  auto run = [](const std::string& text) {
    auto r = parse("x.vigie", text);
    std::vector<Diagnostic> ds;
    check(r.file, ds);  // also on a partial AST: must not crash
    (void)dump_ast(r.file);
    if (r.ok()) {
      auto again = parse("x.vigie", format(r.file));
      CHECK(again.ok());
    }
    for (const auto& d : r.diagnostics) (void)render(d, {{"x.vigie", text}});
  };
  std::uint32_t seed = 12345;
  auto rnd = [&seed] {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7fff;
  };
  const std::string interesting = "\"'(){}|#/\\\n\r\t $*.=>-\x01\xff";
  for (const auto& f : files) {
    std::string text = read(f);
    INFO(rel(f));
    for (std::size_t n = 0; n <= text.size(); ++n) run(text.substr(0, n));
    for (int i = 0; i < 300 && !text.empty(); ++i) {
      std::string m = text;
      int edits = 1 + rnd() % 3;
      for (int e = 0; e < edits; ++e) {
        std::size_t at = rnd() % m.size();
        switch (rnd() % 3) {
          case 0:
            m[at] = interesting[rnd() % interesting.size()];
            break;
          case 1:
            m.insert(at, 1, interesting[rnd() % interesting.size()]);
            break;
          default:
            m.erase(at, 1 + rnd() % 4);
            break;
        }
        if (m.empty()) m = "x";
      }
      run(m);
    }
  }
}
