// Tests of engine/paths: resolution, the prefix-rule trie (against a naive reference) and the
// git root. Table-driven; the property tests use a fixed seed. Globs and the third-party class:
// engine/globs_test.cpp.
#include "engine/paths.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace {

using vigie::Effect;
using namespace vigie::engine;

// A small world: a project in /srv/proj, a home in /home/u, symlinks of every kind.
std::shared_ptr<const vigie::FileSystem> world() {
  return vigie::virtual_file_system(
      {
          {"/srv/proj/notes", "/home/u/.ssh/id_rsa"},  // a file link into a forbidden folder
          {"/srv/proj/secrets", "/home/u/.ssh"},       // a folder link into it
          {"/srv/proj/link1", "link2"},                // chained, relative
          {"/srv/proj/link2", "/etc/passwd"},
          {"/srv/proj/up", "../shared"},              // relative target with `..`
          {"/srv/proj/dotdot", "secrets/.."},         // `..` applied after a link
          {"/srv/proj/abs", "/srv/proj/sub/../src"},  // absolute target, not normalized
          {"/srv/proj/dangling", "/etc/cron.d/job"},  // target does not exist (a file to create)
          {"/home/u/proj", "/srv/proj"},              // the home has a link to the project
          {"/tmp", "/private/tmp"},                   // macOS style
          {"/loop/a", "b"},
          {"/loop/b", "a"},
          {"/loop/self", "self"},
          {"/loop/deep", "/loop/deep/x"},  // grows at every step
      },
      {"/home/u/.ssh/id_rsa", "/srv/proj/src/main.cpp", "/srv/shared/x", "/etc/passwd",
       "/srv/proj/.git", "/private/tmp"});
}

TEST_CASE("lexical_normalize", "[paths]") {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"/", "/"},
      {"//", "/"},
      {"/a/b", "/a/b"},
      {"/a/b/", "/a/b"},
      {"/a//b///c", "/a/b/c"},
      {"/a/./b/.", "/a/b"},
      {"/a/b/../c", "/a/c"},
      {"/a/b/../../..", "/"},
      {"/../etc", "/etc"},
      {"/a/..b/.c", "/a/..b/.c"},  // `..b` and `.c` are names
      {"a/b", "/a/b"},             // relative: taken from the root
      {"", "/"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.in);
    CHECK(lexical_normalize(c.in) == c.out);
  }
}

TEST_CASE("is_component_prefix compares whole components", "[paths]") {
  struct Case {
    const char* prefix;
    const char* path;
    bool covers;
  };
  const Case cases[] = {
      {"/etc", "/etc", true},
      {"/etc", "/etc/passwd", true},
      {"/etc", "/etcetera", false},
      {"/etc", "/etcetera/x", false},
      {"/etc/", "/etc/x", true},
      {"/", "/anything", true},
      {"/", "/", true},
      {"/home/u", "/home/user", false},
      {"/home/u", "/home", false},
      {"/a/b", "/a/b/c/d", true},
  };
  for (const auto& c : cases) {
    CAPTURE(c.prefix, c.path);
    CHECK(is_component_prefix(c.prefix, c.path) == c.covers);
  }
  CHECK(path_depth("/") == 0);
  CHECK(path_depth("/etc") == 1);
  CHECK(path_depth("/a/b/c") == 3);
}

