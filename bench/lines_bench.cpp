// lines_bench: big legal (and hostile) command lines through the parser and `decide`.
//
//   lines_bench [--shape NAME] [--size BYTES] [--runs N]
//
// Prints, per shape, the CPU time of `parse_commands` (parse + commands view) and of `decide`
// (the whole request path), best of N runs, at the given size (default: the 1 MiB input
// limit). The shapes are those of tests/engine/scaling_test.cpp; scripts/bench-lines measures
// the same lines through `vigie check` with peak memory. Figures in docs/bench.md.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grammar/shell/commands.hpp"
#include "vigie/vigie.hpp"

namespace {

std::size_t escaped_size(const std::string& s) {
  return nlohmann::json(s).dump().size() - 2;
}

std::string fill(const std::string& unit, std::size_t size, const std::string& head = "",
                 const std::string& tail = "") {
  std::size_t budget = size - 32 - escaped_size(head) - escaped_size(tail);
  std::size_t n = std::max<std::size_t>(1, budget / escaped_size(unit));
  std::string s = head;
  for (std::size_t i = 0; i < n; ++i) s += unit;
  return s + tail;
}

std::string nest(std::size_t size) {
  std::string one = "echo ";
  for (int i = 0; i < 60; ++i) one += "$(echo ";
  one += "true" + std::string(60, ')');
  return fill(one + "; ", size);
}

struct Shape {
  const char* name;
  std::function<std::string(std::size_t)> make;
};

const std::vector<Shape> kShapes = {
    {"semi", [](std::size_t n) { return fill("true; ", n, "", "true"); }},
    {"pipe", [](std::size_t n) { return fill("cat | ", n, "", "cat"); }},
    {"and", [](std::size_t n) { return fill("true && ", n, "", "true"); }},
    {"funcs", [](std::size_t n) { return fill("f(){ :; }; ", n); }},
    {"redirs", [](std::size_t n) { return fill(" >/dev/null", n, "cat"); }},
    {"nest", nest},
    {"wide", [](std::size_t n) { return fill(" $(true)", n, "echo"); }},
    {"backticks", [](std::size_t n) { return fill(" `true`", n, "echo"); }},
    {"word", [](std::size_t n) { return fill("a", n, "echo "); }},
    {"quotes", [](std::size_t n) { return fill(" 'a' \"b\"", n, "echo"); }},
    {"bash-c", [](std::size_t n) { return fill("true; ", n, "bash -c '", "true'"); }},
    {"heredocs", [](std::size_t n) { return fill("cat <<EOF\ntext $HOME\nEOF\n", n); }},
    {"heredoc", [](std::size_t n) { return fill("text $(true)\n", n, "cat <<EOF\n", "EOF\n"); }},
    {"forkbomb", [](std::size_t n) { return fill("f(){ ", n); }},
};

double cpu_ms(const std::function<void()>& f, int runs) {
  double best = 1e18;
  for (int i = 0; i < runs; ++i) {
    std::clock_t t0 = std::clock();
    f();
    best = std::min(best, 1000.0 * static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::string only;
  std::size_t size = 1u << 20;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--shape") && i + 1 < argc) {
      only = argv[++i];
    } else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) {
      size = std::stoul(argv[++i]);
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::stoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: lines_bench [--shape NAME] [--size BYTES] [--runs N]\n");
      return 2;
    }
  }
  auto c = vigie::compile({{"lines.vigie", R"(
policy "lines"
mode ask
commands {
  allow true | cat | echo | : | bash -c
  deny rm -rf
}
)"}});
  if (!c.ok()) return 1;
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  std::printf("| shape | bytes | parse ms | decide ms | decision |\n|---|---:|---:|---:|---|\n");
  for (const auto& s : kShapes) {
    if (!only.empty() && only != s.name) continue;
    std::string line = s.make(size);
    double parse = cpu_ms([&] { (void)vigie::shell::parse_commands(line); }, runs);
    vigie::Request r;
    r.tool = "Bash";
    r.input_json = nlohmann::json{{"command", line}}.dump();
    r.cwd = r.project_root = "/home/u/p";
    r.home = "/home/u";
    vigie::Decision d;
    double decide = cpu_ms([&] { d = c.policy->decide(r, opt); }, runs);
    std::printf("| %s | %zu | %.1f | %.1f | %s |\n", s.name, line.size(), parse, decide,
                vigie::to_string(d.decision));
    std::fflush(stdout);
  }
  return 0;
}
