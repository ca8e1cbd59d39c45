// Handlers of build, debug and scheduling tools (named in engine/programs_table.cpp): make's
// variable overrides on the command line (their names and values expanded: `$(shell CMD)`,
// `$(file >F)`), gdb's commands (`-ex`, `-x` in every spelling
// getopt_long_only accepts), crontab, at and batch (commands installed to run later: at least
// asked), and sg (its command is a shell line, judged as a nested script). The compiler drivers
// and the linkers: engine/program_compilers.cpp.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "engine/normalize.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;
void file(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  add_word_file(out, t, w, From::option, std::move(entry));
}

// ---- make: `VAR=value` operands -------------------------------------------------------------

// Variables make's built-in rules and most makefiles run as programs, beyond the environment
// variables that change what runs (is_dangerous_variable: SHELL, MAKE, CC, LD, PATH…).
constexpr std::string_view kMakePrograms[] = {
    ".SHELLFLAGS", "MAKESHELL", "MAKEFILES", "GNUMAKEFLAGS", "CPP",     "AS",
    "FC",          "PC",        "RM",        "LEX",          "YACC",    "M2C",
    "CO",          "GET",       "TEX",       "LINT",         "CTANGLE", "CWEAVE",
    "TANGLE",      "WEAVE",     "MAKEINFO",  "TEXI2DVI",     "ARFLAGS",
};

// The GNU Coding Standards' installation directories (and DESTDIR, the staging root before
// them): `make install DESTDIR=DIR`, `make PREFIX=DIR install` write below DIR.
constexpr std::string_view kMakeInstallDirs[] = {
    "DESTDIR",        "prefix",        "PREFIX",      "exec_prefix",  "bindir",
    "sbindir",        "libexecdir",    "datarootdir", "datadir",      "sysconfdir",
    "sharedstatedir", "localstatedir", "runstatedir", "includedir",   "docdir",
    "infodir",        "libdir",        "mandir",      "INSTALL_ROOT", "INSTALL_PREFIX",
};

// make's functions in a word it expands (a command-line assignment, both its name and its
// value, or `--eval` text): `$(shell CMD)`, `${shell CMD}` run CMD with the shell (judged as a
// nested script), `$(file >F,TEXT)` and `$(file >>F,TEXT)` write F, `$(file <F)` reads it, at
// any depth (`$(eval $(shell CMD))`). `$$` is a literal `$`. Returns whether the word holds a
// reference make expands (the caller asks).
bool make_functions(const WordView& w, const std::string& text, const std::string& entry,
                    ProgramEffects& out) {
  bool expands = false;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '$') continue;
    if (text[i + 1] == '$') {
      ++i;
      continue;
    }
    expands = true;
    const char open = text[i + 1];
    if (open != '(' && open != '{') continue;
    const char close = open == '(' ? ')' : '}';
    // The argument ends at the bracket that closes this one (make counts the same kind).
    std::size_t end = i + 2;
    for (int depth = 1; end < text.size(); ++end) {
      if (text[end] == open) ++depth;
      if (text[end] == close && --depth == 0) break;
    }
    const std::string_view call = std::string_view(text).substr(i + 2, end - (i + 2));
    const std::size_t blank = call.find_first_of(" \t");
    const std::string_view fn = call.substr(0, blank);
    if (blank == std::string_view::npos) continue;
    std::string_view arg = call.substr(blank + 1);
    if (fn == "shell") {
      out.scripts.emplace_back(arg);
    } else if (fn == "file") {
      while (!arg.empty() && (arg.front() == ' ' || arg.front() == '\t')) arg.remove_prefix(1);
      const Touch t = arg.starts_with('<') ? Touch::read : Touch::write;
      if (!arg.starts_with('<') && !arg.starts_with('>')) continue;
      arg.remove_prefix(arg.starts_with(">>") ? 2 : 1);
      while (!arg.empty() && (arg.front() == ' ' || arg.front() == '\t')) arg.remove_prefix(1);
      std::string_view name = arg.substr(0, arg.find(','));
      while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
      if (name.empty()) continue;
      if (name.find('$') != std::string_view::npos) continue;  // not static: asked by the caller
      const std::size_t at = static_cast<std::size_t>(name.data() - text.data());
      add_word_file(out, t, synthesized(w, std::string(name), at), From::operand,
                    entry + " $(file)");
    }
  }
  return expands;
}

