// Programs that run other programs (engine/program_tmux.cpp, program_containers.cpp,
// program_runners.cpp, program_launchers.cpp, program_build.cpp), table-driven: what they run is
// seen as a command, the paths they touch, what cannot be seen is an escalation, and the word
// an allow rule must name for a package runner. `vigie parse --effects --json`'s view of each
// line (engine/effects_view.hpp) is what is checked.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "engine/effects_pairs_test.hpp"
#include "engine/effects_view.hpp"
#include "engine/program_runners.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie::engine;

namespace {

using testing::effects;  // engine/effects_pairs_test.hpp

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
      {"npm i lodash", 1},
      {"npm install --save-dev typescript", 1},
      {"npm add --ignore-scripts lodash", -1},
      {"npm isntall lodash", 1},
      {"npm ci", -1},
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
      {"yarn add lodash", 1},
      {"yarn install", -1},
      {"yarn global add evil", 2},
      {"yarn global list", -1},
      {"pnpm add -D vitest", 1},
      {"pnpm add --ignore-scripts=true vitest", -1},
      {"yarn exec ls", 2},
      {"pnpm dev", -1},
      {"pnpm dlx cowsay", 2},
      {"pnpm install", -1},
      {"bun run dev", -1},
      {"bun x cowsay", 2},
      {"bun dev", -1},
      {"bun app.ts", -1},
      {"bun install", -1},
      {"bun add zod", 1},
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

TEST_CASE("a package runner's command is bounded before it is copied") {
  // `npx npx … rm x`: each level copies the words after the package; past
  // limits::judged_paths words nothing is copied (the command is asked: the decision tables).
  std::string line;
  for (int i = 0; i < 5000; ++i) line += "npx ";
  line += "rm -rf x";
  auto big = nlohmann::json::parse(effects_to_json(line));
  REQUIRE(big["commands"].size() == 1);
  // One effect: the escalation (an exec with no path), no argv.
  REQUIRE(big["commands"][0]["effects"].size() == 1);
  CHECK(big["commands"][0]["effects"][0]["path"] == "");
  // Few words: the package's command is judged (`npx npx rm x` runs `npx rm x`).
  auto few = nlohmann::json::parse(effects_to_json("npx npx rm x"));
  REQUIRE(few["commands"].size() == 2);
  CHECK(few["commands"][1]["argv"] == nlohmann::json({"npx", "rm", "x"}));
}
