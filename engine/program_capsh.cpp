// Handler `capsh` (named in engine/programs_table_system.cpp): libcap's capability shell,
// `capsh [--OPTION[=VALUE]…] [-- ARGS…]`. After `--` (or `-+`, which starts it with
// cap_launch) it runs the shell (`--shell=PATH`, else /bin/bash) with ARGS, so `capsh -- -c
// 'CMD'` runs CMD as `bash -c 'CMD'` does: judged as that argv. `==` (and `=+`) runs capsh again
// with the words after it. Without ARGS the shell is interactive (asked). Every option is one
// word (`--caps=…`, `--user=…`); a word that is not static before `--` may be `--`, so the
// command is not known: asked. `--chroot=DIR` changes the root and moves to its `/`: the
// command is judged as the line `cd -- DIR && CMD…` (as chroot's,
// engine/program_launchers_units.cpp); a root other than `/` also gives absolute paths another
// meaning (asked), as does a second one.
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_launchers_units.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

void capsh_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string n(name);
  WordView shell = word_of(w[0], "bash");
  UnitPlace root;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) {
      out.escalations.push_back(n + " with a word that is not static before its command");
      return;
    }
    const bool shell_args = *s == "--" || *s == "-+";
    if (shell_args || *s == "==" || *s == "=+") {
      if (shell_args && i + 1 == w.size()) {
        out.escalations.push_back(n + " " + *s + " (an interactive shell)");
        return;
      }
      Words argv;
      argv.reserve(w.size() - i);
      argv.push_back(shell_args ? shell : word_of(w[i], "capsh"));
      argv.insert(argv.end(), w.begin() + static_cast<long>(i + 1), w.end());
      out.argvs.push_back(std::move(argv));
      if (root.dir) unit_commands(Launcher{}, root, out.argvs.size() - 1, n + " --chroot", out);
      return;
    }
    if (s->starts_with("--shell=")) shell = word_of(w[i], s->substr(8));
    if (s->starts_with("--chroot=")) {
      const WordView dir = synthesized(w[i], s->substr(9), 9);
      add_word_file(out, Touch::read, dir, From::option, n + " --chroot");
      if (root.dir || s->substr(9).find_first_not_of('/') != std::string::npos)
        out.escalations.push_back(n + " --chroot: absolute paths are below " + s->substr(9));
      root.given = '=';
      root.dir = dir;
    }
  }
}

}  // namespace vigie::engine