// Whether a target of the line installs (`install`, `install-strip`, `uninstall`…).
bool installs(const Words& w, const std::vector<std::size_t>& operands) {
  for (std::size_t k : operands) {
    const std::string* s = lit(w, k);
    if (s && s->find('=') == std::string::npos && s->find("install") != std::string::npos)
      return true;
  }
  return false;
}

// `make -C a -C b` (`-Ca`, `--directory=b`, in any order among the other options): each folder
// is taken from the one before (GNU make: `a/b`), as `git -C`'s; the makefile, `-f`, `-I`, `-t`'s
// targets are then below the last. The reads apply_options added for the folders are replaced:
// the last one by the folder make works in (judged from the line's folder), a folder passed
// through on the way kept only when it does not depend on where it is judged from.
void make_directories(const ParsedArgs& args, ProgramEffects& out) {
  std::optional<WordView> dir;
  std::size_t count = 0;
  for (const auto& o : args.options)
    if (o.decl && o.decl->role == 'c' && o.value) ++count;
  if (count < 2) return;
  std::size_t seen = 0;
  for (const auto& o : args.options) {
    if (!o.decl || o.decl->role != 'c' || !o.value) continue;
    chain_chdir(dir, *o.value);
    const bool last = ++seen == count;
    const bool absolute =
        dir->pattern && !dir->pattern->empty() && ((*dir->pattern)[0] == '/' || dir->has_tilde);
    for (auto f = out.files.begin(); f != out.files.end(); ++f)
      if (f->from == From::option && f->word.text == o.value->text &&
          f->word.span.begin == o.value->span.begin) {
        if (last || absolute)
          f->word = *dir;
        else
          out.files.erase(f);
        break;
      }
  }
  out.chdir = dir;
}

}  // namespace

