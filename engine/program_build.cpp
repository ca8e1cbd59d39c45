// Handlers of build, debug and scheduling tools (named in engine/programs_table.cpp): make's
// variable overrides on the command line, the compiler drivers (gcc, clang: `-o` writes, inputs
// are read, `-B`, `-wrapper`, `-specs`, plugins and `@FILE` run or load what cannot be seen),
// the linkers, gdb's commands (`-ex`, `-x` in every spelling getopt_long_only accepts), crontab,
// at and batch (commands installed to run later: at least asked), and sg (its command is a shell
// line, judged as a nested script).
#include <algorithm>
#include <string>

#include "engine/normalize.hpp"
#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}
void file(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  if (w.literal && (*w.literal == "-" || harmless_device(*w.literal))) return;
  out.files.push_back({t, w, From::option, std::move(entry)});
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

void make_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  for (std::size_t k : args.operands) {
    const std::string* s = lit(w, k);
    if (!s) {
      if (w[k].text.find('=') != std::string::npos)
        out.escalations.push_back(std::string(name) + " with a variable that is not static");
      continue;
    }
    auto eq = s->find('=');
    if (eq == std::string::npos || eq == 0) continue;  // a target
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
    if (op == '!') {  // `VAR != CMD`: make runs CMD through the shell
      out.escalations.push_back(std::string(name) + " " + var + "!=");
      out.scripts.push_back(value);
    } else if (is_dangerous_variable(var) ||
               std::find(std::begin(kMakePrograms), std::end(kMakePrograms), var) !=
                   std::end(kMakePrograms)) {
      out.escalations.push_back(entry + ": names a program make runs");
    } else if (value.find_first_of(";|&`$<>\n") != std::string::npos) {
      out.escalations.push_back(entry + ": a value a recipe may run");
    }
  }
}

// ---- compiler drivers and linkers ---------------------------------------------------------------

// Options followed by a separate value (gcc's SWITCH_TAKES_ARG and WORD_SWITCH_TAKES_ARG, clang's
// separate options, the linkers').
constexpr std::string_view kCcValued[] = {
    "-D",
    "-U",
    "-o",
    "-e",
    "-T",
    "-u",
    "-I",
    "-L",
    "-l",
    "-x",
    "-A",
    "-V",
    "-B",
    "-z",
    "-include",
    "-imacros",
    "-aux-info",
    "-idirafter",
    "-iprefix",
    "-iwithprefix",
    "-iwithprefixbefore",
    "-isystem",
    "-isysroot",
    "-iquote",
    "-imultilib",
    "-imultiarch",
    "-dumpbase",
    "-dumpbase-ext",
    "-dumpdir",
    "-MF",
    "-MT",
    "-MQ",
    "-Xlinker",
    "-Xassembler",
    "-Xpreprocessor",
    "-Xclang",
    "-wrapper",
    "-specs",
    "--specs",
    "-target",
    "--sysroot",
    "-arch",
    "-mllvm",
    "--output",
    "-Tdata",
    "-Ttext",
    "-Tbss",
    "-G",
    "-Map",
    "-soname",
    "-h",
    "-rpath",
    "-rpath-link",
    "-dynamic-linker",
    "-plugin",
    "--plugin",
    "-plugin-opt",
    "--script",
    "-y",
    "-Y",
    "-m",
    "-F",
    "-f",
    "-R",
    "-b",
    "--version-script",
    "-c",
};

bool cc_valued(std::string_view o, bool linker) {
  if (!linker && (o == "-c" || o == "-m" || o == "-f" || o == "-b" || o == "-F" || o == "-R" ||
                  o == "-h" || o == "-y" || o == "-Y" || o == "-G" || o == "-Map" ||
                  o == "-soname" || o == "-rpath" || o == "-plugin"))
    return false;  // the compiler's own: flags, or not taken separately
  return std::find(std::begin(kCcValued), std::end(kCcValued), o) != std::end(kCcValued);
}

