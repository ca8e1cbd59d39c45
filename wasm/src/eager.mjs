// Node only: compile the module's primary part eagerly (docs/wasm.md, "Eager compilation").
//
// V8 compiles a WebAssembly module lazily by default: each function on its first call, on the
// main thread. The primary part holds what a harness runs at start, so nearly all of it would
// be compiled that way, one function at a time, during the first policy compile and the first
// decision. Compiling it eagerly lets V8 do the same work on its background threads while
// `load()` awaits, and the first decision runs compiled code (docs/bench.md, "Issue 12, ninth
// pass": the cold start about 30% shorter, the first decision under 1 ms).
//
// Not all of the primary: the build marks, in a `compilationHints` custom section (V8's format,
// wasm/split/hints.mjs), the functions a harness runs first (compiling its policy, its first
// decisions) as eager and the rest as lazy, compiled on their first call (docs/bench.md, "Issue
// 12, thirteenth pass"). V8 reads that section only with `--experimental-wasm-compilation-hints`,
// on while the primary compiles, and only on the V8 where it was measured (11, Node 20): on
// another V8 the whole primary is compiled eagerly.
//
// There is no per-module switch, so V8's `--wasm-lazy-compilation` flag is turned off while the
// primary part compiles and turned back on when the last such compile ends. Nothing is changed
// when the process was started with that flag either way (its owner chose), when
// `options.compile` is "lazy", or on V8 before 11 (Node 18), where lazy compilation was not
// known to be the default that would be restored. The deferred part, compiled on first use, stays lazy: only a
// few of its functions run in a process.
import { setFlagsFromString } from "node:v8";

const FLAG = "wasm-lazy-compilation";
const HINTS = "experimental-wasm-compilation-hints";
let pending = 0;

const v8Major = () => Number(String(process.versions?.v8 ?? "").split(".")[0]);

// Whether the flag is left alone: named on the process's command line (Node refuses it in
// NODE_OPTIONS), or a V8 whose default is not known to be lazy.
function leftAlone() {
  return !(v8Major() >= 11) || process.execArgv.some((s) => s.includes(FLAG));
}

// Whether the compilation hints are read: on V8 11, unless the process named the flag.
const withHints = () => v8Major() === 11 && !process.execArgv.some((s) => s.includes(HINTS));

function setLazy(on) {
  try {
    if (withHints()) setFlagsFromString(on ? `--no-${HINTS}` : `--${HINTS}`);
    setFlagsFromString(on ? `--${FLAG}` : `--no-${FLAG}`);
    return true;
  } catch {
    return false; // a runtime without V8's flags: compile as it does
  }
}

// Runs `start()` (which returns a promise of the instantiated module) with eager compilation,
// unless the caller or the process said otherwise. `mode`: "eager" (default) or "lazy".
export async function withCompileMode(mode, start) {
  if (mode !== undefined && mode !== "eager" && mode !== "lazy") {
    throw new TypeError(`vigie: options.compile must be "eager" or "lazy", not ${JSON.stringify(mode)}`);
  }
  if (mode === "lazy" || leftAlone() || !setLazy(false)) return start();
  ++pending;
  try {
    return await start();
  } finally {
    if (--pending === 0) setLazy(true);
  }
}