void make_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  make_directories(args, out);
  // `make -f - <<< 'all: ; CMD'`: a makefile on the standard input, recipes the line holds in
  // make's language (not read here): asked.
  for (const auto& o : args.options)
    if (o.decl && o.decl->role == 'r' && !o.decl->shorts.empty() && o.decl->shorts[0] == 'f' &&
        o.value && o.value->literal &&
        (*o.value->literal == "-" || normalize_detail::names_descriptor(*o.value->literal)))
      out.escalations.push_back(std::string(name) + " -f -: a makefile on the standard input");
  // `make --eval TEXT`: makefile text (asked by its role), its functions judged as above.
  for (const auto& o : args.options)
    if (o.decl && o.decl->role == 'x' && o.value && o.value->literal)
      make_functions(*o.value, *o.value->literal, std::string(name) + " --eval", out);
  const bool touches = std::any_of(args.options.begin(), args.options.end(),
                                   [](const auto& o) { return o.decl && o.decl->flag == 'W'; });
  bool targets = false;
  for (std::size_t k : args.operands) {
    const std::string* s = lit(w, k);
    if (!s) {
      targets = true;
      if (touches) add_file(out, Touch::write, w[k], From::operand, std::string(name) + " -t");
      if (w[k].text.find('=') != std::string::npos)
        out.escalations.push_back(std::string(name) + " with a variable that is not static");
      continue;
    }
    auto eq = s->find('=');
    if (eq == std::string::npos || eq == 0) {  // a target: `make -t` touches it (a write)
      if (touches) add_file(out, Touch::write, w[k], From::operand, std::string(name) + " -t");
      targets = true;
      continue;
    }
    // `VAR=v`, `VAR := v`, `VAR += v`, `VAR ?= v`, `VAR != cmd` (blanks allowed: make reads
    // the word as a makefile line).
    std::string var = s->substr(0, eq);
    char op = var.back();
    if (op == ':' || op == '+' || op == '?' || op == '!') var.pop_back();
    while (!var.empty() && (var.back() == ':' || var.back() == ' ' || var.back() == '\t'))
      var.pop_back();
    while (!var.empty() && (var.front() == ' ' || var.front() == '\t')) var.erase(0, 1);
    std::string value = s->substr(eq + 1);
    std::string entry = std::string(name) + " " + var + "=";
    // make expands the NAME of a command-line definition before it assigns it
    // (`make '$(shell CMD)=1'` runs CMD), as it expands the value where a recipe uses it.
    if (make_functions(w[k], *s, std::string(name), out) && var.find('$') != std::string::npos) {
      out.escalations.push_back(entry + ": a name make expands");
      continue;
    }
    if (op == '!') {  // `VAR != CMD`: make runs CMD through the shell
      out.escalations.push_back(std::string(name) + " " + var + "!=");
      out.scripts.push_back(value);
    } else if (is_dangerous_variable(var) ||
               std::find(std::begin(kMakePrograms), std::end(kMakePrograms), var) !=
                   std::end(kMakePrograms)) {
      out.escalations.push_back(entry + ": names a program make runs");
    } else if (value.find_first_of(";|&`$<>\n") != std::string::npos) {
      out.escalations.push_back(entry + ": a value a recipe may run");
    } else if (!value.empty() &&
               std::find(std::begin(kMakeInstallDirs), std::end(kMakeInstallDirs), var) !=
                   std::end(kMakeInstallDirs) &&
               (var == "DESTDIR" || installs(w, args.operands))) {
      // The folder an install writes below (DESTDIR is read by install targets only).
      const std::size_t at = out.files.size();
      add_word_file(out, Touch::write, synthesized(w[k], value, eq + 1), From::operand, entry);
      if (out.files.size() > at) out.files.back().recursive = true;
    } else {
      // `make KEY=~/.ssh/id_rsa`: what the recipes do with it is not in the table; a value
      // naming a path meets the explicit path rules (engine/named_paths.cpp).
      add_named_path(w[k], entry, out.files);
    }
  }
  // `make -t` without a target touches the default goal's files: any file of its folder.
  if (touches && !targets) {
    WordView dot = word_of(w[0], ".");
    add_folder_files(out, dot, From::operand, std::string(name) + " -t (the default goal)");
  }
}

namespace {

// ---- gdb ---------------------------------------------------------------------------------------

// gdb's long options (gdb/main.c), read by getopt_long_only: one or two dashes, an exact name or
// an unambiguous prefix; `x` an option that runs gdb commands, `r` reads a file of them, `v`
// takes a value, `f` names a file gdb reads (a program, symbols, a core), `C` the folder gdb
// moves to before it opens them (`--cd`), `L` the data folder gdb loads its Python package from,
// `-` a flag. `early`: read or run before gdb moves to `--cd`'s folder (the init files and
// commands, gdb 13's `--early-init-…` ones too), so judged from the line's folder.
struct GdbOption {
  std::string_view name;
  char kind;
  bool early = false;
};
constexpr GdbOption kGdbOptions[] = {
    {"tui", '-'},
    {"dbx", '-'},
    {"readnow", '-'},
    {"readnever", '-'},
    {"r", '-'},
    {"q", '-'},
    {"quiet", '-'},
    {"silent", '-'},
    {"nh", '-'},
    {"nx", '-'},
    {"n", '-'},
    {"batch-silent", '-'},
    {"version", 'V'},
    {"cd", 'C'},
    {"data-directory", 'L'},
    {"D", 'L'},
    {"directory", 'v'},
    {"d", 'v'},
    {"exec", 'f'},
    {"e", 'f'},
    {"se", 'f'},
    {"symbols", 'f'},
    {"s", 'f'},
    {"core", 'f'},
    {"c", 'f'},
    {"pid", 'x'},
    {"p", 'x'},
    {"command", 'r'},
    {"x", 'r'},
    {"eval-command", 'x'},
    {"ex", 'x'},
    {"init-command", 'r', true},
    {"ix", 'r', true},
    {"init-eval-command", 'x', true},
    {"iex", 'x', true},
    {"early-init-command", 'r', true},
    {"eix", 'r', true},
    {"early-init-eval-command", 'x', true},
    {"eiex", 'x', true},
    {"args", 'A'},
    {"l", 'v'},
    {"tty", 'v'},
    {"t", 'v'},
    {"baud", 'v'},
    {"b", 'v'},
    {"interpreter", 'v'},
    {"i", 'v'},
    {"nw", '-'},
    {"nowindows", '-'},
    {"windows", '-'},
    {"w", '-'},
    {"statistics", '-'},
    {"write", '-'},
    {"batch", 'B'},
    {"fullname", '-'},
    {"f", '-'},
    {"annotate", 'v'},
    {"help", 'V'},
    {"h", 'V'},
    {"return-child-result", '-'},
    {"ui", 'v'},
    {"configuration", 'V'},
};

}  // namespace

