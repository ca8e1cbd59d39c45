// The work of resolving a line's paths is linear in the line: a working folder is looked up once
// for the paths judged in it (engine/paths.hpp, resolve_path_in; Judge::resolve_in), and a
// folder reached by `cd` past limits::cwd_bytes is unknown. Before, each relative path looked
// up every component of its folder again: 1,000 operands under a folder 2,000 levels deep took
// 2 million look-ups, and `cd a; cd a; …` grew quadratically (20,000 of them: minutes).
// Counted here in filesystem look-ups (deterministic), never timed. And resolve_path_in gives
// resolve_path's answers on every path of a world with links of every kind.
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "engine/paths.hpp"
#include "grammar/limits.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::engine::resolve_path;
using vigie::engine::resolve_path_in;
using vigie::engine::Resolved;

// Answers as `inner` does and counts the look-ups. Not the declared filesystem's type: the
// resolver asks it about every component it walks.
class Counting final : public vigie::FileSystem {
 public:
  explicit Counting(std::shared_ptr<const vigie::FileSystem> inner) : inner_(std::move(inner)) {}
  std::optional<std::string> read_link(const std::string& path) const override {
    ++lookups;
    return inner_->read_link(path);
  }
  bool exists(const std::string& path) const override {
    ++lookups;
    return inner_->exists(path);
  }
  mutable std::atomic<std::size_t> lookups{0};

 private:
  std::shared_ptr<const vigie::FileSystem> inner_;
};

std::shared_ptr<const vigie::FileSystem> world() {
  return vigie::virtual_file_system(
      {
          {"/srv/proj/keys", "/home/u/.ssh"},
          {"/srv/proj/l1", "l2"},
          {"/srv/proj/l2", "/etc"},
          {"/srv/proj/up", "../shared"},
          {"/srv/proj/dotdot", "keys/.."},
          {"/home/u/proj", "/srv/proj"},
          {"/loop/a", "b"},
          {"/loop/b", "a"},
      },
      {"/home/u/.ssh/id_rsa", "/srv/proj/src/main.cpp", "/srv/shared/x", "/etc/passwd"});
}

const char* kPolicy = R"(policy "path-work"
mode ask
commands {
  allow cat | cd | ls
}
paths {
  deny ~/.ssh /etc  "Secrets and system config are off limits."
}
)";

std::shared_ptr<const vigie::Policy> policy() {
  static auto r = vigie::compile({{"p.vigie", kPolicy}});
  REQUIRE(r.ok());
  return r.policy;
}

vigie::Request bash(const std::string& line, const std::string& cwd) {
  vigie::Request r;
  r.tool = "Bash";
  r.input_json = nlohmann::json{{"command", line}}.dump();
  r.cwd = cwd;
  r.project_root = "/srv/proj";
  r.home = "/home/u";
  return r;
}

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("resolve_path_in gives resolve_path's answers", "[paths][work]") {
  auto fs = world();
  const char* cwds[] = {"/",
                        "/srv/proj",
                        "/home/u/proj",
                        "/home/u/proj/keys",
                        "/srv/proj/l1",
                        "/srv/proj/up",
                        "/srv/proj/dotdot",
                        "/nowhere/deep",
                        "/loop"};
  const char* paths[] = {"x",         ".",     "..",          "../..",        "keys/id_rsa",
                         "l1/passwd", "up/x",  "dotdot/.ssh", "./a/../b",     "~/x",
                         "/etc/x",    "a//b/", "l1/../x",     "../proj/keys", "a"};
  for (const char* cwd : cwds) {
    Resolved base = resolve_path(cwd, "/", "/home/u", fs.get());
    for (const char* p : paths) {
      CAPTURE(cwd, p);
      Resolved plain = resolve_path(p, cwd, "/home/u", fs.get());
      if (!base.ok) {
        CHECK_FALSE(plain.ok);
        continue;
      }
      Resolved in = resolve_path_in(p, base.path, "/home/u", fs.get());
      CHECK(in.ok == plain.ok);
      if (plain.ok) CHECK(in.path == plain.path);
    }
  }
}

TEST_CASE("a deep working folder is looked up once, not once per operand", "[paths][work]") {
  const vigie::Policy& p = *policy();
  auto counting = std::make_shared<Counting>(world());
  vigie::DecideOptions o;
  o.fs = counting;
  o.trace = false;
  const std::size_t depth = 2000, operands = 1000;
  const std::string cwd = "/srv/proj" + repeat("/a", depth);
  vigie::Decision d = p.decide(bash("cat" + repeat(" x", operands), cwd), o);
  CHECK(d.decision == vigie::Effect::allow);
  // The folder once (its components), then each operand's one component, plus the project
  // and home: linear. Per operand and component it was 2,000,000.
  CHECK(counting->lookups.load() < 4 * (depth + operands));

  // The folder's links still count: `cat id_rsa` in a folder that is a link to ~/.ssh.
  o.fs = world();
  CHECK(p.decide(bash("cat id_rsa", "/srv/proj/keys"), o).decision == vigie::Effect::deny);
  CHECK(p.decide(bash("cat .ssh/id_rsa", "/srv/proj/dotdot"), o).decision == vigie::Effect::deny);
}

