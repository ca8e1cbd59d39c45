// A recursive listing on the real filesystem (engine/judge_below.cpp): `find DIR`, `ls -R DIR`
// list the folders below DIR, and only look at its files. A rule on a folder below is met (ask),
// a rule on a file or on an absent path inside the project is not; outside the project an absent
// path is met (fail closed), a file is not. A recursive read (`grep -r`) still meets them all.
// The declared-filesystem side is tests/engine/decisions/effects-recursive-listings.vigie.
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <vigie/vigie.hpp>

#include "tests/engine/temp_dir.hpp"

namespace {

namespace stdfs = std::filesystem;

using vigie::testing::TempDir;

}  // namespace

TEST_CASE("recursive listings on the real filesystem: folders below are listed, files seen",
          "[fs][native]") {
  TempDir tmp;
  const stdfs::path proj = tmp.path / "proj", home = tmp.path / "home";
  stdfs::create_directories(proj / "src");
  stdfs::create_directories(proj / "secrets");
  stdfs::create_directories(home / ".aws");
  std::ofstream(proj / ".env") << "KEY=1\n";
  std::ofstream(proj / "secrets" / "k") << "k\n";
  std::ofstream(home / ".netrc") << "machine x\n";

  const std::string policy =
      "policy \"listing\"\nmode ask\ncommands {\n  allow find | ls | grep\n"
      "    id bare\n}\npaths {\n  deny .env \"e\"\n    id dotenv\n"
      "  deny absent \"a\"\n    id absent\n  deny " +
      (home / ".netrc").string() + " \"n\"\n    id netrc\n  deny " + (home / ".ssh").string() +
      " \"s\"\n    id ssh\n  deny " + (home / ".aws").string() +
      " \"w\"\n    id aws\n  ask secrets \"q\"\n"
      "    id secrets\n}\n";
  vigie::CompileResult r = vigie::compile({{"listing.vigie", policy}});
  REQUIRE(r.ok());

  const auto decide = [&](const std::string& line, const stdfs::path& cwd) {
    vigie::Request req;
    req.tool = "Bash";
    req.input_json = nlohmann::json{{"command", line}}.dump();
    req.cwd = cwd.string();
    req.project_root = proj.string();
    req.home = home.string();
    return r.policy->decide(req, {});  // the real filesystem
  };
  struct Case {
    std::string line;
    vigie::Effect effect;
    std::string rule;
  };
  const std::vector<Case> in_project = {
      // `secrets` is a folder: listed. `.env` is a file, `absent` is not there: not listed.
      {"find .", vigie::Effect::ask, "secrets"},
      {"ls -R", vigie::Effect::ask, "secrets"},
      {"find src -name '*.c'", vigie::Effect::allow, "bare"},
      {"ls -R src", vigie::Effect::allow, "bare"},
      {"grep -r KEY .", vigie::Effect::ask, "dotenv"},  // a recursive read meets the file
  };
  for (const auto& c : in_project) {
    CAPTURE(c.line);
    vigie::Decision d = decide(c.line, proj);
    CHECK(d.decision == c.effect);
    CHECK(d.rule.id == c.rule);
  }
  // Outside the project: `.netrc` is a file (not listed), `.ssh` is absent (met: fail closed),
  // `.aws` a folder (met). The first rule met below the folder decides; `find` of a home with
  // only files below it stays allowed.
  vigie::Decision home_find = decide("find " + home.string() + " -name id_rsa", proj);
  CHECK(home_find.decision == vigie::Effect::ask);
  CHECK((home_find.rule.id == "ssh" || home_find.rule.id == "aws"));
  stdfs::remove_all(home / ".aws");
  vigie::Decision absent = decide("ls -R " + home.string(), proj);
  CHECK(absent.decision == vigie::Effect::ask);
  CHECK(absent.rule.id == "ssh");
  // With `.ssh` and `.aws` files there, nothing restricted below the home is a folder.
  std::ofstream(home / ".ssh") << "not a folder\n";
  std::ofstream(home / ".aws") << "not a folder\n";
  vigie::Decision files_only = decide("find " + home.string(), proj);
  CHECK(files_only.decision == vigie::Effect::allow);
  CHECK(files_only.rule.id == "bare");
}
