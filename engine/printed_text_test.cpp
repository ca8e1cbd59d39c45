// What echo and printf print (engine/printed_text.hpp), table-driven from the words of a parsed
// line, and the bound on a format reused for every argument.
#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "engine/printed_text.hpp"
#include "grammar/limits.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie;

namespace {

std::optional<std::string> printed(const std::string& line, bool tilde = false) {
  auto pr = shell::parse_commands(line);
  REQUIRE(pr.ok);
  REQUIRE(pr.commands.size() == 1);
  const auto& argv = pr.commands.front().argv;
  return engine::printed_text(*argv.front().literal, argv, tilde);
}

}  // namespace

TEST_CASE("echo and printf: what the line shows they print") {
  struct Row {
    const char* line;
    std::optional<std::string> out;
  };
  const Row rows[] = {
      {"echo a b", "a b\n"},
      {"echo -n a", "a"},
      {"echo -e 'a\\nb'", "a\nb\n"},
      // dash's echo, bash's under xpg_echo, GNU's under POSIXLY_CORRECT decode `\n`: unknown.
      {"echo 'a\\nb'", std::nullopt},
      {"echo 'a\\db'", "a\\db\n"},
      {"echo -e 'a\\cb'", "a"},
      {"echo -eE 'a\\nb'", std::nullopt},
      {"echo -e 'a\\x41'", std::nullopt},
      {"echo $x", std::nullopt},
      {"echo ~/x", std::nullopt},
      {"printf '%s\\n' a b", "a\nb\n"},
      {"printf 'x%%y'", "x%y"},
      {"printf -- 'a\\tb'", "a\tb"},
      {"printf -v v '%s' a", ""},
      {"printf '%d' 1", std::nullopt},
      {"printf '%b' 'a'", std::nullopt},
      {"printf '\\101'", std::nullopt},
      {"printf '%s' \"$x\"", std::nullopt},
      {"cat a", std::nullopt},
  };
  for (const auto& r : rows) {
    INFO(r.line);
    CHECK(printed(r.line) == r.out);
  }
}

TEST_CASE("echo and printf: a leading tilde as written, for a shell reading the text") {
  CHECK(printed("echo rm -rf ~", true) == std::optional<std::string>("rm -rf ~\n"));
  CHECK(printed("printf '%s ' ~/x", true) == std::optional<std::string>("~/x "));
  CHECK(printed("echo ~/*", true) == std::nullopt);
}

TEST_CASE("printf: a format reused for every argument stops at the input limit") {
  // 400 KB of format times 3,000 arguments would print 1.2 GB.
  std::string line = "printf '%s" + std::string(400000, 'A') + "'";
  for (int i = 0; i < 3000; ++i) line += " x";
  CHECK(printed(line) == std::nullopt);
  std::string small = "printf '%s" + std::string(100, 'A') + "' x x";
  auto out = printed(small);
  REQUIRE(out);
  CHECK(out->size() == 202);
  CHECK(out->size() < limits::input_bytes);
}