TEST_CASE("cd chains: linear work, and a folder past PATH_MAX is unknown", "[paths][work]") {
  const vigie::Policy& p = *policy();
  vigie::DecideOptions o;
  o.trace = false;
  SECTION("a working folder that is not absolute fails closed, as before") {
    o.fs = world();
    vigie::Decision d = p.decide(bash("cat notes.txt", "srv/proj"), o);
    CHECK(d.decision == vigie::Effect::ask);
    CHECK(d.rule.id == "paths.unresolvable");
  }
  SECTION("the folder reached is judged where the links take it") {
    o.fs = world();
    CHECK(p.decide(bash("cd keys && cat id_rsa", "/srv/proj"), o).decision == vigie::Effect::deny);
    CHECK(p.decide(bash("cd l1; cd .; cat passwd", "/srv/proj"), o).decision ==
          vigie::Effect::deny);
    CHECK(p.decide(bash("cd src && cat main.cpp", "/srv/proj"), o).decision ==
          vigie::Effect::allow);
  }
  SECTION("each cd costs its own components") {
    auto counting = std::make_shared<Counting>(world());
    o.fs = counting;
    const std::size_t n = 1500;  // 3,000 bytes of folder: under the limit
    static_assert(1500 * 2 + 9 < vigie::limits::cwd_bytes);
    vigie::Decision d = p.decide(bash(repeat("cd a && ", n) + "cat x", "/srv/proj"), o);
    CHECK(d.decision == vigie::Effect::allow);
    CHECK(counting->lookups.load() < 8 * n);
    // With `;` any of the cds may have failed: x may be in any of 1,500 folders, more than
    // the 16 other folders a line keeps, so it is asked (in linear work too).
    counting = std::make_shared<Counting>(world());
    o.fs = counting;
    d = p.decide(bash(repeat("cd a; ", n) + "cat x", "/srv/proj"), o);
    CHECK(d.decision == vigie::Effect::ask);
    // Each relative path is also judged from the (at most 16) other folders, each looked up
    // once: still linear.
    CHECK(counting->lookups.load() < 24 * n);
  }
  SECTION("past the limit, relative paths are asked") {
    auto counting = std::make_shared<Counting>(world());
    o.fs = counting;
    // 2 bytes of folder per cd: past the limit, with fewer paths than limits::judged_paths.
    const std::size_t n = vigie::limits::cwd_bytes / 2 + 100;
    static_assert(vigie::limits::cwd_bytes / 2 + 100 < vigie::limits::judged_paths);
    vigie::Decision d = p.decide(bash(repeat("cd a; ", n) + "cat x", "/srv/proj"), o);
    CHECK(d.decision == vigie::Effect::ask);
    CHECK(counting->lookups.load() < 24 * n);
    // An absolute path after it is still judged exactly.
    o.fs = world();
    CHECK(p.decide(bash(repeat("cd a; ", n) + "cat /etc/passwd", "/srv/proj"), o).decision ==
          vigie::Effect::deny);
  }
}

TEST_CASE("xargs: its words times its slots stay bounded by the paths judged", "[paths][work]") {
  // 5,000 words read by xargs, each put in 5,000 places (`-I{}`): 25 million paths if every
  // one were made. Past limits::judged_paths the command is asked and no more are made.
  const vigie::Policy& p = *policy();
  auto counting = std::make_shared<Counting>(world());
  vigie::DecideOptions o;
  o.fs = counting;
  o.trace = false;
  const std::size_t n = 5000;
  vigie::Decision d =
      p.decide(bash("printf '%s\\n'" + repeat(" a", n) + " | xargs -I{} cat" + repeat(" {}", n),
                    "/srv/proj"),
               o);
  CHECK(d.decision == vigie::Effect::ask);
  CHECK(counting->lookups.load() < 8 * vigie::limits::judged_paths);

  // The words themselves are judged when they are few: `echo ~/.ssh/id_rsa | xargs cat`.
  o.fs = world();
  CHECK(p.decide(bash("echo /etc/shadow | xargs cat", "/srv/proj"), o).decision ==
        vigie::Effect::deny);
}

TEST_CASE("the symlinks limit sets the decision's error, as the other limits do",
          "[paths][limits]") {
  const vigie::Policy& p = *policy();
  vigie::DecideOptions o;
  o.trace = false;
  o.fs = world();
  vigie::Decision d = p.decide(bash("cat /loop/a", "/srv/proj"), o);
  CHECK(d.decision == vigie::Effect::ask);
  CHECK(d.rule.id == "paths.unresolvable");
  REQUIRE(d.error.has_value());
  CHECK(d.error->find("too many levels of symbolic links") != std::string::npos);
  // A path that resolves sets none.
  CHECK_FALSE(p.decide(bash("cat notes.txt", "/srv/proj"), o).error.has_value());
}
