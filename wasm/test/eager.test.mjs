// load() in Node compiles the module's primary part eagerly and leaves V8's lazy compilation as
// it found it (wasm/src/eager.mjs). Each case runs a fresh Node process: V8's flags are process
// state. What V8 compiled is read from `--trace-wasm-compilation-times` (one line per function)
// and from `%IsUncompiledWasmFunction` on a small module compiled after load().
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { wasmDir } from "./helpers.mjs";

const index = pathToFileURL(join(wasmDir, "index.mjs")).href;

// The number of functions the primary part defines (its function section's count).
function definedFunctions(file) {
  const b = readFileSync(file);
  let at = 8;
  const leb = () => {
    let r = 0;
    for (let shift = 0; ; shift += 7) {
      const x = b[at++];
      r += (x & 0x7f) * 2 ** shift;
      if (!(x & 0x80)) return r;
    }
  };
  while (at < b.length) {
    const id = b[at++];
    const size = leb();
    if (id === 3) return leb();
    at += size;
  }
  throw new Error(`${file} has no function section`);
}
const primaryFunctions = definedFunctions(join(wasmDir, "dist/vigie.wasm"));

// A module of one exported function `f`, compiled after load(): lazy unless V8 is told otherwise.
const TINY = "[0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,5,1,1,102,0,0,10,6,1,4,0,65,7,11]";
const tinyIsLazy = `(() => {
  const i = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${TINY})));
  return %IsUncompiledWasmFunction(i.exports.f);
})()`;

// Runs `body` (an ES module's text, with `load` imported) in a fresh Node with `flags`; returns
// its stdout and how many functions V8 compiled with Liftoff in the whole run.
function run(flags, body) {
  const code = `import { load } from ${JSON.stringify(index)};\n${body}`;
  const r = spawnSync(
    process.execPath,
    ["--allow-natives-syntax", "--trace-wasm-compilation-times", ...flags, "--input-type=module", "-e", code],
    { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" }, maxBuffer: 64 << 20 },
  );
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split("\n");
  return {
    out: lines.filter((l) => l.startsWith("OUT ")).map((l) => l.slice(4)),
    liftoff: lines.filter((l) => /^Compiled function .* using Liftoff/.test(l)).length,
  };
}

test("load() compiles the primary part eagerly, then leaves later modules lazy", () => {
  const r = run([], `await load();\nconsole.log("OUT " + ${tinyIsLazy});`);
  assert.ok(r.liftoff >= primaryFunctions * 0.95, `${r.liftoff} of ${primaryFunctions} compiled`);
  assert.deepEqual(r.out, ["true"]);
});

test("compile: 'lazy' keeps V8's lazy compilation for the module too", () => {
  const r = run([], `await load({ compile: "lazy" });\nconsole.log("OUT " + ${tinyIsLazy});`);
  assert.ok(r.liftoff < primaryFunctions * 0.6, `${r.liftoff} of ${primaryFunctions} compiled`);
  assert.deepEqual(r.out, ["true"]);
});

test("two loads at once: lazy compilation comes back after the last one", () => {
  const r = run([], `await Promise.all([load(), load()]);\nconsole.log("OUT " + ${tinyIsLazy});`);
  // (V8 compiles the same bytes once for both.)
  assert.ok(r.liftoff >= primaryFunctions * 0.95, `${r.liftoff} of ${primaryFunctions} compiled`);
  assert.deepEqual(r.out, ["true"]);
});

test("a process started with the flag either way keeps its choice", () => {
  const eager = run(["--no-wasm-lazy-compilation"], `await load();\nconsole.log("OUT " + ${tinyIsLazy});`);
  assert.deepEqual(eager.out, ["false"]);
  const lazy = run(["--wasm-lazy-compilation"], `await load();\nconsole.log("OUT " + ${tinyIsLazy});`);
  assert.ok(lazy.liftoff < primaryFunctions * 0.6, `${lazy.liftoff} of ${primaryFunctions} compiled`);
  assert.deepEqual(lazy.out, ["true"]);
});

test("an unknown compile mode is refused, naming the two", async () => {
  const { load } = await import(index);
  await assert.rejects(load({ compile: "fast" }), (e) => e instanceof TypeError && /"eager" or "lazy"/.test(e.message));
});
