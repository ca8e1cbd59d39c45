#include "engine/normalize.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace vigie::engine {

namespace {

using shell::AssignView;
using shell::WordView;
using Words = std::vector<WordView>;

constexpr std::size_t npos = static_cast<std::size_t>(-1);

bool in(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

bool lit_is(const Words& w, std::size_t i, std::string_view v) {
  const std::string* s = lit(w, i);
  return s && *s == v;
}

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// `NAME=value` written as a word (after `env` or `sudo`): the assignment, or nullopt.
std::optional<AssignView> word_assignment(const WordView& w) {
  auto eq = w.text.find('=');
  if (eq == std::string::npos || eq == 0) return std::nullopt;
  std::string_view name = std::string_view(w.text).substr(0, eq);
  if (!is_identifier(name)) return std::nullopt;  // `"A"=1`, `a-b=1`: not an assignment
  AssignView a;
  a.name = std::string(name);
  a.value.text = w.text.substr(eq + 1);
  if (w.literal && w.literal->size() > eq) a.value.literal = w.literal->substr(eq + 1);
  if (w.pattern && w.pattern->size() > eq) a.value.pattern = w.pattern->substr(eq + 1);
  a.value.has_glob = w.has_glob;
  a.value.has_tilde = false;
  a.value.has_expansion = w.has_expansion;
  a.value.span = {static_cast<std::uint32_t>(w.span.begin + eq + 1), w.span.end};
  a.span = w.span;
  return a;
}

bool holds_substitution(const WordView& w) {
  if (!w.has_expansion) return false;
  const std::string& t = w.text;
  return t.find("$(") != std::string::npos || t.find('`') != std::string::npos ||
         t.find("<(") != std::string::npos || t.find(">(") != std::string::npos;
}

// ---------------------------------------------------------------------------------------------
// Wrapper syntax
// ---------------------------------------------------------------------------------------------

struct WrapperSyntax {
  std::string_view name;
  bool safe;                           // allow rules look through it
  std::string_view arg_shorts;         // short options that take an argument
  std::string_view arg_longs;          // long options that take an argument, space-separated
  std::string_view optional_attached;  // xargs -e[EOF] -i[R] -l[N]: rest of the cluster
  bool assignments;                    // NAME=value words before the command
  int positionals;                     // words before the command (timeout DURATION)
};

// The wrappers vigie knows, with the options that take an argument (every other option is a
// flag). `sudo -h` is help (newer sudo spells the host `--host=`).
const std::array kWrappers = {
    WrapperSyntax{
        "sudo", false, "aCcDgpRrTtUu",
        "user group prompt close-from chdir role type command-timeout other-user host chroot", "",
        true, 0},
    WrapperSyntax{"doas", false, "auC", "", "", false, 0},
    WrapperSyntax{"env", false, "uCSP", "unset chdir split-string", "", true, 0},
    WrapperSyntax{"nice", true, "n", "adjustment", "", false, 0},
    WrapperSyntax{"nohup", true, "", "", "", false, 0},
    WrapperSyntax{"time", true, "fo", "format output", "", false, 0},
    WrapperSyntax{"timeout", true, "sk", "signal kill-after", "", false, 1},
    WrapperSyntax{"stdbuf", true, "ioe", "input output error", "", false, 0},
    WrapperSyntax{"command", true, "", "", "", false, 0},
    WrapperSyntax{"builtin", false, "", "", "", false, 0},
    WrapperSyntax{"exec", false, "a", "", "", false, 0},
    WrapperSyntax{"xargs", false, "adEILnPs",
                  "arg-file delimiter max-args max-procs max-chars process-slot-var", "eil", false,
                  0},
    WrapperSyntax{"ionice", true, "cnpPu", "class classdata pid pgid uid", "", false, 0},
    WrapperSyntax{"setsid", true, "", "", "", false, 0},
    WrapperSyntax{"caffeinate", true, "tw", "", "", false, 0},
    WrapperSyntax{"chroot", false, "", "userspec groups", "", false, 1},
};

// Whether `key` is one of the space-separated words of `list`.
bool word_in(std::string_view list, std::string_view key) {
  while (!list.empty()) {
    auto sp = list.find(' ');
    if (list.substr(0, sp) == key) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

const WrapperSyntax* find_wrapper(std::string_view name) {
  for (const auto& w : kWrappers)
    if (w.name == name) return &w;
  return nullptr;
}

// What a wrapper's own arguments say.
struct WrapperParse {
  std::size_t inner = npos;  // index of the wrapped command; npos: nothing is run through it
  std::vector<AssignView> assigns;
  std::vector<std::string> escalations;
  std::vector<std::string> nested_scripts;
  std::optional<WordView> chdir;
};

void on_option(std::string_view wrapper, std::string_view opt, const WordView* arg,
               WrapperParse& p) {
  // `opt` is a short letter as a 1-char string, or a long name.
  if ((wrapper == "env" && (opt == "C" || opt == "chdir")) ||
      (wrapper == "sudo" && (opt == "D" || opt == "chdir"))) {
    if (arg) p.chdir = *arg;
    p.escalations.push_back(std::string(wrapper) + " --chdir");
  } else if (wrapper == "env" && (opt == "S" || opt == "split-string")) {
    if (arg && arg->literal)
      p.nested_scripts.push_back(*arg->literal);
    else
      p.escalations.push_back("dynamic script for env -S");
  } else if (wrapper == "env" && opt == "P") {
    p.escalations.push_back("env -P");
  } else if (wrapper == "time" && (opt == "o" || opt == "output")) {
    p.escalations.push_back("time -o");
  } else if (wrapper == "sudo" && (opt == "R" || opt == "chroot")) {
    p.escalations.push_back("sudo --chroot");
  } else if (wrapper == "xargs" && (opt == "a" || opt == "arg-file")) {
    // Arguments from a file: nothing to add, the command is judged as usual.
  }
}

// Parses the options of wrapper `syn` at words[i] and finds its command.
WrapperParse parse_wrapper(const WrapperSyntax& syn, const Words& w, std::size_t i) {
  WrapperParse p;
  std::string_view name = syn.name;
  ++i;
  int positionals = syn.positionals;
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s) break;  // a dynamic word: take it as the command (its name is then not static)
    std::string_view v = *s;
    if (v == "--") {
      ++i;
      break;
    }
    if (name == "env" && v == "-") {  // `env -` is `env -i`
      ++i;
      continue;
    }
    if (v.size() >= 2 && v[0] == '-' && name != "command" && name != "builtin" &&
        !(name == "nohup")) {
      if (v[1] == '-') {
        std::string_view n = v.substr(2);
        auto eq = n.find('=');
        std::string_view key = eq == std::string_view::npos ? n : n.substr(0, eq);
        const WordView* arg = nullptr;
        WordView attached;
        bool takes = word_in(syn.arg_longs, key);
        if (eq != std::string_view::npos) {
          attached.text = std::string(n.substr(eq + 1));
          attached.literal = attached.text;
          attached.pattern = attached.text;
          arg = &attached;
        } else if (takes && i + 1 < w.size()) {
          arg = &w[i + 1];
          ++i;
        }
        if (name == "sudo" && (key == "edit" || key == "list" || key == "validate" ||
                               key == "help" || key == "version" || key == "remove-timestamp"))
          return p;  // sudoedit, listing: no command is run
        on_option(name, key, arg, p);
        ++i;
        continue;
      }
      // nice -5, nice -n -5 (the latter handled by `n` taking an argument).
      if (name == "nice" && std::isdigit(static_cast<unsigned char>(v[1]))) {
        ++i;
        continue;
      }
      bool consumed_next = false;
      for (std::size_t k = 1; k < v.size(); ++k) {
        char c = v[k];
        std::string opt(1, c);
        if (name == "sudo" && (c == 'e' || c == 'l' || c == 'v' || c == 'V' || c == 'K'))
          return p;  // sudo -e is sudoedit; -l, -v, -V, -K run nothing
        if (name == "sudo" && c == 'h') {
          if (k + 1 == v.size()) return p;  // `-h` alone is help (`h::`: a host is attached)
          break;
        }
        if (name == "command" && (c == 'v' || c == 'V')) return p;
        if (syn.optional_attached.find(c) != std::string_view::npos) break;
        if (syn.arg_shorts.find(c) != std::string_view::npos) {
          WordView attached;
          const WordView* arg = nullptr;
          if (k + 1 < v.size()) {
            attached.text = std::string(v.substr(k + 1));
            attached.literal = attached.text;
            attached.pattern = attached.text;
            arg = &attached;
          } else if (i + 1 < w.size()) {
            arg = &w[i + 1];
            consumed_next = true;
          }
          on_option(name, opt, arg, p);
          break;
        }
        on_option(name, opt, nullptr, p);
      }
      i += consumed_next ? 2 : 1;
      continue;
    }
    if (name == "command" && v.size() >= 2 && v[0] == '-') {
      if (v.find('v') != std::string_view::npos || v.find('V') != std::string_view::npos)
        return p;  // `command -v x`: a lookup, not a run
      ++i;
      continue;
    }
    if (syn.assignments) {
      if (auto a = word_assignment(w[i])) {
        p.assigns.push_back(std::move(*a));
        ++i;
        continue;
      }
    }
    if (positionals > 0) {
      --positionals;
      ++i;
      continue;
    }
    break;
  }
  // Dynamic words where options or positionals are expected: we cannot tell where the command
  // starts, and the next word is taken as the command (at worst its name is not static).
  if (i < w.size()) p.inner = i;
  return p;
}

// Options of an extra (policy-declared) wrapper are unknown: skip words starting with `-`.
WrapperParse parse_extra_wrapper(const Words& w, std::size_t i) {
  WrapperParse p;
  ++i;
  while (i < w.size() && w[i].literal && w[i].literal->size() > 1 && (*w[i].literal)[0] == '-') {
    bool end = *w[i].literal == "--";
    ++i;
    if (end) break;
  }
  if (i < w.size()) p.inner = i;
  return p;
}

// ---------------------------------------------------------------------------------------------
// git
// ---------------------------------------------------------------------------------------------

// Whether setting git config `key` makes git run a program (a pager, an editor, an ssh
// command, an alias, a filter, a credential helper, a hook path...).
bool git_key_runs_command(std::string_view raw) {
  std::string key = lower(raw);
  auto eq = key.find('=');
  if (eq != std::string::npos) key.resize(eq);
  for (std::string_view p :
       {"alias.",      "pager.",     "credential.", "filter.",   "core.",      "diff.",
        "merge.",      "sequence.",  "gpg.",        "difftool.", "mergetool.", "protocol.",
        "uploadpack.", "receive.",   "remote.",     "url.",      "include.",   "includeif.",
        "http.",       "sendemail.", "instaweb.",   "gui.",      "guitool.",   "web.",
        "browser.",    "man.",       "interactive."}) {
    if (!starts_with(key, p)) continue;
    if (p == "core.") {
      return in(key, {"core.pager", "core.editor", "core.sshcommand", "core.askpass",
                      "core.gitproxy", "core.fsmonitor", "core.hookspath", "core.worktree",
                      "core.attributesfile", "core.excludesfile"});
    }
    if (p == "http.")
      return ends_with(key, "cookiefile") || ends_with(key, "proxy") ||
             ends_with(key, "sslcainfo") || ends_with(key, "sslcert");
    if (p == "remote.")
      return ends_with(key, ".uploadpack") || ends_with(key, ".receivepack") ||
             ends_with(key, ".vcs") || ends_with(key, ".proxy");
    if (p == "diff.")
      return key == "diff.external" || ends_with(key, ".command") || ends_with(key, ".textconv");
    if (p == "merge.") return ends_with(key, ".driver");
    if (p == "protocol.") return ends_with(key, ".allow");
    if (p == "url.") return true;  // insteadOf can point a fetch at an `ext::` command
    return true;
  }
  return ends_with(key, ".cmd") || ends_with(key, ".command") || ends_with(key, ".program") ||
         ends_with(key, ".helper") || ends_with(key, ".editor") || ends_with(key, ".pager") ||
         ends_with(key, ".hook") || ends_with(key, "hook");
}

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
      if (chdir && i + 1 < w.size()) *chdir = w[i + 1];
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
                      "--list-cmds"})) {
      i += 2;
    } else if (starts_with(v, "--exec-path=")) {
      escalate("git --exec-path");
      ++i;
    } else if (starts_with(v, "--git-dir=") || starts_with(v, "--work-tree=") ||
               starts_with(v, "--namespace=") || starts_with(v, "--super-prefix=") ||
               starts_with(v, "--attr-source=") ||
               in(v,
                  {"--no-pager", "-p", "--paginate", "-P", "--bare", "--no-replace-objects",
                   "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs",
                   "--icase-pathspecs", "--no-optional-locks", "--no-advice", "--no-lazy-fetch"})) {
      ++i;
    } else {
      break;  // the subcommand, or --version / --help / an unknown option
    }
  }
  for (; i < w.size(); ++i) out.push_back(w[i]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Exec-capable options of otherwise read-only tools
// ---------------------------------------------------------------------------------------------

bool has_literal(const Words& w, std::size_t from, std::initializer_list<std::string_view> vs) {
  for (std::size_t i = from; i < w.size(); ++i) {
    if (lit_is(w, i, "--")) return false;
    if (const std::string* s = lit(w, i))
      for (auto v : vs)
        if (*s == v || (starts_with(v, "--") && starts_with(*s, std::string(v) + "="))) return true;
  }
  return false;
}

// A short option letter `c` in a cluster (`-xo`), before `--`.
bool has_short(const Words& w, std::size_t from, char c) {
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if (*s == "--") return false;
    if (s->size() >= 2 && (*s)[0] == '-' && (*s)[1] != '-' && s->find(c) != std::string::npos)
      return true;
  }
  return false;
}

