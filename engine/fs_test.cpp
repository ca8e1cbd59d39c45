// Tests of the two filesystems: the declared one, and the real one on a temporary folder with
// real symlinks (std::filesystem is fine here, in a native-only test).
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <vigie/vigie.hpp>

#include "tests/engine/temp_dir.hpp"

#include "engine/fs_decision.hpp"
#include "engine/paths.hpp"

namespace {

namespace stdfs = std::filesystem;
using vigie::engine::resolve_path;

TEST_CASE("virtual_file_system: declared paths, their parents, symlink sources", "[fs]") {
  auto fs = vigie::virtual_file_system(
      {{"/srv/proj/notes", "/home/u/.ssh/id_rsa"}, {"/srv//proj/rel/", "../x"}},
      {"/home/u/.ssh/id_rsa", "/etc/"});
  struct Case {
    const char* path;
    bool exists;
  };
  const Case cases[] = {
      {"/", true},
      {"/home", true},
      {"/home/u", true},
      {"/home/u/.ssh", true},
      {"/home/u/.ssh/id_rsa", true},
      {"/home/u/.ssh/id_rsa.pub", false},
      {"/srv/proj/notes", true},  // a symlink source exists
      {"/srv/proj", true},
      {"/srv/proj/rel", true},
      {"/etc", true},
      {"/etcetera", false},
      {"/home/u/.ss", false},
      {"/home/u/../u/.ssh", true},  // normalized before the lookup
  };
  for (const auto& c : cases) {
    CAPTURE(c.path);
    CHECK(fs->exists(c.path) == c.exists);
  }
  CHECK(fs->read_link("/srv/proj/notes") == std::optional<std::string>("/home/u/.ssh/id_rsa"));
  CHECK(fs->read_link("/srv/proj/rel") == std::optional<std::string>("../x"));  // as written
  CHECK(fs->read_link("/srv/proj//rel/") == std::optional<std::string>("../x"));
  CHECK_FALSE(fs->read_link("/home/u/.ssh/id_rsa").has_value());
  CHECK_FALSE(fs->read_link("/nothing").has_value());
  auto empty = vigie::virtual_file_system({});
  CHECK(empty->exists("/"));
  CHECK_FALSE(empty->exists("/a"));
}

// A temporary folder, removed at the end of the test.
using vigie::testing::TempDir;

TEST_CASE("real_file_system: real symlinks in a temporary folder", "[fs][native]") {
  TempDir tmp;
  stdfs::create_directories(tmp.path / "proj" / "src");
  stdfs::create_directories(tmp.path / "home" / ".ssh");
  std::ofstream(tmp.path / "home" / ".ssh" / "id_rsa") << "secret\n";
  std::ofstream(tmp.path / "proj" / "src" / "main.c") << "int main(){}\n";
  stdfs::create_directory(tmp.path / "proj" / ".git");
  stdfs::create_symlink(tmp.path / "home" / ".ssh" / "id_rsa", tmp.path / "proj" / "notes");
  stdfs::create_directory_symlink("../home/.ssh", tmp.path / "proj" / "secrets");  // relative
  stdfs::create_symlink("link2", tmp.path / "proj" / "link1");                     // chained
  stdfs::create_symlink("src/main.c", tmp.path / "proj" / "link2");
  stdfs::create_symlink("loop_b", tmp.path / "proj" / "loop_a");
  stdfs::create_symlink("loop_a", tmp.path / "proj" / "loop_b");
  stdfs::create_symlink("/nonexistent/target", tmp.path / "proj" / "dangling");

  auto fs = vigie::real_file_system();
  REQUIRE(fs);
  CHECK(fs == vigie::real_file_system());  // one instance

  SECTION("read_link and exists") {
    CHECK(fs->read_link(tmp.str("proj/notes")) == tmp.str("home/.ssh/id_rsa"));
    CHECK(fs->read_link(tmp.str("proj/secrets")) == std::optional<std::string>("../home/.ssh"));
    CHECK_FALSE(fs->read_link(tmp.str("proj/src")).has_value());
    CHECK_FALSE(fs->read_link(tmp.str("proj/missing")).has_value());
    CHECK(fs->exists(tmp.str("proj/src/main.c")));
    CHECK(fs->exists(tmp.str("proj/dangling")));  // the link itself exists
    CHECK(fs->exists(tmp.str("proj/loop_a")));
    CHECK_FALSE(fs->exists(tmp.str("proj/missing")));
    CHECK_FALSE(fs->exists(tmp.str("proj/src/main.c/below")));  // ENOTDIR: absent
  }

  SECTION("resolve_path on the real filesystem") {
    const std::string cwd = tmp.str("proj");
    struct Case {
      const char* path;
      std::string expected;  // empty: an error
    };
    const Case cases[] = {
        {"notes", tmp.str("home/.ssh/id_rsa")},
        {"secrets/id_rsa", tmp.str("home/.ssh/id_rsa")},
        {"secrets/new_key", tmp.str("home/.ssh/new_key")},  // not created yet
        {"secrets/../../proj/src", tmp.str("proj/src")},    // `..` after the link: physical
        {"link1", tmp.str("proj/src/main.c")},
        {"./src//../src/main.c", tmp.str("proj/src/main.c")},
        {"dangling", "/nonexistent/target"},
        {"loop_a", ""},
        {"loop_b/x", ""},
    };
    for (const auto& c : cases) {
      CAPTURE(c.path);
      auto r = resolve_path(c.path, cwd, tmp.str("home"), fs.get());
      if (c.expected.empty()) {
        CHECK_FALSE(r.ok);
      } else {
        REQUIRE(r.ok);
        CHECK(r.path == c.expected);
        // Agrees with the C++ library where the path exists.
        std::error_code ec;
        auto canonical = stdfs::canonical(stdfs::path(cwd) / c.path, ec);
        if (!ec) CHECK(r.path == canonical.string());
      }
    }
    auto home = resolve_path("~/.ssh/id_rsa", "/", tmp.str("home"), fs.get());
    CHECK(home.path == tmp.str("home/.ssh/id_rsa"));
  }

  SECTION("git root on the real filesystem") {
    auto root = vigie::engine::find_git_root(tmp.str("proj/src"), fs.get());
    REQUIRE(root);
    CHECK(*root == tmp.str("proj"));
  }
}

// The real filesystem of one decision answers as the real one does, looking each path up once
// and nothing below a path that is missing or a file.
TEST_CASE("DecisionFileSystem: the real filesystem's answers, each path looked up once",
          "[fs][native]") {
  TempDir tmp;
  stdfs::create_directories(tmp.path / "proj" / "src");
  stdfs::create_directories(tmp.path / "home" / ".ssh");
  std::ofstream(tmp.path / "home" / ".ssh" / "id_rsa") << "secret\n";
  std::ofstream(tmp.path / "proj" / "src" / "main.c") << "int main(){}\n";
  stdfs::create_symlink(tmp.path / "home" / ".ssh" / "id_rsa", tmp.path / "proj" / "notes");
  stdfs::create_directory_symlink("../home/.ssh", tmp.path / "proj" / "secrets");
  stdfs::create_symlink("/nonexistent/target", tmp.path / "proj" / "dangling");
  stdfs::create_symlink("loop_b", tmp.path / "proj" / "loop_a");
  stdfs::create_symlink("loop_a", tmp.path / "proj" / "loop_b");
  auto real = vigie::real_file_system();
  const std::vector<std::string> paths = {
      tmp.str("proj/notes"),
      tmp.str("proj/secrets"),
      tmp.str("proj/src"),
      tmp.str("proj/src/main.c"),
      tmp.str("proj/src/main.c/below"),
      tmp.str("proj/missing"),
      tmp.str("proj/missing/a/b"),
      tmp.str("proj/dangling"),
      tmp.str("proj/loop_a"),
      tmp.str("proj/secrets/id_rsa"),
      tmp.str("proj/src/.."),
      tmp.str("proj/missing/.."),
      tmp.str("proj/src/main.c/.."),
      "/",
      tmp.str(),
  };
  vigie::engine::DecisionFileSystem once;
  for (int round = 0; round < 2; ++round)
    for (const auto& p : paths) {
      CAPTURE(p, round);
      CHECK(once.read_link(p) == real->read_link(p));
      CHECK(once.exists(p) == real->exists(p));
    }
  // Each path once; none right below `missing` or the file `main.c` once they were seen
  // (`missing/a/b` is looked up: the resolver asks for `missing/a` first, this list does not).
  CHECK(once.lookups() == paths.size() - 3);

  SECTION("resolving shares the ancestors") {
    vigie::engine::DecisionFileSystem fs;
    auto a = resolve_path("notes", tmp.str("proj"), tmp.str("home"), &fs);
    const std::size_t first = fs.lookups();
    auto b = resolve_path("src/main.c", tmp.str("proj"), tmp.str("home"), &fs);
    CHECK(a.path == tmp.str("home/.ssh/id_rsa"));
    CHECK(b.path == tmp.str("proj/src/main.c"));
    CHECK(fs.lookups() == first + 2);  // `src` and `main.c`: the folders above were seen
    auto c = resolve_path("missing/x/y/z", tmp.str("proj"), tmp.str("home"), &fs);
    CHECK(c.path == tmp.str("proj/missing/x/y/z"));
    CHECK(fs.lookups() == first + 3);  // `missing` only
  }

  SECTION("a decision on the real filesystem follows the links") {
    auto r = vigie::compile({{"real.vigie", R"(policy "real"
mode ask
paths {
  deny ~/.ssh  "No keys."
  allow .
}
)"}});
    REQUIRE(r.ok());
    vigie::Request req;
    req.tool = "Read";
    req.cwd = req.project_root = tmp.str("proj");
    req.home = tmp.str("home");
    for (const char* file : {"notes", "secrets/id_rsa", "src/../notes"}) {
      CAPTURE(file);
      req.input_json = std::string(R"({"file_path": ")") + tmp.str("proj/") + file + "\"}";
      CHECK(r.policy->decide(req).decision == vigie::Effect::deny);
    }
    req.input_json = std::string(R"({"file_path": ")") + tmp.str("proj/src/main.c") + "\"}";
    CHECK(r.policy->decide(req).decision == vigie::Effect::allow);
  }
}

}  // namespace
