// The programs table checked against itself: for every entry, a command line is synthesized
// from its declaration (each option that takes a path or runs something, in every spelling the
// program accepts, and its operand shape), and `vigie parse --effects --json`'s view of that line
// (engine/effects_view.hpp) must report what the table declares.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/effects_view.hpp"
#include "engine/normalize.hpp"
#include "engine/program_runners.hpp"
#include "engine/programs.hpp"
#include "engine/programs_decl.hpp"
#include "grammar/policy/check.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie::engine;

namespace {

// (access, path) pairs of every command of the line.
std::set<std::pair<std::string, std::string>> effects(const std::string& line) {
  auto j = nlohmann::json::parse(effects_to_json(line));
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& c : j["commands"])
    for (const auto& e : c["effects"])
      out.insert({e["access"].get<std::string>(), e["path"].get<std::string>()});
  return out;
}

std::string access_of(char role) {
  switch (role) {
    case 'w':
    case 't':
      return "write";
    case 'd':
      return "delete";
    case 'x':
      return "exec";
    default:
      return "read";
  }
}

// Every spelling of an option with a value: `-fV`, `-f V`, `--file=V`, `--file V`, and an
// unambiguous prefix `--fi V` when the program accepts prefixes.
std::vector<std::string> spellings(const ProgramDecl& p, const OptionDecl& d,
                                   const std::string& v) {
  std::vector<std::string> out;
  for (char c : d.shorts) {
    out.push_back(std::string("-") + c + v);
    if (d.arg == OptionDecl::Arg::required) out.push_back(std::string("-") + c + " " + v);
  }
  for (const auto& e : d.exact) out.push_back(e + " " + v);
  for (const auto& l : d.longs) {
    out.push_back("--" + l + "=" + v);
    if (d.arg == OptionDecl::Arg::required) out.push_back("--" + l + " " + v);
    if (!p.prefixes || l.size() < 4) continue;
    // The shortest prefix no other long option of the program shares.
    for (std::size_t n = 2; n < l.size(); ++n) {
      std::string pre = l.substr(0, n);
      bool unique = true;
      for (const auto& o : p.options)
        for (const auto& ol : o.longs)
          if (&o != &d && ol.compare(0, n, pre) == 0) unique = false;
      if (!unique) continue;
      out.push_back("--" + pre + "=" + v);
      break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("programs table: every option that takes a path or runs a program is seen") {
  std::size_t checked = 0;
  for (const auto& p : program_table()) {
    if (p.handler == "wrapper" || p.handler == "find" || p.handler == "dd") continue;
    const std::string& name = p.names.front();
    for (const auto& d : p.options) {
      if (d.arg == OptionDecl::Arg::none) continue;
      if (std::string("rwdtxP").find(d.role) == std::string::npos || d.role == 0) continue;
      // A value that cannot be mistaken for anything else, and for `x` a command line.
      std::string v = d.role == 'x' ? "/opt/probe/run" : "/opt/probe/file";
      // `--checkpoint-action=exec=CMD`: only the `exec` action runs something.
      bool action = !d.longs.empty() && d.longs.front() == "checkpoint-action";
      for (const auto& sp : spellings(p, d, action ? "exec=" + v : v)) {
        // Old-style tar needs a mode; sed and awk need a script; git needs its subcommand.
        std::string line = name + " " + sp;
        if (p.handler == "tar") line += " -t";
        if (p.handler == "sed" && d.role != 'P') line += " -e p";
        if (p.handler == "awk" && d.role != 'P') line += " -e 1";
        CAPTURE(line);
        auto fx = effects(line);
        std::string want = access_of(d.role);
        if (p.handler == "tar" && d.shorts == "f") want = "read";  // `-t`: the archive is read
        if (p.handler == "tar" && d.shorts == "C") continue;       // members' folder (tested below)
        CHECK(fx.count({want, v}) == 1);
        ++checked;
      }
    }
  }
  CHECK(checked > 300);
}

TEST_CASE("programs table: operand shapes give each operand its access") {
  std::size_t checked = 0;
  for (const auto& p : program_table()) {
    if (!p.handler.empty() || p.operands.empty()) continue;
    const std::string& name = p.names.front();
    // Three operands; roles from the shape, the way apply_operands reads it.
    std::string fixed;
    char rest = '-', last = 0;
    for (std::size_t i = 0; i < p.operands.size(); ++i) {
      if (p.operands[i] == '*')
        rest = p.operands[++i];
      else if (p.operands[i] == '$')
        last = p.operands[++i];
      else
        fixed.push_back(p.operands[i]);
    }
    std::vector<std::string> ops = {"/opt/o/one", "/opt/o/two", "/opt/o/three"};
    std::string line = name;
    for (const auto& o : ops) line += " " + o;
    CAPTURE(line);
    auto fx = effects(line);
    for (std::size_t k = 0; k < ops.size(); ++k) {
      char role = k < fixed.size() ? fixed[k] : rest;
      if (last && k + 1 == ops.size() && ops.size() >= fixed.size() + 2) role = last;
      if (role == '-' || role == 'p') {
        bool any = false;
        for (const auto& a : {"read", "write", "delete", "exec"})
          any = any || fx.count({a, ops[k]});
        CHECK_FALSE(any);
      } else {
        CHECK(fx.count({access_of(role == 'x' ? 'x' : role), ops[k]}) == 1);
      }
      ++checked;
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("programs table: wrappers' long options in every prefix hide no command") {
  for (const auto& p : program_table()) {
    if (p.handler != "wrapper") continue;
    const std::string& name = p.names.front();
    for (const auto& d : p.options) {
      if (d.flag == 'N' || d.arg != OptionDecl::Arg::required) continue;
      for (const auto& sp : spellings(p, d, "val")) {
        std::string line = name + " " + sp + (p.operands.empty() ? "" : " 5") + " rm -rf /opt/x";
        CAPTURE(line);
        auto j = nlohmann::json::parse(effects_to_json(line));
        bool seen = false;
        for (const auto& c : j["commands"])
          if (!c["argv"].empty() && c["argv"][0] == "rm") seen = true;
        CHECK(seen);
      }
    }
  }
}

namespace {

std::string shape_text(const std::string& s) {
  if (s.empty()) return "not paths";
  std::string out;
  auto role = [](char c) -> std::string {
    switch (c) {
      case 'r':
        return "read";
      case 'w':
        return "write";
      case 'd':
        return "delete";
      case 'x':
        return "run (a script file)";
      case 'p':
        return "pattern/script";
      case 'c':
        return "folder";
      default:
        return "not a path";
    }
  };
  std::string fixed;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::string part;
    if (s[i] == '*' && i + 1 < s.size())
      part = "others: " + role(s[++i]);
    else if (s[i] == '$' && i + 1 < s.size())
      part = "last: " + role(s[++i]);
    else
      part = role(s[i]);
    out += (out.empty() ? "" : ", ") + part;
  }
  return out;
}

// The table of docs/programs.md, from the programs table.
std::string programs_markdown() {
  std::string md =
      "| programs | operands | options with a path | options that run something |\n"
      "|---|---|---|---|\n";
  for (const auto& p : program_table()) {
    std::string names, paths, runs;
    for (const auto& n : p.names) names += (names.empty() ? "" : " ") + ("`" + n + "`");
    for (const auto& d : p.options) {
      std::string sp = option_name(d);
      if (d.role == 'r' || d.role == 'w' || d.role == 'd' || d.role == 't' || d.role == 'P' ||
          d.role == 'c')
        paths += (paths.empty() ? "" : " ") + ("`" + sp + "` " + access_of(d.role));
      if (d.role == 'x' || d.flag == '!') runs += (runs.empty() ? "" : " ") + ("`" + sp + "`");
    }
    std::string ops = p.handler == "wrapper" ? "the command it runs" : shape_text(p.operands);
    if (!p.handler.empty() && p.handler != "wrapper") ops = "handler `" + p.handler + "`";
    md += "| " + names + " | " + ops + " | " + paths + " | " + runs + " |\n";
  }
  // The interpreters column: programs that run code given to them.
  md += "\n| interpreters | kind | versioned names |\n|---|---|---|\n";
  for (std::size_t i = 0; i < kInterpreterCount; ++i) {
    const auto& s = kInterpreters[i];
    std::string names;
    std::string_view all = s.names;
    while (!all.empty()) {
      auto sp = all.find(' ');
      names += (names.empty() ? "" : " ") + ("`" + std::string(all.substr(0, sp)) + "`");
      if (sp == std::string_view::npos) break;
      all.remove_prefix(sp + 1);
    }
    md += "| " + names + " | " + (s.kind == 's' ? "shell" : "interpreter") + " | " +
          (s.prefix ? "yes (`python3.12`)" : "no") + " |\n";
  }
  return md;
}

}  // namespace

TEST_CASE("docs/programs.md lists the programs table") {
  const std::string path = std::string(VIGIE_SOURCE_DIR) + "/docs/programs.md";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string doc = ss.str();
  const std::string marker = "<!-- table: generated by engine/programs_test.cpp -->\n";
  auto at = doc.find(marker);
  REQUIRE(at != std::string::npos);
  std::string want = doc.substr(0, at + marker.size()) + programs_markdown();
  if (std::getenv("VIGIE_UPDATE_GOLDEN")) {
    std::ofstream(path) << want;
    SUCCEED("docs/programs.md rewritten");
    return;
  }
  CHECK(doc == want);
}

TEST_CASE("the checker's wrappers and interpreters are the engine's") {
  // `lint` (V214) reads the engine's wrappers and interpreters (CheckOptions::programs, passed
  // by the compiler); its fallback for a bare check() must name nothing the engine would not.
  for (auto w : vigie::policy::fallback_wrappers()) {
    CAPTURE(w);
    CHECK(is_wrapper(w));
  }
  for (auto i : vigie::policy::fallback_interpreters()) {
    CAPTURE(i);
    CHECK(is_interpreter(i));
  }
  // Every wrapper of the programs table is a wrapper for the engine.
  for (const auto& p : program_table()) {
    if (p.handler != "wrapper") continue;
    CAPTURE(p.names.front());
    CHECK(is_wrapper(p.names.front()));
  }
}

TEST_CASE("the interpreters column: shells, interpreters, versioned names") {
  struct Row {
    const char* name;
    bool shell, interpreter;
  };
  const Row rows[] = {
      {"sh", true, true},           {"bash", true, true},        {"hush", true, true},
      {"fish", false, true},        {"python3.12", false, true}, {"perl5.30", false, true},
      {"node", false, true},        {"nodejs", false, true},     {"ts-node", false, true},
      {"systemd-run", false, true}, {".", false, true},          {"jq", false, false},
      {"git", false, false},        {"pythonic", false, true},   {"Python", false, false},
      {"", false, false},
  };
  for (const auto& r : rows) {
    CAPTURE(r.name);
    CHECK(table_shell(r.name) == r.shell);
    CHECK(table_interpreter(r.name) == r.interpreter);
    CHECK(is_shell(r.name) == r.shell);
    CHECK(is_interpreter(r.name) == r.interpreter);
  }
}

namespace {

// The argv[0] of every command of the line (nested scripts and argvs included).
std::set<std::string> commands_run(const std::string& line) {
  auto j = nlohmann::json::parse(effects_to_json(line));
  std::set<std::string> out;
  for (const auto& c : j["commands"])
    if (!c["argv"].empty()) out.insert(c["argv"][0].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("programs that run other programs: what they run is judged as a command") {
  // Each line runs `rm` somewhere: through tmux's commands in every spelling tmux resolves,
  // in a container, through a package runner's shell line, sg, make's `!=`.
  const char* lines[] = {
      "tmux new-session 'rm x'",
      "tmux new 'rm x'",
      "tmux new-ses -d 'rm x'",
      "tmux neww rm x",
      "tmux new-w -dn w 'rm x'",
      "tmux split-window -hl 5 'rm x'",
      "tmux splitw -c/tmp 'rm x'",
      "tmux respawnp -k -t 1 'rm x'",
      "tmux respawn-w -k 'rm x'",
      "tmux popup -w 10 'rm x'",
      "tmux run-shell -b 'rm x'",
      "tmux run -d1 'rm x'",
      "tmux if-shell -b 'rm x' ls",
      "tmux if 'rm x' ls",
      "tmux pipe-pane -O 'rm x'",
      "tmux pipep 'rm x'",
      "tmux -c 'rm x'",
      "tmux -2u -L s new 'rm x'",
      "tmux ls \\; new 'rm x'",
      "tmux ls\\; new 'rm x'",
      "docker run alpine rm x",
      "docker run -it --rm -v data:/d alpine rm x",
      "docker run --entrypoint=rm alpine x",
      "docker --context c run -e A=1 -- alpine rm x",
      "docker container create alpine rm x",
      "docker exec -u0 web rm x",
      "podman exec web rm x",
      "nerdctl run alpine rm x",
      "docker compose -p p run --rm web rm x",
      "docker compose exec web rm x",
      "docker-compose run web rm x",
      "podman-compose exec web rm x",
      "kubectl exec -it pod -- rm x",
      "kubectl debug node/n -it --image=busybox -- rm x",
      "npx -c 'rm x'",
      "npx --call='rm x'",
      "npm exec --call 'rm x'",
      "npm explore lodash -- rm x",
      "yarn exec rm x",
      "pnpm exec rm x",
      "sg wheel 'rm x'",
      "sg - wheel -c 'rm x'",
      "make 'X!=rm x'",
      "make 'X != rm x'",
      "uv run rm x",
      "uv run --python=3.12 --with rich rm x",
      "poetry --no-ansi run rm x",
      "pipenv run rm x",
      "bundle exec --gemfile G rm x",
      "conda run --name base rm x",
      "direnv exec /srv rm x",
      "mise exec python@3 -- rm x",
      "aws-vault exec prod -- rm x",
      "nix --option a b develop -c rm x",
      "nix-shell --run 'rm x'",
  };
  for (const char* line : lines) {
    CAPTURE(line);
    CHECK(commands_run(line).count("rm") == 1);
  }
}

TEST_CASE("programs that run other programs: the paths they touch") {
  struct Row {
    const char* line;
    const char* access;
    const char* path;
  };
  const Row rows[] = {
      {"docker run -v /srv/a:/a alpine", "write", "/srv/a"},
      {"docker run -v/srv/a:/a alpine", "write", "/srv/a"},
      {"docker run -v=/srv/a:/a alpine", "write", "/srv/a"},
      {"docker run --volume=/srv/a:/a:ro alpine", "read", "/srv/a"},
      {"docker run --volume /srv/a:/a:z,ro alpine", "read", "/srv/a"},
      {"docker run --mount type=bind,src=/srv/a,dst=/a alpine", "write", "/srv/a"},
      {"docker run --mount=type=bind,source=/srv/a,target=/a,readonly alpine", "read", "/srv/a"},
      {"docker run --device=/dev/sda:/dev/xvda alpine", "write", "/dev/sda"},
      {"docker run --env-file=/srv/env alpine", "read", "/srv/env"},
      {"docker run --cidfile /srv/cid alpine", "write", "/srv/cid"},
      {"docker create -v ~/x:/x alpine", "write", "~/x"},
      {"docker compose -f /srv/dc.yml run -v ./x:/x web", "write", "./x"},
      {"docker compose -f /srv/dc.yml up", "read", "/srv/dc.yml"},
      {"docker cp web:/a /srv/b", "write", "/srv/b"},
      {"docker cp /srv/b web:/a", "read", "/srv/b"},
      {"tmux saveb /srv/buf", "write", "/srv/buf"},
      {"tmux save-buffer -b 0 /srv/buf", "write", "/srv/buf"},
      {"tmux loadb /srv/buf", "read", "/srv/buf"},
      {"tmux source /srv/t.conf", "read", "/srv/t.conf"},
      {"tmux -f /srv/t.conf", "read", "/srv/t.conf"},
      {"crontab /srv/jobs", "read", "/srv/jobs"},
      {"crontab -u bob /srv/jobs", "read", "/srv/jobs"},
      {"at -f /srv/job now", "read", "/srv/job"},
      {"batch -f/srv/job", "read", "/srv/job"},
      {"gdb -batch -x /srv/cmds ./app", "read", "/srv/cmds"},
      {"gdb -batch --command=/srv/cmds ./app", "read", "/srv/cmds"},
      {"gdb -batch -ix /srv/cmds", "read", "/srv/cmds"},
      {"gcc -o /srv/app main.c", "write", "/srv/app"},
      {"gcc -o/srv/app main.c", "write", "/srv/app"},
      {"gcc --output=/srv/app main.c", "write", "/srv/app"},
      {"gcc --output /srv/app main.c", "write", "/srv/app"},
      {"gcc main.c -o /srv/app", "write", "/srv/app"},
      {"gcc -c /srv/a.c", "read", "/srv/a.c"},
      {"g++ -MF /srv/a.d -c a.cc", "write", "/srv/a.d"},
      {"clang -include /srv/a.h -c a.c", "read", "/srv/a.h"},
      {"gcc -specs=/srv/s a.c", "read", "/srv/s"},
      {"gcc @/srv/opts", "read", "/srv/opts"},
      {"ld -o /srv/app a.o", "write", "/srv/app"},
      {"ld.lld --output=/srv/app a.o", "write", "/srv/app"},
      {"ld -T /srv/x.ld a.o", "read", "/srv/x.ld"},
      {"ld -Map=/srv/map a.o", "write", "/srv/map"},
      {"mold -o /srv/app /srv/a.o", "read", "/srv/a.o"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    CHECK(effects(r.line).count({r.access, r.path}) == 1);
  }
}

TEST_CASE("programs that run other programs: what cannot be seen is an escalation") {
  // (line, whether the table says it runs something it cannot see)
  const std::pair<const char*, bool> rows[] = {
      {"tmux send-keys 'rm x' Enter", true},
      {"tmux send -t 1 ls", true},
      {"tmux pasteb", true},
      {"tmux bind x run id", true},
      {"tmux set-hook -g pane-died 'run id'", true},
      {"tmux set -g default-shell /tmp/sh", true},
      {"tmux setw -g after-new-window 'run id'", true},
      {"tmux set -g status-right '#(id)'", true},
      {"tmux new -e PATH=/tmp ls", true},
      {"tmux source x.conf", true},
      {"tmux ne", true},
      {"tmux nosuch", true},
      {"tmux new -Q ls", true},
      {"tmux set -g mouse on", false},
      {"tmux new -d ls", false},
      {"tmux attach", false},
      {"screen -X stuff x", true},
      {"screen -c x.rc", true},
      {"docker run --privileged alpine", true},
      {"docker exec --privileged web ls", true},
      {"docker run --nosuch alpine ls", true},
      {"docker run alpine ls", false},
      {"kubectl exec pod ls -la", true},
      {"kubectl get pods", false},
      {"crontab x", true},
      {"crontab", true},
      {"crontab -e", true},
      {"crontab -r", true},
      {"crontab -l", false},
      {"at now", true},
      {"at -l", false},
      {"batch", true},
      {"sg wheel", true},
      {"gdb ./app", true},
      {"gdb -batch -ex bt ./app", true},
      {"gdb --batch --eval-command=bt ./app", true},
      {"gdb -batch -eval=bt ./app", true},
      {"gdb -batch -iex bt ./app", true},
      {"gdb -batch --init-eval-command bt ./app", true},
      {"gdb -batch -p 42", true},
      {"gdb -batch --pid=42", true},
      {"gdb -batch -co x", true},  // ambiguous: command, core, configuration
      {"gdb -batch ./app core", false},
      {"gdb --batch --args ./app -x", false},
      {"make SHELL=/tmp/sh", true},
      {"make .SHELLFLAGS=-c", true},
      {"make MAKE=x", true},
      {"make 'SHELL = /tmp/sh'", true},
      {"make 'SHELL ::= /tmp/sh'", true},
      {"make 'CC += x'", true},
      {"make CC=x", true},
      {"make CFLAGS='-O2; id'", true},
      {"make -E 'x:;id'", true},
      {"make --ev='x:;id'", true},
      {"make CFLAGS=-O2 all", true},
      {"make V=1 'MSG=a b' all", false},
      {"gcc -B /tmp a.c", true},
      {"gcc -B/tmp a.c", true},
      {"gcc -wrapper gdb,--args a.c", true},
      {"gcc -specs=x a.c", true},
      {"gcc --specs=x a.c", true},
      {"gcc -fplugin=./p.so a.c", true},
      {"clang -fpass-plugin=./p.so a.c", true},
      {"clang -Xclang -load -Xclang ./p.so a.c", true},
      {"clang --ld-path=/tmp/ld a.c", true},
      {"gcc -fuse-ld=/tmp/ld a.c", true},
      {"gcc -Wl,-plugin,./p.so a.c", true},
      {"gcc @opts", true},
      {"gcc -fuse-ld=lld -O2 -o app a.c", false},
      {"ld -plugin ./p.so a.o", true},
      {"ld @opts", true},
      {"ld -o app a.o", false},
      {"npm explore x -- ls", true},
      {"yarn exec ls", true},
      {"pnpx -c 'ls'", true},
      {"npm run build", false},
      {"uv run --nosuch x y", true},
      {"mise exec python@3 x", true},
      {"nix-shell --run ls", true},
      {"uv run ls", false},
      {"docker run --privileged=false alpine", false},
      {"docker run --privileged=1 alpine", true},
  };
  for (const auto& [line, escalates] : rows) {
    CAPTURE(line);
    // An escalation is an `exec` effect with no path (engine/effects_view.cpp).
    CHECK((effects(line).count({"exec", ""}) == 1) == escalates);
  }
}

TEST_CASE("package runners: the word that names the code they run") {
  // (line, index of the word an allow rule must name; -1: none)
  const std::pair<const char*, int> rows[] = {
      {"npx cowsay hi", 1},
      {"npx --yes cowsay", 2},
      {"npx -p cowsay cowsay hi", 3},
      {"npx --version", -1},
      {"pnpx create-vite app", 1},
      {"bunx --bun vite", 2},
      {"npm exec cowsay", 2},
      {"npm x -- cowsay", 3},
      {"npm exe cowsay", 2},
      {"npm run build", -1},
      {"npm run-script build", -1},
      {"npm run-s build", -1},
      {"npm rum build", -1},
      {"npm --silent exec cowsay", 3},
      {"npm run", -1},
      {"npm test", -1},
      {"npm t", -1},
      {"npm tes", -1},
      {"npm start", -1},
      {"npm restart", -1},
      {"npm cit", -1},
      {"npm init vite", 2},
      {"npm create vite", 2},
      {"npm init", -1},
      {"npm install", -1},
      {"npm i lodash", -1},
      {"npm ru build", -1},  // ambiguous: npm refuses it
      {"npm explore lodash -- ls -la", 4},
      {"npm exec -- cowsay", 3},
      {"yarn create vite", 2},
      {"bun create vite", 2},
      {"bunx", -1},
      {"npm $SUB cowsay", 1},
      {"yarn", -1},
      {"yarn build", -1},
      {"yarn run build", -1},
      {"yarn dlx cowsay", 2},
      {"yarn add lodash", -1},
      {"yarn exec ls", 2},
      {"pnpm dev", -1},
      {"pnpm dlx cowsay", 2},
      {"pnpm install", -1},
      {"bun run dev", -1},
      {"bun x cowsay", 2},
      {"bun dev", -1},
      {"bun app.ts", -1},
      {"bun install", -1},
      {"node app.js", -1},
  };
  for (const auto& [line, want] : rows) {
    CAPTURE(line);
    auto r = vigie::shell::parse_commands(line);
    REQUIRE(r.commands.size() == 1);
    const auto& w = r.commands[0].argv;
    std::size_t got = named_code_word(*w[0].literal, w);
    CHECK((got == kNoCode ? -1 : static_cast<int>(got)) == want);
  }
}
