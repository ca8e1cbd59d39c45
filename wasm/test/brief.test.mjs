// `decide(request, fs, session, {trace: false})`: the fast path (an embind value object, no
// trace built) gives the same decision, message, rule and error as the default path, with
// `matched` and `trace` empty; sessions and failures (bad requests, freed policies) too.
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { context, repoRoot, teamPolicy, vigie } from "./helpers.mjs";

const bash = (command, extra = {}) => ({ tool: "Bash", input: { command }, ...context, ...extra });
const noTrace = { trace: false };

const requests = [
  bash("git status"),
  bash("git status && git push -f origin main"),
  bash("CI=1 timeout 30 npm test | tee out.txt"),
  bash("rm -rf ~ && echo $(cat ~/.ssh/id_rsa)"),
  bash("cat <<'EOF' > notes.md\nhello\nEOF"),
  bash("bash -c 'git push --force'"),
  bash("echo 'unterminated"),
  bash("make", { mode: "readonly" }),
  bash("git push -f", { mode: "auto", interactive: false }),
  { tool: "Edit", input: { file_path: "/srv/app/src/main.ts" }, ...context },
  { tool: "Write", input: { file_path: "/home/u/.ssh/config" }, ...context },
  { tool: "Read", input: { file_path: "/etc/shadow" }, ...context },
  { tool: "WebFetch", input: { url: "https://docs.github.com/en/rest" }, ...context },
  { tool: "mcp__github__delete_repo", input: {}, ...context },
  { tool: "Task", input: { prompt: "x" }, ...context },
  { request: { id: "1", kind: "command", tool: "Bash", input: { command: "ls" } }, project: "/srv/app" },
  { tool: "Bash", input: { command: 3 }, ...context },
  { input: { command: "ls" } },
  "{not json",
];

const strip = (d) => {
  const { matched, trace, ...rest } = d;
  return rest;
};

function policies(v) {
  const out = [["team.vigie", v.compile(teamPolicy, { file: "team.vigie" })]];
  const dir = join(repoRoot, "rules");
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".vigie")).sort()) {
    const p = v.compile(readFileSync(join(dir, f), "utf8"), { file: `rules/${f}` });
    if (p.ok) out.push([f, p]);
    else p.free();
  }
  return out;
}

test("trace: false decides as the default path, without matched rules or trace", async () => {
  const v = await vigie();
  const fs = { symlinks: { "/srv/app/notes": "/home/u/.ssh/id_rsa" } };
  for (const [name, policy] of policies(v)) {
    for (const r of requests) {
      for (const f of [undefined, fs]) {
        const full = policy.decide(r, f);
        const brief = policy.decide(r, f, null, noTrace);
        assert.deepEqual(strip(brief), strip(full), `${name}: ${JSON.stringify(r)}`);
        assert.deepEqual(brief.matched, []);
        assert.deepEqual(brief.trace, []);
        if (full.rule) assert.deepEqual(Object.keys(brief.rule).sort(), Object.keys(full.rule).sort());
      }
    }
    policy.free();
  }
});

test("trace: false with a session: the same loop stop as the default path", async () => {
  const v = await vigie();
  const policy = v.compile(`policy "s"\nmode ask\nsession {\n  loop-threshold 3\n}\ncommands {\n  allow git status\n}\n`);
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const a = v.session();
  const b = v.session();
  for (let i = 0; i < 4; ++i) {
    const full = policy.decide(bash("git status"), null, a);
    const brief = policy.decide(bash("git status"), null, b, noTrace);
    assert.deepEqual(strip(brief), strip(full), `call ${i}`);
  }
  assert.equal(policy.decide(bash("git status"), null, b, noTrace).decision, "deny");
  assert.equal(b.actions, 5);
  a.free();
  b.free();
  policy.free();
});

test("trace: false fails closed like the default path", async () => {
  const v = await vigie();
  const bad = v.compile("policy \"x\"\ncommands {\n  allow\n");
  assert.equal(bad.decide(bash("ls"), null, null, noTrace).decision, "ask");
  assert.ok(bad.decide(bash("ls"), null, null, noTrace).error);
  const policy = v.compile(teamPolicy);
  const d = policy.decide(bash("ls"), "{not json", null, noTrace);
  assert.equal(d.decision, "ask");
  assert.match(d.error, /filesystem/);
  policy.free();
  assert.equal(policy.decide(bash("ls"), null, null, noTrace).error, "the policy was freed");
  bad.free();
});