namespace {

// gdb's commands that run a program or read a file, as an `-ex` line holds them. gdb takes an
// unambiguous start of a command's name, in any case: `shell CMD` (`she`, `!CMD`) and `make
// ARGS` (`mak`) run a shell line; `pipe [COMMAND] | CMD` (`pip`, `|`, `pipe -d DELIM COMMAND
// DELIM CMD`) runs CMD and the gdb command COMMAND; `python CODE` (`py`, `pi`, the starts of
// `python-interactive`) runs Python code, judged as `python3 -c CODE`; `source FILE` (`so`,
// `sou`, with `-s`, `-v`) reads FILE, gdb commands or a Python script.
struct GdbCommand {
  std::string_view name;
  std::size_t shortest;  // the shortest start gdb takes for it (aliases aside)
  char kind;             // `s` a shell line, `m` make's arguments, `p` pipe, `y` Python, `f` source
};
constexpr GdbCommand kGdbCommands[] = {
    {"shell", 3, 's'},  {"make", 3, 'm'}, {"pipe", 3, 'p'}, {"python-interactive", 2, 'y'},
    {"source", 3, 'f'}, {"so", 2, 'f'},   {"pi", 2, 'y'},
};

// gdb expands a leading `~` of the file names it is given (tilde_expand), quoted or not.
WordView gdb_path(const WordView& w) {
  return w.literal && w.literal->starts_with("~") ? path_word(w, *w.literal) : w;
}

std::string_view gdb_trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

void gdb_command(std::string_view command, const WordView& from, ProgramEffects& out,
                 unsigned depth) {
  command = gdb_trim(command);
  if (command.empty() || depth > 4) return;
  char kind = 0;
  std::string_view rest;
  if (command[0] == '!' || command[0] == '|') {  // one-character commands: text may follow
    kind = command[0] == '!' ? 's' : 'p';
    rest = command.substr(1);
  } else {
    std::size_t end = 0;
    while (end < command.size() &&
           (std::isalnum(static_cast<unsigned char>(command[end])) || command[end] == '-' ||
            command[end] == '_' || command[end] == '.'))
      ++end;
    std::string word(command.substr(0, end));
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& g : kGdbCommands)
      if (word.size() >= g.shortest && g.name.starts_with(word)) kind = g.kind;
    rest = command.substr(end);
  }
  rest = gdb_trim(rest);
  switch (kind) {
    case 's':
      if (!rest.empty()) out.scripts.emplace_back(rest);
      break;
    case 'm':
      out.scripts.push_back("make " + std::string(rest));
      break;
    case 'p': {
      std::string_view delim = "|";
      if (rest.starts_with("-d")) {  // `pipe -d DELIM COMMAND DELIM CMD`
        rest = gdb_trim(rest.substr(2));
        const std::size_t sp = rest.find_first_of(" \t");
        if (sp == std::string_view::npos) break;
        delim = rest.substr(0, sp);
        rest = rest.substr(sp);
      }
      const std::size_t at = rest.find(delim);
      if (at == std::string_view::npos) break;  // gdb: "Missing delimiter", nothing runs
      gdb_command(rest.substr(0, at), from, out, depth + 1);
      if (const auto line = gdb_trim(rest.substr(at + delim.size())); !line.empty())
        out.scripts.emplace_back(line);
      break;
    }
    case 'y':
      if (!rest.empty())
        out.argvs.push_back(
            {word_of(from, "python3"), word_of(from, "-c"), word_of(from, std::string(rest))});
      break;
    case 'f':
      while (rest.starts_with("-s") || rest.starts_with("-v") || rest.starts_with("--")) {
        const bool end = rest.starts_with("--");
        rest = gdb_trim(rest.substr(2));
        if (end) break;
      }
      if (!rest.empty()) file(out, Touch::read, path_word(from, rest), "gdb source");
      break;
    default:
      break;
  }
}

}  // namespace

