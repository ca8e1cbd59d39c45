// Native CLI vs WASM on the same data: one mismatch fails the suite.
//   - every policy file under rules/ and tests/: diagnostics (`vigie lint --format json`), its
//     formatting (`vigie fmt`), the outcomes of its `test` blocks (`vigie test --format json`), and the full decision JSON of
//     a corpus of requests (`vigie check --jsonl`, with and without a virtual filesystem);
//   - the shell commands view (`vigie parse --commands --json`) on the shell goldens' inputs
//     and a list of tricky lines.
// The native binary is $VIGIE_NATIVE or build/release/vigie (wasm/test/run builds it).
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { nativeBinary, repoRoot, runNative, runNativeFull, vigie } from "./helpers.mjs";

const native = nativeBinary();
const skip = native ? false : "no native vigie: build the release preset or set VIGIE_NATIVE";
if (!native && process.env.VIGIE_REQUIRE_NATIVE === "1") {
  throw new Error("the differential suite needs the native CLI (VIGIE_NATIVE)");
}

function walk(dir, pred, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries.sort()) {
    if (e === "node_modules" || e.startsWith(".")) continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, pred, out);
    else if (pred(p)) out.push(p);
  }
  return out;
}

const rel = (p) => relative(repoRoot, p);
const policyFiles = [
  ...walk(join(repoRoot, "rules"), (p) => p.endsWith(".vigie")),
  ...walk(join(repoRoot, "tests"), (p) => p.endsWith(".vigie")),
].map(rel);

// Every policy file of the tree, for `include`: there is no disk in WASM. Keys are repository
// paths, as the native compiler names an included file relative to the working directory.
function includeFiles() {
  const files = {};
  for (const f of policyFiles) files[f] = readFileSync(join(repoRoot, f), "utf8");
  return files;
}

// The native CLI knows this subcommand (`vigie NAME --help` exits 0).
const hasCommand = (() => {
  const cache = new Map();
  return (name) => {
    if (!native) return false;
    if (!cache.has(name)) cache.set(name, runNativeFull([name, "--help"]).status === 0);
    return cache.get(name);
  };
})();

// Shell lines: the inputs of the shell goldens (tests/shell, `=== title` / input / `---`) and
// lines that exercise every part of the commands view.
function shellInputs() {
  const lines = new Set([
    "ls && rm -rf ~",
    "git status; git push --force origin main",
    "sudo FOO=1 rm -fr /",
    "echo $(curl x | sh)",
    "echo `whoami` > /tmp/out.txt",
    "(cd api && npm test) | tee log.txt",
    "{ make; make install; } 2>&1 >> build.log",
    "for f in *.txt; do cat \"$f\"; done",
    "if [ -f x ]; then rm x; else touch x; fi",
    "bash -c 'rm -rf /'",
    "sh -c \"echo hi; git push -f\"",
    "eval 'ls -la'",
    "env -i A=1 nice -n 5 timeout 10 nohup rm -r -f build",
    "'git' \"push\" -f",
    "cat <<EOF > f\nhello $USER\nEOF",
    "cat <<'EOF'\n$(rm -rf ~)\nEOF",
    "a=1 b=$(date) ; echo $a",
    "f() { rm -rf \"$1\"; }; f /",
    ":(){ :|:& };:",
    "diff <(ls a) <(ls b)",
    "echo 'unterminated",
    "echo \"unterminated",
    "if true; then",
    "ls |",
    "$(",
    "",
    "   ",
    "# only a comment",
    "case $x in a) rm -rf a;; *) ls;; esac",
    "while read l; do echo \"$l\"; done < in.txt",
    "[[ -f x && $y == z ]] && echo ok",
    "echo $((1 + 2)) ${HOME:-/root} ~user/x ~/y *.c",
    "xargs rm -rf < list.txt",
    "git -C repo push --force-with-lease",
    "python -m pytest -q tests/ && python -c 'import os'",
    "rm -rf --no-preserve-root /",
    "ls &> all.log &",
    "echo é ü 日本 \u{1F600}",
  ]);
  for (const f of walk(join(repoRoot, "tests/shell"), (p) => /\.(txt|golden|corpus)$/.test(p))) {
    const text = readFileSync(f, "utf8");
    const re = /^=+ .*\n([\s\S]*?)\n-{3,}\n/gm;
    let m;
    while ((m = re.exec(text))) lines.add(m[1]);
  }
  return [...lines];
}

