// Golden tests in the tree-sitter corpus format, one case per block:
//
//   === title
//   <input script, any number of lines>
//   ---
//   <expected s-expression>
//
// tests/shell/ast-*.txt expect the AST dump (`vigie parse --sexp`), tests/shell/commands-*.txt
// the commands view (`vigie parse --commands`). With VIGIE_UPDATE_GOLDEN=1 the expected parts
// are rewritten from the actual outputs: review the diff, then commit it.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <algorithm>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "tests/shell/golden.hpp"

using namespace vigie::shell;
using namespace vigie::shell::testing;

namespace {

struct Case {
  std::string title, input, expected;
};

std::vector<Case> read_cases(const std::string& text) {
  std::vector<Case> out;
  std::istringstream in(text);
  std::string line;
  Case* cur = nullptr;
  bool in_expected = false;
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      out.push_back({line.substr(4), "", ""});
      cur = &out.back();
      in_expected = false;
    } else if (cur && !in_expected && line == "---") {
      in_expected = true;
    } else if (cur) {
      (in_expected ? cur->expected : cur->input) += line + "\n";
    }
  }
  for (auto& c : out) {
    // The input's last newline belongs to the file format; the expected part is trimmed.
    if (!c.input.empty()) c.input.pop_back();
    while (!c.expected.empty() && c.expected.back() == '\n') c.expected.pop_back();
  }
  return out;
}

std::string actual(const std::string& file, const std::string& input) {
  std::string s;
  if (file.rfind("ast-", 0) == 0) {
    auto p = parse(input);
    if (p.ok) {
      s = to_sexp(p.file);
    } else {
      CommandsResult r;
      r.errors = p.errors;
      s = commands_to_sexp(r);
    }
  } else {
    s = commands_to_sexp(parse_commands(input));
  }
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::vector<std::string> golden_files() {
  std::vector<std::string> out;
  std::string dir = source_path("tests/shell");
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if ((n.rfind("ast-", 0) == 0 || n.rfind("commands-", 0) == 0) && n.size() > 4 &&
          n.substr(n.size() - 4) == ".txt") {
        out.push_back(n);
      }
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("golden: shell AST and commands view", "[golden]") {
  auto files = golden_files();
  REQUIRE(!files.empty());
  for (const auto& name : files) {
    std::string path = source_path("tests/shell/" + name), text;
    REQUIRE(read_file(path, text));
    auto cases = read_cases(text);
    if (update_mode()) {
      std::string out;
      for (const auto& c : cases) {
        out += "=== " + c.title + "\n" + c.input + "\n---\n" + actual(name, c.input) + "\n\n";
      }
      out.pop_back();
      write_file(path, out);
      continue;
    }
    for (const auto& c : cases) {
      INFO(name << ": " << c.title << "\n" << c.input);
      CHECK(actual(name, c.input) == c.expected);
    }
  }
}
