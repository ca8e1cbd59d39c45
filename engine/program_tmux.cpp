// Handler of tmux (named in engine/programs_table.cpp): its global options, then a sequence of
// tmux commands separated by `;` words, each resolved the way tmux's own `cmd_find` resolves
// it (an alias, the full name, or an unambiguous prefix: `neww`, `new-w`, `splitw`), each
// command's flags parsed with its own getopt template. What runs: shell commands given to
// new-session, new-window, split-window, respawn-pane/-window, display-popup (one operand: a
// shell line, judged as a nested script; several: an argv, judged as a command), run-shell,
// if-shell and pipe-pane; `tmux -c LINE`. What cannot be seen is at least asked: keys typed
// into a pane (send-keys, paste-buffer), tmux commands stored or run later (bind-key, set-hook,
// if-shell's commands, source-file, command-prompt...), options that name a program
// (default-command, default-shell, copy-command, hooks), formats that run `#(…)`, control mode
// (`-C`: tmux commands read from the input), and the default shell a new session, window, pane
// or popup starts without a command (`tmux`, `tmux new -s S`: an interactive shell, as `bash`).
#include <algorithm>
#include <optional>
#include <string>

#include "engine/normalize.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// What a tmux command does with its operands.
enum class Does : char {
  none,
  shell,     // [shell-command [argument…]]: one word is a shell line, several an argv
  run,       // run-shell: a shell line (with -C: a tmux command)
  if_shell,  // if-shell: a shell line (with -F: a format), then tmux commands
  pipe,      // pipe-pane: a shell line
  types,     // send-keys, paste-buffer: types into a pane, not visible
  stores,    // tmux commands kept and run later or given as text
  source,    // source-file: reads files of tmux commands
  load,      // load-buffer PATH: reads
  save,      // save-buffer PATH: writes
  option,    // set-option: an option may name a program
  tmpl,      // choose-*, display-panes: a template of tmux commands
};

struct TmuxCommand {
  std::string_view name;
  std::string_view alias;
  std::string_view flags;  // getopt template: a letter followed by `:` takes a value
  Does does;
};

