// Normalizing one simple command (normalize.hpp): wrappers seen through (their options from the
// programs table), git's global options, the program's effects, and the nested scripts found by
// normalize_scripts.cpp.
#include "engine/normalize.hpp"

#include "engine/builtin_code.hpp"
#include "engine/named_hosts.hpp"
#include "engine/normalize_git.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_launchers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

namespace vigie::engine {

namespace {

// command_name's name of a static word, a view into it: `/bin/rm` -> `rm`; a trailing slash
// (`rm/`) is kept as written: not a command name.
std::string_view command_name_view(std::string_view s) {
  auto slash = s.find_last_of('/');
  if (slash != std::string_view::npos && slash + 1 < s.size()) s = s.substr(slash + 1);
  return s;
}

using namespace normalize_detail;
using shell::AssignView;
using shell::WordView;

constexpr std::size_t npos = static_cast<std::size_t>(-1);

using program_words::in;
using program_words::lit;
using program_words::lit_is;

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// `NAME=value` written as a word (after `env` or `sudo`): the assignment, or nullopt.
// env and sudo read the word's value: a quoted one (`'PAGER=less -R'`) is an assignment too.
std::optional<AssignView> word_assignment(const WordView& w) {
  const std::string& src = w.literal ? *w.literal : w.text;
  auto eq = src.find('=');
  if (eq == std::string::npos || eq == 0) return std::nullopt;
  std::string_view name = std::string_view(src).substr(0, eq);
  if (!is_identifier(name)) return std::nullopt;  // `a-b=1`: not a shell variable's name
  AssignView a;
  a.name = std::string(name);
  const auto text_eq = w.text.find('=');
  a.value.text = text_eq == std::string::npos ? std::string() : w.text.substr(text_eq + 1);
  if (w.literal) a.value.literal = w.literal->substr(eq + 1);
  if (w.literal && w.text != *w.literal) a.value.text = *a.value.literal;
  if (w.pattern) {
    const auto pattern_eq = w.pattern->find('=');
    if (pattern_eq != std::string::npos) a.value.pattern = w.pattern->substr(pattern_eq + 1);
  }
  a.value.has_glob = w.has_glob;
  a.value.has_tilde = false;
  a.value.has_expansion = w.has_expansion;
  a.value.span = {
      static_cast<std::uint32_t>(w.span.begin + (text_eq == std::string::npos ? 0 : text_eq + 1)),
      w.span.end};
  a.span = w.span;
  return a;
}

bool holds_substitution(const WordView& w) {
  if (!w.has_expansion) return false;
  const std::string& t = w.text;
  return t.find("$(") != std::string::npos || t.find('`') != std::string::npos ||
         t.find("<(") != std::string::npos || t.find(">(") != std::string::npos;
}

// ---- Wrappers: their options come from the programs table (engine/programs_table.cpp, handler
// "wrapper"), parsed the way their own getopt_long would (`--outp` is time's `--output`). ------

// What a wrapper's own arguments say.
struct WrapperParse {
  std::size_t inner = npos;  // index of the wrapped command; npos: nothing is run through it
  std::vector<AssignView> assigns;
  std::vector<std::string> escalations;
  std::vector<std::string> nested_scripts;
  std::vector<FileEffect> files;
  std::optional<WordView> chdir;
};

// Parses the options of wrapper `decl` at words[i] and finds its command.
WrapperParse parse_wrapper(const ProgramDecl& decl, std::string_view name, const Words& w,
                           std::size_t i) {
  WrapperParse p;
  std::size_t from = i + 1;
  std::string edits;  // `sudo -e`: the option's entry; its operands are edited
  std::string shell;  // `sudo -s`, `doas -s`: the option's entry; no command starts a shell
  // A wrapper whose operands are all written (sudoedit) edits them: it runs no command.
  if (decl.operands == "*w") edits = std::string(name);
  for (;;) {
    ParsedArgs args = parse_args(decl, w, from, true);
    if (args.options_capped) {
      // Parsing stopped inside its options: where its command starts is not known.
      p.escalations.push_back(std::string(name) + ": " + args.unknown.back());
      return p;
    }
    bool host_next = false;  // `sudo -h HOST CMD`
    // sudo -l, command -v, strace -p, --help: after its options; jobs without its -x (flag X).
    bool runs_nothing = decl.gated;
    for (const auto& o : args.options) {
      if (!o.decl) {
        // An option the table does not know: where the command starts is uncertain.
        p.escalations.push_back(std::string(name) + " " + o.spelling + " (unknown option)");
        continue;
      }
      const OptionDecl& d = *o.decl;
      std::string entry = std::string(name) + " " + option_name(d);
      // Nothing is run, but the options still count (`strace -p 1 -o FILE` writes FILE, `doas
      // -C FILE` and `heaptrack -a FILE` read FILE).
      if (d.flag == 'N' || d.flag == 'X' || d.flag == 'P') runs_nothing = d.flag != 'X';
      if (d.flag == 'E') edits = entry;
      if (d.flag == 'H') shell = entry;
      if ((name == "sudo" || name == "sudoedit") && d.shorts == "h" && !o.value) {
        // sudo's `-h` alone is help, unless it is the last option word and a word that is
        // neither an option nor NAME=VALUE follows: that word is the host, the command after it.
        const std::string* next = lit(w, args.stopped_at);
        if (lit_is(w, o.index, "-h") && o.index + 1 == args.stopped_at && next && !next->empty() &&
            (*next)[0] != '-' &&
            ((*next)[0] == '/' || (*next)[0] == '=' || next->find('=') == std::string::npos)) {
          host_next = true;
          continue;
        }
        return p;
      }
      if (d.flag == '!') p.escalations.push_back(entry);
      // `ionice -p PID`, `taskset -p MASK PID`: a running process the line does not start.
      if (d.flag == 'P') p.escalations.push_back(entry + " (acts on a running process)");
      if (!o.value) continue;
      switch (d.role) {
        case 'c':
          p.chdir = *o.value;
          p.files.push_back({Touch::read, *o.value, From::option, entry});
          p.escalations.push_back(std::string(name) + " --chdir");
          break;
        case 'x':
          if (o.value->literal && name == "env") {  // the words after STRING are its command's
            p.nested_scripts.push_back(env_split_string(*o.value->literal));
            return env_split_rest(w, o, p.nested_scripts.back(), p.escalations), p;
          }
          if (o.value->literal)
            p.nested_scripts.push_back(*o.value->literal);
          else
            p.escalations.push_back("dynamic script for " + entry);
          break;
        case 'y':
          // `strace -o '|CMD'`, `-o '!CMD'`: the output goes to a command line, run.
          if (o.value->literal && !o.value->literal->empty() &&
              ((*o.value->literal)[0] == '|' || (*o.value->literal)[0] == '!')) {
            p.escalations.push_back(entry + " |CMD");
            p.nested_scripts.push_back(o.value->literal->substr(1));
            break;
          }
          if (!(o.value->literal && harmless_device(*o.value->literal)))
            p.files.push_back({Touch::write, *o.value, From::option, entry});
          break;
        case 'r':
        case 'w':
          if (!(o.value->literal && harmless_device(*o.value->literal)))
            p.files.push_back(
                {d.role == 'r' ? Touch::read : Touch::write, *o.value, From::option, entry});
          break;
        default:  // strace's `-e inject=…` (role K), as the programs table reads it
          if (d.role == 'K') option_escalations(name, o, p.escalations);
          break;
      }
    }
    if (runs_nothing) return p;
    from = args.stopped_at;
    if (host_next) {
      ++from;
      continue;
    }
    // `env -` is `env -i`: keep reading options after it.
    if (name == "env" && lit_is(w, from, "-")) {
      ++from;
      continue;
    }
    break;
  }
  std::size_t k = from;
  if (!edits.empty()) {
    // `sudo -e FILE…` is sudoedit: an editor the line does not show writes each operand.
    p.escalations.push_back(edits + ": an editor the line does not show");
    for (; k < w.size(); ++k)
      if (!lit_is(w, k, "--")) p.files.push_back({Touch::write, w[k], From::operand, edits});
    return p;
  }
  // Operand shape `=`: NAME=VALUE words first are the command's environment (env, sudo,
  // cross-env).
  const bool assigns_first = !decl.operands.empty() && decl.operands[0] == '=';
  if (assigns_first) {
    bool more = false;
    while (k < w.size()) {
      auto a = word_assignment(w[k]);
      if (!a) {
        // env and sudo take any word holding `=` for an environment entry, whatever its name.
        if (!environment_entry(name, w[k], p.escalations, p.nested_scripts)) break;
        ++k;
        more = true;
        continue;
      }
      p.assigns.push_back(std::move(*a));
      ++k;
      more = true;
    }
    // `env A=1 -u B cmd`: GNU env would run `-u`; read on as options so that the command a
    // laxer env would run is judged too.
    if (more && k < w.size() && w[k].literal && w[k].literal->size() > 1 &&
        (*w[k].literal)[0] == '-') {
      WrapperParse again = parse_wrapper(decl, name, w, k - 1);
      for (auto& a : again.assigns) p.assigns.push_back(std::move(a));
      for (auto& e : again.escalations) p.escalations.push_back(std::move(e));
      for (auto& s : again.nested_scripts) p.nested_scripts.push_back(std::move(s));
      for (auto& f : again.files) p.files.push_back(std::move(f));
      if (again.chdir) p.chdir = again.chdir;
      p.inner = again.inner;
      return p;
    }
  }
  // Positional words before the command: timeout's DURATION, chroot's NEWROOT.
  for (char c : std::string_view(decl.operands).substr(assigns_first ? 1 : 0)) {
    if (k >= w.size()) break;
    if (c == 'c' || c == 'r')
      p.files.push_back({Touch::read, w[k], From::operand, std::string(name)});
    else if (c == 'w')
      p.files.push_back({Touch::write, w[k], From::operand, std::string(name)});
    ++k;
  }
  // `flock FILE -c CMD` (or `--command`): the script runner below takes it (flock is then the
  // command).
  if (name == "flock" && k < w.size() && (lit_is(w, k, "-c") || lit_is(w, k, "--command")))
    return p;
  if (k < w.size())
    p.inner = k;
  else if (!shell.empty())
    p.escalations.push_back(shell + " without a command: an interactive shell");
  else if (program_words::in_words(kShellWithoutCommand, name))  // `screen`, `luit` alone
    p.escalations.push_back(std::string(name) + " without a command: an interactive shell");
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

}  // namespace

// ---------------------------------------------------------------------------------------------

std::optional<std::string> command_name(const WordView& w) {
  if (!w.literal) return std::nullopt;
  return std::string(command_name_view(*w.literal));
}

bool is_shell(std::string_view name) {
  return table_shell(name);
}

bool is_safe_wrapper(std::string_view name) {
  return program_name(name).safe_wrapper;
}

namespace {

bool wrapper_of(const ProgramName& p, std::string_view name, const NormalizeOptions& opts) {
  if (p.wrapper || name == "eval") return true;
  return std::find(opts.extra_wrappers.begin(), opts.extra_wrappers.end(), name) !=
         opts.extra_wrappers.end();
}

}  // namespace

bool is_wrapper(std::string_view name, const NormalizeOptions& opts) {
  return wrapper_of(program_name(name), name, opts);
}

bool is_wrapper(const ProgramName& program, std::string_view name, const NormalizeOptions& opts) {
  return wrapper_of(program, name, opts);
}

bool is_interpreter(std::string_view name, const NormalizeOptions& opts) {
  return is_interpreter(program_name(name), name, opts);
}

bool is_interpreter(const ProgramName& p, std::string_view name, const NormalizeOptions& opts) {
  if (p.interpreter || wrapper_of(p, name, opts)) return true;  // shells are interpreters
  if (std::find(opts.extra_interpreters.begin(), opts.extra_interpreters.end(), name) !=
      opts.extra_interpreters.end())
    return true;
  return table_interpreter(p, name);
}

namespace {

// `owned`: the command's words may be moved out of `cmd.argv` (normalize_owned).
NormalizedCommand normalize_impl(const shell::CommandView& cmd, Words* owned,
                                 const NormalizeOptions& opts) {
  NormalizedCommand n;
  // Copied only when there is something to copy (most commands have neither): assigning an
  // empty vector is a call and a dozen branches each.
  if (!cmd.assigns.empty()) n.assigns = cmd.assigns;
  if (!cmd.redirects.empty()) n.redirects = cmd.redirects;
  const Words& w = cmd.argv;

  std::size_t start = 0;        // where `words` begins
  std::size_t allow_start = 0;  // where `allow_words` begins
  bool allow_done = false;      // an unsafe wrapper was met: allow_words stops moving
  // Each round consumes at least one word, so the loop ends; the bound is a second guard.
  // The name of the command the loop stopped on (not a wrapper) and its entry in the tables:
  // the command's own, looked up once. Each round's name is read into `n.name`, where the
  // command's name ends (no string moved from round to result); it is emptied again when the
  // loop stops on no command (nothing reads it before it is set below).
  bool stopped = false;
  ProgramName stopped_program;
  for (std::size_t round = 0; round <= w.size() && start < w.size(); ++round) {
    if (!w[start].literal) break;
    std::string& name = n.name;
    name.assign(command_name_view(*w[start].literal));
    ProgramName program = program_name(name);
    fold_program_name(name, program);
    const bool known = program.wrapper && program.decl;  // a wrapper of the programs table
    const bool extra = !known && !opts.extra_wrappers.empty() &&
                       std::find(opts.extra_wrappers.begin(), opts.extra_wrappers.end(), name) !=
                           opts.extra_wrappers.end();
    if (!known && !extra) {
      // Not a wrapper: the command itself (most commands stop here at once).
      stopped = true;
      stopped_program = program;
      break;
    }
    WrapperParse p;
    bool safe = false;
    if (known) {
      p = parse_wrapper(*program.decl, name, w, start);
      safe = program.safe_wrapper;
    } else {
      p = parse_extra_wrapper(w, start);
    }
    if (p.inner == npos) {
      // Nothing run through it (`sudo -l`, `env`, `command -v x`, `exec >f`): it is the command.
      // Its own findings still count (`env -S 'rm -rf /'`, `env -C / `).
      for (auto& a : p.assigns) n.assigns.push_back(std::move(a));
      for (auto& e : p.escalations) n.escalations.push_back(std::move(e));
      for (auto& s : p.nested_scripts) n.nested_scripts.push_back(std::move(s));
      for (auto& f : p.files) n.files.push_back(std::move(f));
      if (p.chdir) n.chdir = p.chdir;
      break;
    }
    n.wrappers.push_back(name);
    for (auto& a : p.assigns) n.assigns.push_back(std::move(a));
    for (auto& e : p.escalations) n.escalations.push_back(std::move(e));
    for (auto& s : p.nested_scripts) n.nested_scripts.push_back(std::move(s));
    for (auto& f : p.files) n.files.push_back(std::move(f));
    if (p.chdir) n.chdir = p.chdir;
    start = p.inner;
    if (!allow_done) {
      if (safe)
        allow_start = start;
      else
        allow_done = true;
    }
  }
  if (!stopped) n.name.clear();

  n.allow_wrapper_words = start > allow_start ? start - allow_start : 0;
  if (std::min(allow_start, w.size()) != std::min(start, w.size()))
    n.allow_own.emplace(w.begin() + static_cast<std::ptrdiff_t>(std::min(allow_start, w.size())),
                        w.end());
  if (owned) {  // `w` is `*owned`: not read after this
    n.words = std::move(*owned);
    n.words.erase(n.words.begin(),
                  n.words.begin() + static_cast<std::ptrdiff_t>(std::min(start, n.words.size())));
  } else {
    n.words.assign(w.begin() + static_cast<std::ptrdiff_t>(std::min(start, w.size())), w.end());
  }

  for (const auto& a : n.assigns) {
    // POSIXLY_CORRECT only changes how the program reads its words: the command is judged again
    // that way (normalize_variables.cpp), so a prefix of it alone asks nothing.
    if ((is_dangerous_variable(a.name) && a.name != "POSIXLY_CORRECT") ||
        holds_substitution(a.value))
      n.assigns_harmless = false;
    // `PAGER='rm -rf ~' git log`: the value is judged as the line the program runs (not an
    // editor `fc -l` does not run: `FCEDIT=vi fc -l`).
    if (a.value.literal) {
      if (auto line = variable_line(a.name, *a.value.literal);
          line && !editor_unused(a.name, n.words))
        n.nested_scripts.push_back(*line);
      if (auto why = variable_code(a.name, *a.value.literal)) n.escalations.push_back(*why);
    } else if (auto why = variable_code(a.name, a.value.text)) {
      n.escalations.push_back(*why);  // `LD_PRELOAD=$LIB cmd`: its source text
    }
    // `BASH_ENV=.env bash -c …` sources .env: a read of the file the value names.
    if (variable_names_file(a.name) && !a.value.text.empty()) {
      const std::string_view seps = variable_file_separators(a.name);
      if (seps.empty() || !a.value.literal ||
          a.value.literal->find_first_of(seps) == std::string::npos) {
        n.files.push_back({Touch::read, a.value, From::option, a.name});
      } else {  // `LD_PRELOAD=x.so:.env`: each file of the list
        const std::string& list = *a.value.literal;
        // Bounded before the work: past limits::judged_paths the judge asks (judge_paths.cpp).
        for (std::size_t b = 0; b <= list.size() && n.files.size() <= limits::judged_paths;) {
          const std::size_t e = std::min(list.find_first_of(seps, b), list.size());
          if (e > b)
            n.files.push_back({Touch::read, synthesized(a.value, list.substr(b, e - b), b),
                               From::option, a.name});
          b = e + 1;
        }
      }
    }
    if (const char wf = variable_written_file(a.name, a.value.text); wf && !a.value.text.empty()) {
      if (wf == 'g' && a.value.literal) {  // any file of the folder: `DIR/*`
        const std::string& d = *a.value.literal;
        shell::WordView any = synthesized(a.value, d + (d.ends_with('/') ? "*" : "/*"), 0);
        any.literal.reset();
        any.has_glob = true;
        n.files.push_back({Touch::write, std::move(any), From::option, a.name});
      } else {
        n.files.push_back({Touch::write, a.value, From::option, a.name});
      }
    }
  }

  if (!n.redirects.empty()) redirect_effects(n.redirects, n.files);
  // `for f in ~/.ssh/*`, `a=(~/.ssh/*)`: cmd.glob_words (most commands have none: no call).
  const bool words_within = glob_listings(n.words, n.redirects, n.files);
  const bool globs_within = cmd.glob_words.empty() || glob_listings(cmd.glob_words, {}, n.files);
  if (!globs_within || !words_within)
    n.escalations.push_back("more than " + std::to_string(limits::glob_listing_levels) +
                            " levels of globs in one word");
  if (!n.redirects.empty()) network_redirects(n.redirects, n.connections, n.fetches);
  indirect_assignments(n);
  // `https_proxy=http://HOST:PORT; curl …`: the proxies later commands may go through.
  if (n.words.empty()) named_hosts::assigned_proxies(n.assigns, n.fetches);
  if (n.words.empty()) return n;
  // `./.env`, `~/.ssh/tool`: a program named by its path is read to be run.
  if (const auto& v = n.words.front().pattern; v && v->find('/') != std::string::npos)
    n.files.push_back({Touch::exec, n.words.front(), From::operand, "program"});
  // n.words[0] is w[start]: the name the loop stopped on, when it stopped on a command, is in
  // n.name already.
  if (!stopped) {
    if (!n.words[0].literal) {
      n.name_static = false;
      n.escalations.push_back("dynamic command name");
      return n;
    }
    n.name.assign(command_name_view(*n.words[0].literal));
  }

  // What the program does to files and to other programs, from the programs table (before
  // git's global options are stripped: `git -C DIR` and `git -c k=v` are part of it).
  const ProgramName program = stopped ? stopped_program : program_name(n.name);
  n.program = program;
  ProgramEffects fx;
  fx.files = spare_files();  // the buffer of a previous command of this thread, when one is kept
  program_effects(program.decl, n.name, n.words, fx);
  if (!n.redirects.empty()) {
    // `cp x /dev/fd/3 3<f`: an operand naming a descriptor the command opened may write f.
    if (std::string e = descriptor_operand(n.name, n.words, n.redirects); !e.empty())
      n.escalations.push_back(std::move(e));
    client_stdin(n.name, program.decl, n.words, n.redirects, n);
    if (!program.shell) interpreter_stdin(program.decl, program.interpreter, n);
    if (fx.stdin_script) stdin_script(n.name, n.redirects, n);
    if (fx.stdin_crontab) stdin_crontab(n.name, n.redirects, n);
    if (n.name == "ssh") remote_stdin(fx.scripts, n);
  }
  if (!program.decl && !program.wrapper) {
    if (table_interpreter(program, n.name)) undeclared_interpreter(n.name, n.words, n);
    named_paths(n.name, n.words, n);
  }
  if (program.decl && program.decl->command_spellings)
    command_spellings(n.name, *program.decl, n.words, fx);
  take_effects(fx, n);
  named_fetches(program, n.name, n.words, n.assigns, n.fetches);
  if (fx.chdir && !n.chdir) n.chdir = fx.chdir;
  program_variables(n);

  // Git's global options come right after `git`; most lines have none (`git status`), and
  // stripping copies the words, so look first.
  auto has_globals = [](const Words& w) {
    return w.size() > 1 && w[1].literal && !w[1].literal->empty() && (*w[1].literal)[0] == '-';
  };
  const std::string_view name_v = n.name;
  const bool git = name_v.size() == 3 && std::memcmp(name_v.data(), "git", 3) == 0;  // inline
  if (git && has_globals(n.words)) n.words = strip_git_globals(n.words, 0, nullptr, nullptr);
  // A shared allow view is `words`: stripped above exactly when it starts with git.
  if (n.allow_own && has_globals(*n.allow_own)) {
    auto an = command_name(n.allow_own->front());
    if (an && *an == "git") n.allow_own = strip_git_globals(*n.allow_own, 0, nullptr, nullptr);
  }

  if (program.shell) {
    shell_script(n.name, n.words, n.redirects, n);
  } else if (name_v == "eval") {
    eval_script(n.words, n);
  } else if ((name_v == "source" || name_v == ".") && n.words.size() > 1 && n.words[1].literal &&
             names_descriptor(*n.words[1].literal)) {
    stdin_script(n.name, n.redirects, n);  // `. /dev/stdin <<< 'S'` runs S
  } else if ((name_v == "source" || name_v == ".") && n.words.size() > 1 && !n.words[1].literal) {
    // `source <(curl …)`, `. "$(mktemp)"`: a script the line does not show.
    n.escalations.push_back("dynamic script for " + n.name);
  } else if (name_v == "busybox" && n.words.size() > 1 && n.words[1].literal &&
             is_shell(*n.words[1].literal)) {
    Words rest(n.words.begin() + 1, n.words.end());
    shell_script(*n.words[1].literal, rest, n.redirects, n);
  } else {
    script_runners(n.name, n.words, n);
  }
  // One finding per reason, and a bounded number of them (a hostile word can hold thousands).
  if (n.escalations.size() > 1) {
    std::vector<std::string> unique;
    for (auto& e : n.escalations)
      if (std::find(unique.begin(), unique.end(), e) == unique.end() && unique.size() < 16)
        unique.push_back(std::move(e));
    n.escalations = std::move(unique);
  }
  // Options the command implies (a `+refspec` push is a forced push): seen by deny/ask rules
  // through `words`, right after the command name, never by allow rules.
  if (!fx.implied.empty()) {
    n.detach_allow_words();
    std::size_t at = 1;
    if (git && n.words.size() > 1) at = 2;  // after the subcommand
    for (const auto& o : fx.implied) {
      WordView iw;
      iw.text = o;
      iw.literal = o;
      iw.pattern = o;
      n.words.insert(n.words.begin() + static_cast<std::ptrdiff_t>(std::min(at, n.words.size())),
                     iw);
      n.implied.push_back(o);
    }
  }
  return n;
}

}  // namespace

NormalizedCommand normalize(const shell::CommandView& cmd, const NormalizeOptions& opts) {
  return normalize_impl(cmd, nullptr, opts);
}

NormalizedCommand normalize_owned(shell::CommandView& cmd, const NormalizeOptions& opts) {
  return normalize_impl(cmd, &cmd.argv, opts);
}

}  // namespace vigie::engine
