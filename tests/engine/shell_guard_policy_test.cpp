// Seed 003 through the policy files: rules/shell-guard.vigie (user agent) and
// rules/shell-guard-root.vigie (root daemon) must agree with every row of the shell guard's
// corpus (blocked <-> deny), through the public API, as an embedder would call it.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "vigie/vigie.hpp"

TEST_CASE("seed 003: rules/shell-guard*.vigie agree with the guard's corpus", "[corpus][seed003]") {
  namespace fs = std::filesystem;
  fs::path file = fs::path(VIGIE_CORPUS_DIR) / "agent-safety-cases.jsonl";
  if (!fs::exists(file)) {
    WARN("corpus not found, skipped: " << file.string());
    return;
  }
  auto user = vigie::compile_file(std::string(VIGIE_SOURCE_DIR) + "/rules/shell-guard.vigie");
  auto root = vigie::compile_file(std::string(VIGIE_SOURCE_DIR) + "/rules/shell-guard-root.vigie");
  REQUIRE(user.ok());
  REQUIRE(root.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  std::ifstream in(file);
  std::string line;
  std::size_t rows = 0, agree = 0;
  std::ostringstream disagreements;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto row = nlohmann::json::parse(line);
    ++rows;
    vigie::Request r;
    r.tool = "Bash";
    r.input_json = nlohmann::json{{"command", row.at("command")}}.dump();
    r.home = "/Users/tester";
    if (row.contains("project_folder") && row["project_folder"].is_string()) {
      r.project_root = r.cwd = row["project_folder"].get<std::string>();
    } else {
      // No project folder: the guard has none to protect. The request's project root is the
      // working folder, which the corpus never targets.
      r.cwd = r.project_root = "/Users/tester/work";
    }
    bool is_root = row.at("context") == "rootDaemon";
    const auto& policy = is_root ? *root.policy : *user.policy;
    auto d = policy.decide(r, opt);
    bool blocked = d.decision == vigie::Effect::deny;
    bool expected = row.at("expected") == "blocked";
    if (blocked == expected) {
      ++agree;
    } else {
      disagreements << "  `" << row.at("command").get<std::string>() << "` ("
                    << row.at("context").get<std::string>() << "): expected "
                    << row.at("expected").get<std::string>() << ", got "
                    << vigie::to_string(d.decision) << " " << d.rule.id << "\n";
    }
  }
  INFO(disagreements.str());
  WARN("seed 003 through rules/shell-guard*.vigie: " << agree << "/" << rows << " rows agree");
  CHECK(rows == 108);
  CHECK(agree == rows);
}
