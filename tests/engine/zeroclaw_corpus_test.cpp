// Seed 002's runtime (zeroclaw) against vigie: the 748 assertions of its unit tests in
// ../shared/corpus/zeroclaw/cases.jsonl, each row that the documented semantics can express run
// through the public API (vigie::compile of a policy generated from the row's config,
// Policy::decide of the row's request, symlinks of its fixture in a virtual filesystem). The
// translation is in tests/engine/zeroclaw_corpus.hpp.
//
// Every row that does not agree is listed with its reason in
// tests/engine/zeroclaw-disagreements.txt
// (`REASON ID`, the reasons are the keys of kReasons below); the test fails when the list differs
// from what the corpus gives (a row that agreed no longer does, a listed row agrees now, a reason
// is missing), when a row has no reason ("unclassified") or when the agreement count falls below
// kMinAgree. VIGIE_UPDATE_GOLDEN=1 rewrites the list, keeping the reasons already written and
// marking new rows "unclassified" for a human to argue. Without ../shared/corpus the test warns
// and passes. The figures and one example per reason are in docs/seeds.md.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/engine/zeroclaw_corpus.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Rows that must agree (of 748; see docs/seeds.md).
constexpr std::size_t kMinAgree = 358;

// Why a row does not agree: the rows vigie does not decide (first group), then the rows it decides
// differently. The order is the order of the list file.
struct Reason {
  const char* key;
  bool decided;  // the row is decided by vigie (and differs), or not a decision at all
  const char* text;
};

constexpr Reason kReasons[] = {
    {"config", false, "config parsing/validation of the runtime, not a decision"},
    {"env", false, "env forwarding and secret redaction: not a permission decision"},
    {"risk-table", false,
     "the runtime's own risk classification of a command: seed 002 lists no command in its "
     "classes (a vigie policy declares them as rules)"},
    {"helper", false,
     "an internal helper of the runtime (root lookup, path normalisation, redirect predicate), "
     "not a decision"},
    {"runtime-config-path", false,
     "protection of the runtime's own config and state files: not in the documentation"},
    {"dialect", false, "PowerShell / cmd.exe dialect: vigie parses POSIX shell"},
    {"allowed-tools", false,
     "allowed_tools, a runtime setting the documentation does not describe"},
    {"placeholder", false,
     "the row's paths are placeholders of the runtime's temporary tree (`<root>`, `<file>`)"},
    {"shape", false, "the row's config or expectation has a shape the translation does not read"},
    {"code-precedence", true,
     "runtime code precedence differs from the documentation (README): its workspace and "
     "allowed roots win over any forbidden entry, where seed 002 says the most specific prefix "
     "wins and a tie goes to the forbidden entry (workspace /tmp under forbidden /tmp)"},
    {"code-exception", true,
     "an exception of the runtime's code that the documentation does not make (device files "
     "such as /dev/null readable although /dev is forbidden)"},
    {"empty-allowlist", true,
     "documented: allowed_commands is strict only when it is not empty (\"si allowed_commands "
     "est non vide\"); the runtime's code blocks every command on an empty list"},
    {"readonly-get", true,
     "documented: readonly allows http GET requests (\"http (GET uniquement)\"); the runtime's "
     "http_request tool refuses every call in readonly"},
    {"expansion-guard", true,
     "the runtime refuses every expansion or substitution (`$X`, `${X}`, `$(…)`, backticks, "
     "`<(…)`) in a line; vigie judges the commands inside and lets a word that is not static "
     "follow an allowed prefix (the documentation asks only for detection of destructive "
     "patterns)"},
    {"redirect-guard", true,
     "the runtime refuses every redirection but to /dev/null, /dev/stdout and /dev/stderr; vigie "
     "judges a redirection as an edit (or read) of its target, asked at supervised"},
    {"runtime-guard", true,
     "a refusal of the runtime's shell guard that the documentation does not describe, on a "
     "listed command (inline interpreter code and `-m`, package installs, `git alias`/`-c`, "
     "`find -ok`): vigie follows the documented allowlist"},
    {"interpreter-inline", true,
     "inline interpreter code (`python3 -c`, `node -e`/`--eval`/`-p`): the runtime denies it; "
     "vigie asks, since an allow of an interpreter covers a script file and never code it cannot "
     "see (docs/engine.md)"},
    {"path-words", true,
     "the runtime's string scan takes every path-like word of a line as a path; vigie checks the "
     "paths the programs table says a command touches (`printf FORMAT /etc/x` reads nothing)"},
    {"dotdot", true,
     "the runtime refuses any `..` component or URL-encoded separator in a tool path; vigie "
     "resolves the path first (seed 002: prefixes compared after resolution) and it stays in the "
     "workspace"},
    {"risk-class", true,
     "the runtime's risk class of the command (curl high, touch medium) is not among the classes "
     "the generated policy declares (those of rules/autonomy.vigie)"},
    {"unresolvable", true,
     "a path vigie cannot resolve (NUL byte, `~user`, symlink cycle) is asked, not denied (fail "
     "closed: an ask becomes a deny when not interactive)"},
    {"unparsable", true,
     "not a complete POSIX shell line (a here-document without its terminator, `node "
     "--eval=f(1)`): vigie asks (fail closed) where the runtime decides"},
    {"empty-line", true, "an empty command line: nothing runs, vigie allows it"},
    {"stricter-inner", true,
     "vigie judges this more strictly: every part of the line is judged, inside `$(…)` and "
     "`>(…)` too (the runtime lets a wildcard allowlist without high-risk blocking run anything)"},
    {"stricter-symlink", true,
     "vigie judges this more strictly: it resolves symlinks before the check (seed 002), where "
     "the runtime's string pre-check does not"},
    {"stricter-name", true,
     "vigie judges this more strictly: an allowlist entry `git` covers the command `git` as "
     "written, not `/usr/bin/git` nor `GIT` (the runtime compares basenames, case-insensitively)"},
    {"readonly-tools", true,
     "vigie judges this more strictly: at readonly only the documented tool set runs (file_read, "
     "file_list, memory_search, http GET, web_search, time)"},
    {"no-path", true,
     "vigie judges this more strictly: a file tool called without a path reads or writes "
     "nothing it can name, and is asked (the runtime's string pre-check lets an empty path by)"},
    {"shell-gate", true,
     "the runtime's shell tool skips the outer approval and judges its command itself; vigie "
     "judges a shell call by its command, and a call without one is asked"},
    {"stricter-repository", true,
     "vigie judges this more strictly: git run in a repository outside the workspace and the "
     "project (`git -C /home/user/repo status`) loads that repository's configuration, whose "
     "hooks, core.fsmonitor and core.pager run commands: asked"},
    {"hourly-budget", true,
     "an hourly action budget (max_actions_per_hour): vigie's budgets are per session (`session "
     "{ budget actions N }`)"},
    {"unclassified", true, "not argued yet: give the row a reason"},
};