// Requests judged by every policy: each kind, paths through a declared symlink, bad input.
const ctx = { cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" };
const symlinks = { "/srv/app/notes": "/home/u/.ssh/id_rsa", "/srv/app/link": "/etc" };
function requests() {
  const out = [];
  for (const command of shellInputs()) out.push({ tool: "Bash", input: { command }, ...ctx });
  for (const file_path of [
    "/srv/app/src/main.c",
    "src/main.c",
    "/srv/app/tests/test_x.py",
    "/srv/app/package-lock.json",
    "/srv/app/.github/workflows/ci.yml",
    "/srv/app/.git/hooks/pre-commit",
    "/srv/app/notes",
    "/srv/app/link/passwd",
    "~/.ssh/id_rsa",
    "/home/u/.aws/credentials",
    "/etc/passwd",
    "/etcetera/x",
    "/srv/app/../other/x",
    "/tmp/build/x",
  ]) {
    for (const tool of ["Read", "Edit", "Write"]) out.push({ tool, input: { file_path }, ...ctx });
  }
  for (const url of ["https://api.github.com/x", "https://pastebin.com/raw/1", "http://docs.python.org/3/"]) {
    out.push({ tool: "WebFetch", input: { url }, ...ctx });
  }
  out.push({ tool: "mcp__github__get_issue", input: {}, ...ctx });
  out.push({ tool: "mcp__github__delete_repo", input: {}, ...ctx });
  out.push({ tool: "Task", input: { prompt: "x" }, ...ctx });
  out.push({ tool: "Bash", input: { command: "git push -f" }, ...ctx, mode: "auto", interactive: false });
  out.push({ tool: "Bash", input: { command: "make" }, ...ctx, mode: "readonly" });
  out.push({ tool: "Edit", input: { file_path: "x" }, ...ctx, agent: "reviewer" });
  out.push({ request: { id: "1", kind: "command", tool: "Bash", input: { command: "ls" } }, project: "/srv/app" });
  out.push({ tool: "Bash", input: { command: 3 }, ...ctx });
  return out;
}

// The same policy compiled in WASM, from its text plus every other policy file for includes.
async function compileWasm(file) {
  const v = await vigie();
  return v.compile(readFileSync(join(repoRoot, file), "utf8"), { file, files: includeFiles() });
}

test("policy files: diagnostics, test blocks and decisions match the native CLI", { skip }, async (t) => {
  if (policyFiles.length === 0) {
    t.diagnostic("no policy file under rules/ or tests/ yet");
    return;
  }
  const reqs = requests();
  const jsonl = reqs.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const linkArgs = Object.entries(symlinks).flatMap(([from, to]) => ["--symlink", `${from}=${to}`]);
  for (const file of policyFiles) {
    await t.test(file, async () => {
      const policy = await compileWasm(file);
      try {
        if (hasCommand("lint")) {
          const nativeDiags = JSON.parse(runNative(["lint", "--format", "json", file]));
          assert.deepEqual(policy.diagnostics, nativeDiags, "diagnostics differ from `vigie lint`");
        }
        if (hasCommand("fmt")) {
          const f = (await vigie()).format(readFileSync(join(repoRoot, file), "utf8"), { file });
          const n = runNativeFull(["fmt", file]);
          if (f.ok) {
            assert.equal(n.status, 0, n.stderr);
            assert.equal(f.text, n.stdout, "format differs from `vigie fmt`");
          } else {
            assert.notEqual(n.status, 0, "`vigie fmt` formatted a file that WASM refused");
            assert.equal(n.stdout, "");
          }
        }
        if (!policy.ok) return; // a policy with errors (a lint fixture): nothing to decide
        const nativeTests = JSON.parse(runNative(["test", "--format", "json", file]));
        assert.deepEqual(policy.runTests(), nativeTests, "test blocks differ from `vigie test`");

        for (const [fs, extra] of [[undefined, []], [{ symlinks }, linkArgs]]) {
          const out = runNative(["check", "--policy", file, "--jsonl", ...extra], jsonl);
          const nativeDecisions = out.trim().split("\n").map((l) => JSON.parse(l));
          assert.equal(nativeDecisions.length, reqs.length);
          reqs.forEach((r, i) => {
            assert.deepEqual(policy.decide(r, fs), nativeDecisions[i], `request ${JSON.stringify(r)}`);
          });
        }
      } finally {
        policy.free();
      }
    });
  }
});

// The decision tables (tests/engine/decisions/*.vigie) and the ready policies (rules/*.vigie):
// each compiles and every case of its `test` blocks passes, as tests/engine/decisions_test.cpp
// checks natively. This part needs no native binary.
test("decision tables and rules: every policy compiles and its tests pass in WASM", async (t) => {
  const files = policyFiles.filter((f) => f.startsWith("tests/engine/decisions/") || f.startsWith("rules/"));
  let total = 0;
  for (const file of files) {
    await t.test(file, async () => {
      const policy = await compileWasm(file);
      try {
        assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics.filter((d) => d.severity === "error")));
        const failed = [];
        for (const o of policy.runTests()) {
          total++;
          if (!o.passed) failed.push(`${o.file}:${o.line}: ${o.kind} \`${o.subject}\`: ${o.why}`);
        }
        assert.deepEqual(failed, []);
      } finally {
        policy.free();
      }
    });
  }
  t.diagnostic(`${files.length} policies, ${total} test cases`);
  // The tables must not silently shrink (the native suite has the same floor).
  if (files.length > 0) assert.ok(total >= 150, `only ${total} test cases`);
});

test("parseShell matches `vigie parse --commands --json`", { skip }, async (t) => {
  const v = await vigie();
  const inputs = shellInputs();
  t.diagnostic(`${inputs.length} shell inputs`);
  for (const line of inputs) {
    const nativeOut = JSON.parse(runNative(["parse", "--commands", "--json", "-c", line]));
    assert.deepEqual(v.parseShell(line), nativeOut, `line ${JSON.stringify(line)}`);
  }
});

test("parseShellAst matches `vigie parse --json`", { skip }, async () => {
  const v = await vigie();
  for (const line of shellInputs()) {
    const nativeOut = JSON.parse(runNative(["parse", "--json", "-c", line]));
    assert.deepEqual(v.parseShellAst(line), nativeOut, `line ${JSON.stringify(line)}`);
  }
});
