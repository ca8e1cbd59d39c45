// Handler `capsh` (named in engine/programs_table_system.cpp): libcap's capability shell,
// `capsh [--OPTION[=VALUE]…] [-- ARGS…]`. After `--` it runs the shell (`--shell=PATH`, else
// /bin/bash) with ARGS, so `capsh -- -c 'CMD'` runs CMD as `bash -c 'CMD'` does: judged as that
// argv. `==` runs capsh again with the words after it. Without ARGS the shell is interactive
// (asked). Every option is one word (`--caps=…`, `--user=…`); a word that is not static before
// `--` may be `--`, so the command is not known: asked.
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

void capsh_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string n(name);
  WordView shell = word_of(w[0], "bash");
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) {
      out.escalations.push_back(n + " with a word that is not static before its command");
      return;
    }
    if (*s == "--" || *s == "==") {
      if (*s == "--" && i + 1 == w.size()) {
        out.escalations.push_back(n + " -- (an interactive shell)");
        return;
      }
      Words argv;
      argv.reserve(w.size() - i);
      argv.push_back(*s == "--" ? shell : word_of(w[i], "capsh"));
      argv.insert(argv.end(), w.begin() + static_cast<long>(i + 1), w.end());
      out.argvs.push_back(std::move(argv));
      return;
    }
    if (s->starts_with("--shell=")) shell = word_of(w[i], s->substr(8));
  }
}

}  // namespace vigie::engine