TEST_CASE("resolve_path: ~, relative, dots, symlinks", "[paths]") {
  auto fs = world();
  struct Case {
    const char* path;
    const char* cwd;
    const char* expected;  // nullptr: an error is expected
  };
  const Case cases[] = {
      // lexical
      {"src/main.cpp", "/srv/proj", "/srv/proj/src/main.cpp"},
      {"./src/../src//main.cpp", "/srv/proj", "/srv/proj/src/main.cpp"},
      {".", "/srv/proj", "/srv/proj"},
      {"..", "/srv/proj", "/srv"},
      {"/srv/proj/", "/", "/srv/proj"},
      // `..` escaping the workspace
      {"../../etc/shadow", "/srv/proj", "/etc/shadow"},
      {"src/../../../../../../etc", "/srv/proj", "/etc"},
      {"../../../../..", "/srv/proj", "/"},
      // `~`
      {"~", "/", "/home/u"},
      {"~/", "/", "/home/u"},
      {"~/.ssh/id_rsa", "/", "/home/u/.ssh/id_rsa"},
      {"~/proj/notes", "/", "/home/u/.ssh/id_rsa"},  // through two links
      {"~bob/.ssh", "/", nullptr},                   // unknown home: fail closed
      {"a~/b", "/srv", "/srv/a~/b"},                 // `~` only at the start
      // a symlink into a forbidden folder
      {"/srv/proj/notes", "/", "/home/u/.ssh/id_rsa"},
      {"notes", "/srv/proj", "/home/u/.ssh/id_rsa"},
      // chained, relative targets
      {"link1", "/srv/proj", "/etc/passwd"},
      {"up/x", "/srv/proj", "/srv/shared/x"},
      {"abs/main.cpp", "/srv/proj", "/srv/proj/src/main.cpp"},
      // `..` after a link is physical
      {"dotdot/x", "/srv/proj", "/home/u/x"},
      {"secrets/../.bashrc", "/srv/proj", "/home/u/.bashrc"},
      // files that do not exist yet: the deepest existing ancestor is resolved
      {"secrets/new_key", "/srv/proj", "/home/u/.ssh/new_key"},
      {"secrets/a/b/c", "/srv/proj", "/home/u/.ssh/a/b/c"},
      {"dangling", "/srv/proj", "/etc/cron.d/job"},
      {"/tmp/build/out.o", "/", "/private/tmp/build/out.o"},
      {"newdir/../notes", "/srv/proj", "/home/u/.ssh/id_rsa"},
      // loops and runaway links: errors
      {"/loop/a", "/", nullptr},
      {"/loop/a/x", "/", nullptr},
      {"/loop/self", "/", nullptr},
      {"/loop/deep", "/", nullptr},
      // bad inputs
      {"", "/", nullptr},
      {"relative", "", nullptr},
      {"relative", "not/absolute", nullptr},
  };
  for (const auto& c : cases) {
    CAPTURE(c.path, c.cwd);
    Resolved r = resolve_path(c.path, c.cwd, "/home/u", fs.get());
    if (c.expected == nullptr) {
      CHECK_FALSE(r.ok);
      CHECK_FALSE(r.error.empty());
    } else {
      CHECK(r.ok);
      CHECK(r.error.empty());
      CHECK(r.path == c.expected);
    }
  }
}

TEST_CASE("resolve_path: details", "[paths]") {
  auto fs = world();
  SECTION("symlinks followed are reported in order") {
    Resolved r = resolve_path("link1", "/srv/proj", "/home/u", fs.get());
    REQUIRE(r.ok);
    CHECK(r.symlinks_followed ==
          std::vector<std::string>{"/srv/proj/link1 -> link2", "/srv/proj/link2 -> /etc/passwd"});
  }
  SECTION("a loop names the limit") {
    Resolved r = resolve_path("/loop/a", "/", "/home/u", fs.get());
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("too many levels of symbolic links") != std::string::npos);
    CHECK(r.path == "/loop/a");  // the lexical guess, for messages
    CHECK(r.symlink_limit);
  }
  SECTION("no filesystem: lexical only") {
    Resolved r = resolve_path("~/../u/./x//y/", "/", "/home/u", nullptr);
    CHECK(r.ok);
    CHECK(r.path == "/home/u/x/y");
    CHECK(resolve_path("/srv/proj/notes", "/", "", nullptr).path == "/srv/proj/notes");
  }
  SECTION("~ without a home is an error") {
    CHECK_FALSE(resolve_path("~/x", "/", "", fs.get()).ok);
    CHECK_FALSE(resolve_path("~", "/", "relative", fs.get()).ok);
  }
  SECTION("a symlinked home is resolved too") {
    auto fs2 = vigie::virtual_file_system({{"/Users", "/private/Users"}});
    CHECK(resolve_path("~/x", "/", "/Users/u", fs2.get()).path == "/private/Users/u/x");
  }
  SECTION("a NUL byte is an error") {
    using namespace std::string_literals;
    CHECK_FALSE(resolve_path("/srv/proj/ok\0/../../etc"s, "/", "", fs.get()).ok);
    CHECK_FALSE(resolve_path("x", "/srv\0/a"s, "", fs.get()).ok);
  }
  SECTION("input too long") {
    std::string huge(kMaxPathBytes + 1, 'a');
    CHECK_FALSE(resolve_path(huge, "/", "", fs.get()).ok);
  }
  SECTION("exactly 40 links are fine, 41 are not") {
    std::map<std::string, std::string> links;
    for (int i = 0; i < 41; ++i) {
      links["/c/" + std::to_string(i)] = std::to_string(i + 1);
    }
    auto chain = vigie::virtual_file_system(links);
    Resolved ok = resolve_path("/c/1", "/", "", chain.get());  // 1 -> 2 ... 40 -> 41: 40 links
    CHECK(ok.ok);
    CHECK(ok.path == "/c/41");
    CHECK_FALSE(resolve_path("/c/0", "/", "", chain.get()).ok);  // 41 links
  }
}

