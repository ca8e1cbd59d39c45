// Operand conditions (`inside`, `outside`, `without`): check_conditions on commands built by
// hand, with their `files` written out, so that these tests depend neither on the shell grammar
// nor on the programs table (tests/engine/decisions/conditions.vigie goes through both).
#include "engine/conditions.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/compiled.hpp"

using namespace vigie;
using namespace vigie::engine;

namespace {

// A word as the shell grammar would describe it, for simple inputs: single quotes, `$` (not
// static), unquoted globs and a leading unquoted `~` (pattern only).
shell::WordView word(const std::string& t) {
  shell::WordView w;
  w.text = t;
  std::string v;
  bool sq = false;
  for (char c : t) {
    if (c == '\'') {
      sq = !sq;
      continue;
    }
    if (!sq && c == '$') w.has_expansion = true;
    if (!sq && (c == '*' || c == '?' || c == '[')) w.has_glob = true;
    v += c;
  }
  w.has_tilde = !t.empty() && t[0] == '~';
  if (w.has_expansion) return w;
  w.pattern = v;
  if (!w.has_glob && !w.has_tilde) w.literal = v;
  return w;
}

std::vector<shell::WordView> words(const std::vector<std::string>& ts) {
  std::vector<shell::WordView> out;
  for (const auto& t : ts) out.push_back(word(t));
  return out;
}

// A command: its words (as both views) and the paths it touches, as the programs table would
// list them (every operand after the options, here).
NormalizedCommand cmd(const std::vector<std::string>& argv, const std::vector<std::string>& paths,
                      From from = From::operand) {
  NormalizedCommand n;
  n.words = words(argv);
  n.name = argv.empty() ? "" : argv[0];
  for (const auto& p : paths) n.files.push_back({Touch::write, word(p), from, "test"});
  return n;
}

CommandPattern pattern(Effect e, const std::vector<std::string>& items) {
  CommandPattern p;
  p.effect = e;
  for (const auto& t : items) {
    Tok k;
    k.text = t;
    p.items.push_back(k);
  }
  return p;
}

CommandPattern outside(std::vector<std::string> paths, Effect e = Effect::deny) {
  CommandPattern p = pattern(e, {"rm"});
  p.conditions.outside = std::move(paths);
  return p;
}

CommandPattern inside(std::vector<std::string> paths, Effect e = Effect::allow) {
  CommandPattern p = pattern(e, {"cp"});
  p.conditions.inside = std::move(paths);
  return p;
}

CommandPattern without(const std::string& command, const std::vector<std::string>& items,
                       const std::vector<std::string>& options, Effect e) {
  CommandPattern p = pattern(e, items);
  for (const auto& o : options)
    for (auto& s : specs_for(command, o)) p.conditions.without.push_back(std::move(s));
  return p;
}

const ConditionContext kCtx{"/p", "/home/u", "/p", nullptr};

constexpr auto holds = ConditionResult::holds;
constexpr auto fails = ConditionResult::fails;
constexpr auto unknown = ConditionResult::unknown;

}  // namespace

TEST_CASE("conditions: a pattern without conditions always holds") {
  CommandPattern p = pattern(Effect::deny, {"rm"});
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/"}, {"/"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm"}, {}), kCtx) == holds);
}

TEST_CASE("conditions: outside holds when some touched path is outside every path") {
  CommandPattern p = outside({"/tmp", "."});
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/etc"}, {"/etc"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp/x"}, {"/tmp/x"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp"}, {"/tmp"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "build"}, {"build"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "."}, {"."}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "build", "/etc"}, {"build", "/etc"}), kCtx) == holds);
  // Components, not characters; `..` and `~` resolved.
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmpfoo"}, {"/tmpfoo"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/p2"}, {"/p2"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "../x"}, {"../x"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp/../etc"}, {"/tmp/../etc"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "~/x"}, {"~/x"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "~"}, {"~"}), kCtx) == holds);
  // A quoted `~` is a file named `~` in the current folder.
  CHECK(check_conditions(p, cmd({"rm", "-rf", "'~'"}, {"'~'"}), kCtx) == fails);
  // No path at all: nothing is outside.
  CHECK(check_conditions(p, cmd({"rm", "-rf"}, {}), kCtx) == fails);
}

