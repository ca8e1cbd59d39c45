// The harness hook wire (engine/hook_wire.cpp, behind `vigie hook HARNESS` and `createHook`), fed
// the fuzz bytes as a hook's stdin, for a harness chosen by the input's size. Invariants: exit 0
// or 2; exit 2 prints nothing on stdout and a reason on stderr; otherwise at most one line, a JSON
// object; input that is not a JSON object never gets an allow, nor silence (a block instead).
#include <nlohmann/json.hpp>

#include "engine/hook_wire.hpp"
#include "tests/fuzz/fuzz.hpp"

namespace {

// True when `out` lets the call go in the harness's wire.
bool allows(std::string_view harness, const nlohmann::json& out) {
  if (harness == "claude") {
    const auto& h = out["hookSpecificOutput"];
    return h["permissionDecision"] == "allow" || h["decision"]["behavior"] == "allow";
  }
  if (harness == "gemini" || harness == "opencode") return out["decision"] == "allow";
  if (harness == "cursor") return out["permission"] == "allow";
  if (harness == "copilot") return out["permissionDecision"] == "allow";
  if (harness == "cline") return out["cancel"] == false;
  return false;  // codex prints deny only
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const auto policy =
      vigie::compile_file(std::string(VIGIE_SOURCE_DIR) + "/rules/escouade-team.vigie").policy;
  FUZZ_CHECK(policy != nullptr, "the policy compiles");
  static const auto harnesses = vigie::hooks::hook_harnesses();
  std::string_view harness = harnesses[size % harnesses.size()];
  vigie::hooks::HookOptions opt;
  opt.home = "/home/u";
  opt.non_interactive = (size / harnesses.size()) % 2;
  vigie::hooks::HookResult r = vigie::hooks::run_hook(harness, *policy, text, opt);
  FUZZ_CHECK(r.exit_code == 0 || r.exit_code == 2, "the hook exits 0 or 2");
  if (r.exit_code == 2) {
    FUZZ_CHECK(r.out.empty(), "exit 2 prints nothing on stdout");
    FUZZ_CHECK(!r.err.empty(), "exit 2 gives a reason on stderr");
    return 0;
  }
  auto in = nlohmann::json::parse(text, nullptr, false);
  if (r.out.empty()) {
    FUZZ_CHECK(in.is_object(), "input that is not a JSON object never gets silence");
    return 0;
  }
  FUZZ_CHECK(r.out.back() == '\n' && r.out.find('\n') == r.out.size() - 1, "one line of output");
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  FUZZ_CHECK(j.is_object(), "the output is a JSON object");
  if (!in.is_object()) FUZZ_CHECK(!allows(harness, j), "unreadable input never gets allow");
  return 0;
}