// True when `p` is normalized: absolute, no empty, `.` or `..` component, no trailing slash.
bool is_normalized(const std::string& p) {
  if (p.empty() || p[0] != '/') return false;
  if (p == "/") return true;
  if (p.back() == '/') return false;
  std::size_t i = 1;
  while (i <= p.size()) {
    std::size_t j = p.find('/', i);
    if (j == std::string::npos) j = p.size();
    std::string c = p.substr(i, j - i);
    if (c.empty() || c == "." || c == "..") return false;
    i = j + 1;
  }
  return true;
}

TEST_CASE("resolve_path property: idempotent, normalized, no symlink left", "[paths][property]") {
  // Links among a small alphabet of names, with relative and absolute targets, `..` in
  // targets, chains and loops.
  auto fs = vigie::virtual_file_system(
      {
          {"/a/l1", "../b"},
          {"/b/l2", "/a"},
          {"/a/b/l1", "l2"},
          {"/a/b/l2", "/b/l2/b"},
          {"/l1", "a/b"},
          {"/b/a/l1", "/b/a/l2"},
          {"/b/a/l2", "../a/l1"},  // a loop
          {"/l2", "."},
          {"/a/a", ".."},
      },
      {"/a/b/a", "/b/a/b", "/b/b"});
  const std::vector<std::string> alphabet = {"a", "b", "l1", "l2", ".", "..", ""};
  const std::vector<std::string> cwds = {"/", "/a", "/b/a", "/a/b", "/l1", "/x/y"};
  std::mt19937 rng(20240601);
  int resolved_ok = 0, errors = 0;
  for (int n = 0; n < 3000; ++n) {
    std::string p = (rng() % 3 == 0) ? "" : "/";
    int len = 1 + static_cast<int>(rng() % 7);
    for (int k = 0; k < len; ++k) {
      if (k > 0) p += '/';
      p += alphabet[rng() % alphabet.size()];
    }
    if (p.empty()) p = ".";
    const std::string& cwd = cwds[rng() % cwds.size()];
    CAPTURE(p, cwd);
    Resolved r = resolve_path(p, cwd, "/a", fs.get());
    if (!r.ok) {
      ++errors;
      CHECK_FALSE(r.error.empty());
      continue;
    }
    ++resolved_ok;
    CAPTURE(r.path);
    CHECK(is_normalized(r.path));
    Resolved again = resolve_path(r.path, "/", "/a", fs.get());
    CHECK(again.ok);
    CHECK(again.path == r.path);
    CHECK(again.symlinks_followed.empty());
    // No prefix of the result is a symlink.
    for (std::size_t i = 1; i <= r.path.size(); ++i) {
      if (i == r.path.size() || r.path[i] == '/') {
        CHECK_FALSE(fs->read_link(r.path.substr(0, i)).has_value());
      }
    }
    // Without a filesystem the result is the lexical normalization of the joined path.
    Resolved lexical = resolve_path(p, cwd, "/a", nullptr);
    CHECK(lexical.path == lexical_normalize(p[0] == '/' ? p : cwd + "/" + p));
  }
  CHECK(resolved_ok > 1000);
  CHECK(errors > 10);  // the loop is reached
}

// ---------------------------------------------------------------------------------------------
// PathTable
// ---------------------------------------------------------------------------------------------

