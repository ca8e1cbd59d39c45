// The hook wire (engine/hook_wire.cpp) without a process: apply_patch envelopes, every harness's
// answer to one allowed, denied and asked call, and the blocking form of each.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/hook_wire.hpp"

using vigie::hooks::HookResult;
using vigie::hooks::patch_paths;
using json = nlohmann::json;

TEST_CASE("apply_patch envelopes: every added, updated, deleted and moved-to path", "[hooks]") {
  struct Case {
    std::string patch;
    std::vector<std::string> paths;
  };
  const Case cases[] = {
      {"*** Begin Patch\n*** Update File: a.rs\n@@\n-x\n+y\n*** End Patch\n", {"a.rs"}},
      {"*** Begin Patch\n*** Add File: n.txt\n+hi\n*** Delete File: old.txt\n*** Update File: "
       "src/m.rs\n*** Move to: src/n.rs\n@@\n*** End Patch",
       {"n.txt", "old.txt", "src/m.rs", "src/n.rs"}},
      {"*** Begin Patch\r\n*** Update File: w.yml \r\n*** End Patch\r\n", {"w.yml"}},
      {"*** Update File: \n", {}},  // an empty path names nothing
      {"+*** Add File: inside/content\n", {}},
      {"not a patch", {}},
      {"", {}},
  };
  for (const auto& c : cases) {
    INFO(c.patch);
    CHECK(patch_paths(c.patch) == c.paths);
  }
}

TEST_CASE("each harness answers allow, deny and ask in its own form", "[hooks]") {
  auto r = vigie::compile({{"p.vigie",
                            "policy \"p\"\nmode ask\ncommands {\n  allow ls\n  deny rm "
                            "\"No rm.\"\n  ask mv \"Moving needs a human.\"\n}\n"}});
  REQUIRE(r.ok());
  struct Case {
    std::string harness, input_template, allow, deny, ask;
  };
  // CMD is replaced by the command.
  const Case cases[] = {
      {"claude", R"({"cwd":"/p","tool_name":"Bash","tool_input":{"command":"CMD"}})",
       R"({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"allowed by the vigie policy"}})",
       R"({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"No rm."}})",
       R"({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"Moving needs a human."}})"},
      {"gemini", R"({"cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"CMD"}})",
       R"({"decision":"allow"})", R"({"decision":"deny","reason":"No rm."})",
       R"({"decision":"ask","systemMessage":"Moving needs a human."})"},
      {"codex", R"({"cwd":"/p","tool_name":"Bash","tool_input":{"command":"CMD"}})", "",
       R"({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"No rm."}})",
       ""},
      {"cursor", R"({"hook_event_name":"beforeShellExecution","cwd":"/p","command":"CMD"})",
       R"({"permission":"allow"})",
       R"({"agent_message":"No rm.","permission":"deny","user_message":"No rm."})",
       R"({"agent_message":"Moving needs a human.","permission":"ask","user_message":"Moving needs a human."})"},
      {"copilot", R"({"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"CMD\"}"})",
       R"({"permissionDecision":"allow"})",
       R"({"permissionDecision":"deny","permissionDecisionReason":"No rm."})",
       R"({"permissionDecision":"ask","permissionDecisionReason":"Moving needs a human."})"},
      {"opencode", R"({"cwd":"/p","input":{"tool":"bash"},"output":{"args":{"command":"CMD"}}})",
       R"({"decision":"allow"})", R"({"decision":"deny","message":"No rm."})",
       R"({"decision":"ask","message":"Moving needs a human."})"},
      {"cline",
       R"({"workspaceRoots":["/p"],"preToolUse":{"toolName":"execute_command","parameters":{"command":"CMD"}}})",
       R"({"cancel":false})", R"({"cancel":true,"errorMessage":"No rm."})",
       R"({"cancel":false,"contextModification":"POLICY: Moving needs a human; Cline's approval prompt applies."})"},
  };
  auto answer = [&](const Case& c, const std::string& cmd) {
    std::string in = c.input_template;
    in.replace(in.find("CMD"), 3, cmd);
    vigie::hooks::HookOptions opt;
    opt.home = "/home/u";
    HookResult out = vigie::hooks::run_hook(c.harness, *r.policy, in, opt);
    CHECK(out.exit_code == 0);
    if (out.out.empty()) return std::string();
    CHECK(out.out.back() == '\n');
    return json::parse(out.out).dump();
  };
  auto canon = [](const std::string& s) { return s.empty() ? s : json::parse(s).dump(); };
  for (const auto& c : cases) {
    INFO(c.harness);
    CHECK(answer(c, "ls -l") == canon(c.allow));
    CHECK(answer(c, "rm x") == canon(c.deny));
    CHECK(answer(c, "mv a b") == canon(c.ask));
  }
}

