// The commands an interpreter's inline code runs by name (programs.hpp, add_code_commands), and
// what `python -m MODULE` runs (add_module_effects):
// `python3 -c 'import os; os.system("rm -rf ~")'`, `node -e 'require("child_process")
// .execSync("rm -rf ~")'`, `perl -e 'system "rm -rf ~"'`, `ruby -e '`rm -rf ~`'`.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/code_dynamic.hpp"
#include "engine/code_scan.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using Words = std::vector<shell::WordView>;

namespace {

// The functions of a language that run a command, and the word the code must also hold for
// them to be the process functions (`run` is subprocess's only when the code uses subprocess).
struct SpawnNames {
  std::string_view prefix;  // the interpreter's name starts with it
  std::string_view always;  // space-separated: always a process function
  std::string_view gated;   // space-separated: one only when the code holds `gate`
  std::string_view gate;
  bool backticks;           // a backquoted string is a command (perl, ruby, php, julia)
  bool bang_lines = false;  // `!CMD` to the end of its line runs CMD (dc)
  // The words after the name, to the end of the command (`;`, a newline, `]`), are the command
  // line: Tcl's `exec rm -rf /tmp/x`, expect's `spawn ssh host`.
  bool bare_words = false;
  // A string literal followed by this runs as a command line (Groovy's `"CMD".execute()`).
  std::string_view receiver = {};
};
// Python's process functions: os's `system`, `popen`, `spawn*`, `exec*`, `posix_spawn[p]`, pty's
// `spawn`, asyncio's `create_subprocess_exec|shell`.
constexpr std::string_view kPythonSpawns =
    "system popen spawn spawnl spawnle spawnlp spawnlpe spawnv spawnve spawnvp spawnvpe execl "
    "execle execlp execlpe execv execve execvp execvpe posix_spawn posix_spawnp "
    "create_subprocess_exec create_subprocess_shell";
constexpr SpawnNames kSpawnNames[] = {
    {"python", kPythonSpawns, "run call check_call check_output Popen getoutput getstatusoutput",
     "subprocess", false},
    // Windows' launcher `py` (after python: the last entry whose prefix matches wins).
    {"py", kPythonSpawns, "run call check_call check_output Popen getoutput getstatusoutput",
     "subprocess", false},
    {"ipython", kPythonSpawns, "run call check_call check_output Popen getoutput getstatusoutput",
     "subprocess", false},
    {"pypy", kPythonSpawns, "run call check_call check_output Popen getoutput getstatusoutput",
     "subprocess", false},
    {"node", "", "exec execSync execFile execFileSync spawn spawnSync fork", "child_process",
     false},
    // tsx and ts-node run node's code.
    {"tsx", "", "exec execSync execFile execFileSync spawn spawnSync fork", "child_process", false},
    {"ts-node", "", "exec execSync execFile execFileSync spawn spawnSync fork", "child_process",
     false},
    // mongosh is node (child_process); the legacy mongo shell's `runProgram("rm", "-rf", X)`.
    {"mongo", "runProgram runMongoProgram _runMongoProgram",
     "exec execSync execFile execFileSync spawn spawnSync fork", "child_process", false},
    {"perl", "system exec qx open", "", "", true},
    {"ruby", "system exec spawn popen popen3 capture2 capture2e capture3 pipeline", "", "", true},
    // irb and jruby read Ruby.
    {"irb", "system exec spawn popen popen3 capture2 capture2e capture3 pipeline", "", "", true},
    {"jruby", "system exec spawn popen popen3 capture2 capture2e capture3 pipeline", "", "", true},
    {"php", "system exec shell_exec passthru popen proc_open pcntl_exec", "", "", true},
    {"dc", "", "", "", false, true},
    // Lua's `os.execute("CMD")`, `io.popen("CMD")`; R's `system("CMD")`, `system2("rm", …)`,
    // `pipe("CMD")`; Julia's command literals (`run(`CMD`)`); Bun's `Bun.spawn(["rm", "-rf",
    // X])` and node's child_process; Deno's `new Deno.Command("rm", {args: ["-rf", X]})`,
    // `Deno.run({cmd: [...]})`; AppleScript's `do shell script "CMD"`; Tcl's and expect's
    // `exec`, `spawn`, `system` (their words, not a string).
    {"lua", "execute popen", "", "", false},
    {"R", "system system2 shell pipe", "", "", false},
    {"julia", "", "", "", true},
    {"bun", "spawn spawnSync", "exec execSync execFile execFileSync fork", "child_process", false},
    {"deno", "Command", "run", "Deno.run", false},
    {"osascript", "", "script", "do shell script", false},
    {"tclsh", "exec", "", "", false, false, true},
    {"wish", "exec", "", "", false, false, true},
    {"expect", "exec spawn system", "", "", false, false, true},
    {"groovy", "", "", "", false, false, false, ".execute("},
    // Elixir's `System.cmd("rm", ["-rf", X])`, `System.shell("CMD")`; Erlang's `os:cmd("CMD")`;
    // Scala's `Process("CMD")` and `"CMD".!`; Kotlin's `Runtime.getRuntime().exec("CMD")` and
    // `ProcessBuilder("rm", …)`; Guile's and Racket's `(system "CMD")`, `(open-pipe "CMD" …)`,
    // `(process "CMD")`.
    {"elixir", "cmd shell", "", "", false},
    {"erl", "cmd", "", "", false},
    {"scala", "Process exec ProcessBuilder", "", "", false, false, false, ".!"},
    {"kotlin", "exec ProcessBuilder", "", "", false},
    {"guile", "system pipe", "", "", false},
    {"racket", "system process", "", "", false},
    // jrunscript (Nashorn): Java's `Runtime.getRuntime().exec("CMD")`, `$EXEC("CMD")`.
    {"jrunscript", "exec EXEC", "", "", false},
    // Languages of their own that run commands and read files from the code on their input or
    // an option: m4's `syscmd(CMD)`, `esyscmd(CMD)`, `include(FILE)` (bare words); gnuplot's
    // `system "CMD"`, `!CMD` lines, `load "FILE"`; Octave's `system("CMD")`; GHCi's `:!CMD`,
    // `callCommand "CMD"`; Prolog's `shell('CMD')`; the Lisps' `(run-program "CMD" …)`,
    // `(shell "CMD")` (names with a `-` are not read: SBCL's `run-program`, whose code's paths
    // still are); Clojure's `(sh "rm" …)`; Maxima's `system("CMD")`.
    {"m4", "syscmd esyscmd", "", "", false, false, true},
    {"gnuplot", "system", "", "", false, true},
    {"octave", "system unix shell_cmd popen dos", "", "", false},
    {"ghci", "system callCommand spawnCommand rawSystem readProcess", "", "", false, true},
    {"swipl", "shell", "", "", false},
    {"sbcl", "", "", "", false},
    {"clisp", "shell", "", "", false},
    {"clojure", "sh", "", "", false},
    {"maxima", "system", "", "", false},
};

using code_scan::ident_char;

bool listed(std::string_view names, std::string_view word) {
  return program_words::in_words(names, word);
}

// The string literal opening at `code[i]` (a quote): its text with `\x` read as `x`; `end` is
// past its closing quote (code.size() when it is not closed).
std::string literal_at(std::string_view code, std::size_t i, std::size_t& end) {
  const char q = code[i];
  std::string out;
  std::size_t j = i + 1;
  while (j < code.size() && code[j] != q) {
    if (code[j] == '\\' && j + 1 < code.size()) ++j;
    out += code[j++];
  }
  end = j < code.size() ? j + 1 : code.size();
  return out;
}

bool is_quote(char c) {
  return c == '\'' || c == '"' || c == '`';
}

std::size_t skip_blanks(std::string_view code, std::size_t i) {
  while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) ++i;
  return i;
}