PathRule rule(const char* prefix, Effect e, std::uint32_t id, Access a = Access::both) {
  return PathRule{prefix, e, a, id};
}

TEST_CASE("PathTable: /etc does not cover /etcetera", "[paths][trie]") {
  PathTable t;
  REQUIRE(t.add(rule("/etc", Effect::deny, 0)));
  CHECK(t.lookup("/etc", Access::read)->rule == 0);
  CHECK(t.lookup("/etc/passwd", Access::write)->effect == Effect::deny);
  CHECK(t.lookup("/etc/passwd", Access::write)->depth == 1);
  CHECK_FALSE(t.lookup("/etcetera", Access::read).has_value());
  CHECK_FALSE(t.lookup("/etcetera/passwd", Access::read).has_value());
  CHECK_FALSE(t.lookup("/", Access::read).has_value());
}

TEST_CASE("PathTable: most specific wins, tie goes to the most restrictive", "[paths][trie]") {
  struct Case {
    const char* path;
    Access access;
    std::optional<Effect> effect;
    std::uint32_t rule;
  };
  PathTable t;
  // The seed 002 example: a broad forbidden root with a narrow operator allowance, and a
  // forbidden subtree inside the workspace.
  REQUIRE(t.add(rule("/home", Effect::deny, 0)));
  REQUIRE(t.add(rule("/home/u/proj", Effect::allow, 1)));
  REQUIRE(t.add(rule("/home/u/proj/.env", Effect::deny, 2)));
  REQUIRE(t.add(rule("/tmp", Effect::allow, 3)));
  REQUIRE(t.add(rule("/tmp", Effect::deny, 4)));  // same depth: deny wins
  REQUIRE(t.add(rule("/var", Effect::allow, 5)));
  REQUIRE(t.add(rule("/var", Effect::ask, 6)));  // same depth: ask beats allow
  REQUIRE(t.add(rule("/opt", Effect::deny, 8)));
  REQUIRE(t.add(rule("/opt", Effect::deny, 7)));  // same effect: lowest rule index
  REQUIRE(t.add(rule("/usr/share/doc", Effect::allow, 9, Access::read)));
  REQUIRE(t.add(rule("/usr", Effect::deny, 10, Access::write)));
  REQUIRE(t.add(rule("/usr", Effect::ask, 11, Access::read)));
  REQUIRE(t.add(rule("/", Effect::ask, 12)));
  const Case cases[] = {
      {"/home/u/proj/src/a.c", Access::write, Effect::allow, 1},
      {"/home/u/proj", Access::read, Effect::allow, 1},
      {"/home/u/project", Access::read, Effect::deny, 0},  // components, not strings
      {"/home/u/other", Access::read, Effect::deny, 0},
      {"/home", Access::read, Effect::deny, 0},
      {"/home/u/proj/.env", Access::read, Effect::deny, 2},
      {"/home/u/proj/.env/x", Access::read, Effect::deny, 2},
      {"/home/u/proj/.envrc", Access::read, Effect::allow, 1},
      {"/tmp/x", Access::write, Effect::deny, 4},
      {"/var/log", Access::write, Effect::ask, 6},
      {"/opt/x", Access::read, Effect::deny, 7},
      {"/usr/share/doc/x", Access::read, Effect::allow, 9},
      {"/usr/share/doc/x", Access::write, Effect::deny, 10},  // allow read does not apply
      {"/usr/share/doc/x", Access::both, Effect::deny, 10},   // nor to read+write
      {"/usr/share/man", Access::read, Effect::ask, 11},
      {"/srv", Access::read, Effect::ask, 12},
      {"/", Access::write, Effect::ask, 12},
      {"/home//u/./proj/../proj/x", Access::read, Effect::allow, 1},  // normalized on lookup
      {"/home/u/proj/x/..", Access::read, Effect::allow, 1},
  };
  for (const auto& c : cases) {
    CAPTURE(c.path, static_cast<int>(c.access));
    auto m = t.lookup(c.path, c.access);
    REQUIRE(m.has_value() == c.effect.has_value());
    if (!m) continue;
    CHECK(m->effect == *c.effect);
    CHECK(m->rule == c.rule);
  }
  SECTION("all_matches lists the winner first") {
    auto all = t.all_matches("/home/u/proj/.env", Access::read);
    REQUIRE(all.size() == 4);
    CHECK(all[0].rule == 2);
    CHECK(all[0].depth == 4);
    CHECK(all[1].rule == 1);
    CHECK(all[2].rule == 0);
    CHECK(all[3].rule == 12);
    CHECK(all[3].depth == 0);
    auto tmp = t.all_matches("/tmp/a", Access::read);
    REQUIRE(tmp.size() == 3);
    CHECK(tmp[0].rule == 4);
    CHECK(tmp[1].rule == 3);
  }
  SECTION("copies are independent") {
    PathTable copy = t;
    REQUIRE(copy.add(rule("/srv", Effect::allow, 13)));
    CHECK(copy.lookup("/srv/x", Access::read)->rule == 13);
    CHECK(t.lookup("/srv/x", Access::read)->rule == 12);
  }
}

