// The Claude Code hook input decoder (`vigie hook claude`, cli/hook_cmd.cpp), fed the fuzz bytes
// as its stdin. The subcommand's source is included as is (its functions are file-local), with
// cli_stub.hpp standing for cli/main.cpp. Invariants: at most one line of output; when there is
// one, it is a JSON object whose permissionDecision is allow, ask or deny, and input that is not
// a JSON object never gets allow.
#include "tests/fuzz/cli_stub.hpp"
// (the stub first: the subcommand registers itself in its registry)
#include "cli/hook_cmd.cpp"
#include "tests/fuzz/fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const std::string policy = std::string(VIGIE_SOURCE_DIR) + "/rules/escouade-team.vigie";
  std::vector<std::string> args{"claude", "--policy", policy, "--home", "/home/u"};
  if (size % 2) args.push_back("--non-interactive");
  int rc = -1;
  std::string out = vigie::fuzz::with_stdio(text, [&] { rc = vigie::cli::run_hook(args); });
  FUZZ_CHECK(rc == vigie::cli::kExitOk, "the hook exits 0");
  if (out.empty()) return 0;
  FUZZ_CHECK(out.back() == '\n' && out.find('\n') == out.size() - 1, "one line of output");
  auto j = nlohmann::json::parse(out, nullptr, false);
  FUZZ_CHECK(j.is_object(), "the output is a JSON object");
  const auto& d = j["hookSpecificOutput"]["permissionDecision"];
  FUZZ_CHECK(d == "allow" || d == "ask" || d == "deny", "a known decision");
  auto in = nlohmann::json::parse(text, nullptr, false);
  if (!in.is_object()) FUZZ_CHECK(d != "allow", "unreadable input never gets allow");
  if (size % 2) FUZZ_CHECK(d != "ask", "--non-interactive never asks");
  return 0;
}
