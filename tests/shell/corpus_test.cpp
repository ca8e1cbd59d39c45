// The shared shell corpus (../shared/corpus, optional: skipped when absent).
//
//  - shell-inputs.jsonl: every row bash accepts (`bash_n`) must parse, except those listed in
//    tests/shell/known-failures.txt (`input <id>` lines); a new failure or a new pass fails the
//    test, so the list changes only by a reviewed diff (VIGIE_UPDATE_GOLDEN=1 rewrites it).
//  - shell-errors.jsonl: every row must be rejected, except the `accepted <id>` lines.
//  - codex-cases.jsonl, kind plain_commands: the rows with expected_argvs must agree exactly
//    with the literal argv of the commands view; every row's commands view is checked against
//    tests/shell/codex-plain.golden.
//
// A row's id is its `origin`, with `#N` appended for the N-th (N >= 2) row of the same origin.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "tests/shell/golden.hpp"

using namespace vigie::shell;
using namespace vigie::shell::testing;

namespace {

std::vector<std::string> row_ids(const std::vector<nlohmann::json>& rows) {
  std::map<std::string, int> seen;
  std::vector<std::string> ids;
  for (const auto& r : rows) {
    std::string o = r.value("origin", "?");
    int n = ++seen[o];
    ids.push_back(n == 1 ? o : o + "#" + std::to_string(n));
  }
  return ids;
}

const char* kKnownPath = "tests/shell/known-failures.txt";

std::set<std::string> known(const std::string& kind) {
  std::set<std::string> out;
  std::string text;
  if (!read_file(source_path(kKnownPath), text)) return out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto sp = line.find(' ');
    if (sp != std::string::npos && line.substr(0, sp) == kind) out.insert(line.substr(sp + 1));
  }
  return out;
}

// Rewrites one section of known-failures.txt (update mode).
void rewrite_known(const std::string& kind, const std::set<std::string>& ids) {
  std::string text;
  read_file(source_path(kKnownPath), text);
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    auto sp = line.find(' ');
    if (!line.empty() && line[0] != '#' && sp != std::string::npos && line.substr(0, sp) == kind) {
      continue;
    }
    out += line + "\n";
  }
  for (const auto& id : ids) out += kind + " " + id + "\n";
  write_file(source_path(kKnownPath), out);
}

void compare_known(const std::string& kind, const std::set<std::string>& now) {
  std::set<std::string> before = known(kind);
  std::vector<std::string> added, removed;
  std::set_difference(now.begin(), now.end(), before.begin(), before.end(),
                      std::back_inserter(added));
  std::set_difference(before.begin(), before.end(), now.begin(), now.end(),
                      std::back_inserter(removed));
  if (update_mode()) {
    rewrite_known(kind, now);
    return;
  }
  for (const auto& a : added) UNSCOPED_INFO("new " << kind << ": " << a);
  for (const auto& r : removed) UNSCOPED_INFO("no longer " << kind << ": " << r);
  CHECK(added.empty());
  CHECK(removed.empty());
}

}  // namespace

TEST_CASE("corpus: shell-inputs parse", "[corpus]") {
  std::vector<nlohmann::json> rows;
  if (!read_jsonl(corpus_path("shell-inputs.jsonl"), rows)) {
    WARN("corpus not found, skipped: " << corpus_path("shell-inputs.jsonl"));
    return;
  }
  auto ids = row_ids(rows);
  int posix_total = 0, posix_ok = 0, bash_total = 0, bash_ok = 0;
  std::set<std::string> failures;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    auto p = parse(r.at("src").get<std::string>());
    if (!r.value("bash_n", false)) continue;
    bool posix = r.value("posix", false);
    ++bash_total;
    posix_total += posix;
    if (p.ok) {
      ++bash_ok;
      posix_ok += posix;
    } else {
      failures.insert(ids[i]);
      if (std::getenv("VIGIE_CORPUS_VERBOSE")) {
        WARN(ids[i] << "\n"
                    << r.at("src").get<std::string>() << "\n=> " << p.errors[0].line << ":"
                    << p.errors[0].column << " " << p.errors[0].message);
      }
    }
  }
  double posix_rate = 100.0 * posix_ok / std::max(1, posix_total);
  double bash_rate = 100.0 * bash_ok / std::max(1, bash_total);
  WARN("shell-inputs: posix&&bash_n " << posix_ok << "/" << posix_total << " (" << posix_rate
                                      << "%), bash_n " << bash_ok << "/" << bash_total << " ("
                                      << bash_rate << "%)");
  CHECK(posix_rate >= 99.0);
  CHECK(bash_rate >= 95.0);
  compare_known("input", failures);
}