TEST_CASE("PathTable: rejects relative prefixes, normalizes added ones", "[paths][trie]") {
  PathTable t;
  CHECK_FALSE(t.add(rule("relative", Effect::deny, 0)));
  CHECK_FALSE(t.add(rule("", Effect::deny, 0)));
  CHECK_FALSE(t.add(rule("~/.ssh", Effect::deny, 0)));
  CHECK(t.empty());
  REQUIRE(t.add(rule("/a//b/./c/", Effect::deny, 1)));
  CHECK(t.size() == 1);
  CHECK(t.lookup("/a/b/c/d", Access::read)->rule == 1);
  CHECK(t.lookup("/a/b/c/d", Access::read)->depth == 3);
}

TEST_CASE("resolved symlinks meet the rules", "[paths][trie]") {
  auto fs = world();
  PathTable t;
  REQUIRE(t.add(rule("/srv/proj", Effect::allow, 0)));
  REQUIRE(t.add(rule("/home/u/.ssh", Effect::deny, 1)));
  REQUIRE(t.add(rule("/etc", Effect::deny, 2)));
  struct Case {
    const char* path;
    Effect effect;
    std::uint32_t rule;
  };
  const Case cases[] = {
      {"notes", Effect::deny, 1},            // file link into ~/.ssh
      {"secrets/new_key", Effect::deny, 1},  // a file to create under a linked folder
      {"link1", Effect::deny, 2},            // chained links to /etc/passwd
      {"dangling", Effect::deny, 2},         // a dangling link: judged on where it lands
      {"src/main.cpp", Effect::allow, 0},   {"abs/x", Effect::allow, 0},
  };
  for (const auto& c : cases) {
    CAPTURE(c.path);
    Resolved r = resolve_path(c.path, "/srv/proj", "/home/u", fs.get());
    REQUIRE(r.ok);
    auto m = t.lookup(r.path, Access::write);
    REQUIRE(m);
    CHECK(m->effect == c.effect);
    CHECK(m->rule == c.rule);
  }
}

// The reference: a linear scan over every rule, by the documented order.
struct NaiveTable {
  std::vector<PathRule> rules;
  static bool applies(const PathRule& r, Access a) {
    auto ra = static_cast<unsigned>(r.access), q = static_cast<unsigned>(a);
    return r.effect == Effect::allow ? (ra & q) == q : (ra & q) != 0;
  }
  std::vector<PathMatch> all(const std::string& path, Access a) const {
    std::vector<PathMatch> out;
    for (const auto& r : rules) {
      std::string prefix = lexical_normalize(r.prefix);
      if (applies(r, a) && is_component_prefix(prefix, path)) {
        out.push_back({r.effect, r.rule, path_depth(prefix)});
      }
    }
    std::sort(out.begin(), out.end(), [](const PathMatch& x, const PathMatch& y) {
      return std::tuple(-static_cast<long>(x.depth), -static_cast<int>(x.effect), x.rule) <
             std::tuple(-static_cast<long>(y.depth), -static_cast<int>(y.effect), y.rule);
    });
    return out;
  }
};

