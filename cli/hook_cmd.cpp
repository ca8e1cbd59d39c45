// `vigie hook claude`: a Claude Code `PreToolUse` hook.
//
// Claude Code runs the hook with the tool call on stdin:
//   {"session_id", "transcript_path", "cwd", "hook_event_name": "PreToolUse", "tool_name",
//    "tool_input"}
// and reads the decision on stdout:
//   {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"|"deny"|
//    "ask", "permissionDecisionReason": "…"}}
// The exit status is 0 whenever a decision is printed; input that cannot be read, or a policy that
// does not compile, still gets a decision: ask (deny with --non-interactive), never allow. Bad
// usage exits 2, which Claude Code treats as a blocking error: fail closed.
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/io.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

using nlohmann::json;

struct HookArgs {
  std::string harness, policy, project, home, mode, agent;
  bool non_interactive = false;
};

int usage_error(const std::string& msg) {
  std::cerr << "vigie hook: " << msg << "\n(run `vigie hook --help`)\n";
  return kExitUsage;
}

void print_decision(const char* event, Effect e, const std::string& reason) {
  json out{{"hookSpecificOutput",
            {{"hookEventName", event},
             {"permissionDecision", to_string(e)},
             {"permissionDecisionReason", reason}}}};
  std::cout << out.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
}

std::string reason_of(const Decision& d) {
  std::string r = d.message;
  if (r.empty()) {
    r = d.decision == Effect::allow  ? "allowed by the vigie policy"
        : d.decision == Effect::deny ? "denied by the vigie policy"
                                     : "the vigie policy asks a human to decide";
  }
  if (!d.rule.id.empty()) r += " [vigie rule " + d.rule.id + "]";
  return r;
}

int judge(const HookArgs& h, Effect fail);

int run_hook(const std::vector<std::string>& a) {
  HookArgs h;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string& k = a[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= a.size()) return false;
      out = a[++i];
      return true;
    };
    bool ok = true;
    if (k == "--policy")
      ok = value(h.policy);
    else if (k == "--project")
      ok = value(h.project);
    else if (k == "--home")
      ok = value(h.home);
    else if (k == "--mode")
      ok = value(h.mode);
    else if (k == "--agent")
      ok = value(h.agent);
    else if (k == "--non-interactive")
      h.non_interactive = true;
    else if (!k.empty() && k[0] != '-' && h.harness.empty())
      h.harness = k;
    else
      return usage_error("unknown option `" + k + "`");
    if (!ok) return usage_error("`" + k + "` needs a value");
  }
  if (h.harness.empty()) return usage_error("name the harness: `vigie hook claude`");
  if (h.harness != "claude") return usage_error("unknown harness `" + h.harness + "` (claude)");
  if (h.policy.empty()) return usage_error("`--policy FILE` is required");
  if (!h.mode.empty() && !mode_from_string(h.mode)) return usage_error(mode_error(h.mode));

  const Effect fail = h.non_interactive ? Effect::deny : Effect::ask;
  try {
    return judge(h, fail);
  } catch (const std::exception& e) {
    print_decision("PreToolUse", fail,
                   std::string("vigie could not judge this call (internal error: ") + e.what() +
                       "): a human must decide");
  } catch (...) {
    print_decision("PreToolUse", fail,
                   "vigie could not judge this call (internal error): a human must decide");
  }
  return kExitOk;
}

