// Handler `launcher` (named in engine/programs_table.cpp): environment and project managers
// whose subcommand runs a command in the environment they set up: `uv run CMD`, `poetry run`,
// `pipenv run`, `bundle exec`, `conda run` (mamba, micromamba), `direnv exec DIR CMD`,
// `mise exec -- CMD`, `nix develop -c CMD` and `nix shell … -c CMD` (without a command they
// start a shell: asked; `nix run` runs a package's own program: asked), `uvx TOOL`, `pipx run
// APP`, `hatch run`/`pdm run`/`rye run`, version managers' `exec CMD` (asdf, pyenv, rbenv…),
// `nix-shell --run LINE`, `op run -- CMD`, `aws-vault exec P -- CMD`, `doppler run`, wrappers:
// `setarch [ARCH] [FLAGS] CMD`, `linux32`, `linux64`, `prlimit`, `runcon CONTEXT CMD` or
// `runcon -t TYPE CMD`, `xvfb-run`, `eatmydata`, `rlwrap` (`-z FILTER` is a command line),
// `ip netns exec NAME CMD`, `ip vrf exec NAME CMD`, `pkexec`, `busybox APPLET`, `runuser`
// and `su` (`-c LINE`; the words after the user are its shell's arguments), `chroot NEWROOT
// CMD`, `systemd-run` (`-p Exec*=LINE` is judged as a line and asked; other properties are
// plain limits or asked). The command is judged as a command (a shell line as a nested
// script), so a bare allow of the manager never covers it; when it runs in another folder
// (a system unit's `/`, chroot's NEWROOT, a login's home) or with more environment
// (`systemd-run -E`), as the line `cd -- DIR && NAME=VALUE… CMD…`
// (engine/program_launchers_units.cpp).
// Each launcher's options are declared in the table (engine/program_launchers.hpp; parts in
// program_launchers_managers.cpp, program_launchers_runners.cpp) with its parser's syntax
// (getopt_long, argparse, clusters, whole words); one it does not declare makes where the
// command starts uncertain: asked. Desktop launches: program_launchers_desktop.cpp.
#include <algorithm>
#include <optional>
#include <string>

#include "engine/process_targets.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_launchers.hpp"
#include "engine/program_launchers_units.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

// engine/program_launchers_dotenv.cpp, _desktop.cpp, _zellij.cpp.
bool env_files_named(const Launcher& l, std::string_view name, const Words& w, std::size_t from,
                     std::size_t files, ProgramEffects& out);
bool desktop_launch(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects&);
bool zellij_session(std::string_view name, const Words& w, ProgramEffects& out);