const Reason* reason_of(const std::string& key) {
  for (const auto& r : kReasons)
    if (key == r.key) return &r;
  return nullptr;
}

fs::path list_file() {
  return fs::path(VIGIE_SOURCE_DIR) / "tests" / "engine" / "zeroclaw-disagreements.txt";
}

// The list file: id -> reason key (the text after `  #` on a line is a comment).
std::map<std::string, std::string> read_list() {
  std::map<std::string, std::string> out;
  std::ifstream in(list_file());
  std::string line;
  while (std::getline(in, line)) {
    if (auto h = line.find("  #"); h != std::string::npos) line.resize(h);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    auto sp = line.find(' ');
    if (sp == std::string::npos) continue;
    out[line.substr(sp + 1)] = line.substr(0, sp);
  }
  return out;
}

std::string one_line(std::string s) {
  for (auto& c : s)
    if (c == '\n' || c == '\t' || c == '\0') c = ' ';
  return s.size() > 90 ? s.substr(0, 87) + "..." : s;
}

struct Tally {
  std::size_t rows = 0, decided = 0, agree = 0;
};

struct Entry {
  std::string key, id, comment;
};

std::string effects(const std::set<vigie::Effect>& s) {
  std::string out;
  for (auto e : s) out += (out.empty() ? "" : "|") + std::string(vigie::to_string(e));
  return out;
}

}  // namespace

