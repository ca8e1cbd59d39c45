// vigie: the command-line front end. Each subcommand lives in its own file and registers
// itself (see command.hpp).
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/command.hpp"
#include "cli/io.hpp"

namespace vigie::cli {

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> r;
  return r;
}

bool read_input(const std::string& path, std::string& out, std::string& error) {
  return read_bounded(path, out, error, vigie::limits::request_bytes);
}

}  // namespace vigie::cli

namespace {

void print_help() {
  std::cout << "usage: vigie <command> [options]\n\n"
               "Decides whether an AI coding agent's tool call is allowed, denied or asked.\n\n"
               "commands:\n";
  for (const auto& [name, c] : vigie::cli::registry()) {
    std::printf("  %-10s %s\n", name.c_str(), c.summary.c_str());
  }
  std::cout << "\nRun `vigie <command> --help` for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace vigie::cli;
  if (argc < 2) {
    print_help();
    return kExitUsage;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_help();
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "vigie " VIGIE_VERSION "\n";
    return kExitOk;
  }
  auto it = registry().find(name);
  if (it == registry().end()) {
    std::cerr << "vigie: unknown command `" << name << "`\n";
    print_help();
    return kExitUsage;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") {
      std::cout << it->second.usage;
      return kExitOk;
    }
  }
  // No subcommand ends with an uncaught exception (an abort is not an answer): a policy error's
  // exit status, or for a hook the harness's blocking error (2).
  const int fail = name == "hook" ? kExitUsage : kExitError;
  try {
    return it->second.run(args);
  } catch (const std::exception& e) {
    std::cerr << "vigie " << name << ": internal error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "vigie " << name << ": internal error\n";
  }
  return fail;
}