TEST_CASE("PathTable property: agrees with a naive linear scan", "[paths][trie][property]") {
  const std::vector<std::string> names = {"a", "b", "ab", "a.b", "c"};
  const Effect effects[] = {Effect::allow, Effect::ask, Effect::deny};
  const Access accesses[] = {Access::read, Access::write, Access::both};
  std::mt19937 rng(7);
  auto random_path = [&](int max_depth) {
    std::string p;
    int depth = static_cast<int>(rng() % static_cast<unsigned>(max_depth + 1));
    for (int i = 0; i < depth; ++i) p += "/" + names[rng() % names.size()];
    return p.empty() ? std::string("/") : p;
  };
  for (int round = 0; round < 60; ++round) {
    PathTable t;
    NaiveTable naive;
    int nrules = 1 + static_cast<int>(rng() % 25);
    for (int i = 0; i < nrules; ++i) {
      PathRule r{random_path(3), effects[rng() % 3], accesses[rng() % 3],
                 static_cast<std::uint32_t>(rng() % 40)};
      REQUIRE(t.add(r));
      naive.rules.push_back(r);
    }
    for (int q = 0; q < 200; ++q) {
      std::string path = random_path(5);
      Access a = accesses[rng() % 3];
      CAPTURE(round, path, static_cast<int>(a));
      auto expected = naive.all(path, a);
      auto got = t.lookup(path, a);
      REQUIRE(got.has_value() == !expected.empty());
      if (got) {
        CHECK(got->effect == expected[0].effect);
        CHECK(got->rule == expected[0].rule);
        CHECK(got->depth == expected[0].depth);
      }
      auto all = t.all_matches(path, a);
      REQUIRE(all.size() == expected.size());
      for (std::size_t i = 0; i < all.size(); ++i) {
        CHECK(all[i].effect == expected[i].effect);
        CHECK(all[i].rule == expected[i].rule);
        CHECK(all[i].depth == expected[i].depth);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Project root, relative paths
// ---------------------------------------------------------------------------------------------

TEST_CASE("find_git_root", "[paths][git]") {
  auto fs =
      vigie::virtual_file_system({{"/home/u/work", "/srv"}, {"/srv/proj/vendor/lib", "/opt/lib"}},
                                 {"/srv/proj/.git", "/srv/proj/src/deep/x.c", "/srv/proj/sub/.git",
                                  "/opt/lib/a.c", "/tmp/nogit/a"});
  struct Case {
    const char* cwd;
    const char* root;  // nullptr: none
  };
  const Case cases[] = {
      {"/srv/proj", "/srv/proj"},
      {"/srv/proj/src/deep", "/srv/proj"},
      {"/srv/proj/src/deep/", "/srv/proj"},
      {"/srv/proj/src/not/created", "/srv/proj"},
      {"/srv/proj/sub/x", "/srv/proj/sub"},    // a submodule (`.git` file) is its own root
      {"/home/u/work/proj/src", "/srv/proj"},  // through a symlink: the physical path
      {"/srv/proj/vendor/lib", nullptr},       // the link leaves the repository
      {"/srv/proj/src/../src/./deep", "/srv/proj"},
      {"/tmp/nogit", nullptr},
      {"/", nullptr},
  };
  for (const auto& c : cases) {
    CAPTURE(c.cwd);
    auto root = find_git_root(c.cwd, fs.get());
    if (c.root == nullptr) {
      CHECK_FALSE(root.has_value());
    } else {
      REQUIRE(root.has_value());
      CHECK(*root == c.root);
    }
  }
  CHECK_FALSE(find_git_root("/srv/proj", nullptr).has_value());
  auto rootrepo = vigie::virtual_file_system({}, {"/.git"});
  CHECK(find_git_root("/a/b", rootrepo.get()) == std::optional<std::string>("/"));
}

TEST_CASE("relative_to and basename_of", "[paths]") {
  CHECK(relative_to("/srv/proj", "/srv/proj/a/b") == std::optional<std::string>("a/b"));
  CHECK(relative_to("/srv/proj", "/srv/proj") == std::optional<std::string>(""));
  CHECK_FALSE(relative_to("/srv/proj", "/srv/project/a").has_value());
  CHECK(relative_to("/", "/a/b") == std::optional<std::string>("a/b"));
  CHECK(relative_to("/", "/") == std::optional<std::string>(""));
  CHECK(basename_of("/a/b.c") == "b.c");
  CHECK(basename_of("/") == "");
  CHECK(basename_of("b") == "b");
}

}  // namespace
