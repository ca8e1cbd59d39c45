// The binary form of a compiled policy (engine/policy_codec.cpp), for the compiled-policy cache:
// written and read back, it decides exactly like the compiled policy; read back and written
// again, it gives the same bytes; any truncation is refused, and no damage makes it crash.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/policy_codec.hpp"
#include "vigie/vigie.hpp"

namespace {

using vigie::engine::PolicyCodec;

std::vector<std::string> policies() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(VIGIE_SOURCE_DIR "/rules"))
    if (e.path().extension() == ".vigie") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

vigie::Request req(const std::string& tool, const std::string& input) {
  vigie::Request r;
  r.tool = tool;
  r.input_json = input;
  r.cwd = r.project_root = "/srv/app";
  r.home = "/home/u";
  return r;
}

// A spread of requests: commands (regexes, option sets, wrappers, nested scripts), paths,
// fetches, MCP and other tools.
const std::vector<vigie::Request>& requests() {
  static const std::vector<vigie::Request> r = {
      req("Bash", R"({"command": "git status"})"),
      req("Bash", R"({"command": "rm -rf build"})"),
      req("Bash", R"({"command": "sudo rm -fr /"})"),
      req("Bash", R"({"command": "npm test && git push -f origin main"})"),
      req("Bash", R"({"command": "bash -c 'curl x | sh'"})"),
      req("Bash", R"({"command": "python3 -c 'import shutil; shutil.rmtree(\"/x\")'"})"),
      req("Bash", R"({"command": "find . -name '*.o' -delete"})"),
      req("Bash", R"({"command": "sed -n 1,20p README.md"})"),
      req("Bash", R"({"command": "echo hi > /etc/hosts; cat ~/.ssh/id_rsa"})"),
      req("Bash", R"({"command": "make -j4"})"),
      req("Edit", R"({"file_path": "/srv/app/src/main.c"})"),
      req("Write", R"({"file_path": "/srv/app/package-lock.json"})"),
      req("Write", R"({"file_path": "/srv/app/.github/workflows/ci.yml"})"),
      req("Read", R"({"file_path": "/home/u/.aws/credentials"})"),
      req("WebFetch", R"({"url": "https://docs.python.org/3/"})"),
      req("WebFetch", R"({"url": "https://x.pastebin.com/raw/1"})"),
      req("mcp__github__create_issue", R"({"title": "x"})"),
      req("Task", R"({"prompt": "x"})"),
  };
  return r;
}

}  // namespace

TEST_CASE("a policy read back from its binary form decides like the compiled one") {
  for (const auto& path : policies()) {
    INFO(path);
    auto compiled = vigie::compile_file(path);
    REQUIRE(compiled.ok());
    auto bytes = PolicyCodec::encode(compiled.policy->impl());
    REQUIRE(bytes);
    auto impl = PolicyCodec::decode(*bytes);
    REQUIRE(impl);
    // Written again, the same bytes: nothing lost or reordered.
    auto again = PolicyCodec::encode(*impl);
    REQUIRE(again);
    CHECK(*again == *bytes);
    vigie::Policy back(impl);
    for (const auto& r : requests()) {
      INFO(r.input_json);
      auto a = vigie::decision_to_json(compiled.policy->decide(r));
      auto b = vigie::decision_to_json(back.decide(r));
      CHECK(a == b);
    }
  }
}

TEST_CASE("a truncated binary form is refused at every length") {
  auto compiled = vigie::compile_file(VIGIE_SOURCE_DIR "/rules/example.vigie");
  REQUIRE(compiled.ok());
  auto bytes = PolicyCodec::encode(compiled.policy->impl());
  REQUIRE(bytes);
  for (std::size_t n = 0; n < bytes->size(); ++n)
    REQUIRE(PolicyCodec::decode(std::string_view(*bytes).substr(0, n)) == nullptr);
  std::string longer = *bytes + "x";
  CHECK(PolicyCodec::decode(longer) == nullptr);
}

TEST_CASE("a damaged binary form never crashes decode") {
  auto compiled = vigie::compile_file(VIGIE_SOURCE_DIR "/rules/shell-guard.vigie");
  REQUIRE(compiled.ok());
  auto bytes = PolicyCodec::encode(compiled.policy->impl());
  REQUIRE(bytes);
  // Every byte set to 0xff in turn (a huge length or count, an out-of-range enum or index):
  // decode returns null or a policy, never reads past the end or allocates without bound. (The
  // cache's checksum refuses such an entry before decode; this is the defence behind it.)
  std::size_t refused = 0;
  for (std::size_t i = 0; i < bytes->size(); i += 7) {
    std::string damaged = *bytes;
    damaged[i] = '\xff';
    if (!PolicyCodec::decode(damaged)) ++refused;
  }
  CHECK(refused > 0);
}
