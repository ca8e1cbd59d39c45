// git's global options before its subcommand (`git -C DIR -c k=v --no-pager log`): stripped
// so that command rules match `git SUBCOMMAND …`, with escalations for what runs a command.
#include "engine/normalize_git.hpp"

#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using namespace normalize_detail;
using program_words::in;
using shell::WordView;

// Strips git's global options from words[start...] (words[start] is git): returns the words
// `git SUBCOMMAND ...`. Escalations for `-c` setting a command, `--exec-path=`.
Words strip_git_globals(const Words& w, std::size_t start, std::vector<std::string>* esc,
                        std::optional<WordView>* chdir) {
  Words out;
  out.push_back(w[start]);
  std::size_t i = start + 1;
  auto escalate = [&](std::string s) {
    if (esc) esc->push_back(std::move(s));
  };
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s) break;
    std::string_view v = *s;
    if (v == "-C") {
      if (chdir && i + 1 < w.size()) chain_chdir(*chdir, w[i + 1]);
      i += 2;
    } else if (v == "-c" || v == "--config-env") {
      if (i + 1 < w.size()) {
        const std::string* kv = lit(w, i + 1);
        if (!kv) {
          escalate("git -c (dynamic)");
        } else if (git_key_runs_command(*kv)) {
          std::string key = *kv;
          if (auto eq = key.find('='); eq != std::string::npos) key.resize(eq);
          escalate("git -c " + key);
        }
      }
      i += 2;
    } else if (starts_with(v, "--config-env=")) {
      std::string_view kv = v.substr(13);
      if (git_key_runs_command(kv)) {
        std::string key(kv.substr(0, kv.find('=')));
        escalate("git -c " + key);
      }
      ++i;
    } else if (in(v, {"--git-dir", "--work-tree", "--namespace", "--super-prefix", "--attr-source",
                      "--list-cmds", "--shallow-file"})) {
      i += 2;
    } else if (starts_with(v, "--exec-path=")) {
      escalate("git --exec-path");
      ++i;
    } else if (starts_with(v, "--git-dir=") || starts_with(v, "--work-tree=") ||
               starts_with(v, "--namespace=") || starts_with(v, "--super-prefix=") ||
               starts_with(v, "--attr-source=") ||
               in(v, {"--no-pager", "-p", "--paginate", "-P", "--bare", "--no-replace-objects",
                      "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs",
                      "--icase-pathspecs", "--no-optional-locks", "--no-advice", "--no-lazy-fetch",
                      "--no-literal-pathspecs"})) {
      ++i;
    } else {
      break;  // the subcommand, or --version / --help / an unknown option
    }
  }
  for (; i < w.size(); ++i) out.push_back(w[i]);
  return out;
}

}  // namespace vigie::engine
