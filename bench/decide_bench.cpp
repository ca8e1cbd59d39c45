// decide_bench: how fast a compiled policy decides, against policies of growing size.
//
// Generates policies of 10, 100, 1,000 and 10,000 command rules as policy source text (many
// distinct command names and subcommands, option-set denies, regexes in argument and in command
// position, alternatives, a few path and fetch rules), compiles each with vigie::compile (timed),
// then times decide() per call with steady_clock for four requests: a one-command line
// (`git status`), a compound line (`git status && npm test | tee out.txt`), an edit and a fetch.
// Each cell: warmup, then per-decision latency (p50, p99) and, separately, decisions/s over an
// untimed batch. The filesystem is a virtual empty one (no syscalls in the measurement); the
// real filesystem is measured once, against the 1,000-rule policy.
//
// Usage: decide_bench [--sizes 10,100,1000,10000] [--iterations N] [--min-time SECONDS]
//                     [--case 'one command'|compound|edit|read|fetch] [--no-real-fs] [--json]
//                     [--dump-policy N] [--trace] [--allocs]
// Without --trace, decisions are made with DecideOptions::trace = false (what a hook or the
// WASM fast path asks for); --trace also builds the trace and the matched rules (`explain`).
// --allocs also reports the heap allocations per decision (every `operator new` of the process
// is counted; the count is taken over the untimed batch): a column of the table, or
// `allocs_per_decision` in the JSON rows.
//
// decide_bench --mix POLICY LINES [--passes N] [--trace]: decides every line of LINES (one JSON
// string per line: a Bash command line, as `node bench/peers/gen.mjs` writes them) against the
// policy file, N passes (default 1), and prints decisions/s per CPU second and the decisions'
// counts: a native view of the WASM peers benchmark's mix (for callgrind: toggle on
// `vigie::Policy::decide*`).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <time.h>

#include "vigie/vigie.hpp"