TEST_CASE("what cannot be judged gets each harness's blocking form", "[hooks]") {
  for (auto h : vigie::hooks::hook_harnesses()) {
    INFO(h);
    HookResult b = vigie::hooks::hook_failure(h, "{oops", "vigie could not judge");
    if (h == "cursor" || h == "opencode" || h == "cline") {
      CHECK(b.exit_code == 0);
      json j = json::parse(b.out);
      CHECK((j.value("permission", "") == "deny" || j.value("decision", "") == "deny" ||
             j.value("cancel", false)));
    } else {
      CHECK(b.exit_code == 2);
      CHECK(b.out.empty());
      CHECK(b.err == "vigie could not judge\n");
    }
  }
  HookResult pr = vigie::hooks::hook_failure("claude", R"({"hook_event_name":"PermissionRequest"})",
                                             "vigie could not judge");
  CHECK(pr.exit_code == 0);
  CHECK(json::parse(pr.out)["hookSpecificOutput"]["decision"]["behavior"] == "deny");
}

TEST_CASE("codex PermissionRequest: allow and deny answered, an ask left to Codex's prompt",
          "[hooks]") {
  auto r = vigie::compile({{"p.vigie", R"(policy "p"
mode ask
commands {
  allow ls
  deny rm "No rm."
}
fetch {
  allow GET docs.python.org
  deny *.pastebin.com "No paste sites."
}
)"}});
  REQUIRE(r.ok());
  auto answer = [&](const std::string& tool, const std::string& command) {
    json in{{"hook_event_name", "PermissionRequest"},
            {"cwd", "/p"},
            {"turn_id", "t1"},
            {"tool_name", tool},
            {"tool_input", {{"command", command}}}};
    vigie::hooks::HookOptions opt;
    opt.home = "/home/u";
    return vigie::hooks::run_hook("codex", *r.policy, in.dump(), opt);
  };
  auto behavior = [](const HookResult& h) {
    CHECK(h.exit_code == 0);
    if (h.out.empty()) return std::string("(none)");
    json j = json::parse(h.out);
    CHECK(j["hookSpecificOutput"]["hookEventName"] == "PermissionRequest");
    const json& d = j["hookSpecificOutput"]["decision"];
    // Only `behavior` and `message`: the other fields are version-dependent or fail closed.
    for (const auto& [k, v] : d.items()) CHECK((k == "behavior" || k == "message"));
    return d["behavior"].get<std::string>() +
           (d.contains("message") ? ": " + d["message"].get<std::string>() : "");
  };
  struct Case {
    std::string tool, command, expected;
  };
  const Case cases[] = {
      {"Bash", "ls -l", "allow"},
      {"Bash", "rm -f x", "deny: No rm."},
      {"Bash", "mv a b", "(none)"},  // ask: Codex's own approval prompt
      {"NetworkAccess", "network-access docs.python.org", "allow"},
      {"NetworkAccess", "network-access paste.pastebin.com", "deny: No paste sites."},
      {"NetworkAccess", "network-access example.org", "(none)"},
      // The command that wants the network, not the host: judged as that command.
      {"NetworkAccess", "rm -rf build", "deny: No rm."},
      {"NetworkAccess", "ls", "allow"},
  };
  for (const auto& c : cases) {
    INFO(c.tool << " " << c.command);
    CHECK(behavior(answer(c.tool, c.command)) == c.expected);
  }
  // What cannot be judged is an explicit deny: exit 2 is not a block for PermissionRequest.
  for (std::string bad : {"network-access ", "network-access a b", "network-access x/y"}) {
    INFO(bad);
    HookResult h = answer("NetworkAccess", bad);
    CHECK(h.exit_code == 0);
    CHECK(json::parse(h.out)["hookSpecificOutput"]["decision"]["behavior"] == "deny");
  }
  HookResult f = vigie::hooks::hook_failure("codex", R"({"hook_event_name":"PermissionRequest"})",
                                            "vigie could not judge");
  CHECK(f.exit_code == 0);
  CHECK(json::parse(f.out)["hookSpecificOutput"]["decision"]["behavior"] == "deny");
  CHECK(vigie::hooks::hook_failure("codex", R"({"hook_event_name":"PreToolUse"})", "x").exit_code ==
        2);
}