void cc_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  const bool linker = p.handler == "ld";
  const std::string n(name);
  bool options_on = true;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`'))
        out.escalations.push_back(n + " with a word that is not static where an option may stand");
      else
        out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      continue;
    }
    std::string_view o = *s;
    if (!options_on || o.size() < 2 || o[0] != '-') {
      if (!o.empty() && o[0] == '@') {  // options read from a file
        out.escalations.push_back(n + " @FILE: options that are not visible");
        file(out, Touch::read, word_of(w[i], std::string(o.substr(1))), n + " @FILE");
      } else if (o != "-") {
        out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      }
      continue;
    }
    if (o == "--" && linker) {
      options_on = false;
      continue;
    }
    // The option, its value (separate, `=`-joined or attached for one-letter ones).
    std::string key(o), value;
    bool has_value = false;
    const WordView* separate = nullptr;  // the value's own word (it may not be static)
    if (auto eq = o.find('=');
        eq != std::string_view::npos && o.size() > 2 && o[1] != 'D' && o[1] != 'U' && o[1] != 'W') {
      key = std::string(o.substr(0, eq));
      value = std::string(o.substr(eq + 1));
      has_value = true;
    } else if (cc_valued(o, linker) && i + 1 < w.size()) {
      has_value = true;
      if (const std::string* v = lit(w, i + 1)) value = *v;
      separate = &w[++i];
    } else if (o.size() > 2 &&
               std::string_view("oBTLIlDUxeu").find(o[1]) != std::string_view::npos &&
               !(o[1] == 'l' && linker == false && o.size() > 2 && o[2] == '-')) {
      key = std::string(o.substr(0, 2));
      value = std::string(o.substr(2));
      has_value = true;
    }
    const WordView vw = separate ? *separate : word_of(w[i], value);
    auto runs = [&](std::string why) { out.escalations.push_back(n + " " + why); };
    if ((key == "-o" || key == "--output") && has_value) {
      file(out, Touch::write, vw, n + " -o");
    } else if ((key == "-MF" || key == "-aux-info" || key == "-Map" || key == "--Map") &&
               has_value) {
      file(out, Touch::write, vw, n + " " + key);
    } else if ((key == "-include" || key == "-imacros" || key == "-T" || key == "--script") &&
               has_value) {
      file(out, Touch::read, vw, n + " " + key);
    } else if (key == "-B" || key == "-wrapper" || key == "-specs" || key == "--specs" ||
               key == "-plugin" || key == "--plugin" || key == "--ld-path" ||
               key == "--gcc-toolchain" || key == "--gcc-install-dir" ||
               starts_with(key, "-fplugin") || starts_with(key, "-fpass-plugin") ||
               (key == "-fuse-ld" && value.find('/') != std::string::npos)) {
      runs(key + ": runs or loads another program");
      if (key == "-specs" || key == "--specs") file(out, Touch::read, vw, n + " " + key);
    } else if (key == "-Xclang" && (value == "-load" || value == "-plugin" ||
                                    value == "-add-plugin" || starts_with(value, "-fplugin"))) {
      runs("-Xclang " + value + ": loads a plugin");
    } else if ((key == "-Xlinker" && value.find("plugin") != std::string::npos) ||
               (starts_with(o, "-Wl,") && o.find("plugin") != std::string_view::npos)) {
      runs("passes a plugin to the linker");
    } else if (starts_with(o, "-Wl,") &&
               (o.find(",-o,") != std::string_view::npos || o.find("--output") != o.npos)) {
      runs("-Wl,-o: the linker writes a file the command does not show");
    }
  }
}

// ---- gdb ---------------------------------------------------------------------------------------

// gdb's long options (gdb/main.c), read by getopt_long_only: one or two dashes, an exact name or
// an unambiguous prefix; `x` an option that runs gdb commands, `r` reads a file of them, `v`
// takes a value, `-` a flag.
struct GdbOption {
  std::string_view name;
  char kind;
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
    {"cd", 'v'},
    {"data-directory", 'v'},
    {"D", 'v'},
    {"directory", 'v'},
    {"d", 'v'},
    {"exec", 'v'},
    {"e", 'v'},
    {"se", 'v'},
    {"symbols", 'v'},
    {"s", 'v'},
    {"core", 'v'},
    {"c", 'v'},
    {"pid", 'x'},
    {"p", 'x'},
    {"command", 'r'},
    {"x", 'r'},
    {"eval-command", 'x'},
    {"ex", 'x'},
    {"init-command", 'r'},
    {"ix", 'r'},
    {"init-eval-command", 'x'},
    {"iex", 'x'},
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
    {"early-init-command", 'r'},
    {"eix", 'r'},
    {"early-init-eval-command", 'x'},
    {"eiex", 'x'},
};

void gdb_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  bool batch = false, commands = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`'))
        out.escalations.push_back("gdb with a word that is not static where an option may stand");
      continue;
    }
    std::string_view o = *s;
    if (o == "--") break;
    if (o.size() < 2 || o[0] != '-') {
      out.files.push_back({Touch::read, w[i], From::operand, "gdb operand"});
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
    if (std::string_view("vxr").find(found->kind) != std::string_view::npos) {
      if (eq != std::string_view::npos) {
        attached = word_of(w[i], std::string(body.substr(eq + 1)));
        value = &attached;
      } else if (i + 1 < w.size()) {
        value = &w[++i];
      }
    }
    if (found->kind == 'x' || found->kind == 'r') {
      commands = true;
      out.escalations.push_back("gdb -" + std::string(found->name) + ": runs gdb commands");
      if (found->kind == 'r' && value) file(out, Touch::read, *value, "gdb --command");
    }
    if (found->kind == 'A') {  // --args PROG ARGS…: the rest are the program's arguments
      for (std::size_t k = i + 1; k < w.size(); ++k)
        if (lit(w, k) && !lit(w, k)->empty() && (*lit(w, k))[0] != '-') {
          out.files.push_back({Touch::read, w[k], From::operand, "gdb --args"});
          break;
        }
      break;
    }
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
    return;
  }
  // at, batch: the commands come from the standard input or `-f FILE` (read above).
  if (has('l') || has('c') || has('d') || has('r') || has('V')) return;
  out.escalations.push_back(n + ": installs commands that run later");
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

}  // namespace

void build_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  const std::string_view h = p.handler;
  if (h == "make")
    make_handler(p, name, w, out);
  else if (h == "cc" || h == "ld")
    cc_handler(p, name, w, out);
  else if (h == "gdb")
    gdb_handler(p, name, w, out);
  else if (h == "schedule")
    schedule_handler(p, name, w, out);
  else if (h == "sg")
    sg_handler(p, name, w, out);
}

}  // namespace vigie::engine
