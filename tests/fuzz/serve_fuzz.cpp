// The `serve` line reader and JSON-RPC decoder (cli/serve_cmd.cpp), fed the fuzz bytes as its
// stdin. The subcommand's source is included as is (its functions are file-local), with
// cli_stub.hpp standing for cli/main.cpp. Invariants: the process answers (no crash, no throw),
// every reply is one line of JSON, never more replies than non-blank lines, a reply carries
// either a result or an error, and a decision is allow, ask or deny.
#include "tests/fuzz/cli_stub.hpp"
// (the stub first: the subcommand registers itself in its registry)
#include "cli/serve_cmd.cpp"
// (its journal writer, cli/journal.hpp, and the shared options, cli/context.hpp, live in their
// own files)
#include "cli/context.cpp"
#include "cli/journal.cpp"
#include "tests/fuzz/fuzz.hpp"

namespace {

void check_reply(const nlohmann::json& r) {
  FUZZ_CHECK(r.is_object(), "a reply is an object");
  FUZZ_CHECK(r.contains("result") != r.contains("error"), "a result or an error");
  if (r.contains("result") && r["result"].is_object() && r["result"].contains("decision")) {
    const auto& d = r["result"]["decision"];
    FUZZ_CHECK(d == "allow" || d == "ask" || d == "deny", "a known decision");
    if (r["result"].contains("error")) FUZZ_CHECK(d != "allow", "an error never gets allow");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const std::string policy = std::string(VIGIE_SOURCE_DIR) + "/rules/escouade-team.vigie";
  std::vector<std::string> args{"--policy", policy, "--cwd", "/srv/app", "--home", "/home/u"};
  if (size % 2) args.push_back("--sessions");
  if (size % 3 == 0) args.push_back("--non-interactive");
  int rc = -1;
  std::string out = vigie::fuzz::with_stdio(text, [&] { rc = vigie::cli::run_serve(args); });
  FUZZ_CHECK(rc == vigie::cli::kExitOk, "serve exits 0 at end of input");
  std::size_t lines = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t e = text.find('\n', i);
    if (e == std::string_view::npos) e = text.size();
    std::string_view line = text.substr(i, e - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // as serve reads it
    if (line.find_first_not_of(" \t") != std::string_view::npos) ++lines;
    i = e + 1;
  }
  std::size_t replies = 0;
  for (std::size_t i = 0; i < out.size();) {
    std::size_t e = out.find('\n', i);
    FUZZ_CHECK(e != std::string::npos, "every reply ends its line");
    auto j = nlohmann::json::parse(out.substr(i, e - i), nullptr, false);
    FUZZ_CHECK(!j.is_discarded(), "every reply is JSON");
    if (j.is_array())
      for (const auto& r : j) check_reply(r);
    else
      check_reply(j);
    ++replies;
    i = e + 1;
  }
  FUZZ_CHECK(replies <= lines, "never more replies than lines");
  return 0;
}
