// vigie for Node, as an ES module. `load()` reads dist/vigie.wasm next to this file and
// instantiates it once (dist/vigie.deferred.wasm is read when a call first needs it);
// keep the returned object for the life of the process.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { instantiate } from "./src/api.mjs";
import { withCompileMode } from "./src/eager.mjs";
import { makeOpencodePlugin } from "./src/opencode-plugin.mjs";

// node:fs through require: its ES module facade reads every export of the module, which loads
// the streams (about 2.5 ms of a cold start); load() needs three functions of it.
const { existsSync, readFileSync } = createRequire(import.meta.url)("node:fs");

export async function load(options = {}) {
  const dist = (name) => new URL(`./dist/${name}`, import.meta.url);
  if (options.wasmBinary) return withCompileMode(options.compile, () => instantiate(options));
  // The deferred part is read only when a call first needs it (reading it costs about 2 ms);
  // a missing file fails load() all the same.
  const deferred = dist("vigie.deferred.wasm");
  if (!existsSync(deferred)) throw new Error(`vigie: ${fileURLToPath(deferred)} is missing`);
  const wasmBinary = readFileSync(dist("vigie.wasm"));
  const readDeferred = () => readFileSync(deferred);
  return withCompileMode(options.compile, () => instantiate({ ...options, wasmBinary, readDeferred }));
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