// Whether what follows a call's string literals at `code[i]` builds more of its command: an
// operator (`"curl " + url`, `"%s" % x`, `"{}".format(x)`), a list joined to more (`["ls"] +
// argv`) or a value that is not a literal (`["rm", path]`). A keyword argument (`shell=True`),
// an object's key, `.split()` of the literal and the call's end build nothing.
bool builds_more(std::string_view code, std::size_t i) {
  i = skip_blanks(code, i);
  if (i < code.size() && code[i] == ']') i = skip_blanks(code, i + 1);
  if (i >= code.size()) return false;
  const char c = code[i];
  if (c == '.') return !code.substr(i).starts_with(".split(");
  if (c == '+' || c == '%' || c == '*') return true;
  if (!ident_char(c)) return false;
  std::size_t k = i;
  while (k < code.size() && ident_char(code[k])) ++k;
  k = skip_blanks(code, k);
  return k >= code.size() || (code[k] != '=' && code[k] != ':');
}

// The string literals from `code[i]` on, separated only by blanks, commas and brackets (one
// argv: `["rm", "-rf", "x"]`): a line, or its words quoted when there are several. `i` moves
// past them. `built` is set when the call builds more of the command than its literals
// (`builds_more`, python's `f"{cmd}"`, a template's `${cmd}`).
std::string argument_line(std::string_view code, std::size_t& i, bool& built) {
  std::vector<std::string> parts;
  for (;;) {
    while (i < code.size() &&
           (code[i] == ' ' || code[i] == '\t' || code[i] == ',' || code[i] == '[' ||
            code[i] == '(' || code[i] == '{' || code[i] == '\n'))
      ++i;
    // An object's key before its value (`{args: ["-rf", x]}`, `{cmd: […]}`).
    if (std::size_t k = i; k < code.size() && ident_char(code[k])) {
      while (k < code.size() && ident_char(code[k])) ++k;
      if (k < code.size() && code[k] == ':') {
        i = k + 1;
        continue;
      }
    }
    // Python's string prefixes (`f"…"`, `r'…'`, `rb"…"`).
    bool formatted = false;
    for (std::size_t k = i; k < i + 2 && k + 1 < code.size() &&
                            std::string_view("rRbBfFuU").find(code[k]) != std::string_view::npos;
         ++k) {
      formatted = formatted || code[k] == 'f' || code[k] == 'F';
      if (is_quote(code[k + 1])) i = k + 1;
    }
    if (i >= code.size() || !is_quote(code[i])) {
      if (!parts.empty() && builds_more(code, i)) built = true;
      break;
    }
    std::size_t end = 0;
    const bool templ = code[i] == '`';
    parts.push_back(literal_at(code, i, end));
    if ((formatted && parts.back().find('{') != std::string::npos) ||
        (templ && parts.back().find("${") != std::string::npos))
      built = true;
    i = end;
  }
  if (parts.size() == 1) return parts.front();
  std::string line;
  for (const auto& p : parts) {
    if (!line.empty()) line += ' ';
    line += program_words::single_quoted(p);
  }
  return line;
}

