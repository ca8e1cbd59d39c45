#include "engine/line_pipelines.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/safety.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie;
using namespace vigie::engine;

TEST_CASE("pipelines_of_line gives pipelines_of's groups of two stages or more") {
  const std::vector<std::string> lines = {"git status",
                                          "a | b | c",
                                          "a | b; c | d",
                                          "git status && npm test | tee out.txt",
                                          "a && b | c || d |& e",
                                          "a | (b | c) | d",
                                          "a | { b; c | d; } | e",
                                          "x=$(a | b) | c",
                                          "a $(b | c) | d $(e) | f",
                                          "for f in *; do a | b; done | c",
                                          "if a | b; then c | d; fi | e",
                                          "f() { a | b; }; f | c",
                                          "a <(b | c) | d",
                                          "a | b\nc | d\ne",
                                          "(a; b) | c; (d | e)",
                                          "a & b | c",
                                          "! a | b",
                                          "time a | b | c"};
  std::string many;
  for (int i = 0; i < 40; ++i) many += i % 3 == 0 ? "a; " : "b | ";
  many += "c";
  auto all = lines;
  all.push_back(many);
  for (const auto& line : all) {
    CAPTURE(line);
    auto r = shell::parse_commands(line);
    REQUIRE(r.ok);
    std::vector<std::vector<std::size_t>> expected;
    for (auto& g : pipelines_of(r.commands))
      if (g.size() >= 2) expected.push_back(g);
    CHECK(pipelines_of_line(r.commands) == expected);
  }
}
