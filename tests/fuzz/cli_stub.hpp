// What cli/main.cpp defines for the subcommands (the registry and `read_input`), for the targets
// that include a subcommand's source to reach its decoder: stdin is the fuzz input.
#ifndef VIGIE_TESTS_FUZZ_CLI_STUB_HPP
#define VIGIE_TESTS_FUZZ_CLI_STUB_HPP

#include <iostream>
#include <sstream>
#include <string>

#include "cli/command.hpp"

namespace vigie::cli {

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> r;
  return r;
}

bool read_input(const std::string& path, std::string& out, std::string& error) {
  if (path != "-") {
    error = "the fuzz targets read stdin only";
    return false;
  }
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace vigie::cli

namespace vigie::fuzz {

// Runs `f` with stdin reading `input` and stdout (and stderr) captured; returns stdout.
template <class F>
std::string with_stdio(std::string_view input, F&& f) {
  std::istringstream in{std::string(input)};
  std::ostringstream out, err;
  auto* old_in = std::cin.rdbuf(in.rdbuf());
  auto* old_out = std::cout.rdbuf(out.rdbuf());
  auto* old_err = std::cerr.rdbuf(err.rdbuf());
  std::cin.clear();
  f();
  std::cin.rdbuf(old_in);
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  std::cin.clear();
  return out.str();
}

}  // namespace vigie::fuzz

#endif  // VIGIE_TESTS_FUZZ_CLI_STUB_HPP