// perl's piped `open`: `open(F, "-|", "CMD", ARGS…)` (`|-` too) runs CMD with ARGS, and the
// two-argument `open(F, "CMD |")` / `open(F, "| CMD")` runs CMD. The string literals up to the
// end of the call (`;` or a newline); any other open reads or writes a file.
void perl_piped_open(std::string_view code, std::size_t& i, std::vector<std::string>& scripts) {
  std::vector<std::string> args;
  while (i < code.size() && code[i] != ';' && code[i] != '\n') {
    if (!is_quote(code[i]) || code[i] == '`') {
      ++i;
      continue;
    }
    std::size_t end = 0;
    args.push_back(literal_at(code, i, end));
    i = end;
  }
  for (std::size_t k = 0; k < args.size(); ++k) {
    std::string_view a = args[k];
    while (!a.empty() && (a.front() == ' ' || a.front() == '\t')) a.remove_prefix(1);
    while (!a.empty() && (a.back() == ' ' || a.back() == '\t')) a.remove_suffix(1);
    if ((a == "-|" || a == "|-") && k + 1 < args.size()) {
      std::string line = args[k + 1];
      if (k + 2 < args.size()) {  // a list: CMD and its arguments, each a word
        line = program_words::single_quoted(args[k + 1]);
        for (std::size_t j = k + 2; j < args.size(); ++j)
          line += " " + program_words::single_quoted(args[j]);
      }
      scripts.push_back(std::move(line));
      return;
    }
    if (a.size() > 1 && a.back() == '|') {
      scripts.emplace_back(a.substr(0, a.size() - 1));
      return;
    }
    if (a.size() > 1 && a.front() == '|') {
      scripts.emplace_back(a.substr(1));
      return;
    }
  }
}