TEST_CASE("zeroclaw corpus: seed 002's runtime assertions under generated vigie policies",
          "[corpus][zeroclaw]") {
  fs::path file = fs::path(VIGIE_CORPUS_DIR) / "zeroclaw" / "cases.jsonl";
  if (!fs::exists(file)) {
    WARN("zeroclaw corpus not found, skipped: " << file.string());
    return;
  }
  std::map<std::string, std::string> listed = read_list();
  std::map<std::string, std::shared_ptr<const vigie::Policy>> compiled;
  std::map<std::string, Tally> by_area;
  std::map<std::string, int> counts;
  std::vector<Entry> entries;
  std::ostringstream compile_errors;
  std::size_t rows = 0;

  std::ifstream in(file);
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty()) continue;
    json row = json::parse(text, nullptr, false);
    REQUIRE_FALSE(row.is_discarded());
    ++rows;
    std::string id = zeroclaw::row_id(row, counts);
    Tally& t = by_area[row.value("area", "?")];
    ++t.rows;
    zeroclaw::Case c = zeroclaw::translate(row);
    if (!c.reason.empty()) {
      entries.push_back({c.reason, id, ""});
      continue;
    }
    auto& policy = compiled[c.policy];
    if (!policy) {
      vigie::CompileOptions opts;
      opts.read_files = false;
      vigie::CompileResult r = vigie::compile({{"zeroclaw.vigie", c.policy}}, opts);
      if (!r.ok()) {
        compile_errors << id << ":\n" << c.policy;
        for (const auto& d : r.diagnostics) compile_errors << vigie::render(d, r.sources);
        continue;
      }
      policy = r.policy;
    }
    vigie::DecideOptions opts;
    opts.fs = vigie::virtual_file_system(c.symlinks, c.files);
    vigie::Session session;
    for (const auto& tool : c.session_always) session.remember_always(tool);
    if (!c.session_always.empty()) opts.session = &session;
    vigie::Decision d = policy->decide(c.request, opts);
    ++t.decided;
    if (c.agree.count(d.decision)) {
      ++t.agree;
      continue;
    }
    std::string key = "unclassified";
    if (auto it = listed.find(id); it != listed.end()) {
      if (const Reason* known = reason_of(it->second); known && known->decided) key = it->second;
    }
    std::string got = vigie::to_string(d.decision);
    if (!d.rule.id.empty()) got += " (" + d.rule.id + ")";
    entries.push_back(
        {key, id, one_line(c.subject) + ": runtime " + effects(c.agree) + ", vigie " + got});
  }
  INFO("generated policies that do not compile:\n" << compile_errors.str());
  CHECK(compile_errors.str().empty());

  // The list as the corpus gives it, in the order of kReasons then by id.
  std::ostringstream want;
  want << "# zeroclaw corpus rows that do not agree with vigie, one per line: REASON ID  # what.\n"
          "# Written by tests/engine/zeroclaw_corpus_test.cpp with VIGIE_UPDATE_GOLDEN=1; the\n"
          "# reasons of decided rows are argued by hand (docs/seeds.md).\n";
  std::map<std::string, std::size_t> per_reason;
  for (const auto& r : kReasons) {
    bool first = true;
    std::set<std::pair<std::string, std::string>> sorted;
    for (const auto& e : entries)
      if (e.key == r.key) sorted.insert({e.id, e.comment});
    for (const auto& [id, comment] : sorted) {
      if (first) want << "\n# " << r.key << ": " << r.text << "\n";
      first = false;
      want << r.key << " " << id << (comment.empty() ? "" : "  # " + comment) << "\n";
      ++per_reason[r.key];
    }
  }
  std::map<std::string, std::string> actual;
  for (const auto& e : entries) actual[e.id] = e.key;

  const char* update = std::getenv("VIGIE_UPDATE_GOLDEN");
  if (update && *update && std::string(update) != "0") {
    std::ofstream(list_file()) << want.str();
    listed = read_list();
  }

  std::ostringstream figures;
  std::size_t agree = 0, decided = 0;
  for (const auto& [area, t] : by_area) {
    figures << "  " << area << ": " << t.agree << " agree of " << t.decided << " decided ("
            << t.rows << " rows)\n";
    agree += t.agree;
    decided += t.decided;
  }
  figures << "  total: " << agree << " agree of " << decided << " decided (" << rows
          << " rows)\n  not agreeing, by reason:\n";
  for (const auto& [key, n] : per_reason) figures << "    " << key << ": " << n << "\n";
  WARN("zeroclaw corpus\n" << figures.str());

  std::ostringstream diff;
  for (const auto& [id, key] : actual)
    if (auto it = listed.find(id); it == listed.end() || it->second != key)
      diff << "  " << key << " " << id << " (listed: " << (it == listed.end() ? "no" : it->second)
           << ")\n";
  for (const auto& [id, key] : listed)
    if (!actual.count(id))
      diff << "  " << id << " is listed (" << key << ") but agrees or matches no row\n";
  INFO(
      "tests/engine/zeroclaw-disagreements.txt differs from the corpus (VIGIE_UPDATE_GOLDEN=1 "
      "rewrites it; then argue each unclassified row):\n"
      << diff.str());
  CHECK(diff.str().empty());
  CHECK(per_reason["unclassified"] == 0);
  CHECK(rows == 748);
  CHECK(agree >= kMinAgree);
}

