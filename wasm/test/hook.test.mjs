// createHook and the OpenCode plugin: every hook vector of tests/cli/hooks/vectors.json (the
// project's own, in the contract's forms) and of the contract's file,
// ../shared/contracts/hook-vectors.json, when it is there, answered
// in-process exactly as the vector says, and exactly as the native `vigie hook` answers the same
// input (stdout byte for byte, exit code, stderr); then the blocking form of every harness for
// what cannot be judged. The policies are the CLI test's (tests/cli/hooks/HARNESS.vigie).
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHook, createOpencodePlugin } from "../index.mjs";
import { nativeBinary, repoRoot, runNativeFull, vigie } from "./helpers.mjs";

const hooksDir = join(repoRoot, "tests/cli/hooks");
const policyOf = (h) => readFileSync(join(hooksDir, `${h}.vigie`), "utf8");
const vectorFiles = [join(hooksDir, "vectors.json")];
const contract = join(repoRoot, "../shared/contracts/hook-vectors.json");
if (existsSync(contract)) vectorFiles.push(contract);

const harnessOf = (section) =>
  [
    ["claude_code_", "claude"],
    ["gemini_cli_", "gemini"],
    ["codex_cli_PreToolUse", "codex"],
    ["codex_cli_PermissionRequest", "codex"],
    ["cursor_", "cursor"],
    ["copilot_cli_", "copilot"],
    ["opencode_", "opencode"],
    ["cline_", "cline"],
  ].find(([p]) => section.startsWith(p))?.[1];

function cases(file) {
  const all = JSON.parse(readFileSync(file, "utf8"));
  const out = [];
  for (const [section, vectors] of Object.entries(all)) {
    const harness = harnessOf(section);
    if (!harness) continue;
    for (const [name, v] of Object.entries(vectors)) {
      if (name.startsWith("_")) continue;
      if (name === "pascalcase_variant_input") {
        // Input only: the VS Code-compatible payload of `git status`, allowed like the camelCase
        // one; the answer also carries Claude Code's form (engine/hook_wire.cpp says why).
        const stdout_json = {
          permissionDecision: "allow",
          hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "allowed by the vigie policy" },
        };
        out.push({ section, name, harness, input: v, expected: { exit_code: 0, stdout_json } });
      } else {
        out.push({ section, name, harness, ...v });
      }
    }
  }
  return out;
}

const native = nativeBinary();

for (const file of vectorFiles) {
  const label = file === contract ? "contract" : "project";
  test(`createHook answers every ${label} vector like the vector and like the CLI`, async () => {
    const hooks = {};
    for (const c of cases(file)) {
      const exit2 = c.name === "deny_via_exit2";
      const key = `${c.harness}${exit2 ? ":exit2" : ""}`;
      hooks[key] ??= await createHook(c.harness, policyOf(c.harness), {
        file: `${c.harness}.vigie`,
        home: "/home/u",
        denyExitCode: exit2,
      });
      const hook = hooks[key];
      assert.equal(hook.ok, true, JSON.stringify(hook.diagnostics));
      const input = c.harness === "opencode" ? { ...c.input, cwd: "/home/u/proj" } : c.input;
      const r = await hook(input);
      const what = `${c.section}/${c.name}`;
      if (c.harness === "opencode") {
        const got = r.output?.decision === "deny" ? `throw new Error('${r.output.message}')` : "return";
        if (c.expected.behavior.startsWith("return")) assert.equal(got, "return", what);
        else assert.equal(got, c.expected.behavior, what);
      } else {
        assert.equal(r.exitCode, c.expected.exit_code, what);
        if ("stdout_json" in c.expected) {
          assert.deepEqual(r.output, c.expected.stdout_json, what);
          assert.equal(r.stdout, JSON.stringify(r.output) + "\n", `${what}: one object, nothing else`);
        } else {
          assert.equal(r.stdout, c.expected.stdout, what);
        }
        if ("stderr" in c.expected) assert.equal(r.stderr.trim(), c.expected.stderr, what);
      }
      // The same input through the native CLI: the same bytes.
      if (native) {
        const args = ["hook", c.harness, "--policy", join(hooksDir, `${c.harness}.vigie`), "--home", "/home/u"];
        if (exit2) args.push("--deny-exit-code");
        const n = runNativeFull(args, JSON.stringify(input));
        assert.deepEqual(
          { stdout: r.stdout, exitCode: r.exitCode, stderr: r.stderr },
          { stdout: n.stdout, exitCode: n.status, stderr: n.stderr },
          `${what}: CLI and createHook differ`,
        );
      }
    }
    for (const h of Object.values(hooks)) h.free();
  });
}