// The inline code of interpreters the programs table does not declare (their other words are
// read below): the option or subcommand whose next operand is code.
struct InlineCode {
  std::string_view program;
  std::string_view words;  // space-separated
};
constexpr InlineCode kInlineCode[] = {
    {"bun", "-e --eval -p --print"},
    {"deno", "eval"},
    {"groovy", "-e"},
    {"ipython", "-c"},
    {"ipython3", "-c"},
    {"jrunscript", "-e"},
    {"tsx", "-e --eval -p --print"},
    {"ts-node", "-e --eval -p --print"},
    {"elixir", "-e --eval"},
    {"erl", "-eval"},
    {"scala", "-e"},
    {"kotlin", "-e -expression"},
    {"guile", "-c"},
    {"racket", "-e --eval"},
    {"R", "-e"},
    {"gnuplot", "-e"},
    {"octave", "--eval"},
    {"ghci", "-e"},
    {"swipl", "-g -t"},
    {"sbcl", "--eval"},
    {"clisp", "-x"},
    {"clojure", "-e"},
    {"maxima", "--batch-string"},
};

}  // namespace

bool code_bare_words(std::string_view program) {
  for (const auto& s : kSpawnNames)
    if (program.substr(0, s.prefix.size()) == s.prefix) return s.bare_words;
  return false;
}

bool code_commands_known(std::string_view program) {
  for (const auto& s : kSpawnNames)
    if (program.substr(0, s.prefix.size()) == s.prefix) return true;
  return false;
}