void exec_options(const std::string& name, const Words& w, NormalizedCommand& n) {
  auto esc = [&](std::string s) { n.escalations.push_back(std::move(s)); };
  if (name == "find") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s) continue;
      if (in(*s, {"-exec", "-execdir", "-ok", "-okdir"})) {
        esc("find " + *s);
        std::vector<WordView> argv;
        std::size_t j = i + 1;
        for (; j < w.size(); ++j) {
          if (lit_is(w, j, ";")) break;
          if (lit_is(w, j, "+") && j > i + 1 && lit_is(w, j - 1, "{}")) break;
          argv.push_back(w[j]);
        }
        if (!argv.empty()) n.nested_argvs.push_back(std::move(argv));
        i = j;
      } else if (*s == "-delete") {
        esc("find -delete");
      } else if (in(*s, {"-fprint", "-fprint0", "-fprintf", "-fls"})) {
        esc("find " + *s);
      }
    }
  } else if (name == "fd" || name == "fdfind") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s || !in(*s, {"-x", "--exec", "-X", "--exec-batch"})) continue;
      esc("fd --exec");
      std::vector<WordView> argv;
      std::size_t j = i + 1;
      for (; j < w.size() && !lit_is(w, j, ";"); ++j) argv.push_back(w[j]);
      if (!argv.empty()) n.nested_argvs.push_back(std::move(argv));
      i = j;
    }
  } else if (name == "rg") {
    if (has_literal(w, 1, {"--pre"})) esc("rg --pre");
  } else if (name == "sort") {
    if (has_literal(w, 1, {"--output"}) || has_short(w, 1, 'o')) esc("sort -o");
    if (has_literal(w, 1, {"--compress-program"})) esc("sort --compress-program");
  } else if (name == "tar") {
    for (auto o : {"--to-command", "--checkpoint-action", "--use-compress-program", "--info-script",
                   "--new-volume-script", "--rsh-command", "--rmt-command"})
      if (has_literal(w, 1, {o})) esc(std::string("tar ") + o);
    // `-I PROG` and `-F SCRIPT` (not in the old-style first cluster `tar xzf`).
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s || s->size() < 2 || (*s)[0] != '-' || (*s)[1] == '-') continue;
      if (s->find('I') != std::string::npos) esc("tar --use-compress-program");
      if (s->find('F') != std::string::npos) esc("tar --info-script");
    }
  } else if (name == "rsync") {
    if (has_literal(w, 1, {"--rsh", "--rsync-path"}) || has_short(w, 1, 'e')) esc("rsync -e");
  } else if (name == "zip") {
    if (has_literal(w, 1, {"-TT", "--unzip-command"})) esc("zip -TT");
  } else if (name == "git" && w.size() >= 2) {
    const std::string* sub = lit(w, 1);
    if (!sub) return;
    if (has_literal(w, 2, {"--output"})) esc("git --output");
    if (has_literal(w, 2, {"--upload-pack", "--receive-pack", "--exec"}) ||
        ((*sub == "clone" || *sub == "fetch" || *sub == "pull" || *sub == "ls-remote") &&
         has_literal(w, 2, {"-u"})))
      esc("git --upload-pack");
    if (*sub == "rebase" && (has_literal(w, 2, {"--exec", "-x"}))) esc("git rebase --exec");
    if (*sub == "grep" && has_literal(w, 2, {"-O", "--open-files-in-pager"})) esc("git grep -O");
    if (*sub == "difftool" && has_literal(w, 2, {"-x", "--extcmd"})) esc("git difftool -x");
    if (*sub == "bisect" && lit_is(w, 2, "run")) esc("git bisect run");
    if (*sub == "submodule" && has_literal(w, 2, {"foreach"})) esc("git submodule foreach");
    if (*sub == "filter-branch" || *sub == "filter-repo") esc("git " + *sub);
    if (*sub == "config") {
      // `git config [--global] KEY VALUE` / `git config set KEY VALUE`: the first operand.
      for (std::size_t i = 2; i < w.size(); ++i) {
        const std::string* s = lit(w, i);
        if (!s) break;
        if ((*s)[0] == '-' || *s == "set") continue;
        if (i + 1 < w.size() && git_key_runs_command(*s)) esc("git config " + lower(*s));
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Nested scripts
// ---------------------------------------------------------------------------------------------

void shell_script(const std::string& name, const Words& w,
                  const std::vector<shell::RedirectView>& redirects, NormalizedCommand& n) {
  bool has_c = false;
  std::size_t i = 1;
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || ((*s)[0] != '-' && (*s)[0] != '+')) {
      if (s && (*s == "-" || *s == "--")) ++i;
      break;
    }
    if (*s == "--") {
      ++i;
      break;
    }
    if (starts_with(*s, "--")) {
      i += (*s == "--rcfile" || *s == "--init-file") ? 2 : 1;
      continue;
    }
    bool takes_next = false;
    for (std::size_t k = 1; k < s->size(); ++k) {
      char c = (*s)[k];
      if (c == 'c' && (*s)[0] == '-') has_c = true;
      if (c == 'o' || c == 'O') takes_next = true;
    }
    i += takes_next ? 2 : 1;
  }
  if (has_c) {
    if (i < w.size() && w[i].literal)
      n.nested_scripts.push_back(*w[i].literal);
    else
      n.escalations.push_back("dynamic script for " + name + " -c");
    return;
  }
  if (i < w.size()) {
    // `bash script.sh` runs a file (an interpreter: the caller decides); `bash <(curl …)` or
    // `bash $SCRIPT` runs something we cannot see.
    if (!w[i].literal) n.escalations.push_back("dynamic script for " + name);
    return;
  }
  // The script comes from stdin: a here-string or a here-document we can read.
  for (const auto& r : redirects) {
    if (r.op == "<<<") {
      if (r.target.literal)
        n.nested_scripts.push_back(*r.target.literal);
      else
        n.escalations.push_back("dynamic script for " + name + " <<<");
    } else if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body) {
      const std::string& b = *r.heredoc_body;
      bool dynamic = !r.heredoc_quoted &&
                     (b.find('$') != std::string::npos || b.find('`') != std::string::npos);
      if (dynamic)
        n.escalations.push_back("dynamic script for " + name + " <<");
      else
        n.nested_scripts.push_back(b);
    }
  }
}

