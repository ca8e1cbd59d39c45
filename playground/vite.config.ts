// Builds the playground into dist/ (static files). The `vigie` import is the WASM npm package
// from ../wasm (a `file:` dependency). For working on the page without a WASM build, set
// VIGIE_MOCK=1: `vigie` then resolves to src/mock-vigie.ts and the page says so in a banner.
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const mock = process.env.VIGIE_MOCK === "1";

export default defineConfig({
  base: "./",
  define: { __VIGIE_ENGINE__: JSON.stringify(mock ? "mock" : "wasm") },
  resolve: {
    alias: mock ? { vigie: fileURLToPath(new URL("./src/mock-vigie.ts", import.meta.url)) } : {},
  },
  // The package locates its .wasm with `new URL(..., import.meta.url)`: do not pre-bundle it.
  optimizeDeps: { exclude: ["vigie"] },
  worker: { format: "es" },
  server: { fs: { allow: [".."] } },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 1500 },
});
