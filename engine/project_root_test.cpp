// The project is the git root (seed 004: « "Le projet" est la racine du dépôt git (le répertoire
// de travail hors dépôt) »): without `project_root`, the nearest folder from the cwd up that
// holds `.git`, through the request's filesystem (the real one natively, a virtual one in WASM).
#include <catch2/catch.hpp>

#include "vigie/vigie.hpp"

namespace {

std::shared_ptr<const vigie::Policy> policy() {
  auto r = vigie::compile(
      {{"p.vigie", "policy \"p\"\nmode ask\npaths {\n  workspace .\n  workspace-only on\n}\n"}});
  REQUIRE(r.policy);
  return r.policy;
}

vigie::Decision read(const std::string& path, const std::string& cwd,
                     std::vector<std::string> files, const std::string& project = "") {
  vigie::Request r;
  r.tool = "Read";
  r.input_json = "{\"file_path\": \"" + path + "\"}";
  r.cwd = cwd;
  r.project_root = project;
  r.home = "/home/u";
  vigie::DecideOptions o;
  o.fs = vigie::virtual_file_system({}, std::move(files));
  return policy()->decide(r, o);
}

}  // namespace

TEST_CASE("project root: the nearest folder holding .git above the cwd") {
  // cwd repo/sub, .git in repo: the whole repository is the workspace.
  CHECK(read("/repo/README.md", "/repo/sub", {"/repo/.git/HEAD"}).decision == vigie::Effect::allow);
  CHECK(read("../README.md", "/repo/sub/deeper", {"/repo/.git/HEAD"}).decision ==
        vigie::Effect::allow);
  CHECK(read("/other/x", "/repo/sub", {"/repo/.git/HEAD"}).rule.id == "paths.workspace-only");
  // A `.git` file (a worktree or a submodule) marks a root too; the nearest one wins.
  CHECK(read("/repo/README.md", "/repo/mod/src", {"/repo/.git/HEAD", "/repo/mod/.git"}).rule.id ==
        "paths.workspace-only");
  CHECK(read("/repo/mod/README.md", "/repo/mod/src", {"/repo/.git/HEAD", "/repo/mod/.git"})
            .decision == vigie::Effect::allow);
}

TEST_CASE("project root: the cwd outside a repository, and an explicit project wins") {
  CHECK(read("/repo/README.md", "/repo/sub", {}).rule.id == "paths.workspace-only");
  CHECK(read("/repo/sub/a.txt", "/repo/sub", {}).decision == vigie::Effect::allow);
  CHECK(read("/repo/README.md", "/repo/sub", {"/repo/.git/HEAD"}, "/repo/sub").rule.id ==
        "paths.workspace-only");
}
