// The wire of every harness's pre-tool-call hook: how its hook input becomes vigie requests and
// how a decision goes back in exactly the harness's form (engine/hook_wire.cpp, one table row
// per harness). `vigie hook HARNESS` (cli/hook_cmd.cpp) and the npm package's `createHook`
// (wasm/hook_bindings.cpp) both call `run_hook`, so that the CLI and Node answer alike.
//
// Every failure (input that is not JSON, too large, without a tool; a policy that is missing or
// does not compile; an internal error) gets the harness's blocking form (`hook_failure`): exit 2
// with a reason on stderr where the harness blocks on exit 2, else its explicit deny. Never an
// allow, never silence where silence means allow. Contracts: docs/integrations.md.
#ifndef VIGIE_ENGINE_HOOK_WIRE_HPP
#define VIGIE_ENGINE_HOOK_WIRE_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vigie/vigie.hpp"

namespace vigie::hooks {

struct HookOptions {
  std::string project;  // the project root; default: the harness's workspace root, else the
                        // git root above the cwd (the engine's default)
  std::string home;     // the home folder; default "/"
  std::optional<Mode> mode;
  std::string agent;
  bool non_interactive = false;  // asks become announced denies
  // Answer a deny with exit 2 and the reason on stderr (stdout empty) where the harness honours
  // exit 2 (claude PreToolUse, gemini, codex, cursor, copilot); a JSON deny elsewhere.
  bool deny_exit_code = false;
};

// What the hook process answers: stdout (one JSON object and a newline, or empty), stderr and
// the exit status.
struct HookResult {
  int exit_code = 0;
  std::string out;
  std::string err;
  // The request as decided and its decision, when the call was judged (for the journal); for a
  // patch, the file that decided.
  std::optional<Request> request;
  std::optional<Decision> decision;
};

// The harnesses `run_hook` speaks: claude gemini codex cursor copilot opencode cline.
std::vector<std::string_view> hook_harnesses();
bool is_hook_harness(std::string_view harness);

// The environment variable in which the harness gives its hook the project's folder
// (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR, CURSOR_PROJECT_DIR); empty when it gives none. `vigie
// hook` takes it as the project root when --project is not given: the hook input's `cwd`
// follows the agent's `cd`, and a `.git` the agent makes below would become the root.
std::string_view hook_project_env(std::string_view harness);

// Judges one hook input (the text on the hook's stdin) with `policy`. Never throws; an input
// that cannot be judged gets `hook_failure`.
HookResult run_hook(std::string_view harness, const Policy& policy, std::string_view input,
                    const HookOptions& options, const DecideOptions& decide = {}) noexcept;

// The harness's blocking form for a call vigie could not judge; `input` (may be empty) only
// tells which event it was. `why` is written for the model and the user.
HookResult hook_failure(std::string_view harness, std::string_view input,
                        const std::string& why) noexcept;

// The paths a Codex `apply_patch` envelope adds, updates, deletes or moves to, in order
// (`*** Add File: P`, `*** Update File: P`, `*** Delete File: P`, `*** Move to: P`). Empty when
// the text holds none.
std::vector<std::string> patch_paths(std::string_view patch);

}  // namespace vigie::hooks

#endif  // VIGIE_ENGINE_HOOK_WIRE_HPP
