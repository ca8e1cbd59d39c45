// load() in Node compiles the start set of the module's primary part eagerly and leaves V8's
// lazy compilation and its compilation hints as it found them (wasm/src/eager.mjs). Each case runs a fresh Node process: V8's flags are process
// state. What V8 compiled is read from `--trace-wasm-compilation-times` (one line per function)
// and from `%IsUncompiledWasmFunction` on a small module compiled after load().
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { declaredFunctionTypes, sectionsOf, uleb } from "../split/binary.mjs";
import { wasmDir } from "./helpers.mjs";

const index = pathToFileURL(join(wasmDir, "index.mjs")).href;

// The primary part's sections, its declared functions and its compilation hints (one byte per
// function: 1 lazy, 2 eager; wasm/split/hints.mjs).
const primary = readFileSync(join(wasmDir, "dist/vigie.wasm"));
const sections = sectionsOf(primary, "dist/vigie.wasm");
const primaryFunctions = declaredFunctionTypes(primary, "dist/vigie.wasm").length;
const hints = (() => {
  const name = Buffer.from("compilationHints");
  for (const s of sections.filter((x) => x.id === 0)) {
    const [length, at] = uleb(primary, s.start);
    if (length !== name.length || !primary.subarray(at, at + length).equals(name)) continue;
    const [count, from] = uleb(primary, at + length);
    return { count, bytes: primary.subarray(from, s.end), before: sections[sections.indexOf(s) + 1]?.id };
  }
  return null;
})();
const eagerHints = hints ? hints.bytes.filter((b) => b === 2).length : 0;
const v8Major = Number(process.versions.v8.split(".")[0]);

// A module of one exported function `f`, compiled after load(): lazy unless V8 is told otherwise.
const TINY = "[0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,5,1,1,102,0,0,10,6,1,4,0,65,7,11]";
const tinyIsLazy = `(() => {
  const i = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${TINY})));
  return %IsUncompiledWasmFunction(i.exports.f);
})()`;
// The same module with a compilation hint that makes `f` lazy, compiled with V8's lazy
// compilation off: `f` is uncompiled only if V8 reads the hints.
const HINTED = `[0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,5,1,1,102,0,0,0,19,16,${[
  ...Buffer.from("compilationHints"),
].join(",")},1,1,10,6,1,4,0,65,7,11]`;
const hintIsRead = `(async () => {
  (await import("node:v8")).setFlagsFromString("--no-wasm-lazy-compilation");
  const i = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${HINTED})));
  return %IsUncompiledWasmFunction(i.exports.f);
})()`;

