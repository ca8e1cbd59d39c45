// `vigie fmt FILE…`: the canonical formatting of policy files (grammar/policy/format.hpp).
//
// Exit: 0 done (with --check: every file already formatted), 1 a file would change (--check)
// or has syntax errors (never formatted: diagnostics on stderr) or cannot be read/written,
// 2 usage.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/io.hpp"
#include "engine/limits.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "vigie/vigie.hpp"

namespace {

const char* kUsage =
    "usage: vigie fmt [-w | --check] FILE…\n"
    "\n"
    "Prints each policy file in its canonical form: two-space indentation, aligned effects,\n"
    "one attribute per line under its rule, comments kept. `-` reads stdin. A file with\n"
    "syntax errors is never formatted: its errors go to stderr.\n"
    "\n"
    "  -w        rewrite the files in place (only those that change)\n"
    "  --check   print the names of the files that would change; exit 1 if any would\n"
    "\n"
    "Exit status: 0 done, 1 a file would change (--check) or has errors, 2 bad usage.\n";

int run(const std::vector<std::string>& args) {
  using namespace vigie;
  bool write = false, check = false;
  std::vector<std::string> files;
  for (const auto& a : args) {
    if (a == "-w" || a == "--write") {
      write = true;
    } else if (a == "--check") {
      check = true;
    } else if (a.size() > 1 && a[0] == '-') {
      std::cerr << "vigie fmt: unknown option `" << a << "`\n" << kUsage;
      return cli::kExitUsage;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty() || (write && check)) {
    if (write && check) std::cerr << "vigie fmt: `-w` and `--check` exclude each other\n";
    std::cerr << kUsage;
    return cli::kExitUsage;
  }

  int status = cli::kExitOk;
  for (const auto& f : files) {
    std::string text, err;
    // Policy files are read as the compiler reads them: regular files only, size capped.
    bool read = f == "-" ? cli::read_bounded(f, text, err, limits::policy_file_bytes)
                         : engine::read_policy_file(f, text, err);
    if (!read) {
      std::cerr << "vigie fmt: " << err << "\n";
      status = cli::kExitError;
      continue;
    }
    std::string name = f == "-" ? "<stdin>" : f;
    policy::ParseResult r = policy::parse(name, text);
    if (!r.ok()) {
      for (const auto& d : r.diagnostics) std::cerr << render(d, {{name, text}});
      std::cerr << "vigie fmt: `" << name << "` has syntax errors: not formatted\n";
      status = cli::kExitError;
      continue;
    }
    std::string out = policy::format(r.file);
    if (check) {
      if (out != text) {
        std::cout << name << "\n";
        status = cli::kExitError;
      }
    } else if (write && f != "-") {
      if (out != text) {
        std::ofstream o(f, std::ios::binary | std::ios::trunc);
        o << out;
        if (!o) {
          std::cerr << "vigie fmt: cannot write `" << f << "`\n";
          status = cli::kExitError;
        }
      }
    } else {
      std::cout << out;
    }
  }
  return status;
}

const vigie::cli::Registrar reg{"fmt", {"format policy files canonically", kUsage, run}};

}  // namespace
