// decide.cpp: normal_path takes lexical_normalize's answer on every path; the command fast path
// decides like the general one.
#include <catch2/catch.hpp>

#include "engine/judge.hpp"
#include "engine/paths.hpp"
#include "vigie/vigie.hpp"

TEST_CASE("normal_path equals lexical_normalize", "[decide]") {
  const char* parts[] = {"", "/", "a", ".", "..", "bc", "//", "/."};
  for (const char* a : parts)
    for (const char* b : parts)
      for (const char* c : parts)
        for (const char* d : parts) {
          std::string p = std::string(a) + b + c + d;
          INFO("path: [" << p << "]");
          CHECK(vigie::engine::normal_path(p) == vigie::engine::lexical_normalize(p));
        }
}

// The command fast path (an explicit kind and a flat input: `input.command` read in place) and
// the general path (the kind from the tool name, the input parsed as JSON) decide alike.
TEST_CASE("a command request decides alike with and without an explicit kind", "[decide]") {
  auto r = vigie::compile({{"fast.vigie", R"(policy "fast"
mode ask
commands {
  allow git status | npm test
  deny rm -rf  "Do not delete recursively."
  ask git push
}
)"}});
  REQUIRE(r.ok());
  const std::vector<std::string> inputs = {
      R"({"command": "git status"})",
      R"({"command": "git status", "description": "show"})",
      R"({"command": "ls", "command": "rm -rf /tmp/x"})",
      R"({"command": "rm -rf build"})",
      R"({"command": "git push origin main"})",
      R"({"command": "npm test && git status"})",
      R"({"command": "   "})",
      R"({"command": ""})",
      R"({})",
      R"({"description": "no command"})",
      R"({"command": 5})",
      R"({"command": "echo \"hi\""})",
      R"({"command": "caf\u00e9"})",
  };
  for (bool interactive : {true, false})
    for (bool trace : {false, true})
      for (const auto& input : inputs) {
        INFO("input: " << input << " interactive: " << interactive << " trace: " << trace);
        vigie::Request req;
        req.tool = "Bash";
        req.input_json = input;
        req.cwd = req.project_root = "/project";
        req.home = "/home/user";
        req.interactive = interactive;
        vigie::DecideOptions opt;
        opt.trace = trace;
        vigie::Decision general = r.policy->decide(req, opt);
        req.kind = "command";
        vigie::Decision fast = r.policy->decide(req, opt);
        CHECK(fast.decision == general.decision);
        CHECK(fast.message == general.message);
        CHECK(fast.rule.id == general.rule.id);
        CHECK(fast.error == general.error);
        CHECK(fast.matched.size() == general.matched.size());
        CHECK(fast.trace.size() == general.trace.size());
      }
}