// Every allocation of the process goes through these: counted for --allocs (the bench is
// single-threaded; the count is read around a batch of decisions).
namespace {
std::size_t g_allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU time of this thread: on a shared machine, wall time counts the other processes too.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// ---- policy generation ------------------------------------------------------------------------

const std::vector<std::string> kNames = {
    "git",    "npm",       "cargo",     "docker",     "kubectl",  "make",  "python",    "pip",
    "go",     "terraform", "aws",       "gcloud",     "helm",     "yarn",  "pnpm",      "rustup",
    "brew",   "apt",       "systemctl", "journalctl", "node",     "deno",  "bun",       "mvn",
    "gradle", "dotnet",    "bazel",     "cmake",      "ninja",    "ctest", "pytest",    "tox",
    "poetry", "uv",        "ruff",      "eslint",     "prettier", "tsc",   "jest",      "vitest",
    "gh",     "az",        "ansible",   "vagrant",    "psql",     "mysql", "redis-cli", "curl"};

const std::vector<std::string> kSubs = {
    "status", "diff",  "log",      "build",  "test",   "run",  "deploy",  "apply",
    "plan",   "get",   "describe", "list",   "push",   "pull", "install", "update",
    "init",   "check", "lint",     "fmt",    "clean",  "show", "exec",    "logs",
    "start",  "stop",  "restart",  "create", "delete", "sync", "fetch",   "publish"};

// A policy of `n` command rules. The first rules are seed 001's team rules (so `git status` and
// `npm test` are allowed); the rest are generated: four rules per command name on average, the
// first 48 names real (git, npm, docker...), then `toolK`.
std::string make_policy(int n) {
  std::ostringstream s;
  s << "policy \"bench-" << n << "\"\nmode ask\n\n";
  s << "paths {\n"
       "  workspace .\n"
       "  deny ~/.ssh ~/.aws /etc  \"Secrets and system config are off limits.\"\n"
       "  protect *.lock  \"Lock files change through the package manager.\"\n"
       "  allow /tmp\n"
       "  ask write ./deploy\n"
       "}\n\n";
  s << "fetch {\n"
       "  allow GET *.github.com docs.python.org\n"
       "  deny *.pastebin.com  \"No paste sites.\"\n"
       "}\n\n";
  s << "commands {\n";
  const std::vector<std::string> base = {
      "deny rm -rf  \"Do not delete recursively; remove the files you created by name.\"",
      "deny git push (--force | -f)  \"No force push: push a new commit instead.\"",
      "allow git status | git diff | git log",
      "allow npm test | npm run lint",
      "deny git reset --hard  \"No hard reset: stash or commit instead.\"",
      "allow cargo test | cargo nextest",
      "ask git push",
      "deny /^mkfs(\\..+)?$/  \"Do not format filesystems.\"",
  };
  int written = 0;
  for (const auto& r : base) {
    if (written >= n) break;
    s << "  " << r << "\n";
    ++written;
  }
  for (int i = 0; written < n; ++i, ++written) {
    int k = i / 4;
    std::string name = k < static_cast<int>(kNames.size()) ? kNames[k] : "tool" + std::to_string(k);
    std::string sub = kSubs[i % kSubs.size()];
    if (k < static_cast<int>(kNames.size())) sub += "-x" + std::to_string(i);  // distinct
    switch (i % 20) {
      case 0:
        s << "  deny " << name << " " << sub << " --force  \"No forced " << sub << " of " << name
          << ".\"\n";
        break;
      case 1:
        s << "  deny " << name << " " << sub << " -rf  \"No recursive " << sub << ".\"\n";
        break;
      case 2:
        s << "  deny " << name << " " << sub << " --all -y  \"Name what to " << sub
          << " instead of everything.\"\n";
        break;
      case 3:
        s << "  ask " << name << " " << sub << "\n";
        break;
      case 4:
        s << "  allow " << name << " " << sub << " /^v[0-9]+(\\.[0-9]+)*$/\n";
        break;
      case 5:
        s << "  allow " << name << " " << sub << " (--dry-run | --check | -n)\n";
        break;
      case 6:
        if (i % 500 == 6) {  // a few rules with a regex in command position
          s << "  deny /^" << name << "-legacy[0-9]*$/  \"" << name << "-legacy is retired.\"\n";
          break;
        }
        [[fallthrough]];
      default:
        s << "  allow " << name << " " << sub << "\n";
        break;
    }
  }
  s << "}\n";
  return s.str();
}

// ---- measurement ------------------------------------------------------------------------------

struct Case {
  std::string label;
  vigie::Request req;
};

vigie::Request make_request(const std::string& tool, const std::string& input_json) {
  vigie::Request r;
  r.tool = tool;
  r.kind = vigie::kind_of_tool(tool);
  r.input_json = input_json;
  r.cwd = r.project_root = "/srv/app";
  r.home = "/home/dev";
  return r;
}

std::vector<Case> cases() {
  return {
      {"one command", make_request("Bash", R"({"command": "git status"})")},
      {"compound", make_request("Bash", R"({"command": "git status && npm test | tee out.txt"})")},
      {"edit", make_request("Edit", R"({"file_path": "/srv/app/src/main.cpp",)"
                                    R"( "old_string": "int x = 1;", "new_string": "int x = 2;"})")},
      {"read", make_request("Read", R"({"file_path": "/srv/app/src/main.cpp"})")},
      {"fetch", make_request("WebFetch", R"({"url": "https://docs.github.com/en/rest",)"
                                         R"( "prompt": "list the endpoints"})")},
  };
}

struct Cell {
  std::string decision, rule;
  double p50_us = 0, p99_us = 0, mean_us = 0, per_sec = 0, per_sec_wall = 0;
  double allocs = 0;  // heap allocations per decision, over the untimed batch
  long iterations = 0;
};

Cell measure(const vigie::Policy& policy, const vigie::Request& req,
             const vigie::DecideOptions& opt, long iterations, double min_time) {
  Cell c;
  vigie::Decision first = policy.decide(req, opt);
  c.decision = vigie::to_string(first.decision);
  c.rule = first.rule.id;
  // Warmup: caches, allocator, branch predictors.
  for (int i = 0; i < 2000; ++i) (void)policy.decide(req, opt);
  // Per-decision latency.
  std::vector<double> ns;
  ns.reserve(static_cast<std::size_t>(iterations));
  auto t_start = Clock::now();
  for (long i = 0; i < iterations || seconds_since(t_start) < min_time; ++i) {
    auto t0 = Clock::now();
    vigie::Decision d = policy.decide(req, opt);
    auto t1 = Clock::now();
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
    if (d.decision != first.decision) {
      std::cerr << "decide_bench: unstable decision\n";
      std::exit(1);
    }
    if (ns.size() >= 5'000'000) break;
  }
  std::sort(ns.begin(), ns.end());
  auto pct = [&](double q) {
    return ns[std::min(ns.size() - 1,
                       static_cast<std::size_t>(q * static_cast<double>(ns.size())))];
  };
  c.iterations = static_cast<long>(ns.size());
  c.p50_us = pct(0.50) / 1000.0;
  c.p99_us = pct(0.99) / 1000.0;
  double sum = 0;
  for (double v : ns) sum += v;
  c.mean_us = sum / static_cast<double>(ns.size()) / 1000.0;
  // Throughput: an untimed batch of the same size, per CPU second of this thread (and per wall
  // second, which also counts the time other processes took the core).
  auto t0 = Clock::now();
  double cpu0 = thread_cpu_seconds();
  std::size_t allocs0 = g_allocations;
  for (long i = 0; i < c.iterations; ++i) {
    vigie::Decision d = policy.decide(req, opt);
    if (d.decision != first.decision) std::exit(1);
  }
  c.allocs = static_cast<double>(g_allocations - allocs0) / static_cast<double>(c.iterations);
  double cpu = thread_cpu_seconds() - cpu0;
  double wall = seconds_since(t0);
  c.per_sec = static_cast<double>(c.iterations) / cpu;
  c.per_sec_wall = static_cast<double>(c.iterations) / wall;
  return c;
}

// The p50 of an empty timed interval (two steady_clock reads back to back): what each
// per-decision latency above also holds (about 30 ns on a VM's kvm-clock).
double clock_p50_ns() {
  std::vector<double> ns(200'000);
  for (double& v : ns) {
    auto t0 = Clock::now();
    auto t1 = Clock::now();
    v = std::chrono::duration<double, std::nano>(t1 - t0).count();
  }
  std::nth_element(ns.begin(), ns.begin() + static_cast<long>(ns.size() / 2), ns.end());
  return ns[ns.size() / 2];
}

std::string fmt_rate(double r) {
  char buf[32];
  if (r >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2f M", r / 1e6);
  else
    std::snprintf(buf, sizeof buf, "%.0f k", r / 1e3);
  return buf;
}

std::string fmt_us(double us) {
  char buf[32];
  if (us < 100)
    std::snprintf(buf, sizeof buf, "%.2f", us);
  else
    std::snprintf(buf, sizeof buf, "%.0f", us);
  return buf;
}

std::vector<int> parse_sizes(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(std::atoi(item.c_str()));
  return out;
}

}  // namespace

// --mix: every line of a file of JSON strings against a policy file (see the header).
int run_mix(const std::string& policy_file, const std::string& lines_file, long passes,
            bool trace) {
  std::ifstream pin(policy_file), lin(lines_file);
  if (!pin || !lin) {
    std::cerr << "decide_bench: cannot read " << (pin ? lines_file : policy_file) << "\n";
    return 2;
  }
  std::stringstream text;
  text << pin.rdbuf();
  vigie::CompileResult r = vigie::compile({{policy_file, text.str()}});
  if (!r.ok()) {
    for (const auto& d : r.diagnostics) std::cerr << vigie::render(d, r.sources);
    return 1;
  }
  std::vector<vigie::Request> reqs;
  for (std::string line; std::getline(lin, line);) {
    if (line.empty()) continue;
    // The line is a JSON string: the request's input is built around it as it is (the engine
    // reads it; a line that is not a string makes that request's decision an error).
    if (line.front() != '"' || line.back() != '"') {
      std::cerr << "decide_bench: " << lines_file << ": not a JSON string: " << line << "\n";
      return 2;
    }
    reqs.push_back(make_request("Bash", "{\"command\": " + line + "}"));
  }
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  opt.trace = trace;
  long counts[3] = {0, 0, 0};
  const double c0 = thread_cpu_seconds();
  for (long k = 0; k < passes; ++k)
    for (const auto& req : reqs) ++counts[static_cast<int>(r.policy->decide(req, opt).decision)];
  const double cpu = thread_cpu_seconds() - c0;
  const double n = static_cast<double>(reqs.size()) * static_cast<double>(passes);
  std::printf(
      "%zu lines x %ld passes: %.0f decisions/s per CPU second (%.3f s); decisions "
      "%ld/%ld/%ld (by enum order)\n",
      reqs.size(), passes, n / cpu, cpu, counts[0], counts[1], counts[2]);
  return 0;
}

int main(int argc, char** argv) {
  std::vector<int> sizes = {10, 100, 1000, 10000};
  long iterations = 200000;
  double min_time = 0.3;
  bool json = false;
  std::string only;  // --case: measure one request only (for profiling)
  bool real = true;
  bool trace = false;
  bool allocs = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "decide_bench: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--sizes") {
      sizes = parse_sizes(next());
    } else if (a == "--iterations") {
      iterations = std::atol(next().c_str());
    } else if (a == "--min-time") {
      min_time = std::atof(next().c_str());
    } else if (a == "--case") {
      only = next();
    } else if (a == "--no-real-fs") {
      real = false;
    } else if (a == "--json") {
      json = true;
    } else if (a == "--trace") {
      trace = true;
    } else if (a == "--allocs") {
      allocs = true;
    } else if (a == "--mix") {
      const std::string policy_file = next(), lines_file = next();
      long passes = 1;
      bool mix_trace = false;
      for (int k = i + 1; k < argc; ++k) {
        if (std::string(argv[k]) == "--passes" && k + 1 < argc) passes = std::atol(argv[++k]);
        if (std::string(argv[k]) == "--trace") mix_trace = true;
      }
      return run_mix(policy_file, lines_file, passes, mix_trace);
    } else if (a == "--dump-policy") {
      std::cout << make_policy(std::atoi(next().c_str()));
      return 0;
    } else {
      std::cerr << "usage: decide_bench [--sizes 10,100,1000,10000] [--iterations N]\n"
                   "                    [--min-time SECONDS]\n"
                   "                    [--case 'one command'|compound|edit|read|fetch]\n"
                   "                    [--no-real-fs] [--json] [--dump-policy N] [--trace]\n"
                   "                    [--allocs]\n"
                   "       decide_bench --mix POLICY LINES [--passes N] [--trace]\n";
      return a == "--help" ? 0 : 2;
    }
  }

