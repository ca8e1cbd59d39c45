// Checks across a line's commands that its commands alone do not show: a file the line writes
// and then runs, and arithmetic that assigns a variable that changes what runs; a line holding
// a NUL byte; the safety checks of the argvs xargs runs with its input's words (called from
// engine/judge_command.cpp, out of its hot path).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "engine/bash_builtins.hpp"
#include "engine/builtin_code.hpp"
#include "engine/judge.hpp"
#include "engine/line_descriptors.hpp"
#include "engine/normalize.hpp"
#include "engine/shell_semantics.hpp"

namespace vigie::engine {

namespace {

// The keywords that read their words as arithmetic, names or code (`[[ 'HOME=1' -eq 1 ]]`);
// bash's builtins are bash_builtins.hpp's table (`let 'HOME=0'`, `declare -i x='HOME=0'`).
constexpr std::string_view kShellKeywords[] = {"[[", "((", "for", "select", "coproc", "time"};

// Whether what the command prints may become a value the shell reads again: captured
// (`x=$(echo 'HOME=1')`), piped (`… | while read x`), written to a file (`> f`; not
// `/dev/null` nor another descriptor), or printed inside anything but the line's own list or
// pipeline (a function, group, loop or `if` whose output is captured or piped).
bool output_kept(const std::vector<shell::CommandView>& cmds, std::size_t i) {
  const shell::CommandView& cmd = cmds[i];
  if (std::any_of(cmd.context.begin(), cmd.context.end(),
                  [](const std::string& c) { return c != "top" && c != "pipeline"; }))
    return true;
  if (i + 1 < cmds.size() && (cmds[i + 1].op == "|" || cmds[i + 1].op == "|&")) return true;
  for (const auto& r : cmd.redirects) {
    if (r.op.find('>') == std::string::npos) continue;
    const bool elsewhere = r.target.literal &&
                           (*r.target.literal == "/dev/null" || *r.target.literal == "-" ||
                            r.target.literal->find_first_not_of("0123456789") == std::string::npos);
    if (!elsewhere) return true;
  }
  return false;
}

// The line with the static argument words of each program that is not the shell (nor one of
// its builtins, a shell, or a wrapper that may run one) blanked out, where what it prints is
// not kept. The line itself when it does not parse (fail closed).
std::string without_program_arguments(std::string_view line) {
  std::string out(line);
  const shell::CommandsResult pr = shell::parse_commands(line);
  // `exec >f` sends every later command's output to the file.
  if (!pr.ok || std::any_of(pr.commands.begin(), pr.commands.end(), [](const auto& c) {
        return !c.argv.empty() && (!c.argv[0].literal || *c.argv[0].literal == "exec");
      }))
    return out;
  for (std::size_t i = 0; i < pr.commands.size(); ++i) {
    const shell::CommandView& cmd = pr.commands[i];
    if (cmd.argv.empty() || !cmd.argv[0].literal || output_kept(pr.commands, i)) continue;
    const std::string& name = *cmd.argv[0].literal;
    if (name.find('/') != std::string::npos || is_shell(name) || is_wrapper(name) ||
        bash_builtin(name) ||
        std::find(std::begin(kShellKeywords), std::end(kShellKeywords), name) !=
            std::end(kShellKeywords))
      continue;
    for (std::size_t k = 1; k < cmd.argv.size(); ++k) {
      const shell::WordView& w = cmd.argv[k];
      if (!w.literal || w.span.end > out.size() || w.span.begin >= w.span.end) continue;
      std::fill(out.begin() + w.span.begin, out.begin() + w.span.end, ' ');
    }
  }
  return out;
}

}  // namespace

void Judge::written_then_run_part(const std::vector<shell::CommandView>& views,
                                  const std::vector<NormalizedCommand>& cmds) {
  // `echo x 3<f >/dev/fd/3` reopens f for writing: where the line does not show which file
  // (`exec 3<f` before, a function's input, a program's operand), asked.
  // Only a descriptor opened for reading (`<`, `<>`, or a copy of one) can be: most lines open
  // none, and are not read further.
  const bool reads = std::any_of(cmds.begin(), cmds.end(), [](const NormalizedCommand& n) {
    return std::any_of(n.redirects.begin(), n.redirects.end(), [](const shell::RedirectView& r) {
      const std::string_view op = r.op;
      return op == "<" || op == "<>";
    });
  });
  if (std::string path = reads ? descriptor_reopen(cmds) : std::string(); !path.empty())
    add(builtin_ask(Builtin::commands_escalation,
                    fmt::format("the line writes `{}`, which opens again, for writing, a file "
                                "the line opened for reading: a human must check it",
                                excerpt(path))));
  // Static names only, folded (engine/line_descriptors.hpp): `echo … > s.sh; bash ./s.sh`.
  // A loop's body runs again after its later commands (`for …; do bash x.sh; echo … > x.sh;
  // done`), a function's body where it is called, after the line defines it; the code a builtin
  // keeps to run later or calls back (`trap ACTION EXIT` runs last, `trap … DEBUG` before each
  // later command; `mapfile -C`, `compgen -C`, `bind -x`), as nested scripts: those run any file
  // the line writes, in any order. Every other command, the files written before it.
  constexpr std::string_view kKeepsCode[] = {"trap",    "mapfile",  "readarray",
                                             "compgen", "complete", "bind"};
  const auto again = [&](std::size_t i) {
    return i < views.size() &&
           std::any_of(views[i].context.begin(), views[i].context.end(), [](const std::string& c) {
             return c == "loop" || c.starts_with("function:");
           });
  };
  const auto keeps_code = [&](const NormalizedCommand& n) {
    return n.name_static &&
           std::find(std::begin(kKeepsCode), std::end(kKeepsCode), n.name) != std::end(kKeepsCode);
  };
  // Most lines write no file with a static name: nothing to run.
  std::size_t first_write = cmds.size();
  for (std::size_t i = 0; i < cmds.size() && first_write == cmds.size(); ++i)
    for (const auto& f : cmds[i].files)
      if (f.touch == Touch::write && f.word.literal) first_write = i;
  if (first_write == cmds.size()) return;
  bool any_order = false;  // only then every write is collected first
  for (std::size_t i = 0; i < cmds.size() && !any_order; ++i)
    any_order = again(i) || keeps_code(cmds[i]);
  // In order, only a command after a write may run it: none after the last command's
  // (`make | tee build.log`, `… > out.txt`).
  if (!any_order && first_write + 1 == cmds.size()) return;
  std::vector<std::string> all;  // every file the line writes
  if (any_order)
    for (const auto& n : cmds)
      for (const auto& f : n.files)
        if (f.touch == Touch::write && f.word.literal && all.size() <= limits::judged_paths)
          all.push_back(written_key(*f.word.literal));
  std::vector<std::string> written;  // those written before the command
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const NormalizedCommand& n = cmds[i];
    std::string run;
    if (!all.empty() && again(i))
      run = runs_written(n, all);
    else if (!written.empty())
      run = runs_written(n, written);
    if (run.empty() && !all.empty() && keeps_code(n)) {
      if (BuiltinCode code = builtin_code(n); !code.scripts.empty()) {
        NormalizedCommand kept;
        kept.nested_scripts = std::move(code.scripts);
        run = runs_written(kept, all);
      }
    }
    if (!run.empty())
      return add(builtin_ask(Builtin::commands_escalation,
                             fmt::format("the line runs `{}`, a file it writes itself: what it "
                                         "runs is not on the line, a human must check it",
                                         excerpt(run))));
    for (const auto& f : n.files)
      if (f.touch == Touch::write && f.word.literal && written.size() <= limits::judged_paths)
        written.push_back(written_key(*f.word.literal));
  }
}

