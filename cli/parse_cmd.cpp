// `vigie parse`: the shell AST or the commands view of a script (stdin or -c).
//
// The output formats are a contract other tools rely on (see docs/shell.md):
//   --sexp (default)    the AST as an s-expression
//   --json              {"ok": bool, "ast": {...}|null, "errors": [...]}
//   --commands          the commands view as s-expressions
//   --commands --json   {"ok", "commands": [...], "errors": [...]}
//   --effects --json    {"ok", "commands": [{"argv": [...], "effects": [{"access", "path",
//                       "from"}]}], "errors": [...]}: what each command reads, writes, deletes
//                       and runs (engine/programs_table.cpp), nested scripts included
// Exit: 0 parsed, 1 syntax error, 2 bad usage.
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "engine/effects_view.hpp"
#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"

namespace {

const char* kUsage =
    "usage: vigie parse [--json|--sexp] [--commands|--effects] [-c SCRIPT]\n"
    "\n"
    "Parses a shell script (from stdin, or SCRIPT with -c) and prints its AST or, with\n"
    "--commands, every simple command it may run.\n"
    "\n"
    "  -c SCRIPT    parse SCRIPT instead of stdin\n"
    "  --sexp       print an s-expression (the default)\n"
    "  --json       print JSON\n"
    "  --commands   print the commands view instead of the AST\n"
    "  --effects    print what each command reads, writes, deletes and runs (JSON)\n"
    "\n"
    "Exit status: 0 parsed, 1 syntax error, 2 bad usage.\n";

// `<input>:L:C: error: message`, the source line and a caret.
void print_errors(const std::string& src, const std::vector<vigie::shell::ParseError>& errors) {
  for (const auto& e : errors) {
    std::cerr << "<input>:" << e.line << ":" << e.column << ": error: " << e.message
              << (e.incomplete ? " (incomplete input)" : "") << "\n";
    std::size_t start = std::min<std::size_t>(e.offset, src.size());
    while (start > 0 && src[start - 1] != '\n') --start;
    std::size_t end = src.find('\n', start);
    if (end == std::string::npos) end = src.size();
    std::string line = src.substr(start, end - start);
    if (line.size() > 200) continue;
    std::string prefix = std::to_string(e.line) + " | ";
    std::cerr << "  " << prefix << line << "\n";
    std::cerr << "  " << std::string(prefix.size() - 2, ' ') << "| "
              << std::string(e.column > 0 ? e.column - 1 : 0, ' ') << "^\n";
  }
}

int run(const std::vector<std::string>& args) {
  using namespace vigie;
  bool json = false, commands = false, effects = false, have_c = false;
  std::string src;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--sexp") {
      json = false;
    } else if (a == "--commands") {
      commands = true;
    } else if (a == "--effects") {
      effects = true;
    } else if (a == "-c") {
      if (i + 1 >= args.size()) {
        std::cerr << "vigie parse: -c needs a script\n" << kUsage;
        return cli::kExitUsage;
      }
      src = args[++i];
      have_c = true;
    } else {
      std::cerr << "vigie parse: unknown option `" << a << "`\n" << kUsage;
      return cli::kExitUsage;
    }
  }
  if (!have_c) {
    std::string err;
    if (!cli::read_input("-", src, err)) {
      std::cerr << "vigie parse: " << err << "\n";
      return cli::kExitUsage;
    }
  }
  if (effects) {
    std::string out = engine::effects_to_json(src);
    std::cout << out << "\n";
    return out.rfind("{\"ok\":true", 0) == 0 ? cli::kExitOk : cli::kExitError;
  }
  if (commands) {
    shell::CommandsResult r = shell::parse_commands(src);
    if (json) {
      std::cout << shell::commands_to_json(r) << "\n";
    } else {
      std::cout << shell::commands_to_sexp(r);
    }
    if (!r.ok) {
      if (!json) print_errors(src, r.errors);
      return cli::kExitError;
    }
    return cli::kExitOk;
  }
  shell::ParseResult p = shell::parse(src);
  if (json) {
    std::cout << "{\"ok\":" << (p.ok ? "true" : "false")
              << ",\"ast\":" << (p.ok ? shell::to_json(p.file) : std::string("null"))
              << ",\"errors\":" << shell::errors_to_json(p.errors) << "}\n";
  } else if (p.ok) {
    std::cout << shell::to_sexp(p.file) << "\n";
  }
  if (!p.ok) {
    if (!json) print_errors(src, p.errors);
    return cli::kExitError;
  }
  return cli::kExitOk;
}

const vigie::cli::Registrar reg{"parse",
                                {"print the shell AST or the commands of a script", kUsage, run}};

}  // namespace
