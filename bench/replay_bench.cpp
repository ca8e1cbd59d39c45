// replay_bench: how long `vigie replay` takes on a large journal (issue 15's bound: 100,000
// journal lines against a 1,000-rule policy in under 2 s natively). Figures: docs/bench.md.
//
//   build/release/bench/replay_bench [--lines 100000] [--rules 1000] [--runs 3] [--real-fs]
//
// The journal is generated in memory (the lines `vigie check --journal` writes: one request
// decided under the policy, mixed commands, compound lines, edits and fetches), then timed:
// reading it (journal::load: JSON parse of every line) and deciding every request again
// (replay::replay), as `vigie replay` does after reading the file.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/journal.hpp"
#include "engine/replay.hpp"
#include "vigie/vigie.hpp"

namespace {

const std::vector<std::string> kSubs = {"build", "test", "deploy", "sync", "check", "run"};

std::string make_policy(int n) {
  std::ostringstream s;
  s << "policy \"replay-bench\"\nmode ask\n\npaths {\n  workspace .\n"
       "  deny ~/.ssh ~/.aws /etc  \"Secrets and system config are off limits.\"\n"
       "  protect *.lock  \"Lock files change through the package manager.\"\n}\n\n"
       "fetch {\n  allow GET *.github.com docs.python.org\n  deny *.pastebin.com  \"No paste.\"\n"
       "}\n\ncommands {\n"
       "  deny rm -rf  \"Do not delete recursively.\"\n"
       "  deny git push (--force | -f)  \"No force push.\"\n"
       "  allow git status | git diff | git log\n"
       "  allow npm test | npm run lint\n";
  for (int i = 4; i < n; ++i) {
    std::string name = "tool" + std::to_string(i / 6), sub = kSubs[i % 6];
    switch (i % 3) {
      case 0:
        s << "  allow " << name << " " << sub << "\n";
        break;
      case 1:
        s << "  deny " << name << " " << sub << "  \"No " << sub << " of " << name << ".\"\n";
        break;
      default:
        s << "  ask " << name << " " << sub << " --force\n";
        break;
    }
  }
  return s.str() + "}\n";
}

vigie::Request make_request(std::mt19937& rng, int rules) {
  vigie::Request r;
  r.cwd = r.project_root = "/srv/app";
  r.home = "/home/u";
  auto cmd = [&] {
    int i = static_cast<int>(rng() % static_cast<unsigned>(rules));
    return "tool" + std::to_string(i / 6) + " " + kSubs[i % 6] + (rng() % 3 ? "" : " --force x");
  };
  unsigned k = rng() % 10;
  if (k < 6) {
    r.tool = "Bash";
    std::string line = cmd();
    if (k >= 4) line += " && " + cmd() + " | grep -v warn";
    r.input_json = nlohmann::json{{"command", line}}.dump();
  } else if (k < 8) {
    r.tool = "Edit";
    r.input_json =
        nlohmann::json{{"file_path", "/srv/app/src/f" + std::to_string(rng() % 100) + ".c"}}.dump();
  } else if (k < 9) {
    r.tool = "Bash";
    r.input_json = R"({"command":"git status && npm test"})";
  } else {
    r.tool = "WebFetch";
    r.input_json = R"({"url":"https://api.github.com/repos/x"})";
  }
  r.kind = vigie::kind_of_tool(r.tool);
  return r;
}

// CPU time of this process (the machine may be shared: wall time then measures the others).
double cpu_ms() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int lines = 100000, rules = 1000, runs = 3;
  bool real_fs = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
    if (a == "--lines")
      lines = next();
    else if (a == "--rules")
      rules = next();
    else if (a == "--runs")
      runs = next();
    else if (a == "--real-fs")
      real_fs = true;
    else {
      std::fprintf(stderr, "usage: replay_bench [--lines N] [--rules N] [--runs N] [--real-fs]\n");
      return 2;
    }
  }
  auto compiled = vigie::compile({{"replay-bench.vigie", make_policy(rules)}});
  if (!compiled.ok()) {
    for (const auto& d : compiled.diagnostics)
      std::fputs(vigie::render(d, compiled.sources).c_str(), stderr);
    return 1;
  }
  const vigie::Policy& policy = *compiled.policy;
  vigie::DecideOptions opt;
  opt.fs = real_fs ? vigie::real_file_system() : vigie::virtual_file_system({});

  std::mt19937 rng(15);
  vigie::journal::Redactor red;
  std::string text;
  for (int i = 0; i < lines; ++i) {
    vigie::Request r = make_request(rng, rules);
    auto e = vigie::journal::make_entry(r, policy.decide(r, opt), "bench", policy.name(), "h");
    text += vigie::journal::to_line(e, red) + "\n";
  }
  std::printf("replay_bench: %d journal lines (%.1f MB), %d rules, %s filesystem\n", lines,
              static_cast<double>(text.size()) / 1e6, rules, real_fs ? "real" : "virtual");
  std::printf(
      "| run | read ms (wall / CPU) | replay ms (wall / CPU) | total ms (wall) | total ms (CPU) "
      "| changed |\n|---|---:|---:|---:|---:|---:|\n");
  double best = 1e30, best_cpu = 1e30;
  for (int run = 1; run <= runs; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_ms();
    vigie::journal::Loaded loaded;
    vigie::journal::load(text, "bench", loaded);
    double read_ms = ms_since(t0), read_cpu = cpu_ms() - c0;
    auto t1 = std::chrono::steady_clock::now();
    auto report = vigie::replay::replay(policy, loaded.entries, opt);
    double replay_ms = ms_since(t1), total = ms_since(t0), cpu = cpu_ms() - c0;
    best = std::min(best, total);
    best_cpu = std::min(best_cpu, cpu);
    std::printf("| %d | %.0f / %.0f | %.0f / %.0f | %.0f | %.0f | %zu |\n", run, read_ms, read_cpu,
                replay_ms, cpu - read_cpu, total, cpu, report.changed);
    if (!loaded.errors.empty() || report.total != static_cast<std::size_t>(lines)) return 1;
  }
  std::printf("best: %.0f ms wall, %.0f ms CPU (%s the 2,000 ms bound in CPU time)\n", best,
              best_cpu, best_cpu < 2000 ? "under" : "OVER");
  return best_cpu < 2000 ? 0 : 1;
}
