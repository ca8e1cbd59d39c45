// Tests of the case rule (engine/fs_case.cpp): what the real filesystem of a temporary folder
// says, and how `case-insensitive auto|on|off` decides on it (native only: std::filesystem).
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <vigie/vigie.hpp>

#include "tests/engine/temp_dir.hpp"

#include "engine/fs_case.hpp"

namespace {

namespace stdfs = std::filesystem;

using vigie::testing::TempDir;

vigie::Decision read_env(const std::string& rule, const std::string& project, const char* name) {
  auto r = vigie::compile({{"case.vigie", "policy \"case\"\nmode auto\npaths {\n  " + rule +
                                              "\n  deny .env \"Secrets.\"\n    id secrets\n}\n"}});
  REQUIRE(r.ok());
  vigie::Request q;
  q.tool = "Read";
  q.input_json = std::string(R"({"file_path": ")") + name + "\"}";
  q.cwd = project;
  q.project_root = project;
  q.home = project;
  return r.policy->decide(q);  // the real filesystem
}

}  // namespace

TEST_CASE("the case rule of a temporary folder on the real filesystem", "[fs][native]") {
  TempDir tmp;
  const std::string proj = (tmp.path / "Proj").string();
  stdfs::create_directories(proj);
  std::ofstream(tmp.path / "Proj" / ".env") << "TOKEN=x\n";
  // What this machine's filesystem does, asked directly: an upper-case spelling of the file
  // finds it only on a case-insensitive filesystem.
  std::error_code ec;
  const bool insensitive = stdfs::exists(tmp.path / "Proj" / ".ENV", ec);

  CHECK(vigie::engine::real_folder_case_insensitive(proj) == insensitive);
  CHECK(vigie::engine::real_folder_case_insensitive(proj) == insensitive);  // kept, same answer
  CHECK_FALSE(vigie::engine::real_folder_case_insensitive("relative/folder"));
  CHECK_FALSE(vigie::engine::real_folder_case_insensitive(""));

  SECTION("a folder without a lettered entry is judged by its own name") {
    const std::string digits = (tmp.path / "Proj" / "Sub").string();
    stdfs::create_directories(digits);
    std::ofstream(tmp.path / "Proj" / "Sub" / "123") << "\n";
    CHECK(vigie::engine::real_folder_case_insensitive(digits) == insensitive);
  }

  SECTION("auto follows the filesystem; on and off say it") {
    CHECK(read_env("", proj, ".env").decision == vigie::Effect::deny);
    CHECK(read_env("case-insensitive auto", proj, ".env").decision == vigie::Effect::deny);
    const auto upper = read_env("case-insensitive auto", proj, ".ENV").decision;
    CHECK(upper == (insensitive ? vigie::Effect::deny : vigie::Effect::allow));
    CHECK(read_env("", proj, ".ENV").decision == upper);
    CHECK(read_env("case-insensitive on", proj, ".ENV").decision == vigie::Effect::deny);
    CHECK(read_env("case-insensitive on", proj, ".Env").decision == vigie::Effect::deny);
    CHECK(read_env("case-insensitive off", proj, ".ENV").decision == vigie::Effect::allow);
    CHECK(read_env("case-insensitive on", proj, "README.md").decision == vigie::Effect::allow);
  }
}

TEST_CASE("the case rule is a checked setting with three values", "[fs]") {
  for (const char* v : {"on", "off", "auto"}) {
    auto r = vigie::compile(
        {{"case.vigie", std::string("policy \"c\"\npaths {\n  case-insensitive ") + v + "\n}\n"}});
    CHECK(r.ok());
  }
  auto bad = vigie::compile({{"case.vigie", "policy \"c\"\npaths {\n  case-insensitive yes\n}\n"}});
  CHECK_FALSE(bad.ok());
}
