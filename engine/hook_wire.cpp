// The hook wire of every harness (see hook_wire.hpp): one row per harness in `kWires`, each
// with its input decoder, its answer encoder and its blocking form. The field names and forms
// come from the harnesses' hook contracts (docs/integrations.md cites them).
#include "engine/hook_wire.hpp"

#include <exception>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/limits.hpp"
#include "engine/unicode_blanks.hpp"

namespace vigie::hooks {
namespace {

using nlohmann::json;

// A hook input decoded: the event, the tool call in the harness's vocabulary and where it runs.
struct Call {
  std::string event;
  std::string tool;
  std::string names;  // the harness whose tool names `tool` uses (empty: the wire's harness)
  json input = json::object();
  std::string cwd, root;
  bool judge = true;   // false: an event vigie gives no decision for
  bool patch = false;  // apply_patch (Codex, OpenCode): every file of the envelope is an edit
};

using Error = std::optional<std::string>;

std::string text(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string first_root(const json& o, const char* key) {
  auto it = o.find(key);
  if (it == o.end() || !it->is_array() || it->empty() || !(*it)[0].is_string()) return {};
  return (*it)[0].get<std::string>();
}

// A tool's arguments: an object, or a JSON string holding one (Copilot's `toolArgs`, Cursor's
// MCP `tool_input`); missing or null is no argument.
Error arguments(const json& o, const char* key, json& out) {
  auto it = o.find(key);
  if (it == o.end() || it->is_null()) return std::nullopt;
  if (it->is_object()) {
    out = *it;
    return std::nullopt;
  }
  if (it->is_string()) {
    std::string why;
    json v = engine::parse_json(it->get<std::string>(), &why, limits::request_bytes,
                                std::string("`") + key + "`");
    if (!v.is_discarded() && v.is_object()) {
      out = std::move(v);
      return std::nullopt;
    }
    return std::string("`") + key + "` is a string that does not hold a JSON object";
  }
  return std::string("`") + key + "` is not an object";
}

Error tool_from(const json& o, const char* key, Call& c) {
  c.tool = text(o, key);
  if (c.tool.empty()) return std::string("the hook input has no `") + key + "`";
  return std::nullopt;
}

// ---- decoders --------------------------------------------------------------------------------

// The URL an MCP call's server is reached at (Cursor's `url`, Gemini CLI's `mcp_context.url`):
// kept in the input under `vigie_mcp_server`, where the engine meets it with the fetch rules as
// any nested URL key of an MCP tool (only stricter): the call's arguments go to that host. The
// command that started a local server is not the call's (it already runs).
void mcp_server(const json& from, Call& c) {
  if (!from.is_object() || !c.input.is_object()) return;
  if (auto it = from.find("url"); it != from.end() && it->is_string())
    c.input["vigie_mcp_server"] = json{{"url", *it}};
}

Error decode_claude(const json& in, Call& c) {
  c.event = text(in, "hook_event_name");
  if (c.event.empty()) c.event = "PreToolUse";
  c.judge = c.event == "PreToolUse" || c.event == "PermissionRequest";
  if (!c.judge) return std::nullopt;
  c.cwd = text(in, "cwd");
  if (auto e = tool_from(in, "tool_name", c)) return e;
  return arguments(in, "tool_input", c.input);
}

Error decode_gemini(const json& in, Call& c) {
  c.event = text(in, "hook_event_name");
  if (c.event.empty()) c.event = "BeforeTool";
  c.judge = c.event == "BeforeTool";
  if (!c.judge) return std::nullopt;
  c.cwd = text(in, "cwd");
  if (auto e = tool_from(in, "tool_name", c)) return e;
  if (auto e = arguments(in, "tool_input", c.input)) return e;
  if (auto m = in.find("mcp_context"); m != in.end()) mcp_server(*m, c);
  return std::nullopt;
}

// Codex's network approvals (PermissionRequest, tool `NetworkAccess`) name the host as
// `network-access HOST` in `command`: judged as a fetch of https://HOST/. Any other command there
// is the command that wants the network, judged as a shell command.
constexpr std::string_view kNetworkAccess = "network-access ";

Error decode_codex(const json& in, Call& c) {
  c.event = text(in, "hook_event_name");
  if (c.event.empty()) c.event = "PreToolUse";
  c.judge = c.event == "PreToolUse" || c.event == "PermissionRequest";
  if (!c.judge) return std::nullopt;
  c.cwd = text(in, "cwd");
  if (auto e = tool_from(in, "tool_name", c)) return e;
  c.patch = c.tool == "apply_patch";
  if (auto e = arguments(in, "tool_input", c.input)) return e;
  if (c.tool != "NetworkAccess") return std::nullopt;
  std::string cmd = text(c.input, "command");
  if (cmd.empty()) return "the NetworkAccess input has no `command`";
  if (cmd.compare(0, kNetworkAccess.size(), kNetworkAccess) != 0) {
    c.tool = "Bash";
    return std::nullopt;
  }
  std::string host = cmd.substr(kNetworkAccess.size());
  if (host.empty() || host.find_first_of(" /\t\n@") != std::string::npos)
    return "the NetworkAccess input names no host";
  c.input = json{{"url", "https://" + host + "/"}};
  return std::nullopt;
}

Error decode_cursor(const json& in, Call& c) {
  c.event = text(in, "hook_event_name");
  if (c.event.empty()) c.event = "preToolUse";
  c.cwd = text(in, "cwd");
  c.root = first_root(in, "workspace_roots");
  // The flat events carry their subject at the top level: Cursor's own tool name and field.
  auto flat = [&](const char* tool, const char* key) -> Error {
    c.tool = tool;
    auto v = in.find(key);
    if (v == in.end() || !v->is_string()) return std::string("the hook input has no `") + key + "`";
    c.input = json{{key, *v}};
    return std::nullopt;
  };
  if (c.event == "beforeShellExecution") return flat("Shell", "command");
  if (c.event == "beforeReadFile") return flat("Read", "file_path");
  if (c.event == "beforeMCPExecution") {
    if (auto e = tool_from(in, "tool_name", c)) return e;
    c.tool = "MCP:" + c.tool;  // the table's MCP naming for Cursor
    if (auto e = arguments(in, "tool_input", c.input)) return e;
    mcp_server(in, c);
    return std::nullopt;
  }
  c.judge = c.event == "preToolUse";
  if (!c.judge) return std::nullopt;
  if (auto e = tool_from(in, "tool_name", c)) return e;
  return arguments(in, "tool_input", c.input);
}

Error decode_copilot(const json& in, Call& c) {
  c.event = text(in, "hook_event_name");
  c.cwd = text(in, "cwd");
  if (in.contains("toolName")) {  // camelCase `preToolUse`: Copilot's own tool names
    if (c.event.empty()) c.event = "preToolUse";
    c.judge = c.event == "preToolUse";
    if (!c.judge) return std::nullopt;
    if (auto e = tool_from(in, "toolName", c)) return e;
    return arguments(in, "toolArgs", c.input);
  }
  // PascalCase `PreToolUse`: the Claude-compatible payload, with Claude Code's tool names.
  if (c.event.empty()) c.event = "PreToolUse";
  c.judge = c.event == "PreToolUse";
  if (!c.judge) return std::nullopt;
  c.names = "claude";
  if (auto e = tool_from(in, "tool_name", c)) return e;
  return arguments(in, "tool_input", c.input);
}

// OpenCode's `tool.execute.before` arguments, as one object: {"input": {"tool", "sessionID",
// "callID"}, "output": {"args"}} plus the plugin's `directory` (or `cwd`).
Error decode_opencode(const json& in, Call& c) {
  c.event = "tool.execute.before";
  c.cwd = text(in, "cwd");
  if (c.cwd.empty()) c.cwd = text(in, "directory");
  c.root = text(in, "worktree");
  auto call = in.find("input");
  if (call == in.end() || !call->is_object()) return "the hook input has no `input` object";
  if (auto e = tool_from(*call, "tool", c)) return e;
  auto out = in.find("output");
  if (out == in.end() || out->is_null()) return std::nullopt;
  if (!out->is_object()) return "`output` is not an object";
  // `apply_patch` (OpenCode's only edit tool for GPT models) and the older `patch` carry Codex's
  // envelope in `patchText`.
  c.patch = c.tool == "apply_patch" || c.tool == "patch";
  return arguments(*out, "args", c.input);
}

Error decode_cline(const json& in, Call& c) {
  c.event = text(in, "hookName");
  if (c.event.empty()) c.event = "PreToolUse";
  c.judge = c.event == "PreToolUse";
  if (!c.judge) return std::nullopt;
  c.root = c.cwd = first_root(in, "workspaceRoots");
  auto p = in.find("preToolUse");
  if (p == in.end() || !p->is_object()) return "the hook input has no `preToolUse` object";
  // The proto and the reference say `toolName`; one docs page says `tool`.
  c.tool = text(*p, "toolName");
  if (c.tool.empty()) c.tool = text(*p, "tool");
  if (c.tool.empty()) return "the hook input has no `preToolUse.toolName`";
  return arguments(*p, "parameters", c.input);
}

// ---- answers ---------------------------------------------------------------------------------

HookResult print(const json& out) {
  HookResult r;
  r.out = out.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  return r;
}

HookResult nothing() {
  return {};
}

HookResult exit2(const std::string& why) {
  return {2, "", why + "\n", {}, {}};
}

// "X requires approval (rule R7)." -> "X requires approval (rule R7)", to go on with "; ...".
std::string clause(std::string reason) {
  while (!reason.empty() && (reason.back() == '.' || reason.back() == ' ')) reason.pop_back();
  return reason;
}

json claude_pre(const char* decision, const std::string& reason) {
  return {{"hookSpecificOutput",
           {{"hookEventName", "PreToolUse"},
            {"permissionDecision", decision},
            {"permissionDecisionReason", reason}}}};
}

json claude_permission(json decision) {
  return {{"hookSpecificOutput",
           {{"hookEventName", "PermissionRequest"}, {"decision", std::move(decision)}}}};
}

// PermissionRequest (Claude Code, Codex) is binary: allow or deny; no decision shows the
// harness's own approval prompt, which is what an ask is.
HookResult permission_request(Effect e, const std::string& r) {
  if (e == Effect::allow) return print(claude_permission({{"behavior", "allow"}}));
  if (e == Effect::deny) return print(claude_permission({{"behavior", "deny"}, {"message", r}}));
  return nothing();
}

HookResult encode_claude(const Call& c, Effect e, const std::string& r, bool exit_code) {
  if (c.event == "PermissionRequest") return permission_request(e, r);
  if (e == Effect::deny && exit_code) return exit2(r);
  return print(claude_pre(to_string(e), r));
}

HookResult encode_gemini(const Call&, Effect e, const std::string& r, bool exit_code) {
  if (e == Effect::allow) return print({{"decision", "allow"}});
  if (e == Effect::deny) return exit_code ? exit2(r) : print({{"decision", "deny"}, {"reason", r}});
  return print({{"decision", "ask"}, {"systemMessage", r}});
}

// Codex's PreToolUse honours deny only: allow and ask are "no opinion" (its own approval policy
// decides), never an answer it reports as unsupported. Its PermissionRequest takes allow and deny
// (`behavior` and `message` only); no decision shows its approval prompt, which is an ask.
HookResult encode_codex(const Call& c, Effect e, const std::string& r, bool exit_code) {
  if (c.event == "PermissionRequest") return permission_request(e, r);
  if (e != Effect::deny) return nothing();
  if (exit_code) return exit2(r);
  return print(claude_pre("deny", r));
}

// Cursor shows the model `user_message`: both fields carry the reason. Its `preToolUse` and
// `beforeReadFile` have no enforced ask: an ask is a deny that says how to get approval.
HookResult encode_cursor(const Call& c, Effect e, const std::string& r, bool exit_code) {
  if (e == Effect::allow) return print({{"permission", "allow"}});
  if (e == Effect::deny && exit_code) return exit2(r);
  if (e == Effect::ask && (c.event == "preToolUse" || c.event == "beforeReadFile"))
    return print(
        {{"permission", "deny"},
         {"user_message", clause(r) + "; ask the user to run it or approve via the policy tool."},
         {"agent_message", r}});
  return print({{"permission", to_string(e)}, {"user_message", r}, {"agent_message", r}});
}

// A PascalCase (`PreToolUse`) registration gets the VS Code-compatible payload; the contract does
// not say which answer form Copilot reads for it, so that answer carries Claude Code's
// `hookSpecificOutput` beside Copilot's own fields (both say the same).
HookResult encode_copilot(const Call& c, Effect e, const std::string& r, bool exit_code) {
  if (e == Effect::deny && exit_code) return exit2(r);
  json out{{"permissionDecision", to_string(e)}};
  if (e != Effect::allow) out["permissionDecisionReason"] = r;
  if (!c.names.empty())
    out["hookSpecificOutput"] = claude_pre(to_string(e), r)["hookSpecificOutput"];
  return print(out);
}

// OpenCode has no hook process: this is the answer the plugin (wasm/src/opencode.mjs) acts on:
// it throws on deny and returns on allow and ask (OpenCode's `permission` config then applies).
HookResult encode_opencode(const Call&, Effect e, const std::string& r, bool) {
  if (e == Effect::allow) return print({{"decision", "allow"}});
  return print({{"decision", to_string(e)}, {"message", r}});
}

// Cline has no ask: an ask lets the call go to Cline's own approval (requires_approval, its
// auto-approve settings) and tells the model so; `cancel: true` aborts the whole task.
HookResult encode_cline(const Call&, Effect e, const std::string& r, bool) {
  if (e == Effect::allow) return print({{"cancel", false}});
  if (e == Effect::deny) return print({{"cancel", true}, {"errorMessage", r}});
  return print(
      {{"cancel", false},
       {"contextModification", "POLICY: " + clause(r) + "; Cline's approval prompt applies."}});
}

// ---- blocking forms --------------------------------------------------------------------------

HookResult fail_claude(std::string_view event, const std::string& why) {
  // Exit 2 is not honoured for PermissionRequest: its explicit deny is.
  if (event == "PermissionRequest")
    return print(claude_permission({{"behavior", "deny"}, {"message", why}}));
  return exit2(why);
}
HookResult fail_exit2(std::string_view, const std::string& why) {
  return exit2(why);
}
HookResult fail_codex(std::string_view event, const std::string& why) {
  return fail_claude(event, why);  // the same two forms: exit 2, or PermissionRequest's deny
}
HookResult fail_cursor(std::string_view, const std::string& why) {
  return print({{"permission", "deny"}, {"user_message", why}, {"agent_message", why}});
}
HookResult fail_opencode(std::string_view, const std::string& why) {
  return print({{"decision", "deny"}, {"message", why}});
}
HookResult fail_cline(std::string_view, const std::string& why) {
  return print({{"cancel", true}, {"errorMessage", why}});
}

struct Wire {
  std::string_view harness;
  Error (*decode)(const json&, Call&);
  HookResult (*encode)(const Call&, Effect, const std::string&, bool exit_code);
  HookResult (*fail)(std::string_view event, const std::string& why);
  // The variable the harness sets to the project's folder in the hook's environment (the root
  // whatever folder the agent has moved to); empty when it sets none.
  std::string_view project_env;
  // Whether the harness's answer to an ask lets the call run without a human (its own approval
  // settings decide: Codex's PreToolUse, OpenCode's plugin, Cline). There, an ask that comes from
  // what vigie could not judge (a line that does not parse, a limit: Decision::error) gets the
  // blocking form: `cat .env⏎fi` must not reach Codex's auto-approval as "no opinion".
  bool ask_may_run = false;
};

constexpr Wire kWires[] = {
    {"claude", decode_claude, encode_claude, fail_claude, "CLAUDE_PROJECT_DIR", false},
    {"gemini", decode_gemini, encode_gemini, fail_exit2, "GEMINI_PROJECT_DIR", false},
    {"codex", decode_codex, encode_codex, fail_codex, "", true},
    {"cursor", decode_cursor, encode_cursor, fail_cursor, "CURSOR_PROJECT_DIR", false},
    {"copilot", decode_copilot, encode_copilot, fail_exit2, "", false},
    {"opencode", decode_opencode, encode_opencode, fail_opencode, "", true},
    {"cline", decode_cline, encode_cline, fail_cline, "", true},
};

const Wire* find_wire(std::string_view harness) {
  for (const auto& w : kWires)
    if (w.harness == harness) return &w;
  return nullptr;
}

std::string reason_of(const Decision& d) {
  if (!d.message.empty()) return d.message;
  return d.decision == Effect::allow  ? "allowed by the vigie policy"
         : d.decision == Effect::deny ? "denied by the vigie policy"
                                      : "the vigie policy asks a human to decide";
}

// The patch text of an apply_patch call: `command` (Codex's PreToolUse), `input`/`patch`, or
// `patchText` (OpenCode).
std::string patch_text(const json& input) {
  for (const char* k : {"command", "input", "patch", "patchText"}) {
    std::string t = text(input, k);
    if (!t.empty()) return t;
  }
  return {};
}

}  // namespace

std::vector<std::string_view> hook_harnesses() {
  std::vector<std::string_view> out;
  for (const auto& w : kWires) out.push_back(w.harness);
  return out;
}

std::string_view hook_project_env(std::string_view harness) {
  const Wire* w = find_wire(harness);
  return w ? w->project_env : std::string_view();
}

bool is_hook_harness(std::string_view harness) {
  return find_wire(harness) != nullptr;
}

std::vector<std::string> patch_paths(std::string_view patch) {
  static constexpr std::string_view kHeads[] = {
      "*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "};
  std::vector<std::string> out;
  while (!patch.empty()) {
    auto nl = patch.find('\n');
    std::string_view raw = patch.substr(0, nl);
    patch = nl == std::string_view::npos ? std::string_view() : patch.substr(nl + 1);
    // Codex's parser reads a file header as `line.trim()` (Unicode White_Space, "tolerant of
    // extra padding"): ` *** Add File: .env\u3000` adds `.env`. `*** Move to: ` is read as it
    // stands, right after its Update header; its name is trimmed too (a stricter reading).
    const std::string_view trimmed = engine::trim_blanks(raw, engine::Trim::rust);
    for (std::string_view head : kHeads) {
      const std::string_view line = head == kHeads[3] ? raw : trimmed;
      if (line.substr(0, head.size()) != head) continue;
      std::string_view p = engine::trim_blanks(line.substr(head.size()), engine::Trim::rust);
      if (!p.empty()) out.emplace_back(p);
      break;
    }
  }
  return out;
}

HookResult hook_failure(std::string_view harness, std::string_view input,
                        const std::string& why) noexcept {
  try {
    const Wire* w = find_wire(harness);
    if (!w) return exit2(why);
    std::string event;
    if (!input.empty() && input.size() <= limits::request_bytes) {
      json in = engine::parse_json_shallow(input);
      if (in.is_object()) event = text(in, "hook_event_name");
    }
    return w->fail(event, why);
  } catch (...) {
    return {2, "", "vigie: internal error\n", {}, {}};
  }
}

HookResult run_hook(std::string_view harness, const Policy& policy, std::string_view input,
                    const HookOptions& opt, const DecideOptions& decide) noexcept {
  const std::string cannot = "vigie could not judge this tool call: ";
  try {
    const Wire* w = find_wire(harness);
    if (!w) return exit2("vigie: unknown harness `" + std::string(harness) + "`");
    std::string why;
    json in = engine::parse_json(input, &why, limits::request_bytes, "the hook input");
    if (in.is_discarded()) return hook_failure(harness, input, cannot + why);
    if (!in.is_object())
      return hook_failure(harness, input, cannot + "the hook input is not a JSON object");
    Call c;
    if (Error e = w->decode(in, c)) return w->fail(c.event, cannot + *e);
    if (!c.judge)
      return {0,
              "",
              "vigie hook: `" + c.event + "` is not an event vigie answers: no decision\n",
              {},
              {}};

    Request req;
    req.tool = c.tool;
    req.harness = c.names.empty() ? std::string(harness) : c.names;
    // The project root: --project, else the harness's own workspace root; empty, the engine
    // takes the git root above the cwd.
    req.project_root = !opt.project.empty() ? opt.project : c.root;
    req.cwd = !c.cwd.empty() ? c.cwd : req.project_root;
    req.home = opt.home.empty() ? "/" : opt.home;
    req.mode = opt.mode;
    req.agent = opt.agent;
    req.interactive = !opt.non_interactive;

    DecideOptions dopt = decide;
    dopt.trace = false;  // a hook answers the decision and its reason only
    Decision worst;
    Request worst_req;
    bool any = false;
    auto judge = [&](const json& input_object) {
      req.input_json = input_object.dump(-1, ' ', false, json::error_handler_t::replace);
      Decision d = policy.decide(req, dopt);
      if (!any || d.decision > worst.decision) {
        worst = std::move(d);
        worst_req = req;
      }
      any = true;
    };
    if (c.patch) {
      std::vector<std::string> paths = patch_paths(patch_text(c.input));
      if (paths.empty()) return w->fail(c.event, cannot + "the apply_patch input names no file");
      if (paths.size() > limits::judged_paths)
        return w->fail(c.event, cannot + "the patch touches more than " +
                                    std::to_string(limits::judged_paths) + " files");
      for (const auto& p : paths) judge(json{{"file_path", p}});
    } else {
      judge(c.input);
    }
    // PermissionRequest's "no decision" shows the harness's own prompt: a human sees it.
    if (w->ask_may_run && worst.decision == Effect::ask && worst.error &&
        c.event != "PermissionRequest") {
      HookResult r = w->fail(c.event, cannot + *worst.error);
      r.request = std::move(worst_req);
      r.decision = std::move(worst);
      return r;
    }
    HookResult r = w->encode(c, worst.decision, reason_of(worst), opt.deny_exit_code);
    r.request = std::move(worst_req);
    r.decision = std::move(worst);
    return r;
  } catch (const std::exception& e) {
    return hook_failure(harness, {}, cannot + "internal error: " + e.what());
  } catch (...) {
    return hook_failure(harness, {}, cannot + "internal error");
  }
}

}  // namespace vigie::hooks