TEST_CASE("conditions: a path that is not static makes outside unknown, unless another is out") {
  CommandPattern p = outside({"/tmp", "."});
  CHECK(check_conditions(p, cmd({"rm", "-rf", "$X"}, {"$X"}), kCtx) == unknown);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "$X", "/etc"}, {"$X", "/etc"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "$X", "/tmp/a"}, {"$X", "/tmp/a"}), kCtx) == unknown);
}

TEST_CASE("conditions: a glob stands for every path under its fixed folder") {
  CommandPattern p = outside({"/tmp", "."});
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp/*"}, {"/tmp/*"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "*"}, {"*"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/etc/*.conf"}, {"/etc/*.conf"}), kCtx) == holds);
  // `/*` may reach /tmp or /etc: it depends on what is there.
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/*"}, {"/*"}), kCtx) == unknown);
  // A glob that climbs out of its folder.
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp/*/../../etc"}, {"/tmp/*/../../etc"}), kCtx) ==
        unknown);
}

TEST_CASE("conditions: paths known only at run time are unknown") {
  CommandPattern p = outside({"/tmp", "."});
  CHECK(check_conditions(p, cmd({"rm", "-rf", "{}"}, {"{}"}), kCtx) == unknown);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "{/}"}, {"{/}"}), kCtx) == unknown);
  NormalizedCommand x = cmd({"rm", "-rf"}, {});
  x.wrappers = {"xargs"};
  CHECK(check_conditions(p, x, kCtx) == unknown);
  x.files = cmd({}, {"/etc"}).files;
  CHECK(check_conditions(p, x, kCtx) == holds);
  CHECK(check_conditions(inside({"."}), x, kCtx) == fails);
}

TEST_CASE("conditions: redirections are not operands") {
  CommandPattern p = outside({"/tmp", "."});
  CHECK(check_conditions(p, cmd({"rm", "x"}, {"/etc/x"}, From::redirect), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "x"}, {"/etc/x"}, From::option), kCtx) == holds);
}

TEST_CASE("conditions: relative paths start from the cwd and the folder the command changes to") {
  CommandPattern p = outside({"/tmp", "."});
  ConditionContext elsewhere{"/srv", "/home/u", "/p", nullptr};
  CHECK(check_conditions(p, cmd({"rm", "-rf", "x"}, {"x"}), elsewhere) == holds);
  ConditionContext in_tmp{"/tmp/build", "/home/u", "/p", nullptr};
  CHECK(check_conditions(p, cmd({"rm", "-rf", "x"}, {"x"}), in_tmp) == fails);

  NormalizedCommand n = cmd({"git", "-C", "/etc", "rm", "x"}, {"x"});
  n.chdir = word("/etc");
  CHECK(check_conditions(p, n, kCtx) == holds);
  n.chdir = word("/tmp");
  CHECK(check_conditions(p, n, kCtx) == fails);
  n.chdir = word("$D");
  CHECK(check_conditions(p, n, kCtx) == unknown);
  // An absolute path does not depend on the folder.
  n.files = cmd({}, {"/etc/x"}).files;
  CHECK(check_conditions(p, n, kCtx) == holds);
  // The folder named by `-C` is itself relative to the cwd.
  NormalizedCommand m = cmd({"git", "-C", "sub", "status"}, {});
  m.chdir = m.words[2];
  m.files.push_back({Touch::read, m.words[2], From::option, "git -C"});
  CHECK(check_conditions(p, m, kCtx) == fails);
}

TEST_CASE("conditions: symlinks are followed, in the command's paths and in the rule's") {
  auto fs = virtual_file_system({{"/p/link", "/etc"}, {"/home/u/tmp", "/tmp"}}, {"/p", "/etc"});
  ConditionContext c{"/p", "/home/u", "/p", fs.get()};
  CHECK(check_conditions(outside({"/tmp", "."}), cmd({"rm", "-rf", "link"}, {"link"}), c) == holds);
  CHECK(check_conditions(outside({"~/tmp"}), cmd({"rm", "-rf", "/tmp/x"}, {"/tmp/x"}), c) == fails);
}

TEST_CASE("conditions: inside holds when every touched path is inside, and there is one") {
  CommandPattern p = inside({"~/Documents"});
  CHECK(check_conditions(
            p, cmd({"cp", "~/Documents/a", "~/Documents/b"}, {"~/Documents/a", "~/Documents/b"}),
            kCtx) == holds);
  CHECK(check_conditions(p, cmd({"cp", "/home/u/Documents/a"}, {"/home/u/Documents/a"}), kCtx) ==
        holds);
  CHECK(check_conditions(p, cmd({"cp", "~/Documents/a", "/tmp/b"}, {"~/Documents/a", "/tmp/b"}),
                         kCtx) == fails);
  CHECK(check_conditions(p, cmd({"cp", "~/Documents2/a"}, {"~/Documents2/a"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"cp"}, {}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"cp", "~/Documents/a", "$X"}, {"~/Documents/a", "$X"}), kCtx) ==
        unknown);
  CHECK(check_conditions(p, cmd({"cp", "/tmp/a", "$X"}, {"/tmp/a", "$X"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"cp", "~/Documents/*"}, {"~/Documents/*"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"cp", "~/*"}, {"~/*"}), kCtx) == unknown);
  // Several paths: inside any of them.
  CommandPattern q = inside({".", "/tmp"});
  CHECK(check_conditions(q, cmd({"cp", "a", "/tmp/b"}, {"a", "/tmp/b"}), kCtx) == holds);
  CHECK(check_conditions(q, cmd({"cp", "a", "/var/b"}, {"a", "/var/b"}), kCtx) == fails);
}

TEST_CASE("conditions: a rule path that cannot be resolved is never proof of outside") {
  CHECK(check_conditions(inside({"~bob"}), cmd({"cp", "/x"}, {"/x"}), kCtx) == unknown);
  CHECK(check_conditions(outside({"~bob"}), cmd({"rm", "/x"}, {"/x"}), kCtx) == unknown);
  CHECK(check_conditions(outside({"~bob", "/x"}), cmd({"rm", "/x"}, {"/x"}), kCtx) == fails);
}

TEST_CASE("conditions: without refuses every spelling of the options") {
  CommandPattern p =
      without("git checkout", {"git", "checkout", "--"}, {"--staged"}, Effect::allow);
  CHECK(check_conditions(p, cmd({"git", "checkout", "--", "a.txt"}, {}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"git", "checkout", "--staged", "--", "a"}, {}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"git", "checkout", "--stag", "--", "a"}, {}), kCtx) == fails);
  // After `--`, a word is an operand.
  CHECK(check_conditions(p, cmd({"git", "checkout", "--", "--staged"}, {}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"git", "checkout", "--", "$X"}, {}), kCtx) == holds);
  // A word that is not static could be the option.
  CHECK(check_conditions(p, cmd({"git", "checkout", "$X", "--", "a"}, {}), kCtx) == unknown);

  // Aliases from the built-in table, clusters.
  CommandPattern f = without("git checkout", {"git", "checkout"}, {"-f"}, Effect::allow);
  CHECK(check_conditions(f, cmd({"git", "checkout", "--force", "main"}, {}), kCtx) == fails);
  CHECK(check_conditions(f, cmd({"git", "checkout", "-qf", "main"}, {}), kCtx) == fails);
  CHECK(check_conditions(f, cmd({"git", "checkout", "main"}, {}), kCtx) == holds);
  CommandPattern rf = without("rm", {"rm"}, {"-rf"}, Effect::ask);
  CHECK(check_conditions(rf, cmd({"rm", "-R", "x"}, {}), kCtx) == fails);
  CHECK(check_conditions(rf, cmd({"rm", "--force", "x"}, {}), kCtx) == fails);
  CHECK(check_conditions(rf, cmd({"rm", "-v", "x"}, {}), kCtx) == holds);
}

TEST_CASE("conditions: without looks at the view the pattern was matched against") {
  // deny/ask see the unwrapped command, unless the pattern names the wrapper.
  NormalizedCommand n = cmd({"rm", "x"}, {});
  n.allow_own = words({"sudo", "-n", "rm", "x"});
  n.wrappers = {"sudo"};
  CHECK(check_conditions(without("sudo", {"sudo"}, {"-n"}, Effect::deny), n, kCtx) == fails);
  CHECK(check_conditions(without("rm", {"rm"}, {"-n"}, Effect::deny), n, kCtx) == holds);
  // allow rules see the command as written (safe wrappers aside).
  NormalizedCommand a = cmd({"git", "push", "--force"}, {});
  a.allow_own = words({"git", "push"});
  CHECK(check_conditions(without("git", {"git", "push"}, {"--force"}, Effect::allow), a, kCtx) ==
        holds);
  CHECK(check_conditions(without("git", {"git", "push"}, {"--force"}, Effect::deny), a, kCtx) ==
        fails);
}

TEST_CASE("conditions: all must hold; fails beats unknown beats holds") {
  CommandPattern p = outside({"/tmp", "."});
  for (auto& s : specs_for("rm", "--dry-run")) p.conditions.without.push_back(s);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/etc"}, {"/etc"}), kCtx) == holds);
  CHECK(check_conditions(p, cmd({"rm", "--dry-run", "/etc"}, {"/etc"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "$X", "/etc"}, {"$X", "/etc"}), kCtx) == unknown);
  CHECK(check_conditions(p, cmd({"rm", "$X", "/tmp/a"}, {"$X", "/tmp/a"}), kCtx) == unknown);
  CHECK(check_conditions(p, cmd({"rm", "--dry-run", "$X"}, {"$X"}), kCtx) == fails);
  CHECK(check_conditions(p, cmd({"rm", "-rf", "/tmp/a"}, {"/tmp/a"}), kCtx) == fails);

  CommandPattern both = inside({"~"});
  both.conditions.outside = std::vector<std::string>{"~/.ssh"};
  CHECK(check_conditions(both, cmd({"cp", "~/a"}, {"~/a"}), kCtx) == holds);
  CHECK(check_conditions(both, cmd({"cp", "~/.ssh/id"}, {"~/.ssh/id"}), kCtx) == fails);
  CHECK(check_conditions(both, cmd({"cp", "/a"}, {"/a"}), kCtx) == fails);
}

namespace {

// The codes of a compiled policy's diagnostics, in order.
std::vector<std::string> codes_of(const std::string& commands) {
  auto r = vigie::compile({{"c.vigie", "policy \"c\"\ncommands {\n" + commands + "}\n"}});
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    if (d.severity != Severity::note) out.push_back(d.code);
  return out;
}

using Codes = std::vector<std::string>;

}  // namespace

TEST_CASE("conditions: the compile stage reports rules they make dead") {
  // V342: `without` refuses an option the pattern requires, in any spelling.
  CHECK(codes_of("  deny rm -rf without --recursive \"x y\"\n") == Codes{"V342"});
  CHECK(codes_of("  deny rm -r without -R \"x y\"\n") == Codes{"V342"});
  CHECK(codes_of("  allow git checkout -f without --force\n") == Codes{"V342"});
  CHECK(codes_of("  deny rm -rf without --dry-run \"x y\"\n").empty());
  CHECK(codes_of("  allow git checkout -- without --staged\n").empty());
  // V343: a path condition on a program the programs table gives no path.
  CHECK(codes_of("  deny frobnicate outside /tmp \"x y\"\n") == Codes{"V343"});
  CHECK(codes_of("  deny rm -rf outside /tmp . \"x y\"\n").empty());
  CHECK(codes_of("  deny frobnicate without -x \"x y\"\n").empty());
  CHECK(codes_of("  deny sudo outside /tmp . \"x y\"\n").empty());
}

TEST_CASE("conditions: a rule with conditions neither overrides nor shadows (V340, V341)") {
  CHECK(codes_of("  deny rm outside /tmp \"x y\"\n  allow rm -f\n").empty());
  CHECK(codes_of("  deny rm \"x y\"\n  allow rm -f\n") == Codes{"V340"});
  CHECK(codes_of("  deny rm without -i \"x y\"\n  deny rm -rf \"x y\"\n").empty());
  // The conditional rule itself can still be shadowed by an unconditional broader one.
  CHECK(codes_of("  deny rm \"x y\"\n  deny rm -rf outside /tmp \"x y\"\n") == Codes{"V341"});
}

TEST_CASE("conditions: examples must satisfy the conditions") {
  CHECK(codes_of("  deny rm -rf outside /tmp . \"x y\"\n    example \"rm -rf /etc\"\n"
                 "    counterexample \"rm -rf /tmp/x\"\n    counterexample \"rm -rf build\"\n")
            .empty());
  CHECK(codes_of("  deny rm -rf outside /tmp . \"x y\"\n    example \"rm -rf /tmp/x\"\n") ==
        Codes{"V320"});
  CHECK(codes_of("  allow git restore without --staged\n    example \"git restore a\"\n"
                 "    counterexample \"git restore --staged a\"\n")
            .empty());
}
