// The plain-line fast path gives exactly what the shell parser gives.
#include <random>

#include <catch2/catch.hpp>

#include "engine/plain.hpp"

namespace {

void same(const vigie::shell::WordView& a, const vigie::shell::WordView& b) {
  CHECK(a.text == b.text);
  CHECK(a.literal == b.literal);
  CHECK(a.pattern == b.pattern);
  CHECK(a.has_glob == b.has_glob);
  CHECK(a.has_tilde == b.has_tilde);
  CHECK(a.has_expansion == b.has_expansion);
  CHECK(a.span.begin == b.span.begin);
  CHECK(a.span.end == b.span.end);
}

}  // namespace

TEST_CASE("plain lines: the fast path agrees with the parser", "[plain]") {
  const std::string alphabet = "ab-_./:@%+,=9Z  \t";
  std::mt19937 rng(7);
  int fast = 0;
  for (int k = 0; k < 20000; ++k) {
    std::string line;
    int len = static_cast<int>(rng() % 24);
    for (int i = 0; i < len; ++i) line += alphabet[rng() % alphabet.size()];
    if (k % 5 == 0) line = "git status " + line;
    if (k % 7 == 0) line = "time " + line;
    auto p = vigie::engine::plain_line(line);
    if (!p) continue;
    ++fast;
    auto full = vigie::shell::parse_commands(line);
    INFO("line: [" << line << "]");
    REQUIRE(full.ok);
    REQUIRE(full.commands.size() == p->commands.size());
    const auto& a = p->commands[0];
    const auto& b = full.commands[0];
    REQUIRE(a.argv.size() == b.argv.size());
    for (std::size_t i = 0; i < a.argv.size(); ++i) same(a.argv[i], b.argv[i]);
    CHECK(b.assigns.empty());
    CHECK(b.redirects.empty());
    CHECK(a.context == b.context);
    CHECK(a.op == b.op);
    CHECK(a.span.begin == b.span.begin);
    CHECK(a.span.end == b.span.end);
  }
  CHECK(fast > 5000);
}

TEST_CASE("plain lines: what the fast path leaves to the parser", "[plain]") {
  for (const char* line : {"", "   ", "FOO=1 git status", "if true", "time git", "ls *", "ls ~",
                           "echo $X", "ls; rm", "a 'b'", "a\\ b", "ls # c", "a\nb", "cat <x"})
    CHECK_FALSE(vigie::engine::plain_line(line).has_value());
  CHECK(vigie::engine::plain_line("git status").has_value());
}
