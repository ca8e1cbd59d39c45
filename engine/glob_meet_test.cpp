// Tests of engine/glob_meet.cpp: bracket expressions as bash reads them (named classes,
// collating symbols, equivalence classes, negation, a leading `]`, escapes), checked against a
// table and, as a property, against the C library's fnmatch(3) in the C locale: vigie's set
// always holds every byte fnmatch matches (a superset: fail closed).
#include "engine/glob_meet.hpp"

#include <fnmatch.h>

#include <random>
#include <string>

#include <catch2/catch.hpp>

namespace {

using namespace vigie::engine;

std::string members(std::string_view g) {
  auto b = bracket_set(g, 0);
  if (!b) return "<none>";
  std::string out;
  for (unsigned v = 32; v < 127; ++v)
    if (b->set.test(v)) out += static_cast<char>(v);
  return out;
}

TEST_CASE("bracket_set: bash's bracket expressions", "[glob]") {
  struct Case {
    const char* glob;
    const char* members;  // printable ASCII members, or <none> when nothing closes the `[`
  };
  const Case cases[] = {
      {"[abc]", "abc"},
      {"[a-e]", "abcde"},
      {"[[:digit:]]", "0123456789"},
      {"[[:xdigit:]]", "0123456789ABCDEFabcdef"},
      {"[[:upper:]x]", "ABCDEFGHIJKLMNOPQRSTUVWXYZx"},
      {"[[:blank:]]", " "},
      {"[[.t.]]", "t"},
      {"[[=t=]]", "t"},
      {"[[.a.]-[.c.]]", "abc"},
      {"[]a]", "]a"},
      {"[!]a]",
       " !\"#$%&'()*+,-.0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`bcdefghijklmnopqrstuvwxyz{"
       "|}"
       "~"},
      {"[a-]", "-a"},
      {"[\\]]", "]"},
      {"[\\t]", "t"},
      {"[[:alpha]", ":[ahlp"},  // `[:` without `:]`: a literal `[`
      {"[abc", "<none>"},
      {"[", "<none>"},
      {"[]", "<none>"},
  };
  for (const auto& c : cases) {
    INFO(c.glob);
    CHECK(members(c.glob) == c.members);
  }
}

TEST_CASE("bracket_set: names vigie cannot list are every byte", "[glob]") {
  for (const char* g : {"[[:bogus:]]", "[[.space.]]", "[[=ab=]]"}) {
    INFO(g);
    auto b = bracket_set(g, 0);
    REQUIRE(b);
    CHECK(b->set.count() == 255);  // all but `/`
  }
  // Letters above 127 (a UTF-8 locale) count in the classes of letters.
  auto alpha = bracket_set("[[:alpha:]]", 0);
  REQUIRE(alpha);
  CHECK(alpha->set.test(0xC3));
  auto digit = bracket_set("[[:digit:]]", 0);
  REQUIRE(digit);
  CHECK_FALSE(digit->set.test(0xC3));
}

TEST_CASE("bracket_set: a superset of fnmatch's bracket in the C locale", "[glob][property]") {
  const char* pieces[] = {"a",         "e",         "t",     "z",     "-",         "]",
                          "!",         "^",         "\\]",   "\\t",   "[:alpha:]", "[:digit:]",
                          "[:punct:]", "[:space:]", "[.t.]", "[=e=]", "0",         "9",
                          ".",         "_",         "[",     ":"};
  std::mt19937 rng(20261204);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(pieces) - 1), len(1, 5);
  int checked = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string g = "[";
    for (std::size_t n = len(rng); n > 0; --n) g += pieces[pick(rng)];
    g += "]";
    auto b = bracket_set(g, 0);
    if (!b || b->end + 1 != g.size()) continue;  // closed earlier: another shape
    for (unsigned v = 1; v < 128; ++v) {
      if (v == '/') continue;
      const char s[2] = {static_cast<char>(v), 0};
      if (fnmatch(g.c_str(), s, 0) == 0) {
        INFO(g << " byte " << v);
        CHECK(b->set.test(v));
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("component_globs_meet reads classes and quoted members", "[glob]") {
  CHECK(component_globs_meet("[[:alpha:]]ests", "tests"));
  CHECK(component_globs_meet(".[[:lower:]]nv", ".env"));
  CHECK(component_globs_meet("[\\t]ests", "tests"));
  CHECK_FALSE(component_globs_meet(".[[:upper:]]nv", ".env"));
  CHECK_FALSE(component_globs_meet("[[:digit:]]ests", "tests"));
  CHECK(path_globs_meet("[[:alpha:]]ests/a", "tests/**"));
  CHECK(glob_reaches_prefix("/[[:lower:]]tc/x", "/etc"));
}

}  // namespace

TEST_CASE("brace_expand: sequences at the bounds of 64-bit numbers", "[glob]") {
  using vigie::engine::brace_expand;
  // Each of these once looped or grew without bound (an overflowing step).
  const char* const max = "9223372036854775807";
  const char* const min = "-9223372036854775808";
  auto one = brace_expand(std::string("/x{") + max + ".." + max + "}");
  REQUIRE(one.has_value());
  CHECK(*one == std::vector<std::string>{std::string("/x") + max});
  auto two = brace_expand(std::string("/x{9223372036854775806..") + max + "}");
  REQUIRE(two.has_value());
  CHECK(two->size() == 2);
  auto down = brace_expand(std::string("/x{") + min + "..-9223372036854775807}");
  REQUIRE(down.has_value());
  CHECK(down->size() == 2);
  CHECK(!brace_expand(std::string("/x{") + min + ".." + max + "}").has_value());  // too many
  CHECK(!brace_expand(std::string("/x{-1..") + max + "}").has_value());
  CHECK(!brace_expand("/x{1..100000}").has_value());
  auto big = brace_expand("/x{99999999999999999999..1}");  // not a number bash reads: as written
  REQUIRE(big.has_value());
  CHECK(big->size() == 1);
  auto small = brace_expand("a{3..1}");
  REQUIRE(small.has_value());
  CHECK(*small == std::vector<std::string>{"a1", "a2", "a3"});  // built from the back
}

TEST_CASE("a budget bounds the comparisons, checked before the work", "[glob]") {
  std::size_t budget = 1000;
  CHECK_FALSE(component_globs_meet("a*b", "c*d", &budget));
  CHECK(budget < 1000);
  CHECK(budget > 0);
  // A comparison the budget does not hold is not made: the two are taken to meet, and the
  // budget is empty for every later one.
  const std::string stars(4000, '*');
  CHECK(component_globs_meet("a" + stars + "b", "c*d", &budget));
  CHECK(budget == 0);
  CHECK(component_globs_meet("x", "y", &budget));
  CHECK(path_globs_meet("src/a.c", "tests/**", &budget));
  CHECK(glob_reaches_prefix("/srv/x", "/etc", &budget));
  // Without one, nothing is bounded.
  CHECK_FALSE(component_globs_meet("a" + stars + "b", "c*d"));
  std::size_t plenty = 1u << 20;
  CHECK_FALSE(path_globs_meet("src/a.c", "tests/**", &plenty));
  CHECK_FALSE(glob_reaches_prefix("/srv/x", "/etc", &plenty));
}