// The fast path writes the request into a buffer in wasm memory and reads strings interned per
// policy: long messages (not interned), a buffer that grows, memory that grows under it, and a
// request past the size limit (the string path) all give the default path's answer.
test("trace: false: interned and long strings, growing buffers, oversize requests", async () => {
  const v = await vigie();
  const long = "x".repeat(2000);
  const policy = v.compile(
    `policy "f"\nmode ask\ncommands {\n  deny git push  "${long}"\n  allow ls\n}\n`,
    { file: "f.vigie" },
  );
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const cases = [
    bash("git push"),
    bash("ls"),
    bash("git push origin main"),
    bash(`ls ${"a".repeat(3000)}`),
    bash(`ls ${"é".repeat(300000)} && git push`),
    bash("ls \ud800"),
    bash(`ls ${"b".repeat(1100000)}`),
    bash(`ls ${"c".repeat(2200000)}`),
    bash("git push"),
  ];
  for (const r of cases) {
    for (let i = 0; i < 2; ++i) {
      const full = policy.decide(r);
      const brief = policy.decide(r, null, null, noTrace);
      assert.deepEqual(strip(brief), strip(full), JSON.stringify(r).slice(0, 80));
    }
  }
  assert.equal(policy.decide(bash("git push"), null, null, noTrace).message, long);
  policy.free();
});

// A request whose input is only `{command}` crosses as its command line, its other fields (the
// context) sent once and compared on later calls: contexts that change from call to call, that
// do not read as a request (no tool, an unknown harness or mode), that hold other types, in
// another member order, interleaved with requests that take the JSON path and with filesystems
// that change, all decide as the default path.
test("trace: false: the command path and its cached context", async () => {
  const v = await vigie();
  const fs = { symlinks: { "/srv/app/notes": "/home/u/.ssh/id_rsa" } };
  const lines = ["git status", "cat notes", "rm -rf ~", "ls \u00e9t\u00e9 && git push -f", "echo '\n'\t\u0001"];
  const shapes = [
    (c) => bash(c),
    (c) => ({ ...context, input: { command: c }, tool: "Bash" }),
    (c) => bash(c, { cwd: "/srv/app/sub" }),
    (c) => bash(c, { interactive: false, mode: "auto" }),
    (c) => bash(c, { harness: "gemini", tool: "run_shell_command" }),
    (c) => bash(c, { harness: "nope" }),
    (c) => bash(c, { mode: "sometimes" }),
    (c) => bash(c, { interactive: "no" }),
    (c) => bash(c, { cwd: null }),
    (c) => bash(c, { agent: 3 }),
    (c) => ({ input: { command: c }, cwd: "/srv/app" }),
    (c) => ({ tool: "Bash", input: { command: c, description: "d" }, ...context }),
    (c) => ({ tool: "Read", input: { command: c }, ...context }),
    (c) => ({ request: { kind: "command", tool: "Bash", input: { command: c } }, project: "/srv/app" }),
  ];
  const policy = v.compile(teamPolicy, { file: "team.vigie" });
  let k = 0;
  for (let round = 0; round < 3; ++round)
    for (const shape of shapes)
      for (const line of lines) {
        const r = shape(line);
        const f = ++k % 3 === 0 ? fs : k % 3 === 1 ? undefined : "{not json";
        const full = policy.decide(r, f);
        const brief = policy.decide(r, f, null, noTrace);
        assert.deepEqual(strip(brief), strip(full), `${JSON.stringify(r)} ${JSON.stringify(f)}`);
        // The same context twice in a row (the cached one).
        assert.deepEqual(strip(policy.decide(r, f, null, noTrace)), strip(full));
      }
  policy.free();
});

// parseShellArgv: parseShell's argv (`literal ?? text`) without JSON, or null when the line does
// not parse; non-ASCII words, empty lines and nested commands included.
test("parseShellArgv gives parseShell's argv", async () => {
  const v = await vigie();
  const lines = [
    "", "ls", "git status && npm test | tee out.txt", "FOO=1 timeout 30 make -j2",
    "echo \"$(cat ~/.ssh/id_rsa)\" 'a b' c\\ d", "cat <<'EOF' > notes.md\nhello\nEOF",
    "for f in *.txt; do rm \"$f\"; done", "echo été \u4e2d 'é'", "bash -c 'git push --force'",
    "echo 'unterminated", "if true; then", `ls ${"é".repeat(5000)}`,
  ];
  for (const line of lines) {
    const full = v.parseShell(line);
    const argv = v.parseShellArgv(line);
    if (!full.ok) assert.equal(argv, null, line);
    else assert.deepEqual(argv, full.commands.map((c) => c.argv.map((w) => w.literal ?? w.text)), line);
  }
});
