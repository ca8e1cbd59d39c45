// vigie for browsers (and bundlers: the `new URL(..., import.meta.url)` form below makes Vite,
// webpack and esbuild copy dist/vigie.wasm as an asset). `load({ wasmUrl })` overrides where the
// binary is fetched from; `load({ wasmBinary })` skips the fetch.
import { instantiate } from "./src/api.mjs";

export async function load(options = {}) {
  let wasmBinary = options.wasmBinary;
  if (!wasmBinary) {
    const url = options.wasmUrl ?? new URL("./dist/vigie.wasm", import.meta.url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`vigie: cannot fetch ${url}: HTTP ${response.status}`);
    wasmBinary = await response.arrayBuffer();
  }
  return instantiate({ ...options, wasmBinary });
}

export default { load };