namespace {

using program_words::lit;
using program_words::starts_with;

// Subcommands that run a program the line does not name (a package's own entry point): asked.
constexpr std::string_view kRunsPackage = "nix:run flatpak:run snap:run";

// Calls `fn` with each space-separated token of `list` until it returns true.
template <typename Fn>
bool any_token(std::string_view list, Fn fn) {
  while (!list.empty()) {
    auto sp = list.find(' ');
    std::string_view t = list.substr(0, sp);
    if (!t.empty() && fn(t)) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

bool listed(std::string_view list, std::string_view word) {
  return any_token(list, [&](std::string_view t) { return t == word; });
}

enum class Kind : char { none, flag, valued, optional, line, argv, props, multi, exec };

// The number of values of `key` in `l.multi` (`NAME:N`), or 0.
std::size_t multi_count(const Launcher& l, std::string_view key) {
  std::size_t n = 0;
  any_token(l.multi, [&](std::string_view t) {
    const auto colon = t.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= t.size() || t.substr(0, colon) != key)
      return false;
    n = static_cast<std::size_t>(t[colon + 1] - '0');
    return true;
  });
  return n;
}

Kind kind_of(const Launcher& l, std::string_view key) {
  if (listed(l.line, key)) return Kind::line;
  if (listed(l.argv, key)) return Kind::argv;
  if (listed(l.props, key)) return Kind::props;
  if (listed(l.exec, key)) return Kind::exec;
  if (multi_count(l, key) > 0) return Kind::multi;
  if (listed(l.valued, key) || listed(l.writes, key) || listed(l.reads, key)) return Kind::valued;
  if (listed(l.optional, key)) return Kind::optional;
  if (listed(l.flags, key)) return Kind::flag;
  return Kind::none;
}

// The long option `key` (`--name`) stands for: its exact name, else (getopt_long, argparse) the
// one long option it is a prefix of; "" when none or ambiguous.
std::string_view long_name(const Launcher& l, std::string_view key) {
  if (kind_of(l, key) != Kind::none) return key;
  if (l.syntax != Syntax::getopt && l.syntax != Syntax::argparse) return {};
  std::string_view found;
  bool ambiguous = false;
  for (std::string_view list :
       {l.flags, l.valued, l.optional, l.writes, l.reads, l.line, l.argv, l.props, l.multi, l.exec})
    any_token(list, [&](std::string_view t) {
      t = t.substr(0, list == l.multi ? t.rfind(':') : std::string_view::npos);
      if (starts_with(t, "--") && starts_with(t, key) && t != found) {
        ambiguous = !found.empty();
        found = t;
      }
      return ambiguous;
    });
  return ambiguous ? std::string_view() : found;
}

// A shell line the launcher runs, from one word (`hyperfine 'CMD'`, `nix-shell --run LINE`):
// judged as a nested script, and asked unless the launcher's lines are plain (`plain_lines`).
void run_line(const Launcher& l, const WordView& v, const std::string& what, ProgramEffects& out) {
  if (!v.literal) {
    out.escalations.push_back(what + " that is not static");
    return;
  }
  if (!l.plain_lines) out.escalations.push_back(what + ": runs a shell command");
  out.scripts.push_back(*v.literal);
}

// Splits `cmd` at its first argument mark (Launcher::arg_marks): the words after it leave
// `cmd`; the arguments of the `:::` lists go to `args`; the words of the
// `::::` lists are files of arguments, read (their lines are not known: asked). False when an
// argument is not static (asked; `cmd` still loses the arguments).
bool arguments(const Launcher& l, Words& cmd, const std::string& entry,
               std::vector<std::string>& args, ProgramEffects& out) {
  auto mark = [&](const WordView& v) {
    return v.literal && any_token(l.arg_marks, [&](std::string_view m) { return *v.literal == m; });
  };
  std::size_t k = 0;
  while (k < cmd.size() && !mark(cmd[k])) ++k;
  if (k == cmd.size()) return true;
  bool files = false;
  for (std::size_t i = k; i < cmd.size(); ++i) {
    if (mark(cmd[i])) {
      files = cmd[i].literal->starts_with("::::");
      continue;
    }
    if (files) {
      add_word_file(out, Touch::read, cmd[i], From::operand, entry + " ::::");
      out.escalations.push_back(entry + " with arguments read from a file");
      continue;
    }
    if (!cmd[i].literal) {
      out.escalations.push_back(entry + " with an argument that is not static");
      cmd.erase(cmd.begin() + static_cast<long>(k), cmd.end());
      return false;
    }
    args.push_back(*cmd[i].literal);
  }
  cmd.erase(cmd.begin() + static_cast<long>(k), cmd.end());
  return true;
}

// `cmd` is the command: judged as an argv, as the shell line its words make joined with
// spaces (Runs::joined), or as one shell line per word (Runs::each_line).
void run_words(const Launcher& l, Words cmd, const std::string& entry, ProgramEffects& out) {
  if (cmd.empty()) return;
  if (l.versioned && cmd[0].literal && cmd[0].literal->find('/') == std::string::npos)
    if (auto at = cmd[0].literal->find_first_of("@[=<>~!", 1); at != std::string::npos)
      cmd[0] = word_of(cmd[0], cmd[0].literal->substr(0, at));
  for (const auto& v : cmd)
    if (any_token(l.code_marks,
                  [&](std::string_view m) { return v.text.find(m) != std::string_view::npos; })) {
      out.escalations.push_back(entry + ": a command word holds code it runs itself");
      break;
    }
  if (l.runs == Runs::argv) {
    // One word holding blanks (`xterm -e 'curl x'`): several launchers (terminals) run such a
    // word with a shell; judged as that line too.
    if (cmd.size() == 1 && cmd[0].literal &&
        cmd[0].literal->find_first_of(" \t\n") != std::string::npos)
      out.scripts.push_back(*cmd[0].literal);
    out.argvs.push_back(std::move(cmd));
    return;
  }
  if (l.runs == Runs::each_line) {
    for (const auto& v : cmd) run_line(l, v, entry + " command", out);
    return;
  }
  std::vector<std::string> args;
  // An argument the line does not show: the line is judged without the arguments (and asked).
  if (!l.arg_marks.empty() && !arguments(l, cmd, entry, args, out)) args.clear();
  std::string line;
  for (const auto& v : cmd) {
    if (!v.literal) {
      // `watch -n1 rm -rf ~`: the line is not known, but its words as an argv are what it is
      // made of: judged as a command too (its deny rules meet it), and asked.
      out.escalations.push_back(entry + " with a command word that is not static");
      out.argvs.push_back(std::move(cmd));
      return;
    }
    if (!line.empty()) line += ' ';
    line += *v.literal;
  }
  if (!l.plain_lines) out.escalations.push_back(entry + ": runs its command with a shell");
  if (args.empty()) {
    out.scripts.push_back(std::move(line));
    return;
  }
  // `{}` stands for the argument, quoted; without it the argument follows the line. Without a
  // command, each argument is a command line.
  const bool placeholder = line.find("{}") != std::string::npos;
  auto quote = [](const std::string& a) { return program_words::single_quoted(a); };
  auto with = [&](const std::string& arg) {
    if (line.empty()) return arg;
    const std::string quoted = quote(arg);
    if (!placeholder) return line + " " + quoted;
    std::string out_line;
    for (std::size_t at = 0;;) {
      std::size_t p = line.find("{}", at);
      out_line += line.substr(at, p == std::string::npos ? std::string::npos : p - at);
      if (p == std::string::npos) return out_line;
      out_line += quoted;
      at = p + 2;
    }
  };
  if (args.size() > kLineArguments) {
    out.escalations.push_back(entry + " with more arguments than are judged one by one");
    if (line.empty()) {
      for (const auto& a : args) out.scripts.push_back(a);
      return;
    }
    std::string all = line;
    for (const auto& a : args) all += " " + quote(a);
    out.scripts.push_back(std::move(all));
    return;
  }
  for (const auto& a : args) out.scripts.push_back(with(a));
}

// The words from `from` on are the command.
void run_argv(const Launcher& l, const Words& w, std::size_t from, const std::string& entry,
              ProgramEffects& out) {
  if (from < w.size())
    run_words(l, Words(w.begin() + static_cast<long>(from), w.end()), entry, out);
}

// What one option does once its kind is known. `value` is the attached value (nullptr: the
// next word, for the kinds that take one). Returns the words it consumed after its own.
struct Step {
  std::size_t skip = 0;
  bool ran = false;                 // the rest of the words is the command (judged)
  bool unknown = false;             // where the command starts is not known
  std::optional<WordView> program;  // Kind::exec: the program run
};

Step use(const Launcher& l, const Words& w, std::size_t i, Kind k, std::string_view key,
         const std::string* value, bool is_static, const std::string& entry, UnitPlace& u,
         ProgramEffects& out) {
  Step st;
  // `prlimit --pid PID`: a running process instead of a command (engine/process_targets.cpp).
  if (k != Kind::none && process_option(l.program.substr(0, l.program.find(' ')), key))
    out.escalations.push_back(entry + " " + std::string(key) + " (acts on a running process)");
  if (k != Kind::none && listed(l.hidden, key))
    out.escalations.push_back(entry + " " + std::string(key) +
                              ": runs what the line does not show");
  switch (k) {
    case Kind::none:
      st.unknown = true;
      return st;
    case Kind::flag:
      st.unknown = value != nullptr;  // `--flag=V`: the tool refuses it
      if (!value) unit_option(l, key, nullptr, entry, u, out);
      return st;
    case Kind::optional:
      return st;
    case Kind::argv:
      if (value) {
        st.unknown = true;
        return st;
      }
      run_argv(l, w, i + 1, entry, out);
      st.ran = true;
      return st;
    case Kind::multi: {
      // N values: the attached one (if any) and the next words.
      const std::size_t n = multi_count(l, key);
      st.skip = value ? n - 1 : n;
      if (value && !is_static)
        out.escalations.push_back(entry + " " + std::string(key) + " that is not static");
      return st;
    }
    default:
      break;
  }
  std::optional<WordView> made;
  const WordView* vw = nullptr;
  if (value) {
    if (!is_static) {
      out.escalations.push_back(entry + " " + std::string(key) + " that is not static");
      return st;
    }
    made = word_of(w[i], *value);
    vw = &*made;
  } else if (i + 1 < w.size()) {
    vw = &w[i + 1];
    st.skip = 1;
  } else {
    return st;  // a missing value: the tool refuses
  }
  unit_option(l, key, vw, entry, u, out);
  if (k == Kind::props) {
    unit_property(*vw, entry + " " + std::string(key), out);
  } else if (k == Kind::line) {
    run_line(l, *vw, entry + " " + std::string(key), out);
  } else if (k == Kind::exec) {
    st.program = *vw;
  } else if (listed(l.writes, key) || listed(l.reads, key)) {
    out.files.push_back({listed(l.writes, key) ? Touch::write : Touch::read, *vw, From::option,
                         entry + " " + std::string(key)});
  }
  return st;
}

// One word that starts with `-` (not `--` alone), read with the launcher's syntax.
Step option(const Launcher& l, const Words& w, std::size_t i, std::string_view v, bool is_static,
            const std::string& entry, UnitPlace& u, ProgramEffects& out) {
  const bool is_long = v.size() > 2 && v[1] == '-';
  if (is_long || l.syntax == Syntax::words || kind_of(l, v) != Kind::none) {
    std::size_t eq = v.find('=');
    std::string_view key = v.substr(0, eq);
    std::string value;
    if (eq != std::string_view::npos) value = std::string(v.substr(eq + 1));
    if (is_long) key = long_name(l, key);
    Kind k = key.empty() ? Kind::none : kind_of(l, key);
    return use(l, w, i, k, key, eq == std::string_view::npos ? nullptr : &value, is_static, entry,
               u, out);
  }
  // A cluster of short options: flags, then at most one that takes the rest of the word (or
  // the next word) as its value.
  for (std::size_t j = 1; j < v.size(); ++j) {
    const std::string key{'-', v[j]};
    Kind k = kind_of(l, key);
    if (k == Kind::flag) {
      unit_option(l, key, nullptr, entry, u, out);
      continue;
    }
    std::string_view rest = v.substr(j + 1);
    if (k == Kind::none || rest.empty())
      return use(l, w, i, k, key, nullptr, is_static, entry, u, out);
    if (rest[0] == '=' && l.syntax != Syntax::getopt) rest.remove_prefix(1);
    const std::string value(rest);
    return use(l, w, i, k, key, &value, is_static, entry, u, out);
  }
  return {};
}

// Whether the option word `v` (static) names one of `list` (a launcher's option list): a long
// option or a prefix of it, or a cluster of flags that holds its letter.
bool names_option(const Launcher& l, std::string_view v, std::string_view list) {
  if (list.empty()) return false;
  if (v.size() > 2 && v[1] == '-') return listed(list, long_name(l, v.substr(0, v.find('='))));
  for (std::size_t j = 1; j < v.size(); ++j) {
    const std::string key{'-', v[j]};
    if (listed(list, key)) return true;
    if (kind_of(l, key) != Kind::flag) return false;
  }
  return false;
}

// Reads the launcher's options and judges its command; `read_given`: an option of `l.reads` was
// met.
void launch_command(const Launcher& base, std::string_view name, const Words& w, std::size_t from,
                    ProgramEffects& out, bool& read_given, UnitPlace& u) {
  Launcher l = base;  // its `runs` changes with an argv switch (Launcher::argv_switch)
  const std::string entry = std::string(name) + (l.sub.empty() ? "" : " ") + std::string(l.sub);
  std::size_t operands = 0;
  std::size_t skip = l.skip;
  bool script_seen = false;  // Launcher::script_operand
  bool unknown = false;
  std::vector<WordView> programs;  // Kind::exec values: each runs with the command's words
  Words collected;                 // `permute`: the operands met so far, in order
  // The end of the options (`--` at `rest - 1`, or the last word): the command is the operands
  // collected and the words from `rest` on.
  const auto finish = [&](std::size_t rest) {
    Words cmd = std::move(collected);
    if (rest < w.size()) cmd.insert(cmd.end(), w.begin() + static_cast<long>(rest), w.end());
    if (l.permute)
      cmd.erase(cmd.begin(), cmd.begin() + static_cast<long>(std::min(skip, cmd.size())));
    // (Each line of Runs::each_line was judged as met; the options around them still count.)
    if (unknown &&
        (l.runs == Runs::each_line || (l.permute && (!cmd.empty() || !programs.empty()))))
      out.escalations.push_back(entry + " with an option the table does not know");
    if (programs.empty()) {
      run_words(l, std::move(cmd), entry, out);
      return;
    }
    for (const auto& p : programs) {
      Words argv{p};
      argv.insert(argv.end(), cmd.begin(), cmd.end());
      out.argvs.push_back(std::move(argv));
    }
  };
  // `@FILE` words before the first `--`, the command's included (`watchexec echo @args`).
  for (std::size_t i = from; l.argfiles && i < w.size(); ++i) {
    const std::string_view t = w[i].text;
    if (t == "--") break;
    if (t.size() < 2 || t[0] != '@') continue;
    out.escalations.push_back(entry + " " + std::string(t) + ": arguments read from a file");
    if (const std::string* s = lit(w, i))
      out.files.push_back(
          {Touch::read, synthesized(w[i], s->substr(1), 1), From::operand, entry + " @file"});
  }
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`' ||
                                 w[i].text[0] == '"' || w[i].text[0] == '\'')) {
        out.escalations.push_back(entry + " with a word that is not static before its command");
        return;
      }
    }
    std::string_view v = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (v == "--") {
      std::size_t rest = i + 1;
      // getopt's `--` ends the options only: the operands before the command still follow it
      // (`chroot --groups=0 -- / CMD`: `/` is NEWROOT, `runuser -- bob CMD`: bob is USER).
      if (l.syntax == Syntax::getopt && !l.permute && !l.first_only && !l.dash_only &&
          skip != kNever)
        for (; operands < skip && rest < w.size(); ++operands, ++rest)
          if (!u.root) u.root = w[rest];
      finish(rest);
      return;
    }
    if (v == "-" && listed(l.flags, "-")) {  // `su -`: a login shell
      unit_option(l, v, nullptr, entry, u, out);
      continue;
    }
    if (v.size() > 1 && v[0] == '-') {
      if (!l.named_by.empty() && s) {
        if (v.size() > 2 && v[1] == '-') {
          if (listed(l.named_by, long_name(l, v.substr(0, v.find('='))))) skip = 0;
        } else {
          for (std::size_t j = 1; j < v.size(); ++j) {  // a cluster: flags, then one valued
            const std::string key{'-', v[j]};
            if (listed(l.named_by, key)) skip = 0;
            if (kind_of(l, key) != Kind::flag) break;
          }
        }
      }
      if (s && names_option(l, v, l.argv_switch)) l.runs = Runs::argv;
      if (s && names_option(l, v, l.line_switch)) l.runs = Runs::joined;
      if (s && names_option(l, v, l.replaces_default.empty() ? l.reads : l.replaces_default))
        read_given = true;
      if (s && names_option(l, v, l.line)) script_seen = true;  // the operands are its arguments
      Step st = option(l, w, i, v, s != nullptr, entry, u, out);
      if (st.ran) return;
      if (st.program) programs.push_back(*st.program);
      unknown = unknown || st.unknown;
      i += st.skip;
      continue;
    }
    if (l.runs == Runs::each_line) {  // every operand a line; options may follow
      run_line(l, w[i], entry + " command", out);
      continue;
    }
    if (l.permute) {  // getopt moves operands to the end: options may follow them
      collected.push_back(w[i]);
      continue;
    }
    if (l.script_operand && !script_seen) {  // `fish tool.fish ARGS`: the script, read and run
      script_seen = true;
      add_word_file(out, Touch::exec, w[i], From::operand, entry + " script");
      continue;
    }
    if (l.dash_only || l.skip == kNever) continue;  // not the command
    if (operands++ < skip && (!l.first_only || i == from)) {
      if (!u.root) u.root = w[i];  // chroot's NEWROOT, runuser's USER (Launcher::runs_in)
      continue;
    }
    if (unknown) {
      out.escalations.push_back(entry + " with an option the table does not know");
      return;
    }
    if (!programs.empty()) {  // the program given by an option; the operands its arguments
      collected.assign(w.begin() + static_cast<long>(i), w.end());
      finish(w.size());
      return;
    }
    run_argv(l, w, i, entry, out);
    return;
  }
  finish(w.size());
  if (l.script_operand && !script_seen) out.stdin_script = true;  // `echo CMD | fish`
  if (l.dash_only && w.size() > from && out.scripts.empty() && programs.empty())
    out.escalations.push_back(entry + " without `--`: where its command starts is not known");
}

void launch(const Launcher& l, std::string_view name, const Words& w, std::size_t from,
            ProgramEffects& out) {
  bool read_given = false;
  UnitPlace u = unit_place(l);
  const std::size_t argvs = out.argvs.size(), files = out.files.size();
  launch_command(l, name, w, from, out, read_given, u);
  // A loader's files named before its subcommand (`honcho -e x.env start`), or as a list (`-e
  // a.env,b.env`): each read, in place of the default one.
  if (!l.reads_by_default.empty()) read_given |= env_files_named(l, name, w, from, files, out);
  // Its command run in another folder or with more environment: judged as that line.
  unit_commands(l, u, argvs, std::string(name) + (l.sub.empty() ? "" : " ") + std::string(l.sub),
                out);
  // The file it reads when no option names one (`dotenv CMD` reads `./.env`).
  if (!read_given && !l.reads_by_default.empty() && !w.empty())
    out.files.push_back({Touch::read, synthesized(w[0], std::string(l.reads_by_default), 0),
                         From::option, std::string(name) + " (its default file)"});
}

// Both parts of the table, in order (a program's first matching entry wins).
std::vector<Launcher> launchers_list() {
  std::vector<Launcher> all(kLaunchers, kLaunchers + kLaunchersCount);
  all.insert(all.end(), kRunnerLaunchers, kRunnerLaunchers + kRunnerLaunchersCount);
  all.insert(all.end(), kDotenvLaunchers, kDotenvLaunchers + kDotenvLaunchersCount);
  return all;
}

const std::vector<Launcher>& launchers() {
  static const std::vector<Launcher> all = launchers_list();
  return all;
}

// A launcher that ran no command: a shell, or a default program, when the table says so.
void without_command(std::string_view key, ProgramEffects& out) {
  std::string what(key);
  std::replace(what.begin(), what.end(), ':', ' ');
  if (listed(kShellWithoutCommand, key))
    out.escalations.push_back(what + " without a command: runs a shell");
  else if (listed(kRunnersWithoutCommand, key))
    out.escalations.push_back(what + " without a command: runs a program the line does not show");
}

// `ip -batch FILE` (`-b`, any prefix of `-batch`, `--batch`; `-` its input): FILE is read, and
// its lines are ip commands the line does not show (`netns exec NS CMD` among them): asked.
void ip_batch(const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* v = lit(w, i);
    if (!v) return;
    std::string_view o = *v;
    if (o.size() < 2 || o[0] != '-') return;
    if (o.substr(0, 2) == "--") o.remove_prefix(1);
    if (o.size() < 2) return;  // `--`
    if (starts_with("-batch", o)) {
      out.escalations.push_back("ip -batch: runs the ip commands of a file");
      if (i + 1 < w.size()) add_word_file(out, Touch::read, w[i + 1], From::option, "ip -batch");
      return;
    }
    // The global options that take the next word as their value.
    for (std::string_view valued : {"-netns", "-family", "-loops", "-rcvbuf"})
      if (starts_with(valued, o) && (o.size() > 2 || o == "-n" || o == "-f" || o == "-l")) {
        ++i;
        break;
      }
  }
}

}  // namespace

