// vigie for browsers (and bundlers: the `new URL(..., import.meta.url)` form below makes Vite,
// webpack and esbuild copy dist/vigie.wasm as an asset). The module is compiled while it
// downloads (WebAssembly.compileStreaming), which also lets the browser cache the compiled
// code for the next visit. `load({ wasmUrl })` overrides where the binary is fetched from;
// `load({ wasmBinary, deferredBinary })` skips the fetches. The deferred part's address is the
// binary's with `.deferred.wasm` (`deferredUrl` overrides it).
import { instantiate } from "./src/api.mjs";

export async function load(options = {}) {
  // The deferred part (see src/api.mjs) is fetched and compiled alongside the primary, and
  // instantiated before load() resolves: a browser's main thread cannot instantiate a large
  // module synchronously when a line first needs it.
  if (options.wasmBinary) {
    const deferredModule = options.deferredBinary ? WebAssembly.compile(options.deferredBinary) : undefined;
    return instantiate({ ...options, deferredModule, eagerDeferred: true });
  }
  const url = options.wasmUrl ?? new URL("./dist/vigie.wasm", import.meta.url);
  const deferredUrl =
    options.deferredUrl ??
    (options.wasmUrl
      ? new URL(String(url).replace(/\.wasm(?=$|[?#])/, ".deferred.wasm"), url)
      : new URL("./dist/vigie.deferred.wasm", import.meta.url));
  const fetchWasm = async (from) => {
    const response = await fetch(from);
    if (!response.ok) throw new Error(`vigie: cannot fetch ${from}: HTTP ${response.status}`);
    return response;
  };
  const compile = async (from) => {
    const response = await fetchWasm(from);
    if (typeof WebAssembly.compileStreaming === "function") {
      try {
        return await WebAssembly.compileStreaming(response.clone());
      } catch {
        // A server that does not say `application/wasm`: compile from the bytes instead.
      }
    }
    return WebAssembly.compile(await response.arrayBuffer());
  };
  const primary = compile(url);
  const deferredModule = compile(deferredUrl);
  // Handled now, so that a failure is reported by load() and never left unhandled.
  primary.catch(() => {});
  deferredModule.catch(() => {});
  return instantiate({
    ...options,
    deferredModule,
    eagerDeferred: true,
    async instantiate(imports) {
      const module = await primary;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    },
  });
}

export default { load };