// Every command of tmux 3.3 (`tmux list-commands`), in tmux's order (prefixes resolve against
// all of them). Templates only where the operands matter.
constexpr TmuxCommand kTmuxCommands[] = {
    {"attach-session", "attach", "", Does::none},
    {"bind-key", "bind", "", Does::stores},
    {"break-pane", "breakp", "", Does::none},
    {"capture-pane", "capturep", "", Does::none},
    {"choose-buffer", "", "NrZF:f:K:O:t:", Does::tmpl},
    {"choose-client", "", "NrZF:f:K:O:t:", Does::tmpl},
    {"choose-tree", "", "GNrswZF:f:K:O:t:", Does::tmpl},
    {"clear-history", "clearhist", "", Does::none},
    {"clear-prompt-history", "clearphist", "", Does::none},
    {"clock-mode", "", "", Does::none},
    {"command-prompt", "", "", Does::stores},
    {"confirm-before", "confirm", "", Does::stores},
    {"copy-mode", "", "", Does::none},
    {"customize-mode", "", "", Does::none},
    {"delete-buffer", "deleteb", "", Does::none},
    {"detach-client", "detach", "", Does::stores},  // -E runs a shell command
    {"display-menu", "menu", "", Does::stores},
    {"display-message", "display", "", Does::none},
    {"display-popup", "popup", "BCEb:c:d:e:h:s:S:t:T:w:x:y:", Does::shell},
    {"display-panes", "displayp", "bNd:t:", Does::tmpl},
    {"find-window", "findw", "", Does::none},
    {"has-session", "has", "", Does::none},
    {"if-shell", "if", "bFt:", Does::if_shell},
    {"join-pane", "joinp", "", Does::none},
    {"kill-pane", "killp", "", Does::none},
    {"kill-server", "", "", Does::none},
    {"kill-session", "", "", Does::none},
    {"kill-window", "killw", "", Does::none},
    {"last-pane", "lastp", "", Does::none},
    {"last-window", "last", "", Does::none},
    {"link-window", "linkw", "", Does::none},
    {"list-buffers", "lsb", "", Does::none},
    {"list-clients", "lsc", "", Does::none},
    {"list-commands", "lscm", "", Does::none},
    {"list-keys", "lsk", "", Does::none},
    {"list-panes", "lsp", "", Does::none},
    {"list-sessions", "ls", "", Does::none},
    {"list-windows", "lsw", "", Does::none},
    {"load-buffer", "loadb", "b:t:w", Does::load},
    {"lock-client", "lockc", "", Does::none},
    {"lock-server", "lock", "", Does::none},
    {"lock-session", "locks", "", Does::none},
    {"move-pane", "movep", "", Does::none},
    {"move-window", "movew", "", Does::none},
    {"new-session", "new", "AdDEPXc:e:F:f:n:s:t:x:y:", Does::shell},
    {"new-window", "neww", "abdkPSc:e:F:n:t:", Does::shell},
    {"next-layout", "nextl", "", Does::none},
    {"next-window", "next", "", Does::none},
    {"paste-buffer", "pasteb", "", Does::types},
    {"pipe-pane", "pipep", "IOot:", Does::pipe},
    {"previous-layout", "prevl", "", Does::none},
    {"previous-window", "prev", "", Does::none},
    {"refresh-client", "refresh", "", Does::none},
    {"rename-session", "rename", "", Does::none},
    {"rename-window", "renamew", "", Does::none},
    {"resize-pane", "resizep", "", Does::none},
    {"resize-window", "resizew", "", Does::none},
    {"respawn-pane", "respawnp", "kc:e:t:", Does::shell},
    {"respawn-window", "respawnw", "kc:e:t:", Does::shell},
    {"rotate-window", "rotatew", "", Does::none},
    {"run-shell", "run", "bCEc:d:t:", Does::run},
    {"save-buffer", "saveb", "ab:", Does::save},
    {"select-layout", "selectl", "", Does::none},
    {"select-pane", "selectp", "", Does::none},
    {"select-window", "selectw", "", Does::none},
    {"send-keys", "send", "", Does::types},
    {"send-prefix", "", "", Does::none},
    {"server-access", "", "", Does::none},
    {"set-buffer", "setb", "", Does::none},
    {"set-environment", "setenv", "Fhgrut:", Does::option},
    {"set-hook", "", "", Does::stores},
    {"set-option", "set", "aFgopqsuUwt:", Does::option},
    {"set-window-option", "setw", "aFgoqut:", Does::option},
    {"show-buffer", "showb", "", Does::none},
    {"show-environment", "showenv", "", Does::none},
    {"show-hooks", "", "", Does::none},
    {"show-messages", "showmsgs", "", Does::none},
    {"show-options", "show", "", Does::none},
    {"show-prompt-history", "showphist", "", Does::none},
    {"show-window-options", "showw", "", Does::none},
    {"source-file", "source", "Fnqv", Does::source},
    {"split-window", "splitw", "bdefhIPvZc:e:F:l:p:t:", Does::shell},
    {"start-server", "start", "", Does::none},
    {"suspend-client", "suspendc", "", Does::none},
    {"swap-pane", "swapp", "", Does::none},
    {"swap-window", "swapw", "", Does::none},
    {"switch-client", "switchc", "", Does::none},
    {"unbind-key", "unbind", "", Does::none},
    {"unlink-window", "unlinkw", "", Does::none},
    {"wait-for", "wait", "", Does::none},
};

// Options whose value names a program or holds tmux commands (set-option), and the hooks
// (tmux 3.3's options table): setting one is at least asked.
constexpr std::string_view kTmuxRunOptions[] = {
    "default-command", "default-shell", "copy-command", "editor", "lock-command", "command-alias",
};
constexpr std::string_view kTmuxHooks[] = {
    "after-",
    "alert-",
    "client-",
    "command-error",
    "pane-died",
    "pane-exited",
    "pane-focus-",
    "pane-mode-changed",
    "pane-set-clipboard",
    "pane-title-changed",
    "session-closed",
    "session-created",
    "session-renamed",
    "session-window-changed",
    "window-layout-changed",
    "window-linked",
    "window-pane-changed",
    "window-renamed",
    "window-resized",
    "window-unlinked",
};
// Variables of the environment tmux gives new panes (`-e`, set-environment) are judged like an
// assignment before a command (engine/normalize.cpp).

using program_words::starts_with;

// tmux's cmd_find: an alias, else the full name, else the one name the word is a prefix of.
const TmuxCommand* find_tmux_command(std::string_view word, bool& ambiguous) {
  ambiguous = false;
  for (const auto& c : kTmuxCommands)
    if (!c.alias.empty() && c.alias == word) return &c;
  const TmuxCommand* found = nullptr;
  for (const auto& c : kTmuxCommands) {
    if (c.name == word) return &c;
    if (!word.empty() && starts_with(c.name, word)) {
      if (found) ambiguous = true;
      found = &c;
    }
  }
  return ambiguous ? nullptr : found;
}