TEST_CASE("corpus: shell-errors rejected", "[corpus]") {
  std::vector<nlohmann::json> rows;
  if (!read_jsonl(corpus_path("shell-errors.jsonl"), rows)) {
    WARN("corpus not found, skipped: " << corpus_path("shell-errors.jsonl"));
    return;
  }
  auto ids = row_ids(rows);
  int rejected = 0, strict_total = 0, strict_rejected = 0;
  std::set<std::string> accepted;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto p = parse(rows[i].at("src").get<std::string>());
    bool bash_rejects = !rows[i].value("bash_n_ok", false);
    strict_total += bash_rejects;
    if (!p.ok) {
      ++rejected;
      strict_rejected += bash_rejects;
      REQUIRE(!p.errors.empty());
    } else {
      accepted.insert(ids[i]);
      if (std::getenv("VIGIE_CORPUS_VERBOSE")) {
        WARN("accepted " << ids[i] << "\n" << rows[i].at("src").get<std::string>());
      }
    }
  }
  WARN("shell-errors: rejected " << rejected << "/" << rows.size() << " ("
                                 << 100.0 * rejected / std::max<std::size_t>(1, rows.size())
                                 << "%); of the rows bash -n also rejects: " << strict_rejected
                                 << "/" << strict_total);
  compare_known("accepted", accepted);
}

namespace {

std::vector<std::vector<std::string>> literal_argvs(const CommandsResult& r) {
  std::vector<std::vector<std::string>> out;
  for (const auto& c : r.commands) {
    std::vector<std::string> a;
    for (const auto& w : c.argv) a.push_back(w.literal ? *w.literal : "<not literal>");
    out.push_back(a);
  }
  return out;
}

}  // namespace

TEST_CASE("corpus: codex plain_commands", "[corpus]") {
  std::vector<nlohmann::json> all;
  if (!read_jsonl(corpus_path("codex-cases.jsonl"), all)) {
    WARN("corpus not found, skipped: " << corpus_path("codex-cases.jsonl"));
    return;
  }
  std::vector<nlohmann::json> rows;
  for (auto& r : all) {
    if (r.value("kind", "") == "plain_commands") rows.push_back(r);
  }
  int with_expected = 0;
  std::string golden;
  std::map<std::string, int> seen;
  for (const auto& r : rows) {
    std::string script = r.at("script").get<std::string>();
    auto res = parse_commands(script);
    std::string id = r.value("test", "?");
    int n = ++seen[id];
    if (n > 1) id += "#" + std::to_string(n);
    golden += "=== " + id + "\n" + commands_to_sexp(res);
    if (r.contains("expected_argvs") && !r["expected_argvs"].is_null()) {
      ++with_expected;
      INFO(id << ": " << script);
      REQUIRE(res.ok);
      CHECK(literal_argvs(res) == r["expected_argvs"].get<std::vector<std::vector<std::string>>>());
    }
  }
  CHECK(with_expected == 15);
  const std::string path = source_path("tests/shell/codex-plain.golden");
  if (update_mode()) {
    write_file(path, golden);
    return;
  }
  std::string expected;
  REQUIRE(read_file(path, expected));
  CHECK(golden == expected);
}
