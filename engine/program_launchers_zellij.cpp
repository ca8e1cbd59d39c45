// zellij (handler `launcher`, engine/programs_table_tools.cpp; called by launcher_handler before
// the launchers' table): like tmux (engine/program_tmux.cpp), a session it creates starts the
// default shell, which reads commands the line does not show. Asked: `zellij` alone or with its
// global options only (`-s NAME`, `-l LAYOUT`: a new session), `zellij options …` (a new
// session with those options), `zellij attach --create`/`--create-background` (a new session
// when none has the name), `attach --force-run-commands` (a resurrected session's commands run
// at once), `zellij action new-pane`/`new-tab` without a command (a shell), `action
// write`/`write-chars` (keys typed into a pane, like `tmux send-keys`) and `zellij edit FILE`
// (`e`, `action edit`: an editor the line does not show; FILE written). `action new-pane --
// CMD…` runs CMD: judged as a command. `zellij attach NAME` joins a running session (nothing
// new runs); `zellij run` (`r`) is the table's entry. Its options are clap's: `--name=V`,
// `--name V`, `-sV`, `-s V`, clusters of flags; `-c`/`--config FILE` is read.
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::in_words;
using program_words::lit;

struct ClapArgs {
  std::vector<std::string> given;  // the options given, by the name written
  std::size_t operand = 0;         // the first word that is not an option (or w.size())
  bool unknown = false;            // an option the lists do not hold, or one not static
  bool dash = false;               // stopped at `--` (operand is the word after it)
};

// clap's options up to the first operand or `--`; `config` gets the value of `-c`/`--config`.
ClapArgs parse_clap(const Words& w, std::size_t i, std::string_view flags, std::string_view valued,
                    ProgramEffects* config) {
  ClapArgs a;
  for (; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && w[i].text[0] == '-') a.unknown = true;
      break;
    }
    if (s->size() < 2 || (*s)[0] != '-') break;
    if (*s == "--") {
      a.dash = true;
      ++i;
      break;
    }
    std::string name = *s;
    std::string value;
    bool attached = false;
    if (s->starts_with("--")) {
      if (const auto eq = s->find('='); eq != std::string::npos) {
        name = s->substr(0, eq);
        value = s->substr(eq + 1);
        attached = true;
      }
    } else {
      // A cluster of short flags, the last (or one with its value attached) maybe valued.
      std::size_t k = 1;
      for (; k < s->size(); ++k) {
        const std::string one = std::string("-") + (*s)[k];
        if (in_words(valued, one)) break;
        if (!in_words(flags, one)) {
          a.unknown = true;
          return a;
        }
        a.given.push_back(one);
      }
      if (k == s->size()) continue;
      name = std::string("-") + (*s)[k];
      if (k + 1 < s->size()) {
        value = s->substr(k + 1 + ((*s)[k + 1] == '=' ? 1 : 0));
        attached = true;
      }
    }
    if (in_words(flags, name) && !attached) {
      a.given.push_back(name);
      continue;
    }
    if (!in_words(valued, name)) {
      a.unknown = true;
      return a;
    }
    a.given.push_back(name);
    if (!attached && i + 1 >= w.size()) break;
    if (config && (name == "-c" || name == "--config")) {
      if (attached)
        add_word_file(*config, Touch::read, word_of(w[i], value), From::option, "zellij --config");
      else
        add_word_file(*config, Touch::read, w[i + 1], From::option, "zellij --config");
    }
    if (!attached) ++i;
  }
  a.operand = i;
  return a;
}

bool any_given(const ClapArgs& a, std::string_view names) {
  for (const auto& g : a.given)
    if (in_words(names, g)) return true;
  return false;
}

constexpr std::string_view kGlobalFlags = "-d --debug -h --help -V --version";
constexpr std::string_view kGlobalValued =
    "-s --session -l --layout -c --config --config-dir --data-dir --max-panes -n "
    "--new-session-with-layout";

// `zellij edit FILE` (`e`, `action edit`): FILE opened in a pane by the editor of $EDITOR or the
// configuration, which the line does not show: written, and asked (as `sudo -e`).
bool zellij_edit(const Words& w, std::size_t at, const std::string& entry, ProgramEffects& out) {
  const ClapArgs a =
      parse_clap(w, at, "-f --floating -i --in-place --pinned -h --help",
                 "-l --line-number -d --direction --cwd -x -y --width --height", nullptr);
  if (any_given(a, "-h --help")) return true;
  out.escalations.push_back(entry + ": an editor the line does not show");
  if (a.operand < w.size()) add_word_file(out, Touch::write, w[a.operand], From::operand, entry);
  return true;
}

// `zellij action NAME …`: true when judged here.
bool zellij_action(const Words& w, std::size_t at, ProgramEffects& out) {
  const std::string* action = lit(w, at);
  if (!action) {
    out.escalations.push_back("zellij action that is not static");
    return true;
  }
  if (*action == "write" || *action == "write-chars") {
    out.escalations.push_back("zellij action " + *action + " (types into a pane)");
    return true;
  }
  if (*action == "new-tab") {
    out.escalations.push_back(
        "zellij action new-tab: an interactive shell, or a layout's commands");
    return true;
  }
  if (*action == "edit") return zellij_edit(w, at + 1, "zellij action edit", out);
  if (*action != "new-pane") return false;
  // `new-pane [OPTIONS] [-- COMMAND…]`: the command only after `--`, else the default shell.
  for (std::size_t i = at + 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && *s == "--" && i + 1 < w.size()) {
      out.argvs.emplace_back(w.begin() + static_cast<long>(i + 1), w.end());
      return true;
    }
  }
  out.escalations.push_back("zellij action new-pane without a command: an interactive shell");
  return true;
}

}  // namespace

bool zellij_session(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name != "zellij") return false;
  const ClapArgs g = parse_clap(w, 1, kGlobalFlags, kGlobalValued, &out);
  if (any_given(g, "-h --help -V --version")) return true;
  if (g.unknown) {
    out.escalations.push_back("zellij with an option the table does not know");
    return true;
  }
  if (g.operand >= w.size() || g.dash) {
    out.escalations.push_back("zellij without a command: an interactive shell");
    return true;
  }
  const std::string* sub = lit(w, g.operand);
  if (!sub) {
    out.escalations.push_back("zellij with a subcommand that is not static");
    return true;
  }
  if (*sub == "options") {
    out.escalations.push_back("zellij options: a new session's interactive shell");
    return true;
  }
  if (*sub == "action" || *sub == "ac") return zellij_action(w, g.operand + 1, out);
  if (*sub == "edit" || *sub == "e") return zellij_edit(w, g.operand + 1, "zellij edit", out);
  if (*sub != "attach" && *sub != "a") return false;
  const ClapArgs a = parse_clap(w, g.operand + 1,
                                "-c --create -b --create-background -f --force-run-commands -h "
                                "--help",
                                "--index", nullptr);
  if (a.unknown) out.escalations.push_back("zellij attach with an option the table does not know");
  if (any_given(a, "-h --help")) return true;
  if (any_given(a, "-c --create -b --create-background"))
    out.escalations.push_back("zellij attach --create: a new session's interactive shell");
  if (any_given(a, "-f --force-run-commands"))
    out.escalations.push_back("zellij attach --force-run-commands: runs a session's commands");
  return true;
}

}  // namespace vigie::engine