int judge(const HookArgs& h, Effect fail) {
  std::string text, err;
  if (!read_bounded("-", text, err, limits::request_bytes)) {
    print_decision("PreToolUse", fail,
                   "vigie could not read the hook input (" + err + "): a human must decide");
    return kExitOk;
  }
  // Size and depth are bounded before parsing: `tool_input` is serialized back below.
  std::string why;
  json in = engine::parse_json(text, &why);
  if (in.is_discarded() || !in.is_object()) {
    if (!in.is_discarded()) why = "not a JSON object";
    print_decision("PreToolUse", fail,
                   "vigie could not read the hook input (" + why + "): a human must decide");
    return kExitOk;
  }
  std::string event = "PreToolUse";
  if (auto it = in.find("hook_event_name"); it != in.end() && it->is_string())
    event = it->get<std::string>();
  if (event != "PreToolUse") {
    // Only PreToolUse takes a permission decision: say nothing about other events.
    std::cerr << "vigie hook: `" << event << "` is not a PreToolUse event: no decision\n";
    return kExitOk;
  }
  auto tool = in.find("tool_name");
  if (tool == in.end() || !tool->is_string() || tool->get<std::string>().empty()) {
    print_decision("PreToolUse", fail, "vigie: the hook input has no `tool_name`");
    return kExitOk;
  }
  Request req;
  req.tool = tool->get<std::string>();
  req.harness = "claude";  // the engine resolves the tool name with Claude Code's map
  if (auto it = in.find("tool_input"); it != in.end()) {
    if (!it->is_object()) {
      print_decision("PreToolUse", fail, "vigie: `tool_input` is not an object");
      return kExitOk;
    }
    req.input_json = it->dump(-1, ' ', false, json::error_handler_t::replace);
  }
  if (auto it = in.find("cwd"); it != in.end() && it->is_string()) req.cwd = it->get<std::string>();
  if (req.cwd.empty()) {
    if (const char* pd = std::getenv("CLAUDE_PROJECT_DIR")) req.cwd = pd;
  }
  req.project_root = h.project;  // empty: the engine takes the git root above the cwd
  if (!h.home.empty()) {
    req.home = h.home;
  } else {
    const char* home = std::getenv("HOME");
    req.home = home ? home : "/";
  }
  if (req.cwd.empty()) req.cwd = req.project_root;
  req.interactive = !h.non_interactive;
  if (!h.mode.empty()) req.mode = mode_from_string(h.mode);
  req.agent = h.agent;

  CompileResult compiled = compile_file(h.policy);
  for (const auto& d : compiled.diagnostics)
    if (d.severity == Severity::error) std::cerr << render(d, compiled.sources);
  if (!compiled.ok()) {
    print_decision("PreToolUse", fail,
                   "vigie: the policy `" + h.policy + "` does not compile: a human must decide");
    return kExitOk;
  }
  DecideOptions opt;
  opt.trace = false;  // the hook prints the decision and its reason only
  Decision d = compiled.policy->decide(req, opt);
  print_decision("PreToolUse", d.decision, reason_of(d));
  return kExitOk;
}

const Registrar hook_reg{
    "hook",
    {"adapt a harness hook (Claude Code PreToolUse) to a vigie decision",
     "usage: vigie hook claude --policy FILE [--project DIR] [--home DIR]\n"
     "                         [--mode readonly|ask|auto] [--agent NAME] [--non-interactive]\n\n"
     "A Claude Code PreToolUse hook: reads the hook input on stdin\n"
     "  {\"session_id\", \"transcript_path\", \"cwd\", \"hook_event_name\": \"PreToolUse\",\n"
     "   \"tool_name\", \"tool_input\"}\n"
     "and prints\n"
     "  {\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\",\n"
     "   \"permissionDecision\": \"allow\"|\"deny\"|\"ask\", \"permissionDecisionReason\": "
     "\"…\"}}\n"
     "The project root is `cwd` (or --project), home is $HOME (or --home). Input that cannot be\n"
     "read or a policy that does not compile gives ask (deny with --non-interactive).\n"
     "Other hook events get no decision. Exit: 0 with a decision printed, 2 on bad usage.\n\n"
     "In .claude/settings.json:\n"
     "  {\"hooks\": {\"PreToolUse\": [{\"matcher\": \"*\", \"hooks\": [{\"type\": \"command\",\n"
     "    \"command\": \"vigie hook claude --policy "
     "$CLAUDE_PROJECT_DIR/.vigie/policy.vigie\"}]}]}}\n",
     run_hook}};

}  // namespace
}  // namespace vigie::cli
