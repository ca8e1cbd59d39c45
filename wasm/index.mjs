// vigie for Node, as an ES module. `load()` reads dist/vigie.wasm and dist/vigie.deferred.wasm
// next to this file and instantiates the first once (the second when a line first needs it);
// keep the returned object for the life of the process.
import { readFile } from "node:fs/promises";
import { instantiate } from "./src/api.mjs";
import { makeOpencodePlugin } from "./src/opencode-plugin.mjs";

export async function load(options = {}) {
  const dist = (name) => readFile(new URL(`./dist/${name}`, import.meta.url));
  // The deferred part is read now (a missing file fails here, not in a decision) and compiled
  // only if a line needs it; bytes given by the caller come with their own deferred part.
  const [wasmBinary, deferredBinary] = await Promise.all([
    options.wasmBinary ?? dist("vigie.wasm"),
    options.deferredBinary ?? (options.wasmBinary ? undefined : dist("vigie.deferred.wasm")),
  ]);
  return instantiate({ ...options, wasmBinary, deferredBinary });
}

let shared;
function sharedModule() {
  shared ??= load();
  return shared;
}

// A harness hook without a process per call (see index.d.ts): the module is loaded once.
export async function createHook(harness, policySource, options) {
  return (await sharedModule()).createHook(harness, policySource, options);
}

// An OpenCode plugin judging every tool call with a policy (wasm/src/opencode-plugin.mjs).
export const createOpencodePlugin = makeOpencodePlugin(createHook);

export default { load, createHook, createOpencodePlugin };
