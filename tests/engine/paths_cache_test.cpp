// The resolved path table cached on the policy (engine/paths_cache.hpp) changes no decision:
// every decision is compared with the same request decided through a filesystem that answers
// the same but is not cacheable (a wrapper: the table is then resolved for each decision, as
// before the cache). Covered: every decision table's requests, twice (a miss, then a hit);
// two filesystems and two projects/homes alternating on one policy, past the cache's bound;
// filesystems freed and rebuilt (a reused address must not hit); several threads at once.
// And resolve_path's shortcuts for a declared filesystem (no link, no link below a folder)
// against its plain walk.
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/compiled.hpp"
#include "engine/fs.hpp"
#include "engine/paths.hpp"
#include "tests/engine/policy_files.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::engine::fs_snapshot_id;
using vigie::engine::resolve_path;

// The same answers as `inner`, but not the declared filesystem's type: never cached, and the
// resolver asks it about every component.
class Uncached final : public vigie::FileSystem {
 public:
  explicit Uncached(std::shared_ptr<const vigie::FileSystem> inner) : inner_(std::move(inner)) {}
  std::optional<std::string> read_link(const std::string& path) const override {
    return inner_->read_link(path);
  }
  bool exists(const std::string& path) const override { return inner_->exists(path); }
  bool list(const std::string& path, std::size_t max, std::vector<Entry>& out) const override {
    return inner_->list(path, max, out);
  }

 private:
  std::shared_ptr<const vigie::FileSystem> inner_;
};

std::string outcome(const vigie::Decision& d) {
  return std::string(vigie::to_string(d.decision)) + " | " + d.rule.id + " | " + d.message + " | " +
         d.error.value_or("") + " | " + std::to_string(d.matched.size()) + " | " +
         std::to_string(d.trace.size());
}

// Decides `req` with `fs` (cacheable) and with its uncached twin; both must agree.
void same_as_uncached(const vigie::Policy& policy, const vigie::Request& req,
                      const std::shared_ptr<const vigie::FileSystem>& fs, bool trace = true) {
  vigie::DecideOptions cached;
  cached.fs = fs;
  cached.trace = trace;
  vigie::DecideOptions plain = cached;
  plain.fs = std::make_shared<Uncached>(fs);
  CHECK(outcome(policy.decide(req, cached)) == outcome(policy.decide(req, plain)));
}

const char* kPolicy = R"(policy "paths-cache"
mode auto
paths {
  workspace .
  workspace-only on
  deny ~/.ssh ~/.aws /etc  "Secrets and system config are off limits."
  protect *.lock  "Lock files change through the package manager."
  protect ~/.zshrc  "Shell startup files are yours."
  allow /tmp
  ask write ./deploy
}
commands {
  allow git status | cat | ls | npm test | tee
}
)";

vigie::Request request(const std::string& tool, const std::string& input,
                       const std::string& project, const std::string& home) {
  vigie::Request r;
  r.tool = tool;
  r.input_json = input;
  r.cwd = r.project_root = project;
  r.home = home;
  return r;
}

