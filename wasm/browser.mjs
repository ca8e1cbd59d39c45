// vigie for browsers (and bundlers: the `new URL(..., import.meta.url)` form below makes Vite,
// webpack and esbuild copy dist/vigie.wasm as an asset). The module is compiled while it
// downloads (WebAssembly.instantiateStreaming), which also lets the browser cache the compiled
// code for the next visit. `load({ wasmUrl })` overrides where the binary is fetched from;
// `load({ wasmBinary })` skips the fetch.
import { instantiate } from "./src/api.mjs";

export async function load(options = {}) {
  if (options.wasmBinary) return instantiate(options);
  const url = options.wasmUrl ?? new URL("./dist/vigie.wasm", import.meta.url);
  const fetchWasm = async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`vigie: cannot fetch ${url}: HTTP ${response.status}`);
    return response;
  };
  return instantiate({
    ...options,
    async instantiate(imports) {
      const response = await fetchWasm();
      if (typeof WebAssembly.instantiateStreaming === "function") {
        try {
          return (await WebAssembly.instantiateStreaming(response.clone(), imports)).instance;
        } catch {
          // A server that does not say `application/wasm`: compile from the bytes instead.
        }
      }
      const bytes = await response.arrayBuffer();
      return (await WebAssembly.instantiate(bytes, imports)).instance;
    },
  });
}

export default { load };