struct TmuxArgs {
  std::vector<std::pair<char, std::optional<WordView>>> flags;  // with their values
  std::vector<std::size_t> operands;                            // indexes into the command's words
  bool bad = false;                                             // a flag the template does not know
  bool has(char c) const {
    return std::any_of(flags.begin(), flags.end(), [c](const auto& f) { return f.first == c; });
  }
};

// tmux's args_parse: clusters, attached or separate values, stops at the first operand or `--`.
TmuxArgs parse_tmux_args(std::string_view tmpl, const Words& w, std::size_t from, std::size_t end) {
  TmuxArgs a;
  std::size_t i = from;
  for (; i < end; ++i) {
    if (!w[i].literal) {
      if (!w[i].text.empty() && w[i].text[0] != '-' && w[i].text[0] != '"' && w[i].text[0] != '\'')
        break;
      a.bad = true;  // `$FLAGS` where a flag may stand
      break;
    }
    const std::string& s = *w[i].literal;
    if (s.size() < 2 || s[0] != '-') break;
    if (s == "--") {
      ++i;
      break;
    }
    for (std::size_t k = 1; k < s.size(); ++k) {
      auto at = tmpl.find(s[k]);
      if (at == std::string_view::npos || s[k] == ':') {
        a.bad = true;
        break;
      }
      if (at + 1 < tmpl.size() && tmpl[at + 1] == ':') {
        if (k + 1 < s.size()) {
          a.flags.push_back({s[k], word_of(w[i], s.substr(k + 1))});
        } else if (i + 1 < end) {
          a.flags.push_back({s[k], w[++i]});
        }
        break;
      }
      a.flags.push_back({s[k], std::nullopt});
    }
  }
  for (; i < end; ++i) a.operands.push_back(i);
  return a;
}

void env_value(const std::optional<WordView>& v, const std::string& entry, ProgramEffects& out) {
  if (!v || !v->literal) {
    if (v) out.escalations.push_back(entry + " with a value that is not static");
    return;
  }
  auto eq = v->literal->find('=');
  if (is_dangerous_variable(v->literal->substr(0, eq)))
    out.escalations.push_back(entry + " " + v->literal->substr(0, eq));
}

// One tmux command: words [from, end).
void tmux_command(const Words& w, std::size_t from, std::size_t end, ProgramEffects& out) {
  if (from >= end) return;
  const std::string* word = w[from].literal ? &*w[from].literal : nullptr;
  if (!word) {
    out.escalations.push_back("tmux with a command that is not static");
    return;
  }
  bool ambiguous = false;
  const TmuxCommand* c = find_tmux_command(*word, ambiguous);
  if (!c) {
    out.escalations.push_back("tmux " + *word + (ambiguous ? " (ambiguous)" : " (unknown)"));
    return;
  }
  const std::string entry = "tmux " + std::string(c->name);
  if (c->does == Does::none) return;
  if (c->does == Does::types || c->does == Does::stores) {
    out.escalations.push_back(entry + (c->does == Does::types
                                           ? ": keys typed into a pane are not visible"
                                           : ": runs tmux commands later"));
    return;
  }
  TmuxArgs a = parse_tmux_args(c->flags, w, from + 1, end);
  if (a.bad) out.escalations.push_back(entry + " with a flag tmux does not know");
  for (const auto& [f, v] : a.flags) {
    if (f == 'e' && (c->does == Does::shell)) env_value(v, entry + " -e", out);
    if ((f == 'c' || f == 'd') && v && c->does != Does::run && c->does != Does::option &&
        !(c->name == "display-popup" && f == 'c'))
      out.files.push_back({Touch::read, *v, From::option, entry + " -" + f});
  }
  const auto& ops = a.operands;
  auto shell_line = [&](std::size_t k) {
    const WordView& s = w[ops[k]];
    if (s.literal)
      out.scripts.push_back(*s.literal);
    else
      out.escalations.push_back(entry + " with a shell command that is not static");
  };
  switch (c->does) {
    case Does::shell:
      if (ops.size() == 1) {
        shell_line(0);
      } else if (ops.size() > 1) {
        out.argvs.emplace_back(w.begin() + static_cast<long>(ops[0]),
                               w.begin() + static_cast<long>(end));
      } else if (!starts_with(c->name, "respawn-") && !(c->name == "new-session" && a.has('t'))) {
        // No command: the default shell (default-command, $SHELL), which reads what is typed
        // into it; judged as that shell (`bash` alone). A session grouped with another's
        // windows (`new -t S`) starts none; respawn runs the pane's command again.
        out.escalations.push_back(entry + " without a command: an interactive shell");
      }
      break;
    case Does::run:
      if (a.has('C'))
        out.escalations.push_back(entry + " -C: runs tmux commands");
      else if (!ops.empty())
        shell_line(0);
      break;
    case Does::if_shell:
      if (!ops.empty() && !a.has('F')) shell_line(0);
      if (ops.size() > 1) out.escalations.push_back(entry + ": runs tmux commands");
      break;
    case Does::pipe:
      if (!ops.empty()) shell_line(0);
      break;
    case Does::source:
      out.escalations.push_back(entry + ": runs the tmux commands of a file");
      for (std::size_t k : ops) out.files.push_back({Touch::read, w[k], From::operand, entry});
      break;
    case Does::load:
    case Does::save:
      if (!ops.empty() && !(w[ops[0]].literal && *w[ops[0]].literal == "-"))
        out.files.push_back(
            {c->does == Does::load ? Touch::read : Touch::write, w[ops[0]], From::operand, entry});
      break;
    case Does::tmpl:
      if (!ops.empty()) out.escalations.push_back(entry + ": runs tmux commands");
      break;
    case Does::option: {
      if (ops.empty()) break;
      const WordView& o = w[ops[0]];
      if (!o.literal) {
        out.escalations.push_back(entry + " with an option that is not static");
        break;
      }
      std::string name = o.literal->substr(0, o.literal->find('['));
      if (c->name == "set-environment") {
        if (is_dangerous_variable(name)) out.escalations.push_back(entry + " " + name);
        break;
      }
      bool runs = std::find(std::begin(kTmuxRunOptions), std::end(kTmuxRunOptions), name) !=
                  std::end(kTmuxRunOptions);
      for (auto h : kTmuxHooks) runs = runs || starts_with(name, h);
      if (runs) out.escalations.push_back(entry + " " + name);
      break;
    }
    default:
      break;
  }
}

}  // namespace

