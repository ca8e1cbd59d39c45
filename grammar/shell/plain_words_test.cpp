// The literal-words scanner of the fast path (plain_words.hpp) against the full path: a table of
// lines it must take or leave, then generated lines of literal words, assignments, reserved words
// and operators (and near misses), each also with one byte changed. When it takes a line it gives
// exactly what the full path gives, and `parse_commands` equals the full path on every line.
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/shell/plain.hpp"
#include "grammar/shell/plain_words.hpp"
#include "tests/shell/commands_show.hpp"

namespace {

using vigie::shell::CommandsResult;
using vigie::shell::CommandView;
using vigie::shell::testing::show;

// What the scanner gives for `line`, as a result, or nullopt when it leaves the line.
std::optional<CommandsResult> words_of(const std::string& line) {
  std::vector<CommandView> out;
  if (!vigie::shell::plain_grammar::plain_words(line, out)) return std::nullopt;
  CommandsResult r;
  r.ok = true;
  r.commands = std::move(out);
  return r;
}

void check_line(const std::string& line, int& taken) {
  INFO("line: [" << line << "]");
  const auto full = vigie::shell::parse_commands_full(line);
  CHECK(show(vigie::shell::parse_commands(line)) == show(full));
  if (auto w = words_of(line)) {
    ++taken;
    REQUIRE(full.ok);
    CHECK(show(*w) == show(full));
  }
}

}  // namespace

TEST_CASE("plain words: the lines the scanner takes and leaves", "[plain]") {
  struct Case {
    const char* line;
    bool taken;
  };
  const Case cases[] = {
      {"git status", true},
      {"  git  status  ", true},
      {"\tls\t-la\t", true},
      {"npm test && git diff --stat", true},
      {"a||b|c;d", true},
      {"make; ", true},
      {"make ;", true},
      {"CI=1 cargo build | tail -n 20", true},
      {"A=1 B+=2 C= make", true},
      {"A=1", true},
      {"A=1 B=2 && ls", true},
      {"ls A=1", true},
      {"=x y", true},
      {"1A=x ls", true},
      {"git log -n 3 --format=%h@x.y:z", true},
      {"caf\xc3\xa9 --x", true},
      {"format x", true},
      {"ls done", true},
      {"A=1 format", true},
      {"", false},
      {"   ", false},
      {";", false},
      {"; ls", false},
      {"ls;;", false},
      {"ls ;& x", false},
      {"ls &", false},
      {"ls & x", false},
      {"a |& b", false},
      {"a &&", false},
      {"a && ", false},
      {"a ||  ;", false},
      {"a; ; b", false},
      {"done", false},
      {"if", false},
      {"A=1 for", false},
      {"ls; then", false},
      {"let x=1", false},
      {"ls 'a'", false},
      {"ls a\nb", false},
      {"ls > f", false},
      {"echo $x", false},
      {"ls *.py", false},
      {"ls ~", false},
      {"ls #x", false},
      {"! ls", false},
      {"ls {a,b}", false},
      {"(ls)", false},
  };
  int taken = 0;
  for (const auto& c : cases) {
    INFO("line: [" << c.line << "]");
    CHECK(words_of(c.line).has_value() == c.taken);
    check_line(c.line, taken);
  }
}

TEST_CASE("plain words: generated lines agree with the full path", "[plain]") {
  const std::vector<std::string> words = {
      "git", "status", "-n", "3",  "--stat", "a/b.c", "x=1",  "A=1",  "B+=2", "C=",  "_x=y=z",
      "do",  "done",   "if", "in", "for",    "let",   "time", "fi",   "=",    "-",   "caf\xc3\xa9",
      "a'b", "$x",     "*",  "~",  "#",      "(",     ")",    "{a,}", "\\x",  "2>&1"};
  const std::vector<std::string> seps = {" ",  "  ", "\t", " && ", "&&", " || ", "|", " | ",
                                         "; ", ";",  " ;", "&",    ";;", "|&",   "\n"};
  std::mt19937 rng(12);
  int taken = 0, lines = 0;
  for (int k = 0; k < 20000; ++k) {
    std::string line = (rng() % 8 == 0) ? " " : "";
    const int n = 1 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) {
      if (i > 0) line += (rng() % 3 == 0) ? seps[rng() % seps.size()] : " ";
      line += words[rng() % (rng() % 2 == 0 ? 7 : words.size())];
    }
    if (rng() % 6 == 0) line += (rng() % 2 == 0) ? ";" : " ";
    check_line(line, taken);
    ++lines;
    if (k % 2 == 0) {
      line[rng() % line.size()] = "a;|& =\t'$"[rng() % 9];
      check_line(line, taken);
      ++lines;
    }
  }
  // The scanner is exercised, not only left.
  CHECK(taken > lines / 5);
}