// The words from `from` joined as a script, the way `eval` (and `watch`, `su -c`...) builds it:
// a glob or a brace stays as written and expands again when the script is parsed; anything
// with an expansion makes the script dynamic (nullopt).
std::optional<std::string> joined_script(const Words& w, std::size_t from) {
  std::string script;
  for (std::size_t i = from; i < w.size(); ++i) {
    if (w[i].has_expansion) return std::nullopt;
    std::string v;
    if (w[i].literal)
      v = *w[i].literal;
    else if (w[i].pattern)
      v = *w[i].pattern;
    else if (w[i].has_brace && w[i].text.find_first_of("'\"\\") == std::string::npos)
      v = w[i].text;
    else
      return std::nullopt;
    if (!script.empty()) script += ' ';
    script += v;
  }
  return script;
}

void eval_script(const Words& w, NormalizedCommand& n) {
  auto script = joined_script(w, 1);
  if (!script)
    n.escalations.push_back("dynamic script for eval");
  else if (!script->empty())
    n.nested_scripts.push_back(std::move(*script));
}

// Commands that run a script given as words: `watch [opts] CMD…` (joined, run by `sh -c`
// unless `-x`), `su|runuser [user] -c S`, `script -c S`, `flock FILE -c S`.
void script_runners(const std::string& name, const Words& w, NormalizedCommand& n) {
  if (name == "watch") {
    std::size_t i = 1;
    bool exec = false;
    while (i < w.size() && w[i].literal && w[i].literal->size() > 1 && (*w[i].literal)[0] == '-') {
      const std::string& o = *w[i].literal;
      if (o == "--") {
        ++i;
        break;
      }
      if (o == "-x" || o == "--exec") exec = true;
      bool takes = o == "-n" || o == "--interval" || o == "-q" || o == "--equexit";
      i += takes ? 2 : 1;
    }
    if (i >= w.size()) return;
    if (exec) {
      n.nested_argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
      return;
    }
    if (auto script = joined_script(w, i))
      n.nested_scripts.push_back(std::move(*script));
    else
      n.escalations.push_back("dynamic script for watch");
    return;
  }
  if (name == "su" || name == "runuser" || name == "script" || name == "flock") {
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
      const std::string* o = lit(w, i);
      if (!o || (*o != "-c" && *o != "--command")) continue;
      if (w[i + 1].literal)
        n.nested_scripts.push_back(*w[i + 1].literal);
      else
        n.escalations.push_back("dynamic script for " + name + " -c");
      return;
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

std::optional<std::string> command_name(const WordView& w) {
  if (!w.literal) return std::nullopt;
  std::string_view s = *w.literal;
  // `/bin/rm` -> `rm`; a trailing slash (`rm/`) is kept as written: not a command name.
  auto slash = s.find_last_of('/');
  if (slash != std::string_view::npos && slash + 1 < s.size()) s = s.substr(slash + 1);
  return std::string(s);
}

bool is_shell(std::string_view name) {
  return in(name, {"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "posh", "ksh93",
                   "pdksh", "oksh", "loksh", "rbash", "hush"});
}

bool is_safe_wrapper(std::string_view name) {
  const WrapperSyntax* w = find_wrapper(name);
  return w && w->safe;
}

bool is_wrapper(std::string_view name, const NormalizeOptions& opts) {
  if (name == "eval" || find_wrapper(name)) return true;
  return std::find(opts.extra_wrappers.begin(), opts.extra_wrappers.end(), name) !=
         opts.extra_wrappers.end();
}

bool is_interpreter(std::string_view name, const NormalizeOptions& opts) {
  if (is_shell(name) || is_wrapper(name, opts)) return true;
  if (std::find(opts.extra_interpreters.begin(), opts.extra_interpreters.end(), name) !=
      opts.extra_interpreters.end())
    return true;
  for (std::string_view p : {"python", "pypy", "ruby", "perl", "php", "lua", "node", "tclsh",
                             "wish", "pwsh", "jruby", "luajit", "jshell", "guile", "racket"})
    if (starts_with(name, p)) return true;  // python3, python3.12, perl5.30, php8.2, lua5.4...
  return in(name,
            {"nodejs", "deno",      "bun",     "bunx",      "npx",        "pnpx",        "irb",
             "R",      "Rscript",   "julia",   "osascript", "powershell", "awk",         "gawk",
             "mawk",   "nawk",      "busybox", "fish",      "tcsh",       "csh",         "expect",
             "scala",  "kotlin",    "groovy",  "elixir",    "erl",        "escript",     "swift",
             "dotnet", "java",      "jjs",     "source",    ".",          "fc",          "watch",
             "script", "ssh",       "su",      "runuser",   "pkexec",     "systemd-run", "uvx",
             "pipx",   "osascript", "jq"}) &&
         name != "jq";
}

bool is_dangerous_variable(std::string_view name) {
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (in(u, {"PATH",
             "BASH_ENV",
             "ENV",
             "PS4",
             "IFS",
             "SHELLOPTS",
             "BASHOPTS",
             "PROMPT_COMMAND",
             "CDPATH",
             "GLOBIGNORE",
             "HOME",
             "ZDOTDIR",
             "XDG_CONFIG_HOME",
             "PAGER",
             "MANPAGER",
             "EDITOR",
             "VISUAL",
             "BROWSER",
             "LESSOPEN",
             "LESSCLOSE",
             "SSH_ASKPASS",
             "SUDO_ASKPASS",
             "TERMINAL",
             "SHELL",
             "CLASSPATH",
             "TMPDIR",
             "MAKEFLAGS",
             "MFLAGS",
             "CC",
             "CXX",
             "LD",
             "AR",
             "CFLAGS",
             "LDFLAGS",
             "CPPFLAGS",
             "MAKE",
             "EXINIT",
             "VIMINIT",
             "INPUTRC",
             "HISTFILE",
             "TZDIR",
             "LOCPATH",
             "GCONV_PATH",
             "HOSTALIASES",
             "RESOLV_HOST_CONF",
             "OPENSSL_CONF",
             "SSL_CERT_FILE",
             "CURL_CA_BUNDLE",
             "REQUESTS_CA_BUNDLE",
             "HTTP_PROXY",
             "HTTPS_PROXY",
             "ALL_PROXY",
             "NO_PROXY"}))
    return true;
  for (std::string_view p :
       {"LD_",   "DYLD_",       "GIT_",       "BASH_FUNC_", "PYTHON",    "PERL",      "RUBY",
        "NODE_", "NPM_CONFIG_", "YARN_",      "JAVA_",      "_JAVA_",    "JDK_JAVA_", "LUA_",
        "GEM_",  "BUNDLE_",     "CARGO_",     "RUSTC",      "RUSTFLAGS", "GO",        "PIP_",
        "UV_",   "DOCKER_",     "KUBECONFIG", "AWS_",       "LC_",       "LANG"})
    if (starts_with(u, p)) return p != "LC_" && p != "LANG" ? true : false;
  return false;
}

NormalizedCommand normalize(const shell::CommandView& cmd, const NormalizeOptions& opts) {
  NormalizedCommand n;
  n.assigns = cmd.assigns;
  n.redirects = cmd.redirects;
  const Words& w = cmd.argv;

  std::size_t start = 0;        // where `words` begins
  std::size_t allow_start = 0;  // where `allow_words` begins
  bool allow_done = false;      // an unsafe wrapper was met: allow_words stops moving
  // Each round consumes at least one word, so the loop ends; the bound is a second guard.
  for (std::size_t round = 0; round <= w.size() && start < w.size(); ++round) {
    std::optional<std::string> name = command_name(w[start]);
    if (!name) break;
    WrapperParse p;
    bool safe = false;
    if (const WrapperSyntax* syn = find_wrapper(*name)) {
      p = parse_wrapper(*syn, w, start);
      safe = syn->safe;
    } else if (std::find(opts.extra_wrappers.begin(), opts.extra_wrappers.end(), *name) !=
               opts.extra_wrappers.end()) {
      p = parse_extra_wrapper(w, start);
    } else {
      break;
    }
    if (p.inner == npos) {
      // Nothing run through it (`sudo -l`, `env`, `command -v x`, `exec >f`): it is the command.
      // Its own findings still count (`env -S 'rm -rf /'`, `env -C / `).
      for (auto& a : p.assigns) n.assigns.push_back(std::move(a));
      for (auto& e : p.escalations) n.escalations.push_back(std::move(e));
      for (auto& s : p.nested_scripts) n.nested_scripts.push_back(std::move(s));
      if (p.chdir) n.chdir = p.chdir;
      break;
    }
    n.wrappers.push_back(*name);
    for (auto& a : p.assigns) n.assigns.push_back(std::move(a));
    for (auto& e : p.escalations) n.escalations.push_back(std::move(e));
    for (auto& s : p.nested_scripts) n.nested_scripts.push_back(std::move(s));
    if (p.chdir) n.chdir = p.chdir;
    start = p.inner;
    if (!allow_done) {
      if (safe)
        allow_start = start;
      else
        allow_done = true;
    }
  }

  n.words.assign(w.begin() + static_cast<std::ptrdiff_t>(std::min(start, w.size())), w.end());
  n.allow_words.assign(w.begin() + static_cast<std::ptrdiff_t>(std::min(allow_start, w.size())),
                       w.end());

  for (const auto& a : n.assigns)
    if (is_dangerous_variable(a.name) || holds_substitution(a.value)) n.assigns_harmless = false;

  if (n.words.empty()) return n;
  std::optional<std::string> name = command_name(n.words[0]);
  if (!name) {
    n.name_static = false;
    n.escalations.push_back("dynamic command name");
    return n;
  }
  n.name = *name;

  // Git's global options come right after `git`; most lines have none (`git status`), and
  // stripping copies the words, so look first.
  auto has_globals = [](const Words& w) {
    return w.size() > 1 && w[1].literal && !w[1].literal->empty() && (*w[1].literal)[0] == '-';
  };
  if (n.name == "git" && has_globals(n.words)) {
    std::vector<std::string> esc;
    n.words = strip_git_globals(n.words, 0, &esc, &n.chdir);
    for (auto& e : esc) n.escalations.push_back(std::move(e));
  }
  if (has_globals(n.allow_words)) {
    auto an = command_name(n.allow_words[0]);
    if (an && *an == "git") n.allow_words = strip_git_globals(n.allow_words, 0, nullptr, nullptr);
  }

  if (is_shell(n.name)) {
    shell_script(n.name, n.words, n.redirects, n);
  } else if (n.name == "eval") {
    eval_script(n.words, n);
  } else if (n.name == "busybox" && n.words.size() > 1 && n.words[1].literal &&
             is_shell(*n.words[1].literal)) {
    Words rest(n.words.begin() + 1, n.words.end());
    shell_script(*n.words[1].literal, rest, n.redirects, n);
  } else {
    exec_options(n.name, n.words, n);
    script_runners(n.name, n.words, n);
  }
  return n;
}

}  // namespace vigie::engine