  vigie::DecideOptions virtual_fs;
  virtual_fs.fs = vigie::virtual_file_system({});
  vigie::DecideOptions real_fs;
  real_fs.fs = vigie::real_file_system();
  virtual_fs.trace = real_fs.trace = trace;

  struct Row {
    int rules;
    std::string fs, request, decision, rule;
    Cell cell;
  };
  struct CompileRow {
    int rules;
    std::size_t bytes;
    double ms;
    int runs;
  };
  std::vector<Row> rows;
  std::vector<CompileRow> compiles;

  for (int n : sizes) {
    std::string text = make_policy(n);
    // Compile time: the median of up to 5 runs (at least one, at most ~2 s in total).
    std::vector<double> ms;
    vigie::CompileResult r;
    auto total = Clock::now();
    do {
      auto t0 = Clock::now();
      r = vigie::compile({{"bench.vigie", text}});
      ms.push_back(seconds_since(t0) * 1e3);
    } while (ms.size() < 5 && seconds_since(total) < 2.0);
    if (!r.ok()) {
      for (const auto& d : r.diagnostics) std::cerr << vigie::render(d, r.sources);
      std::cerr << "decide_bench: the generated policy of " << n << " rules does not compile\n";
      return 1;
    }
    std::sort(ms.begin(), ms.end());
    compiles.push_back({n, text.size(), ms[ms.size() / 2], static_cast<int>(ms.size())});
    for (const auto& c : cases()) {
      if (!only.empty() && c.label != only) continue;
      rows.push_back({n, "virtual", c.label, "", "",
                      measure(*r.policy, c.req, virtual_fs, iterations, min_time)});
    }
    if (real && (n == 1000 || sizes.size() == 1)) {
      for (const auto& c : cases()) {
        if (!only.empty() && c.label != only) continue;
        rows.push_back(
            {n, "real", c.label, "", "", measure(*r.policy, c.req, real_fs, iterations, min_time)});
      }
    }
  }