// Requests whose decisions depend on where the project and home resolve.
std::vector<vigie::Request> requests(const std::string& project, const std::string& home) {
  return {
      request("Bash", R"({"command": "git status && npm test | tee out.txt"})", project, home),
      request("Bash", R"({"command": "cat deploy/run.sh"})", project, home),
      request("Bash", R"({"command": "echo x > deploy/run.sh"})", project, home),
      request("Bash", R"({"command": "cat ~/.ssh/id_rsa"})", project, home),
      request("Bash", R"({"command": "ls link/*.pem"})", project, home),
      request("Bash", R"({"command": "echo x > link/k"})", project, home),
      request("Edit", R"({"file_path": "yarn.lock", "new_string": "x"})", project, home),
      request("Edit", R"({"file_path": "~/.zshrc", "new_string": "x"})", project, home),
      request("Read", R"({"file_path": "link/id_rsa"})", project, home),
      request("Read", R"({"file_path": "/etc/passwd"})", project, home),
      request("Read", R"({"file_path": "/tmp/x"})", project, home),
  };
}

// Two filesystems that send `link` (and, in the second, the project and home) elsewhere.
std::shared_ptr<const vigie::FileSystem> fs_one() {
  return vigie::virtual_file_system({{"/srv/a/link", "/home/u/.ssh"}}, {"/srv/a/.git"});
}
std::shared_ptr<const vigie::FileSystem> fs_two() {
  return vigie::virtual_file_system({{"/srv/a", "/data/a"},
                                     {"/data/a/link", "/tmp/keys"},
                                     {"/home/u", "/home/v"},
                                     {"/srv/b/deploy", "/srv/b/src"}},
                                    {"/data/a/.git"});
}

}  // namespace

TEST_CASE("path cache: each decision table's requests, a miss then a hit, as uncached",
          "[paths][cache]") {
  std::size_t total = 0;
  for (const auto& f : vigie::testing::policy_files()) {
    vigie::CompileResult r = vigie::compile_file(f);
    if (!r.ok()) continue;  // decisions_test reports it
    for (const auto& t : r.policy->impl().tests) {
      INFO(f << ":" << t.line << ": " << t.kind << " `" << t.subject << "`");
      auto fs = vigie::virtual_file_system(t.symlinks, {});
      same_as_uncached(*r.policy, t.request, fs);
      same_as_uncached(*r.policy, t.request, fs, false);  // from the cache
      ++total;
    }
  }
  CHECK(total >= 150);
}

TEST_CASE("path cache: two filesystems, projects and homes alternating on one policy",
          "[paths][cache]") {
  vigie::CompileResult r = vigie::compile({{"p.vigie", kPolicy}});
  REQUIRE(r.ok());
  const auto fss = std::vector{fs_one(), fs_two()};
  // Six keys (more than the cache holds) in turn, three rounds: hits, misses and evictions.
  const std::vector<std::pair<std::string, std::string>> contexts = {
      {"/srv/a", "/home/u"}, {"/srv/b", "/home/u"}, {"/srv/a", "/home/w"}};
  for (int round = 0; round < 3; ++round)
    for (const auto& [project, home] : contexts)
      for (const auto& fs : fss)
        for (const auto& req : requests(project, home)) {
          INFO("round " << round << ", project " << project << ", home " << home << ", fs "
                        << (fs == fss[0] ? 1 : 2) << ": " << req.input_json);
          same_as_uncached(*r.policy, req, fs);
        }
  // The filesystems do change decisions (else the test would prove nothing): `link` is
  // ~/.ssh in the first, /tmp/keys in the second.
  vigie::DecideOptions o1, o2;
  o1.fs = fss[0];
  o2.fs = fss[1];
  auto read = request("Read", R"({"file_path": "link/id_rsa"})", "/srv/a", "/home/u");
  CHECK(r.policy->decide(read, o1).decision == vigie::Effect::deny);
  CHECK(r.policy->decide(read, o2).decision == vigie::Effect::allow);
  CHECK(r.policy->decide(read, o1).decision == vigie::Effect::deny);
}

TEST_CASE("path cache: a filesystem built again is a new key, even at a reused address",
          "[paths][cache]") {
  vigie::CompileResult r = vigie::compile({{"p.vigie", kPolicy}});
  REQUIRE(r.ok());
  auto read = request("Read", R"({"file_path": "link/id_rsa"})", "/srv/a", "/home/u");
  std::uint64_t last_id = 0;
  for (int i = 0; i < 20; ++i) {
    // Built, used and freed in turn: the allocator is free to give the same address again.
    bool to_ssh = i % 2 == 0;
    auto fs =
        vigie::virtual_file_system({{"/srv/a/link", to_ssh ? "/home/u/.ssh" : "/tmp/keys"}}, {});
    std::uint64_t id = fs_snapshot_id(fs.get());
    CHECK(id != 0);
    CHECK(id != last_id);
    last_id = id;
    vigie::DecideOptions o;
    o.fs = fs;
    CHECK(r.policy->decide(read, o).decision ==
          (to_ssh ? vigie::Effect::deny : vigie::Effect::allow));
  }
}

TEST_CASE("path cache: only the declared filesystem has an identity", "[paths][cache]") {
  auto a = vigie::virtual_file_system({});
  auto b = vigie::virtual_file_system({});
  CHECK(fs_snapshot_id(a.get()) != 0);
  CHECK(fs_snapshot_id(b.get()) != 0);
  CHECK(fs_snapshot_id(a.get()) != fs_snapshot_id(b.get()));
  CHECK(fs_snapshot_id(vigie::real_file_system().get()) == 0);
  Uncached u(a);
  CHECK(fs_snapshot_id(&u) == 0);
  CHECK(fs_snapshot_id(nullptr) == 0);
}

TEST_CASE("path cache: several threads on one policy, alternating filesystems", "[paths][cache]") {
  vigie::CompileResult r = vigie::compile({{"p.vigie", kPolicy}});
  REQUIRE(r.ok());
  const auto fss = std::vector{fs_one(), fs_two()};
  // The expected outcomes, uncached.
  std::vector<std::string> expected;
  auto all = requests("/srv/a", "/home/u");
  for (const auto& fs : fss)
    for (const auto& req : all) {
      vigie::DecideOptions o;
      o.fs = std::make_shared<Uncached>(fs);
      expected.push_back(outcome(r.policy->decide(req, o)));
    }
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round)
        for (std::size_t f = 0; f < fss.size(); ++f)
          for (std::size_t i = 0; i < all.size(); ++i) {
            vigie::DecideOptions o;
            o.fs = fss[(f + static_cast<std::size_t>(t)) % fss.size()];
            std::size_t fi = (f + static_cast<std::size_t>(t)) % fss.size();
            if (outcome(r.policy->decide(all[i], o)) != expected[fi * all.size() + i])
              ++mismatches[static_cast<std::size_t>(t)];
          }
    });
  for (auto& th : threads) th.join();
  CHECK(mismatches == std::vector<int>(4, 0));
}

TEST_CASE("resolve_path: a declared filesystem's shortcuts give its plain walk's result",
          "[paths][cache]") {
  const std::vector<std::map<std::string, std::string>> link_sets = {
      {},
      {{"/a/l", "../b"}, {"/b/c", "/a"}, {"/a/x/y", "z"}},
      {{"/a", "/a/b/.."}, {"/b/loop", "/b/loop"}},
      {{"/home/u", "/srv/home/u"}, {"/srv/home/u/.ssh", "../keys"}, {"/srv/p/link", "~/x"}},
  };
  const std::vector<std::string> paths = {
      "/",
      "/a",
      "/a/l",
      "/a/l/c/l/x",
      "/a/l/../x",
      "/a/x/y/..",
      "/b/c/x/y/q",
      "x/../../a/l",
      "~/.ssh/k",
      "~/../u/.ssh",
      "/b/loop/x",
      "/a/./b//c/",
      "/srv/p/link/q",
      "../../..",
      "/a/x/y/z/..",
      "l/c",
      "/b/c/../c/l",
      "~",
      ".",
      "/srv/home/u/.ssh/../.ssh",
  };
  for (const auto& links : link_sets) {
    auto fs = vigie::virtual_file_system(links, {"/a/b/c"});
    Uncached plain(fs);
    for (const auto& p : paths) {
      INFO("links " << links.size() << ", path " << p);
      auto fast = resolve_path(p, "/a", "/home/u", fs.get());
      auto slow = resolve_path(p, "/a", "/home/u", &plain);
      CHECK(fast.path == slow.path);
      CHECK(fast.ok == slow.ok);
      CHECK(fast.error == slow.error);
      CHECK(fast.symlinks_followed == slow.symlinks_followed);
    }
  }
}
