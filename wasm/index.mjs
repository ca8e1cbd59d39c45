// vigie for Node, as an ES module. `load()` reads dist/vigie.wasm next to this file and
// instantiates it once; keep the returned object for the life of the process.
import { readFile } from "node:fs/promises";
import { instantiate } from "./src/api.mjs";

export async function load(options = {}) {
  const wasmBinary =
    options.wasmBinary ?? (await readFile(new URL("./dist/vigie.wasm", import.meta.url)));
  return instantiate({ ...options, wasmBinary });
}

export default { load };