// The translation itself, on rows written here (runs without the corpus).
TEST_CASE("zeroclaw corpus: a row's runtime config becomes a vigie policy", "[zeroclaw]") {
  struct Row {
    const char* json;
    vigie::Effect want;
  };
  const Row rows[] = {
      // A strict allowlist with the high-risk class blocked at supervised.
      {R"({"area": "command", "expected": {"err": "Command blocked: high-risk"},
           "origin": "x@1:policy.rs:1 t", "input": {"fn": "validate_command_execution",
           "approved": true, "command": "rm -rf build", "dialect": "Posix", "policy": {
           "autonomy": "supervised", "workspace_dir": ".", "allowed_commands": ["*"],
           "block_high_risk_commands": true, "require_approval_for_medium_risk": true}}})",
       vigie::Effect::deny},
      {R"({"area": "command", "expected": true, "origin": "x@1:policy.rs:1 t",
           "input": {"fn": "is_command_allowed", "command": "git status", "dialect": "Posix",
           "policy": {"autonomy": "supervised", "allowed_commands": ["git"]}}})",
       vigie::Effect::allow},
      // Most specific wins, a tie goes to the forbidden entry (seed 002).
      {R"({"area": "path", "expected": true, "origin": "x@1:policy.rs:1 t",
           "input": {"fn": "is_path_allowed", "path": "/tmp/ok/a.txt", "policy": {
           "autonomy": "supervised", "workspace_dir": "/srv/w", "workspace_only": true,
           "allowed_roots": ["/tmp/ok"], "forbidden_paths": ["/tmp"]}}})",
       vigie::Effect::allow},
      {R"({"area": "path", "expected": false, "origin": "x@1:policy.rs:1 t",
           "input": {"fn": "is_path_allowed", "path": "/tmp/a.txt", "policy": {
           "autonomy": "supervised", "workspace_dir": "/tmp", "workspace_only": true,
           "forbidden_paths": ["/tmp"]}}})",
       vigie::Effect::deny},
      // always_ask beats auto_approve and a session "always".
      {R"({"area": "level", "expected": true, "origin": "x@1:mod.rs:1 t",
           "input": {"fn": "needs_approval", "tool": "shell", "approval_manager": {
           "autonomy": "full", "always_ask": ["shell"], "auto_approve": ["shell"],
           "session_allowlist": ["shell"]}}})",
       vigie::Effect::ask},
  };
  for (const auto& row : rows) {
    json j = json::parse(row.json);
    zeroclaw::Case c = zeroclaw::translate(j);
    INFO(row.json << "\n" << c.policy);
    REQUIRE(c.reason.empty());
    vigie::CompileResult r = vigie::compile({{"zeroclaw.vigie", c.policy}});
    REQUIRE(r.ok());
    vigie::DecideOptions opts;
    opts.fs = vigie::virtual_file_system(c.symlinks, c.files);
    vigie::Session session;
    for (const auto& t : c.session_always) session.remember_always(t);
    opts.session = &session;
    vigie::Decision d = r.policy->decide(c.request, opts);
    CHECK(d.decision == row.want);
    CHECK(c.agree.count(d.decision) == 1);
  }
  // Rows that are not decisions are classified, not decided.
  zeroclaw::Case env = zeroclaw::translate(json::parse(
      R"({"area": "env", "expected": true, "origin": "x@1:shell.rs:1 t", "input": {}})"));
  CHECK(env.reason == "env");
  zeroclaw::Case ps = zeroclaw::translate(json::parse(
      R"({"area": "command", "expected": true, "origin": "x@1:policy.rs:1 t", "input": {
          "fn": "is_command_allowed_for_shell", "command": "Get-ChildItem",
          "dialect": "PowerShell", "policy": {"allowed_commands": ["Get-ChildItem"]}}})"));
  CHECK(ps.reason == "dialect");
}