void add_code_commands(std::string_view code, std::string_view program,
                       std::vector<std::string>& scripts, std::vector<std::string>& escalations) {
  const SpawnNames* names = nullptr;
  for (const auto& s : kSpawnNames)
    if (program.substr(0, s.prefix.size()) == s.prefix) names = &s;
  if (!names) return;
  if (names->bang_lines) {
    // dc: any `!`; gnuplot's `!CMD` and GHCi's `:!CMD` open their line (`x != 1` is not one).
    const bool anywhere = names->prefix == "dc";
    for (std::size_t b = code.find('!'); b != std::string_view::npos; b = code.find('!', b + 1)) {
      const std::size_t end = std::min(code.find('\n', b), code.size());
      const std::size_t line =
          code.rfind('\n', b) == std::string_view::npos ? 0 : code.rfind('\n', b) + 1;
      const std::string_view lead = code.substr(line, b - line);
      if (anywhere || lead.find_first_not_of(" \t:;") == std::string_view::npos)
        scripts.emplace_back(code.substr(b + 1, end - b - 1));
      b = end == code.size() ? end - 1 : end;
    }
    if (names->always.empty()) return;
  }
  const bool gate_open = !names->gate.empty() && code.find(names->gate) != std::string_view::npos;
  bool gated_seen = false;
  bool built = false;  // a command the code builds at run time: asked (an escalation)
  std::size_t i = 0;
  while (i < code.size()) {
    const char c = code[i];
    if (is_quote(c)) {
      std::size_t end = 0;
      std::string text = literal_at(code, i, end);
      if (!text.empty() &&
          ((c == '`' && names->backticks) ||
           (!names->receiver.empty() && code.substr(end).starts_with(names->receiver))))
        scripts.push_back(std::move(text));
      i = end;
      continue;
    }
    if (!ident_char(c) || (i > 0 && ident_char(code[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < code.size() && ident_char(code[e])) ++e;
    const std::string_view word = code.substr(i, e - i);
    const std::size_t word_at = i;
    if (gate_open && listed(names->gated, word)) gated_seen = true;
    // Ruby's `%x(CMD)` (`%x{…}`, `%x[…]`, `%x<…>`, `%x|…|`): read as perl's `qx`.
    const bool percent_x = word == "x" && i > 0 && code[i - 1] == '%' && names->prefix == "ruby";
    i = e;
    if (!percent_x && !listed(names->always, word) && !(gate_open && listed(names->gated, word)))
      continue;
    if (names->bare_words) {
      std::size_t end = code.find_first_of(";\n]", i);
      if (end == std::string_view::npos) end = code.size();
      std::string_view line = code.substr(i, end - i);
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
      if (!line.empty()) scripts.emplace_back(line);
      i = end;
      continue;
    }
    if ((word == "qx" || percent_x) && i < code.size() && !ident_char(code[i]) && code[i] != ' ') {
      // perl's `qx{CMD}`, `qx(CMD)`, `qx/CMD/`.
      const char open = code[i];
      const char close = open == '{'   ? '}'
                         : open == '(' ? ')'
                         : open == '[' ? ']'
                         : open == '<' ? '>'
                                       : open;
      std::size_t end = code.find(close, i + 1);
      if (end == std::string_view::npos) end = code.size();
      scripts.emplace_back(code.substr(i + 1, end - i - 1));
      i = end;
      continue;
    }
    if (word == "open" && names->prefix == "perl") {
      perl_piped_open(code, i, scripts);
      continue;
    }
    const std::size_t from = i;
    std::string line = argument_line(code, i, built);
    if (!line.empty()) {
      scripts.push_back(std::move(line));
      continue;
    }
    // No literal: the command is a value the code builds (`os.system(cmd)`, `subprocess.run(
    // args)`, perl's `system $cmd`, `exec @argv`), or node's function renamed where it is
    // taken (`const {spawnSync: run} = require("child_process")`). A call without arguments
    // (`platform.system()`), a name imported or listed (`from os import system`) and python's
    // own `def run(` run nothing.
    const bool call = code.substr(from, i - from).find('(') != std::string_view::npos;
    const bool defined = word_at >= 4 && code.substr(word_at - 4, 4) == "def ";
    if (i < code.size() && !defined &&
        (call ? code[i] != ')'
              : (names->backticks && (code[i] == '$' || code[i] == '@')) ||
                    (names->gate == "child_process" && code[i] == ':')))
      built = true;
  }
  // The process functions' module is loaded but none of them is called by a name read here
  // (`cp["exec" + "Sync"](…)`, `subprocess.__dict__["run"](…)`): what it runs is not shown.
  if (gate_open && !gated_seen && !names->gated.empty()) built = true;
  if (built || code_runs_built(code, names->prefix))
    escalations.push_back(std::string(program) +
                          " code that runs a command or code it builds at run time");
  // A file opened under a path built around a protected name or decoded: not in the line.
  if (code_opens_built_path(code))
    escalations.push_back(std::string(program) + " code that opens a path it builds at run time");
}

// `python3 -m black tests`: a module the programs table declares as a program (black, isort,
// pip, pytest…) does what that program does with the words after it.
void add_module_effects(const ParsedOption& o, const Words& words, ProgramEffects& out) {
  const std::string& module = *o.value->literal;
  // A standard module run as a program (`python-m:json.tool`: engine/programs_table_python.cpp),
  // else a program of the module's name (black, pip, pytest…).
  const ProgramDecl* decl = find_program("python-m:" + module);
  if (!decl) {
    const ProgramName pn = program_name(module);
    if (!pn.decl || pn.wrapper || pn.interpreter) return;
    decl = pn.decl;
  }
  std::size_t after = o.index + 1;  // `-mMOD`: the words after the option's own
  if (after < words.size() && words[after].span.begin == o.value->span.begin &&
      words[after].text == o.value->text)
    ++after;
  Words argv{*o.value};
  argv.insert(argv.end(),
              words.begin() + static_cast<std::ptrdiff_t>(std::min(after, words.size())),
              words.end());
  ProgramEffects fx;
  program_effects(decl, module, argv, fx);
  for (auto& f : fx.files) out.files.push_back(std::move(f));
  for (auto& e : fx.escalations) out.escalations.push_back(std::move(e));
  for (auto& sc : fx.scripts) out.scripts.push_back(std::move(sc));
}

namespace {

// The commands of Ruby's `un` library (`ruby -run -e NAME -- ARGS`), each the program of the
// same name with its options; `httpd` serves a folder.
constexpr std::string_view kRubyUnCommands[] = {"cp",    "ln",      "mv",    "rm",   "mkdir",
                                                "rmdir", "install", "chmod", "touch"};
// httpd's options that take a value (OptionParser: `--name=V` or `--name V`).
constexpr std::string_view kRubyHttpdValued[] = {
    "--bind-address",    "--port",         "--max-clients",     "--temp-dir",
    "--request-timeout", "--http-version", "--ssl-certificate", "--ssl-private-key"};

}  // namespace

void add_ruby_un_effects(const ParsedArgs& args, const Words& words, ProgramEffects& out) {
  bool un = false;
  const shell::WordView* code = nullptr;
  for (const ParsedOption& o : args.options) {
    if (o.spelling == "-r" && o.value && o.value->literal && *o.value->literal == "un") un = true;
    if (o.spelling == "-e" && o.value) code = &*o.value;
  }
  if (!un || !code) return;
  if (!code->literal) {
    out.escalations.push_back("ruby -run with a command that is not static");
    return;
  }
  const std::string& cmd = *code->literal;
  if (std::find(std::begin(kRubyUnCommands), std::end(kRubyUnCommands), cmd) !=
      std::end(kRubyUnCommands)) {
    Words argv{word_of(*code, cmd)};
    for (std::size_t k : args.operands) argv.push_back(words[k]);
    out.argvs.push_back(std::move(argv));
    return;
  }
  if (cmd != "httpd") return;
  // The document root: the operand that is not an option's value; the current folder without.
  std::optional<shell::WordView> root;
  for (std::size_t n = 0; n < args.operands.size(); ++n) {
    const shell::WordView& w = words[args.operands[n]];
    const std::string* s = w.literal ? &*w.literal : nullptr;
    if (s && std::find(std::begin(kRubyHttpdValued), std::end(kRubyHttpdValued), *s) !=
                 std::end(kRubyHttpdValued)) {
      ++n;
      continue;
    }
    if (s && s->starts_with("-")) continue;
    root = w;
  }
  FileEffect served{Touch::read, root ? *root : word_of(*code, "."), From::operand,
                    "ruby -run -e httpd (a file server)"};
  served.recursive = true;
  out.files.push_back(std::move(served));
}

// `bun -e CODE`, `deno eval CODE`: the paths its strings name and the commands it runs by name
// (engine/code_commands.cpp), judged as lines the command runs.
void undeclared_inline_code(const std::string& name, const Words& w, std::vector<FileEffect>& files,
                            std::vector<std::string>& scripts,
                            std::vector<std::string>& escalations) {
  const InlineCode* c = nullptr;
  for (const InlineCode& k : kInlineCode)
    if (k.program == name) c = &k;
  if (!c) return;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s || !program_words::in_words(c->words, *s)) continue;
    std::size_t at = i + 1;  // `deno eval --ext=ts CODE`: the first word that is not an option
    while (at + 1 < w.size() && program_words::lit(w, at) &&
           program_words::lit(w, at)->size() > 1 && (*program_words::lit(w, at))[0] == '-')
      ++at;
    const std::string* code = program_words::lit(w, at);
    if (!code) {  // `tsx -e "$CODE"`: code the line does not show
      if (at < w.size())
        escalations.push_back(name + " " + *s + " with code the line does not show");
      continue;
    }
    add_code_named_paths(*code, name + " " + *s + " code", files, code_bare_words(name));
    add_code_commands(*code, name, scripts, escalations);
  }
}

}  // namespace vigie::engine