void tmux_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  // A format anywhere may run a shell command: `#(cmd)` (status lines, display -p, -F).
  for (std::size_t i = 1; i < w.size(); ++i)
    if (w[i].text.find("#(") != std::string::npos) {
      out.escalations.push_back("tmux format #(…) runs a shell command");
      break;
    }
  // Global options: tmux's own getopt (no permutation), "2c:CDdf:lL:NqS:T:uUvV".
  TmuxArgs g = parse_tmux_args("2c:CDdf:lL:NqS:T:uUvV", w, 1, w.size());
  if (g.bad) out.escalations.push_back("tmux with an option it does not know");
  for (const auto& [f, v] : g.flags) {
    if (f == 'c') {
      if (v && v->literal)
        out.scripts.push_back(*v->literal);
      else
        out.escalations.push_back("tmux -c with a shell command that is not static");
    } else if (f == 'f' && v) {
      out.files.push_back({Touch::read, *v, From::option, "tmux -f"});
      out.escalations.push_back("tmux -f: runs the tmux commands of a file");
    } else if (f == 'S' && v) {
      // `-S PATH`: the server's socket, created at PATH (and PATH's folder with it).
      add_word_file(out, Touch::write, *v, From::option, "tmux -S");
    } else if (f == 'C') {
      // Control mode (`-C`, `-CC`): the client runs the tmux commands its input gives, one a
      // line (`echo 'run-shell CMD' | tmux -C`), which the line does not show as tmux words.
      out.escalations.push_back("tmux -C (tmux commands read from its input)");
    } else if (f == 'V') {
      return;
    }
  }
  if (g.operands.empty()) {
    // `tmux` alone is `new-session` with the default shell (unless `-c` gives the command).
    if (!g.has('c')) out.escalations.push_back("tmux without a command: an interactive shell");
    return;
  }
  // Commands separated by `;` (a word ending in `;`, `\;` being a literal semicolon).
  std::size_t begin = g.operands.front();
  Words words(w.begin(), w.end());
  for (std::size_t i = begin; i < words.size(); ++i) {
    const std::string* s = words[i].literal ? &*words[i].literal : nullptr;
    if (!s || s->empty() || s->back() != ';') continue;
    if (s->size() >= 2 && (*s)[s->size() - 2] == '\\') {
      words[i] = word_of(words[i], s->substr(0, s->size() - 2) + ";");
      continue;
    }
    std::size_t end = i;
    if (s->size() > 1) {
      words[i] = word_of(words[i], s->substr(0, s->size() - 1));
      end = i + 1;
    }
    tmux_command(words, begin, end, out);
    begin = i + 1;
  }
  tmux_command(words, begin, words.size(), out);
}

}  // namespace vigie::engine