// Runs `body` (an ES module's text, with `load` imported) in a fresh Node with `flags`; returns
// what it printed to stderr after "OUT " and how many functions V8 compiled with Liftoff in the whole run.
function run(flags, body) {
  const code = `import { load } from ${JSON.stringify(index)};\n${body}`;
  const r = spawnSync(
    process.execPath,
    ["--allow-natives-syntax", "--trace-wasm-compilation-times", ...flags, "--input-type=module", "-e", code],
    { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" }, maxBuffer: 64 << 20 },
  );
  assert.equal(r.status, 0, r.stderr);
  // The results go to stderr: V8 prints its trace to stdout from its compile threads, and a
  // line of ours there can land inside one of its lines.
  return {
    out: r.stderr.split("\n").filter((l) => l.startsWith("OUT ")).map((l) => l.slice(4)),
    liftoff: r.stdout.split("\n").filter((l) => /^Compiled function .* using Liftoff/.test(l)).length,
  };
}

test("the primary part carries one compilation hint per function, its start set eager", () => {
  assert.ok(hints, "dist/vigie.wasm has no compilationHints section");
  assert.equal(hints.count, primaryFunctions);
  assert.equal(hints.bytes.length, primaryFunctions);
  assert.equal(hints.before, 10, "the hints come right before the code section");
  assert.ok(hints.bytes.every((b) => b === 1 || b === 2), "every hint is lazy (1) or eager (2)");
  assert.ok(eagerHints > 100 && eagerHints < primaryFunctions * 0.8, `${eagerHints} of ${primaryFunctions} eager`);
});

test("load() compiles the primary part's start set eagerly, then leaves later modules lazy", () => {
  const r = run([], `await load();\nconsole.error("OUT " + ${tinyIsLazy});`);
  if (v8Major === 11) {
    // The start set, and the few functions of the rest that load() itself calls.
    assert.ok(r.liftoff >= eagerHints, `${r.liftoff} compiled, ${eagerHints} eager hints`);
    assert.ok(r.liftoff < (eagerHints + primaryFunctions) / 2, `${r.liftoff} of ${primaryFunctions} compiled`);
  } else {
    assert.ok(r.liftoff >= primaryFunctions * 0.95, `${r.liftoff} of ${primaryFunctions} compiled`);
  }
  assert.deepEqual(r.out, ["true"]);
});

test("the first decisions after load() run without compiling the rest of the primary", () => {
  const r = run(
    [],
    `const vigie = await load();
const p = vigie.compile("policy \\"p\\"\\ncommands {\\n  allow git status\\n}\\n", { file: "p.vigie" });
console.error("OUT " + p.decide({ tool: "Bash", input: { command: "git status" }, cwd: "/w", home: "/h" }).decision);`,
  );
  assert.deepEqual(r.out, ["allow"]);
  if (v8Major === 11) assert.ok(r.liftoff < (eagerHints + primaryFunctions) / 2, `${r.liftoff} of ${primaryFunctions} compiled`);
});

// (The flag exists on the V8 the hints are read on: 11, Node 20.)
test("V8 reads the hints only while the primary compiles", { skip: v8Major !== 11 }, () => {
  // The control: with the flag on, the hint makes `f` lazy.
  const on = run(["--experimental-wasm-compilation-hints"], `console.error("OUT " + await ${hintIsRead});`);
  assert.deepEqual(on.out, ["true"]);
  // After load(), the flag is off again: the same module is compiled eagerly.
  const after = run([], `await load();\nconsole.error("OUT " + await ${hintIsRead});`);
  assert.deepEqual(after.out, ["false"]);
});

test("compile: 'lazy' keeps V8's lazy compilation for the module too", () => {
  const r = run([], `await load({ compile: "lazy" });\nconsole.error("OUT " + ${tinyIsLazy});`);
  assert.ok(r.liftoff < eagerHints, `${r.liftoff} compiled, ${eagerHints} eager hints`);
  assert.deepEqual(r.out, ["true"]);
});

test("two loads at once: lazy compilation comes back after the last one", () => {
  const r = run([], `await Promise.all([load(), load()]);\nconsole.error("OUT " + ${tinyIsLazy});`);
  // (V8 compiles the same bytes once for both.)
  assert.ok(r.liftoff >= (v8Major === 11 ? eagerHints : primaryFunctions * 0.95), `${r.liftoff} of ${primaryFunctions} compiled`);
  assert.deepEqual(r.out, ["true"]);
});

test("a process started with the flag either way keeps its choice", () => {
  const eager = run(["--no-wasm-lazy-compilation"], `await load();\nconsole.error("OUT " + ${tinyIsLazy});`);
  assert.deepEqual(eager.out, ["false"]);
  assert.ok(eager.liftoff >= primaryFunctions * 0.95, `${eager.liftoff} of ${primaryFunctions} compiled`);
  const lazy = run(["--wasm-lazy-compilation"], `await load();\nconsole.error("OUT " + ${tinyIsLazy});`);
  assert.ok(lazy.liftoff < eagerHints, `${lazy.liftoff} compiled, ${eagerHints} eager hints`);
  assert.deepEqual(lazy.out, ["true"]);
});

test("an unknown compile mode is refused, naming the two", async () => {
  const { load } = await import(index);
  await assert.rejects(load({ compile: "fast" }), (e) => e instanceof TypeError && /"eager" or "lazy"/.test(e.message));
});
