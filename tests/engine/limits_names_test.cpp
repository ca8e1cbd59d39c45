// The limit `name-bytes` (grammar/limits.hpp): a host, an MCP tool's name or a tool's name longer
// than it is asked before any fetch, mcp or tools rule reads it.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "grammar/limits.hpp"
#include "tests/engine/requests.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::testing::command_request;

const vigie::Policy& names_policy() {
  static auto c = vigie::compile({{"n.vigie", R"(policy "n"
mode auto
default allow
fetch {
  deny *.evil.example "No."
}
mcp {
  deny fs/write_* "No."
}
)"}});
  REQUIRE(c.ok());
  return *c.policy;
}

vigie::Request tool_request(const std::string& tool, const nlohmann::json& input) {
  vigie::Request r;
  r.tool = tool;
  r.input_json = input.dump();
  r.cwd = r.project_root = "/srv/app";
  r.home = "/home/u";
  return r;
}

// A host of `bytes` bytes that ends in `tail`.
std::string host(std::size_t bytes, const std::string& tail) {
  std::string h;
  while (h.size() + tail.size() < bytes) h += "a.";
  return h + tail;
}

}  // namespace

TEST_CASE("a name longer than name-bytes is asked before the rules read it", "[limits]") {
  const auto& p = names_policy();
  const std::size_t limit = vigie::limits::name_bytes;
  // At the limit, the host is judged: denied.
  auto at = p.decide(
      tool_request("WebFetch", {{"url", "https://" + host(limit, "x.evil.example") + "/"}}));
  CHECK(at.decision == vigie::Effect::deny);
  CHECK_FALSE(at.error.has_value());
  // Over it, asked with the limit's rule whatever the host; denied when non-interactive.
  for (const char* tail : {"x.evil.example", "ok.example"}) {
    INFO(tail);
    auto over =
        p.decide(tool_request("WebFetch", {{"url", "https://" + host(limit + 2, tail) + "/"}}));
    CHECK(over.decision == vigie::Effect::ask);
    CHECK(over.rule.id == "limits.name-bytes");
    REQUIRE(over.error.has_value());
    CHECK(over.error->find("longer than 1024 bytes") != std::string::npos);
    auto batch = tool_request("WebFetch", {{"url", "https://" + host(limit + 2, tail) + "/"}});
    batch.interactive = false;
    CHECK(p.decide(batch).decision == vigie::Effect::deny);
  }
  // A URL a command fetches, and a host of half a megabyte.
  auto curl = p.decide(command_request("curl https://" + host(1 << 19, "ok.example")));
  CHECK(curl.decision == vigie::Effect::ask);
  CHECK(curl.rule.id == "limits.name-bytes");
  // A long path does not count: only the host is a name.
  auto path = p.decide(
      tool_request("WebFetch", {{"url", "https://ok.example/" + std::string(1 << 19, 'a')}}));
  CHECK(path.decision == vigie::Effect::allow);
  // An MCP tool's name.
  auto mcp =
      p.decide(tool_request("mcp__fs__write_" + std::string(2 * limit, 'x'), {{"path", "a"}}));
  CHECK(mcp.decision == vigie::Effect::ask);
  CHECK(mcp.rule.id == "limits.name-bytes");
}
