// shell_bench: parse throughput of the shell grammar on a realistic mix of agent command lines.
//
//   shell_bench [--seconds S | --rounds N] [--corpus DIR] [--lines FILE] [--only NAME]
//               [--no-limits] [--paths]
//
// `--rounds N` runs each workload N times instead of for S seconds: a fixed amount of work, for
// instruction counts (`perf stat -e instructions:u`, callgrind) that other builds on a shared
// machine do not disturb. `--only NAME` keeps the workloads whose name starts with NAME;
// `--no-limits` skips the limit cases; `--paths` prints, instead of the tables, each line of the
// kept workloads as JSON with the path it takes (`words`: plain_words.hpp; `plain`: the fast
// path's grammar; `full`). `--lines FILE` adds a workload `gen-mix` of the command lines in FILE,
// a JSON array of strings: `node bench/peers/gen.mjs 10000 42` writes the generated agent mix
// that bench/peers measures (scripts/bench-shell passes it).
// Prints one table row per workload: MB/s, lines/s and simple commands/s for `parse_commands`
// (parse + commands view), the parse alone, and the share of lines the plain-line fast path
// (plain.hpp) takes. With a corpus folder (default
// ../shared/corpus next to the source tree), the command lines of dcg-corpus.jsonl,
// shellfirm-cases.jsonl and agent-safety-cases.jsonl are a second workload. Not a test: the
// figures are recorded in docs/shell.md.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "grammar/shell/plain.hpp"
#include "grammar/shell/plain_words.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// What coding agents actually send: builds, tests, git, search pipelines, file edits through
// the shell, commit messages in heredocs, a few compound lines.
const char* kAgentLines[] = {
    "ls -la",
    "git status",
    "git diff --stat HEAD~1",
    "git add -A && git commit -m \"fix: handle empty input\" && git push origin main",
    "npm install && npm run build",
    "npm test -- --watch=false 2>&1 | tail -50",
    "python -m pytest -q tests/ -k 'not slow' --maxfail=1",
    "cargo build --release 2>&1 | grep -E '^(warning|error)' | head -20",
    "find . -name '*.py' -not -path './venv/*' | xargs grep -n 'TODO' | head",
    "rg -n \"fn main\" --type rust src/",
    "grep -rn \"import React\" src/ | wc -l",
    "cd frontend && yarn lint --fix; cd ..",
    "cat package.json | jq '.dependencies'",
    "sed -i 's/old_name/new_name/g' src/*.ts",
    "mkdir -p build && cd build && cmake .. -DCMAKE_BUILD_TYPE=Release && make -j8",
    "docker compose up -d && docker compose logs --tail=100 api",
    "curl -sSL https://example.com/install.sh | bash",
    "for f in src/*.js; do echo \"== $f\"; wc -l \"$f\"; done",
    "if [ -f .env ]; then source .env; fi; echo ${DATABASE_URL:-unset}",
    "export PATH=\"$HOME/.local/bin:$PATH\" && which python3",
    "git log --oneline -n 20 --format='%h %an %s'",
    "git commit -m \"$(cat <<'EOF'\nfeat: add parser\n\nLonger body line.\nEOF\n)\"",
    "cat > src/config.json <<EOF\n{\"name\": \"$NAME\", \"port\": 8080}\nEOF",
    "head -n 100 README.md",
    "tail -f /var/log/app.log | grep --line-buffered ERROR",
    "ps aux | grep '[n]ode' | awk '{print $2}' | xargs kill -9",
    "test -d node_modules || npm ci",
    "go test ./... -run TestParse -v 2>&1 | tee test.log",
    "make -C build test ARGS='-j4 --output-on-failure'",
    "rm -rf dist/ build/ && npm run build",
    "python3 -c 'import sys; print(sys.version)'",
    "diff <(sort a.txt) <(sort b.txt) || true",
    "echo $((1 + 2)) $(date +%s) `whoami`",
    "sudo -u deploy env RAILS_ENV=production bundle exec rake db:migrate",
    "while read -r line; do echo \"$line\"; done < input.txt",
    "case \"$OSTYPE\" in darwin*) brew install jq;; linux*) apt-get install -y jq;; esac",
    "[[ -n \"$CI\" ]] && echo ci || echo local",
    "tar czf backup-$(date +%F).tar.gz src/ docs/",
    "kubectl get pods -n prod -o json | jq -r '.items[].metadata.name'",
    "FOO=1 BAR=\"two words\" ./scripts/run.sh --flag=value arg1 arg2",
};

struct Workload {
  std::string name;
  std::vector<std::string> lines;
};

struct Figures {
  double mb_s = 0, lines_s = 0, cmds_s = 0, parse_mb_s = 0;
  std::size_t failed = 0, plain = 0;
};

Figures measure(const Workload& w, double seconds, std::size_t fixed_rounds) {
  Figures f;
  std::size_t bytes = 0;
  for (const auto& l : w.lines) bytes += l.size();
  for (const auto& l : w.lines) {
    f.failed += !vigie::shell::parse_commands(l).ok;
    f.plain += vigie::shell::plain_commands(l).has_value();
  }
  // parse + commands view
  std::size_t rounds = 0, cmds = 0;
  auto t0 = Clock::now();
  double el = 0;
  do {
    for (const auto& l : w.lines) cmds += vigie::shell::parse_commands(l).commands.size();
    ++rounds;
    el = std::chrono::duration<double>(Clock::now() - t0).count();
  } while (fixed_rounds ? rounds < fixed_rounds : el < seconds);
  f.mb_s = static_cast<double>(bytes * rounds) / el / 1e6;
  f.lines_s = static_cast<double>(w.lines.size() * rounds) / el;
  f.cmds_s = static_cast<double>(cmds) / el;
  // parse alone
  rounds = 0;
  t0 = Clock::now();
  do {
    for (const auto& l : w.lines) (void)vigie::shell::parse(l).ok;
    ++rounds;
    el = std::chrono::duration<double>(Clock::now() - t0).count();
  } while (fixed_rounds ? rounds < fixed_rounds : el < seconds);
  f.parse_mb_s = static_cast<double>(bytes * rounds) / el / 1e6;
  return f;
}