void Judge::arithmetic_part(std::string_view line) {
  // `${x@P}` expands the value as a prompt, running its substitutions: a value the line builds
  // (`printf -v x '\x24(cmd)'`, `read x`, `x=$(…)`) is not shown. (A `{` made this part run.)
  if (line.find("@P}") != std::string_view::npos)
    add(builtin_ask(Builtin::commands_escalation,
                    "`${…@P}` expands a value as a prompt, running the substitutions it holds: "
                    "a human must check it"));
  // zsh's parameter flags `(e)` (the value expanded again: its substitutions run) and `(%)`
  // (prompt expansion, substitutions too under PROMPT_SUBST): `zsh -c 'print ${(e)x}'`, or a
  // line run by a harness whose shell is zsh. bash refuses `${(`, so no bash line has them.
  for (std::size_t at = line.find("${("); at != std::string_view::npos;
       at = line.find("${(", at + 3)) {
    const std::size_t close = line.find(')', at + 3);
    const std::string_view flags =
        line.substr(at + 3, close == line.npos ? line.npos : close - at - 3);
    if (flags.find_first_of("e%") != std::string_view::npos) {
      add(builtin_ask(Builtin::commands_escalation,
                      "zsh's `${(e)…}` or `${(%)…}` expands a value again, running the "
                      "substitutions it holds: a human must check it"));
      break;
    }
  }
  std::string name = arithmetic_assignment(line);
  if (name.empty()) return;
  // Read again without the static arguments of programs that are not the shell: the name there
  // is another language's (`python3 -c 'HOME=os.environ["HOME"]'`).
  name = arithmetic_assignment(without_program_arguments(line));
  if (name.empty()) return;
  add(builtin_ask(Builtin::commands_assignment,
                  fmt::format("the line assigns `{}` (arithmetic, a `{{NAME}}>` redirection or "
                              "`coproc NAME`), which changes what runs or where (`(( PATH = 0 ))` "
                              "makes `0` the folder commands are found in): a human must check it",
                              name)));
}

// A line holding a NUL byte: a shell reading it from a file drops the byte (`curl\0 x` runs
// `curl x`), one given it as an argument stops at it. Asked, and judged both ways.
void Judge::nul_line(std::string_view line, const std::string& cwd, unsigned depth) {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(Builtin::commands_unparsable, Effect::ask);
  part.message =
      "the command line holds a NUL byte, which shells read in different ways: a "
      "human must check it";
  d.error = part.message;
  add(std::move(part));
  std::string dropped;
  dropped.reserve(line.size());
  for (char c : line)
    if (c != '\0') dropped.push_back(c);
  judge_line(dropped, cwd, depth + 1);
  judge_line(line.substr(0, line.find('\0')), cwd, depth + 1);
}

// `echo / | xargs rm -rf` runs `rm -rf /`: each argv xargs runs with its input's words meets the
// safety checks as a command of its own would.
void Judge::xargs_safety_parts(const NormalizedCommand& n, const std::string& cwd, TraceEntry& t,
                               Part& acc) {
  for (const auto& argv : n.xargs_argvs) {
    NormalizedCommand filled;
    filled.words = argv;
    filled.name = n.name;
    filled.name_static = n.name_static;
    filled.chdir = n.chdir;
    for (const auto& hit : check_command(filled, safety_context(cwd))) {
      Part s = safety_part(hit);
      note_match(*s.rule, &t);
      fold(acc, s);
    }
  }
}

}  // namespace vigie::engine