void gdb_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  bool batch = false, commands = false;
  std::optional<WordView> cd;  // `--cd DIR`: the last one counts
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      // `$OPTS`, `--cd="$D"`: an option the line does not show; `"$F"`: a file operand.
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`' || w[i].text[0] == '-'))
        out.escalations.push_back("gdb with a word that is not static where an option may stand");
      else
        out.files.push_back({Touch::read, w[i], From::operand, "gdb operand"});
      continue;
    }
    std::string_view o = *s;
    if (o == "--") break;
    if (o.size() < 2 || o[0] != '-') {
      out.files.push_back({Touch::read, gdb_path(w[i]), From::operand, "gdb operand"});
      continue;
    }
    std::string_view body = o.substr(o[1] == '-' ? 2 : 1);
    auto eq = body.find('=');
    std::string_view key = body.substr(0, eq);
    const GdbOption* found = nullptr;
    bool ambiguous = false;
    for (const auto& g : kGdbOptions)
      if (g.name == key) found = &g;
    if (!found)
      for (const auto& g : kGdbOptions)
        if (!key.empty() && starts_with(g.name, key)) {
          ambiguous = ambiguous || (found && found->kind != g.kind);
          found = &g;
        }
    if (!found || ambiguous) {
      out.escalations.push_back("gdb " + std::string(o) + " (unknown option)");
      continue;
    }
    if (found->kind == 'V') return;
    if (found->kind == 'B') batch = true;
    const WordView* value = nullptr;
    WordView attached;
    if (std::string_view("vxrfCL").find(found->kind) != std::string_view::npos) {
      if (eq != std::string_view::npos) {
        attached = word_of(w[i], std::string(body.substr(eq + 1)));
        value = &attached;
      } else if (i + 1 < w.size()) {
        value = &w[++i];
      }
    }
    if (found->kind == 'C' && value) cd = gdb_path(*value);
    // `-D DIR`: gdb imports its `gdb` Python package from DIR/python at startup.
    if (found->kind == 'L') {
      out.escalations.push_back("gdb --data-directory: loads Python code from the folder");
      if (value) file(out, Touch::read, *value, "gdb --data-directory");
    }
    // `-e PROG`, `-s SYMS`, `-c CORE`, `--se`: files gdb opens and parses.
    if (found->kind == 'f' && value)
      file(out, Touch::read, gdb_path(*value), "gdb -" + std::string(found->name));
    if (found->kind == 'x' || found->kind == 'r') {
      commands = true;
      out.escalations.push_back("gdb -" + std::string(found->name) + ": runs gdb commands");
      const std::size_t from = out.files.size();
      if (found->kind == 'r' && value) file(out, Touch::read, gdb_path(*value), "gdb --command");
      if (found->kind == 'x' && value && value->literal)
        gdb_command(*value->literal, *value, out, 0);
      if (found->early)  // read before gdb moves to `--cd`'s folder
        for (std::size_t k = from; k < out.files.size(); ++k) out.files[k].before_chdir = true;
    }
    if (found->kind == 'A') {  // --args PROG ARGS…: the rest are the program's arguments
      // The program is what gdb runs (`run`, typed or given with `-ex`): judged as a command.
      if (i + 1 < w.size()) out.argvs.emplace_back(w.begin() + static_cast<long>(i) + 1, w.end());
      for (std::size_t k = i + 1; k < w.size(); ++k)
        if (lit(w, k) && !lit(w, k)->empty() && (*lit(w, k))[0] != '-') {
          out.files.push_back({Touch::read, w[k], From::operand, "gdb --args"});
          break;
        }
      break;
    }
  }
  // `--cd DIR` moves gdb to DIR before it opens its program, symbols and core, reads the `-x`
  // files and runs the `-ex` commands and the program: all of them relative to DIR (the `-ix`,
  // `-iex` files are read before the move: judged from the line's folder, `before_chdir`).
  if (cd) {
    add_word_file(out, Touch::read, *cd, From::option, "gdb --cd");
    out.chdir = *cd;
  }
  // Without --batch gdb reads its commands from the standard input.
  if (!batch && !commands) out.escalations.push_back("gdb reads commands from its input");
}

// ---- crontab, at, batch, sg --------------------------------------------------------------------

void schedule_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                      ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  const std::string n(name);
  auto has = [&](char c) {
    return std::any_of(args.options.begin(), args.options.end(), [c](const ParsedOption& o) {
      return o.decl && o.decl->shorts.find(c) != std::string::npos;
    });
  };
  if (n == "crontab") {
    if (has('e')) out.escalations.push_back("crontab -e: edits the commands cron runs");
    if (has('r')) out.escalations.push_back("crontab -r: removes the commands cron runs");
    if (has('l') || has('e') || has('r') || has('V') || has('T') || has('c')) return;
    for (std::size_t k : args.operands) file(out, Touch::read, w[k], "crontab operand");
    out.escalations.push_back("crontab: installs commands that cron runs later");
    // `crontab -`, `crontab` with no file: the crontab comes from the standard input.
    out.stdin_crontab =
        args.operands.empty() ||
        (args.operands.size() == 1 && lit(w, args.operands[0]) && *lit(w, args.operands[0]) == "-");
    return;
  }
  // at -d, at -r, atrm: remove queued jobs. They run nothing, but they change what the system
  // runs later out of sight of the path rules, like `crontab -r`: asked. (A job number is not
  // a path; which jobs exist is not known before the call.)
  if (has('V') && (n == "atrm" || args.operands.empty())) return;
  if (n == "atrm" || has('d') || has('r')) {
    out.escalations.push_back(n + ": removes commands queued to run later");
    return;
  }
  // at, batch: the commands come from the standard input or `-f FILE` (read above); the
  // input's text, when the line shows it (`at now <<< CMD`, `echo CMD | at now`), is judged as
  // a script.
  if (has('l') || has('c') || has('V')) return;
  out.escalations.push_back(n + ": installs commands that run later");
  if (!has('f')) out.stdin_script = true;
}

// `sg [-] GROUP [-c] COMMAND`: COMMAND is a shell line (`/bin/sh -c`).
void sg_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  std::size_t i = 1;
  if (lit(w, i) && *lit(w, i) == "-") ++i;
  ++i;  // the group
  if (lit(w, i) && *lit(w, i) == "-c") ++i;
  if (i >= w.size()) {
    out.escalations.push_back("sg: a shell reading its input");
    return;
  }
  std::string line;
  for (std::size_t k = i; k < w.size(); ++k) {
    if (!w[k].literal) {
      out.escalations.push_back("sg with a command that is not static");
      return;
    }
    line += (line.empty() ? "" : " ") + *w[k].literal;
  }
  out.scripts.push_back(line);
}

}  // namespace vigie::engine