void launcher_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                      ProgramEffects& out) {
  if (desktop_launch(p, name, w, out) || zellij_session(name, w, out)) return;
  if (name == "ip") ip_batch(w, out);
  // The subcommand: the first word that names one (global options may stand before it, some
  // with a separate value: `nix --option K V develop`), or the program itself.
  for (std::size_t i = 1; i <= w.size(); ++i) {
    // `ip -all netns exec CMD` runs CMD in every namespace (no NAME to skip): asked, and its
    // words are judged from the one after `exec` on (the command among them).
    if (name == "ip" && i < w.size() && lit(w, i) && lit(w, i)->size() > 1 &&
        starts_with(std::string_view("-all"), *lit(w, i)))
      out.escalations.push_back("ip -all: runs a command in every namespace");
    for (const auto& l : launchers()) {
      if (!listed(l.program, name)) continue;
      if (l.sub.empty() && i == 1) {
        const std::size_t runs = out.argvs.size() + out.scripts.size();
        launch(l, name, w, 1, out);
        if (out.argvs.size() + out.scripts.size() == runs) without_command(name, out);
        return;
      }
      if (i < w.size() && !l.sub.empty() && lit(w, i) && *lit(w, i) == l.sub) {
        const std::size_t runs = out.argvs.size() + out.scripts.size();
        const std::string key = std::string(name) + ":" + std::string(l.sub);
        if (listed(kRunsPackage, key))
          out.escalations.push_back(std::string(name) + " " + std::string(l.sub) +
                                    " (a package's own program)");
        launch(l, name, w, i + 1, out);
        if (out.argvs.size() + out.scripts.size() == runs) without_command(key, out);
        return;
      }
    }
    if (i < w.size() && lit(w, i) && *lit(w, i) == "--") return;
  }
  // Another subcommand: its entry `NAME:SUB` in the programs table, if any (`uv build -o DIR`,
  // `conda create -p DIR`: engine/program_subcommands.cpp).
  subcommand_handler(p, name, w, out);
}

}  // namespace vigie::engine