void read_commands(const std::string& path, std::vector<std::string>& out) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    try {
      auto j = nlohmann::json::parse(line);
      if (j.contains("command") && j["command"].is_string()) out.push_back(j["command"]);
    } catch (const std::exception&) {
    }
  }
}

void read_lines(const std::string& path, std::vector<std::string>& out) {
  std::ifstream in(path);
  try {
    for (const auto& l : nlohmann::json::parse(in)) {
      if (l.is_string()) out.push_back(l);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "shell_bench: %s: %s\n", path.c_str(), e.what());
  }
}

double time_once(const std::string& src) {
  auto t0 = Clock::now();
  auto r = vigie::shell::parse_commands(src);
  (void)r;
  return std::chrono::duration<double>(Clock::now() - t0).count() * 1e3;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 1.0;
  std::size_t fixed_rounds = 0;
  std::string only, lines_file;
  bool limits = true, paths = false;
  std::string corpus = std::string(VIGIE_SOURCE_DIR) + "/../shared/corpus";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (!std::strcmp(argv[i], "--corpus") && i + 1 < argc) {
      corpus = argv[++i];
    } else if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc) {
      fixed_rounds = static_cast<std::size_t>(std::atol(argv[++i]));
    } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
      only = argv[++i];
    } else if (!std::strcmp(argv[i], "--lines") && i + 1 < argc) {
      lines_file = argv[++i];
    } else if (!std::strcmp(argv[i], "--no-limits")) {
      limits = false;
    } else if (!std::strcmp(argv[i], "--paths")) {
      paths = true;
    } else {
      std::fprintf(stderr,
                   "usage: shell_bench [--seconds S | --rounds N] [--corpus DIR] [--lines FILE] "
                   "[--only NAME] [--no-limits] [--paths]\n");
      return 2;
    }
  }
  std::vector<Workload> ws;
  ws.push_back({"agent-mix", {std::begin(kAgentLines), std::end(kAgentLines)}});
  Workload c{"corpus-commands", {}};
  for (const char* f : {"dcg-corpus.jsonl", "shellfirm-cases.jsonl", "agent-safety-cases.jsonl"}) {
    read_commands(corpus + "/" + f, c.lines);
  }
  if (!c.lines.empty()) ws.push_back(std::move(c));
  if (!lines_file.empty()) {
    Workload g{"gen-mix", {}};
    read_lines(lines_file, g.lines);
    if (!g.lines.empty()) ws.push_back(std::move(g));
  }
  std::string script;
  for (int i = 0; i < 40; ++i) {
    for (const char* l : kAgentLines) script += std::string(l) + "\n";
  }
  ws.push_back({"one-script(" + std::to_string(script.size() / 1024) + "KiB)", {script}});

  if (paths) {  // one line each: the workload, the path, the line as a JSON string
    for (const auto& w : ws) {
      if (w.name.compare(0, only.size(), only) != 0) continue;
      for (const auto& l : w.lines) {
        std::vector<vigie::shell::CommandView> scanned;
        const bool words = vigie::shell::plain_grammar::plain_words(l, scanned);
        const bool plain = vigie::shell::plain_commands(l).has_value();
        std::printf("%s %s %s\n", w.name.c_str(),
                    words   ? "words"
                    : plain ? "plain"
                            : "full ",
                    nlohmann::json(l).dump().c_str());
      }
    }
    return 0;
  }
  std::printf(
      "| workload | lines | bytes | bytes/line | parse+view MB/s | lines/s | commands/s | parse "
      "MB/s | "
      "rejected | plain |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const auto& w : ws) {
    if (w.name.compare(0, only.size(), only) != 0) continue;
    std::size_t bytes = 0;
    for (const auto& l : w.lines) bytes += l.size();
    Figures f = measure(w, seconds, fixed_rounds);
    std::printf("| %s | %zu | %zu | %.0f | %.2f | %.0f | %.0f | %.2f | %zu | %.0f%% |\n",
                w.name.c_str(), w.lines.size(), bytes,
                static_cast<double>(bytes) / static_cast<double>(w.lines.size()), f.mb_s, f.lines_s,
                f.cmds_s, f.parse_mb_s, f.failed,
                100.0 * static_cast<double>(f.plain) / static_cast<double>(w.lines.size()));
  }
  if (!limits) return 0;
  std::string deep = "echo ";
  for (int i = 0; i < 100000; ++i) deep += "$(";
  std::string big;
  while (big.size() < (1u << 20) - 100) big += "echo hello world | grep h; ";
  std::printf("\n| limit case | ms |\n|---|---:|\n");
  std::printf("| 100,000 x `$(` refused | %.2f |\n", time_once(deep));
  std::printf("| 1 MiB script parsed (%zu bytes) | %.1f |\n", big.size(), time_once(big));
  std::printf("| 1 MiB + 1 refused by size | %.3f |\n",
              time_once(std::string((1u << 20) + 1, 'a')));
  return 0;
}
