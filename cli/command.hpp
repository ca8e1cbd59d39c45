// The `vigie` subcommands register themselves here, one file each (cli/parse_cmd.cpp,
// cli/lint_cmd.cpp, ...), so that main.cpp never lists them.
#ifndef VIGIE_CLI_COMMAND_HPP
#define VIGIE_CLI_COMMAND_HPP

#include <iostream>
#include <map>
#include <string>
#include <vector>
#include "grammar/policy/check.hpp"

namespace vigie::cli {

// Exit codes shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;  // a policy error, a syntax error
inline constexpr int kExitUsage = 2;  // bad flags or arguments

// `vigie CMD: MSG` and the pointer to `vigie CMD --help` on stderr; returns kExitUsage.
inline int usage_error(const std::string& cmd, const std::string& msg) {
  std::cerr << "vigie " << cmd << ": " << msg << "\n(run `vigie " << cmd << " --help`)\n";
  return kExitUsage;
}

struct Command {
  std::string summary;  // one line for `vigie --help`
  std::string usage;    // the full usage text for `vigie CMD --help`
  // Runs with the arguments after the subcommand name.
  int (*run)(const std::vector<std::string>& args);
};

std::map<std::string, Command>& registry();

// `static const vigie::cli::Registrar r{"parse", {...}};` in a subcommand's file.
struct Registrar {
  Registrar(const std::string& name, Command c) { registry()[name] = std::move(c); }
};

// Reads a whole file, or stdin for "-", at most limits::request_bytes (cli/io.hpp has the
// bounded readers). Returns false with a message on error.
bool read_input(const std::string& path, std::string& out, std::string& error);

}  // namespace vigie::cli

#endif  // VIGIE_CLI_COMMAND_HPP
