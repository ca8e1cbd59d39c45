// `npm pack` -> install the tarball into an empty folder -> a CommonJS script, an ES module
// script and a TypeScript check (tsc, both module kinds) each use the installed package.
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wasmDir } from "./helpers.mjs";

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const policy = `policy "team"
mode ask
commands {
  deny git push (--force | -f) "No force push: push a new commit instead."
  allow git status
}
`;

const script = (importLine) => `${importLine}
(async () => {
  const vigie = await load();
  const policy = vigie.compile(${JSON.stringify(policy)}, { file: "team.vigie" });
  const d = policy.decide({ tool: "Bash", input: { command: "git status; git push -f" },
    cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" });
  policy.free();
  // format() runs code of the module's deferred part: the installed package has it too.
  const formatted = vigie.format("policy \\"x\\"\\n").ok;
  console.log(JSON.stringify({ decision: d.decision, message: d.message, line: d.rule && d.rule.line, formatted }));
})();
`;

const tsSource = `import { load, type Decision, type Diagnostic } from "vigie";
const vigie = await load();
const policy = vigie.compile("policy \\"x\\"\\n", { file: "x.vigie", files: { "b.vigie": "" } });
const diags: Diagnostic[] = policy.diagnostics;
const d: Decision = policy.decide({ tool: "Bash", input: { command: "ls" }, cwd: "/", home: "/root" },
  { symlinks: { "/a": "/b" }, files: ["/b"] });
const effect: "allow" | "ask" | "deny" = d.decision;
const session = vigie.session();
session.rememberAlways("Bash");
const n: number = session.actions + policy.decide({ request: { tool: "Bash" } }, null, session).trace.length;
session.free();
console.log(n, diags.length, effect, vigie.parseShell("ls").commands.length, vigie.format("").text,
  vigie.lint("").length);
policy.free();
`;

const ctsSource = `import vigiePkg = require("vigie");
async function main(): Promise<void> {
  const vigie = await vigiePkg.load();
  const d = vigie.compile("").decide('{"tool": "Bash"}');
  const e: string = d.decision;
  console.log(e);
}
void main();
`;

test("npm pack installs into an empty folder and runs from CommonJS, ESM and TypeScript", async () => {
  assert.ok(existsSync(join(wasmDir, "dist/vigie.wasm")), "build the wasm preset first");
  const tmp = mkdtempSync(join(tmpdir(), "vigie-pack-"));
  try {
    const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmp], wasmDir));
    const tarball = join(tmp, packed[0].filename);
    const files = packed[0].files.map((f) => f.path).sort();
    for (const f of ["dist/vigie.wasm", "dist/vigie.deferred.wasm", "dist/vigie_module.mjs", "index.cjs", "index.mjs", "index.d.ts", "browser.mjs", "package.json"]) {
      assert.ok(files.includes(f), `${f} missing from the tarball: ${files}`);
    }
    assert.ok(!files.some((f) => /^(test|split|node_modules)\//.test(f)), String(files));

    const app = join(tmp, "app");
    run("mkdir", ["-p", app], tmp);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
    run("npm", ["install", "--no-audit", "--no-fund", "--offline", "--loglevel=error", tarball], app);

    writeFileSync(join(app, "use.cjs"), script('const { load } = require("vigie");'));
    writeFileSync(join(app, "use.mjs"), script('import { load } from "vigie";'));
    const expected = { decision: "deny", message: "No force push: push a new commit instead.", line: 4, formatted: true };
    assert.deepEqual(JSON.parse(run("node", ["use.cjs"], app)), expected);
    assert.deepEqual(JSON.parse(run("node", ["use.mjs"], app)), expected);

    writeFileSync(join(app, "use.mts"), tsSource);
    writeFileSync(join(app, "use.cts"), ctsSource);
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "nodenext", target: "es2022", strict: true, noEmit: true, types: [] },
        files: ["use.mts", "use.cts"],
      }),
    );
    const tsc = join(wasmDir, "node_modules/.bin/tsc");
    assert.ok(existsSync(tsc), "typescript is not installed: run scripts/setup-npm");
    try {
      run(tsc, ["-p", "tsconfig.json"], app);
    } catch (e) {
      assert.fail(`tsc: ${e.stdout}${e.stderr}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
