// Seed 003's shell guard, row by row: tests/…/agent-safety-cases.jsonl (108 rows: 103
// assertions of its test suite, 5 rebuilt from its release notes). Each command goes through the
// shell grammar (parse_commands), normalize, and the built-in safety checks (line, commands,
// pipelines, nested scripts and argvs); a row is "blocked" when some check denies. The rows
// stay in ../shared/corpus: they are read, never copied here. Without that folder the test
// warns and passes.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/normalize.hpp"
#include "engine/safety.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie;
using namespace vigie::engine;

namespace {

// Every hit of a script, nested scripts and `find -exec` argvs included (8 levels at most:
// deeper nesting is the engine's business, with its own limit).
void judge(const std::string& script, const SafetyContext& ctx, int depth,
           std::vector<SafetyHit>& hits, bool& parse_error) {
  if (depth > 8) return;
  if (auto h = check_line(script, ctx)) hits.push_back(*h);
  shell::CommandsResult r = shell::parse_commands(script);
  if (!r.ok) {
    parse_error = true;
    return;
  }
  std::vector<NormalizedCommand> normalized;
  for (const auto& c : r.commands) normalized.push_back(normalize(c));
  for (std::size_t i = 0; i < normalized.size(); ++i) {
    const NormalizedCommand& n = normalized[i];
    for (auto& h : check_command(n, ctx)) hits.push_back(std::move(h));
    for (const auto& s : n.nested_scripts) judge(s, ctx, depth + 1, hits, parse_error);
    for (const auto& argv : n.nested_argvs) {
      shell::CommandView c;
      c.argv = argv;
      for (auto& h : check_command(normalize(c), ctx)) hits.push_back(std::move(h));
    }
  }
  for (const auto& p : pipelines_of(r.commands)) {
    std::vector<NormalizedCommand> stages;
    for (std::size_t i : p) stages.push_back(normalized[i]);
    for (auto& h : check_pipeline(stages, ctx)) hits.push_back(std::move(h));
  }
}

}  // namespace

TEST_CASE("seed 003: the shell guard's corpus, blocked <-> a safety deny", "[safety][corpus]") {
  namespace fs = std::filesystem;
  fs::path file = fs::path(VIGIE_CORPUS_DIR) / "agent-safety-cases.jsonl";
  if (!fs::exists(file)) {
    WARN("corpus not found, skipped: " << file.string());
    return;
  }
  std::ifstream in(file);
  std::string line;
  std::size_t rows = 0, agree = 0, rule_checked = 0, rule_agree = 0;
  std::ostringstream disagreements;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto row = nlohmann::json::parse(line, nullptr, false);
    REQUIRE_FALSE(row.is_discarded());
    ++rows;
    std::string command = row.at("command").get<std::string>();
    // The context holds views: the strings it names live as long as the row's checks.
    std::string project, cwd = "/Users/tester/work";
    if (row.contains("project_folder") && row["project_folder"].is_string()) {
      project = row["project_folder"].get<std::string>();
      cwd = project;
    }
    SafetyContext ctx;
    ctx.root_context = row.at("context") == "rootDaemon";
    ctx.home = "/Users/tester";
    ctx.project_root = project;
    ctx.cwd = cwd;
    std::vector<SafetyHit> hits;
    bool parse_error = false;
    judge(command, ctx, 0, hits, parse_error);
    bool blocked = false;
    std::string ids;
    for (const auto& h : hits) {
      if (h.effect != Effect::deny) continue;
      blocked = true;
      ids += (ids.empty() ? "" : ",") + h.id;
    }
    bool expected = row.at("expected") == "blocked";
    bool ok = blocked == expected;
    // The rule the guard's tests assert (or its code names) must be among the hits.
    std::string want;
    if (row.contains("rule_asserted") && row["rule_asserted"].is_string())
      want = row["rule_asserted"].get<std::string>();
    else if (row.contains("rule_by_code") && row["rule_by_code"].is_string())
      want = row["rule_by_code"].get<std::string>();
    if (expected && !want.empty()) {
      ++rule_checked;
      if (ids.find(want) != std::string::npos)
        ++rule_agree;
      else
        disagreements << "  rule: `" << command << "` (" << row.at("context").get<std::string>()
                      << "): expected rule " << want << ", got " << ids << "\n";
    }
    if (ok) {
      ++agree;
    } else {
      disagreements << "  `" << command << "` (" << row.at("context").get<std::string>()
                    << "): expected " << row.at("expected").get<std::string>() << ", got "
                    << (blocked ? "blocked by " + ids : "allowed")
                    << (parse_error ? " (parse error)" : "") << "\n";
    }
  }
  INFO("agreement " << agree << "/" << rows << ", rule ids " << rule_agree << "/" << rule_checked
                    << "\n"
                    << disagreements.str());
  WARN("seed 003 corpus: " << agree << "/" << rows << " rows agree, rule ids " << rule_agree << "/"
                           << rule_checked);
  CHECK(rows == 108);
  CHECK(agree == rows);
  CHECK(rule_agree == rule_checked);
}
