#include "engine/line_pipelines.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/safety.hpp"
#include "grammar/shell/commands.hpp"

using namespace vigie;
using namespace vigie::engine;

TEST_CASE("line_pipelines groups a short line as the hashed table does") {
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
    // Every line both ways: looking back (the short lines' path) and through the table.
    auto groups = [&](std::size_t min_stages, std::size_t scanned) {
      std::vector<std::vector<std::size_t>> out;
      for (auto g : line_pipelines(r.commands, min_stages, scanned))
        out.emplace_back(g.begin(), g.end());
      return out;
    };
    const auto hashed = groups(1, 0);
    CHECK(groups(1, 1000) == hashed);
    std::size_t stages = 0;
    for (const auto& g : hashed) stages += g.size();
    CHECK(stages == r.commands.size());
    std::vector<std::vector<std::size_t>> expected;
    for (const auto& g : hashed)
      if (g.size() >= 2) expected.push_back(g);
    CHECK(groups(2, 1000) == expected);
    CHECK(groups(2, 0) == expected);
    CHECK(pipelines_of(r.commands) == hashed);
  }
}
