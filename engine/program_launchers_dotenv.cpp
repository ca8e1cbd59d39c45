// The launchers' table, third part (engine/program_launchers.hpp has the fields): the runners
// of Procfile applications and the environment managers that load `./.env` into what they run
// without naming it (`reads_by_default`): an option of `reads` names another file instead;
// then the subcommands that start an environment's shell and never run a command.
// engine/program_launchers.cpp reads it after the other two parts.
#include "engine/program_launchers.hpp"

#include <algorithm>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

const Launcher kDotenvLaunchers[] = {
    // foreman (Thor): `start [PROCESS]` runs the Procfile's processes (the operand names one,
    // not a command), `run CMD…` a command; both with the variables of `-e|--env FILE` (`.env`
    // in the application's root when not given) and the Procfile of `-f|--procfile`.
    {.program = "foreman",
     .sub = "start",
     .syntax = Syntax::clusters,
     .flags = "-c --color --no-color --no-timestamp -h --help",
     .valued = "-d --root -m --formation -p --port -t --timeout",
     .reads = "-e --env -f --procfile",
     .skip = kNever,
     .reads_by_default = ".env",
     .replaces_default = "-e --env"},
    {.program = "foreman",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-h --help",
     .valued = "-d --root",
     .reads = "-e --env -f --procfile",
     .reads_by_default = ".env",
     .replaces_default = "-e --env"},
    // honcho (argparse), its Python port: the same, `-d|--app-root`.
    {.program = "honcho",
     .sub = "start",
     .syntax = Syntax::argparse,
     .flags = "-q --quiet --no-colour --no-color --no-prefix -h --help",
     .valued = "-d --app-root -p --port -c --concurrency",
     .reads = "-e --env -f --procfile",
     .skip = kNever,
     .reads_by_default = ".env",
     .replaces_default = "-e --env"},
    {.program = "honcho",
     .sub = "run",
     .syntax = Syntax::argparse,
     .flags = "-h --help",
     .valued = "-d --app-root",
     .reads = "-e --env -f --procfile",
     .reads_by_default = ".env",
     .replaces_default = "-e --env"},
    // `pipenv shell` loads `./.env` (unless PIPENV_DONT_LOAD_ENV is set) into the shell it starts;
    // its operands are that shell's arguments.
    {.program = "pipenv",
     .sub = "shell",
     .syntax = Syntax::clusters,
     .flags = "--fancy --anyway --system -v --verbose -q --quiet --clear",
     .valued = "--python",
     .skip = kNever,
     .reads_by_default = ".env"},
    // Last: shells of an environment, never a command (kShellWithoutCommand): `hatch shell
    // [ENV]`, `pixi shell`, `devbox shell`, `toolbox enter [NAME]`, `lxc shell NAME` (lxc's
    // alias of `exec NAME -- su -l`).
    {.program = "hatch",
     .sub = "shell",
     .flags = "-h --help",
     .valued = "--name --path",
     .skip = kNever},
    {.program = "pixi",
     .sub = "shell",
     .syntax = Syntax::clusters,
     .flags = "--frozen --locked --no-install --force-activate -v --verbose -q --quiet -h --help",
     .valued = "--manifest-path -e --environment --change-ps1 --color",
     .skip = kNever},
    {.program = "devbox",
     .sub = "shell",
     .syntax = Syntax::clusters,
     .flags = "--pure --omit-nix-env --recompute -q --quiet -h --help",
     .valued = "-c --config -e --env --env-file --environment",
     .skip = kNever},
    {.program = "toolbox",
     .sub = "enter",
     .syntax = Syntax::clusters,
     .flags = "-y --assumeyes --log-podman -v --verbose -h --help",
     .valued = "-c --container -d --distro -r --release --log-level",
     .skip = kNever},
    {.program = "lxc incus",
     .sub = "shell",
     .syntax = Syntax::clusters,
     .flags = "--debug -v --verbose -q --quiet --force-local -h --help",
     .valued = "--project",
     .skip = kNever},
};
const std::size_t kDotenvLaunchersCount = sizeof(kDotenvLaunchers) / sizeof(kDotenvLaunchers[0]);

namespace {

// honcho's `-e FILE`, `--env=FILE`, `-eFILE` before its subcommand (`honcho -e x.env start`):
// the file read. Whether one names the default file's replacement.
bool reads_before_sub(const Launcher& l, std::string_view name,
                      const std::vector<shell::WordView>& w, std::size_t sub, ProgramEffects& out) {
  const std::string_view names = l.replaces_default.empty() ? l.reads : l.replaces_default;
  bool given = false;
  for (std::size_t i = 1; i < sub && i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    const std::string entry = std::string(name) + " " + *s;
    const auto eq = s->find('=');
    const std::string key = s->substr(0, eq);
    if (program_words::in_words(l.reads, key)) {
      given = given || program_words::in_words(names, key);
      if (eq != std::string::npos)
        add_word_file(out, Touch::read, synthesized(w[i], s->substr(eq + 1), eq + 1), From::option,
                      entry);
      else if (i + 1 < sub)
        add_word_file(out, Touch::read, w[++i], From::option, entry);
    } else if ((*s)[1] != '-' && program_words::in_words(l.reads, s->substr(0, 2))) {
      given = given || program_words::in_words(names, s->substr(0, 2));  // `-eFILE`
      add_word_file(out, Touch::read, synthesized(w[i], s->substr(2), 2), From::option, entry);
    }
  }
  return given;
}

}  // namespace

// foreman's and honcho's `-e a.env,b.env` is a list of files: the files the launcher's
// options read from `files` on (out.files) that hold a `,` are split into each file, at most
// one more than limits::judged_paths (the request is asked past it: a list of 160,000 took
// 0.7 s and 140 MB); then the files named before the subcommand. Whether one names the default
// file's replacement.
bool env_files_named(const Launcher& l, std::string_view name,
                     const std::vector<shell::WordView>& w, std::size_t from, std::size_t files,
                     ProgramEffects& out) {
  const bool given = !l.sub.empty() && reads_before_sub(l, name, w, from - 1, out);
  if (l.replaces_default.empty()) return given;
  std::vector<FileEffect> split;
  for (std::size_t f = files; f < out.files.size(); ++f) {
    const FileEffect& e = out.files[f];
    if (!e.word.literal || e.word.literal->find(',') == std::string::npos) continue;
    const std::string list = *e.word.literal;
    for (std::size_t b = 0; b <= list.size() && split.size() <= limits::judged_paths;) {
      const std::size_t c = std::min(list.find(',', b), list.size());
      if (c > b)
        split.push_back({e.touch, synthesized(e.word, list.substr(b, c - b), b), e.from, e.entry});
      b = c + 1;
    }
  }
  for (auto& e : split) out.files.push_back(std::move(e));
  return given;
}

}  // namespace vigie::engine