  const double clock_ns = clock_p50_ns();
  if (json) {
    std::cout << "{\"trace\": " << (trace ? "true" : "false") << ", \"clock_p50_ns\": " << clock_ns
              << ", \"compile\": [";
    for (std::size_t i = 0; i < compiles.size(); ++i) {
      const auto& c = compiles[i];
      std::cout << (i ? ", " : "") << "{\"rules\": " << c.rules << ", \"bytes\": " << c.bytes
                << ", \"ms\": " << c.ms << "}";
    }
    std::cout << "], \"decide\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& w = rows[i];
      std::cout << (i ? ", " : "") << "{\"rules\": " << w.rules << ", \"fs\": \"" << w.fs
                << "\", \"request\": \"" << w.request << "\", \"decision\": \"" << w.cell.decision
                << "\", \"p50_us\": " << w.cell.p50_us << ", \"p99_us\": " << w.cell.p99_us
                << ", \"mean_us\": " << w.cell.mean_us << ", \"per_sec_cpu\": " << w.cell.per_sec
                << ", \"per_sec_wall\": " << w.cell.per_sec_wall
                << ", \"iterations\": " << w.cell.iterations;
      if (allocs) std::cout << ", \"allocs_per_decision\": " << w.cell.allocs;
      std::cout << "}";
    }
    std::cout << "]}\n";
    return 0;
  }

  std::printf("compile (vigie::compile of generated policy text; median of runs)\n\n");
  std::printf("| rules  | source bytes | compile ms | runs |\n");
  std::printf("|-------:|-------------:|-----------:|-----:|\n");
  for (const auto& c : compiles)
    std::printf("| %6d | %12zu | %10.2f | %4d |\n", c.rules, c.bytes, c.ms, c.runs);
  std::printf(
      "\ndecide (trace %s; per-decision steady_clock timing: p50, p99, mean; decisions/s from an\n"
      "untimed batch, per CPU second of the thread and per wall second); each timed interval\n"
      "also holds a clock read: an empty one measures %.0f ns (p50)\n\n",
      trace ? "on" : "off", clock_ns);
  std::printf(
      "| rules  | fs      | request     | decision | p50 us | p99 us | mean us | decisions/s cpu "
      "| decisions/s wall | iterations |%s\n",
      allocs ? " allocs/decision |" : "");
  std::printf(
      "|-------:|---------|-------------|----------|-------:|-------:|--------:|----------------:"
      "|-----------------:|-----------:|%s\n",
      allocs ? "----------------:|" : "");
  for (const auto& w : rows) {
    std::printf("| %6d | %-7s | %-11s | %-8s | %6s | %6s | %7s | %15s | %16s | %10ld |", w.rules,
                w.fs.c_str(), w.request.c_str(), w.cell.decision.c_str(),
                fmt_us(w.cell.p50_us).c_str(), fmt_us(w.cell.p99_us).c_str(),
                fmt_us(w.cell.mean_us).c_str(), fmt_rate(w.cell.per_sec).c_str(),
                fmt_rate(w.cell.per_sec_wall).c_str(), w.cell.iterations);
    if (allocs) std::printf(" %15.2f |", w.cell.allocs);
    std::printf("\n");
  }
  return 0;
}
