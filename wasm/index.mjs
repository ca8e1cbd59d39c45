// vigie for Node, as an ES module. `load()` reads dist/vigie.wasm next to this file and
// instantiates it once; keep the returned object for the life of the process.
import { readFile } from "node:fs/promises";
import { instantiate } from "./src/api.mjs";
import { makeOpencodePlugin } from "./src/opencode-plugin.mjs";

export async function load(options = {}) {
  const wasmBinary =
    options.wasmBinary ?? (await readFile(new URL("./dist/vigie.wasm", import.meta.url)));
  return instantiate({ ...options, wasmBinary });
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