// The blocking form of each harness: exit 2 + a reason on stderr, or its explicit deny.
const blocking = {
  claude: (r) => r.exitCode === 2 && r.stdout === "" && r.stderr.length > 0,
  gemini: (r) => r.exitCode === 2 && r.stdout === "" && r.stderr.length > 0,
  codex: (r) => r.exitCode === 2 && r.stdout === "" && r.stderr.length > 0,
  copilot: (r) => r.exitCode === 2 && r.stdout === "" && r.stderr.length > 0,
  cursor: (r) => r.exitCode === 0 && r.output?.permission === "deny" && r.output.agent_message.length > 0,
  opencode: (r) => r.exitCode === 0 && r.output?.decision === "deny" && r.output.message.length > 0,
  cline: (r) => r.exitCode === 0 && r.output?.cancel === true && r.output.errorMessage.length > 0,
};
const validInput = {
  claude: { hook_event_name: "PreToolUse", cwd: "/p", tool_name: "Bash", tool_input: { command: "git status" } },
  gemini: { hook_event_name: "BeforeTool", cwd: "/p", tool_name: "run_shell_command", tool_input: { command: "git status" } },
  codex: { hook_event_name: "PreToolUse", cwd: "/p", tool_name: "Bash", tool_input: { command: "git status" } },
  copilot: { cwd: "/p", toolName: "bash", toolArgs: JSON.stringify({ command: "git status" }) },
  cursor: { hook_event_name: "beforeShellExecution", cwd: "/p", command: "git status" },
  opencode: { cwd: "/p", input: { tool: "bash" }, output: { args: { command: "git status" } } },
  cline: { hookName: "PreToolUse", workspaceRoots: ["/p"], preToolUse: { toolName: "execute_command", parameters: { command: "git status" } } },
};

test("createHook fails closed in every harness's blocking form", async () => {
  const v = await vigie();
  assert.deepEqual(v.hookHarnesses().sort(), Object.keys(blocking).sort());
  const circular = {};
  circular.self = circular;
  const huge = JSON.stringify({ ...validInput.claude, tool_input: { command: "a".repeat(2_200_000) } });
  for (const [h, isBlocked] of Object.entries(blocking)) {
    const good = await createHook(h, policyOf(h), { home: "/home/u" });
    assert.equal((await good(validInput[h])).exitCode, 0, `${h}: valid input`);
    for (const [what, input] of [
      ["garbage", "this is { not json"],
      ["empty", ""],
      ["too large", huge],
      ["not serialisable", circular],
      ["an array", [1, 2]],
    ]) {
      assert.ok(isBlocked(await good(input)), `${h}: ${what}`);
    }
    const broken = await createHook(h, 'policy "broken"\ncommands {\n  alow git status\n}\n');
    assert.equal(broken.ok, false);
    assert.ok(broken.diagnostics.length > 0);
    assert.ok(isBlocked(await broken(validInput[h])), `${h}: a policy with a syntax error`);
    const badOptions = await createHook(h, policyOf(h), { mode: "read_only" });
    assert.equal(badOptions.ok, false);
    assert.ok(isBlocked(await badOptions(validInput[h])), `${h}: options that cannot be used`);
    good.free();
    assert.ok(isBlocked(await good(validInput[h])), `${h}: a freed hook`);
    broken.free();
    badOptions.free();
  }
  const unknown = await createHook("nosuch", policyOf("claude"));
  assert.equal(unknown.ok, false);
  assert.equal((await unknown(validInput.claude)).exitCode, 2);
});

test("the OpenCode plugin throws on deny and returns on allow and ask", async () => {
  const plugin = createOpencodePlugin({ policy: policyOf("opencode"), home: "/home/u" });
  const hooks = await plugin({ directory: "/home/u/proj", worktree: "/home/u/proj" });
  const before = hooks["tool.execute.before"];
  assert.equal(await before({ tool: "bash", sessionID: "s", callID: "1" }, { args: { command: "git status" } }), undefined);
  assert.equal(await before({ tool: "bash", sessionID: "s", callID: "3" }, { args: { command: "git push origin main" } }), undefined);
  await assert.rejects(
    before({ tool: "edit", sessionID: "s", callID: "2" }, { args: { filePath: "/home/u/proj/package-lock.json", oldString: "a", newString: "b" } }),
    { message: "Blocked by policy rule R5: lockfiles must be changed via the package manager." },
  );
  // nonInteractive: an ask is a deny.
  const strict = await createOpencodePlugin({ policy: policyOf("opencode"), home: "/home/u", nonInteractive: true })({ directory: "/home/u/proj" });
  await assert.rejects(strict["tool.execute.before"]({ tool: "bash" }, { args: { command: "git push origin main" } }));
  // A policy file that is missing: every call throws.
  const missing = await createOpencodePlugin({ policyFile: "/nonexistent/policy.vigie" })({ directory: "/tmp" });
  await assert.rejects(missing["tool.execute.before"]({ tool: "bash" }, { args: { command: "git status" } }), /could not judge/);
  // The package's plugin module exports only plugins (OpenCode calls every export).
  const mod = await import("../opencode.mjs");
  assert.deepEqual(Object.keys(mod), ["VigiePlugin"]);
  assert.equal(typeof mod.VigiePlugin, "function");
});
