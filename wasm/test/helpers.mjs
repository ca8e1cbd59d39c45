// Shared by the node:test files: one instantiated module per test process, the repository's
// paths, and the native CLI for the differential tests.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "../index.mjs";

export const wasmDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = resolve(wasmDir, "..");

let loaded;
export function vigie() {
  loaded ??= load();
  return loaded;
}

// The native CLI the WASM build is compared with: $VIGIE_NATIVE, else the release build.
export function nativeBinary() {
  const candidates = [process.env.VIGIE_NATIVE, join(repoRoot, "build/release/vigie")];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

// Runs the native CLI from the repository root: {status, stdout, stderr}, whatever the exit code
// (the CLI exits 1 on a policy error or a failing test, 3/4 on deny/ask, and still prints).
export function runNativeFull(args, input) {
  const r = spawnSync(nativeBinary(), args, {
    cwd: repoRoot,
    input,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The same, stdout only; throws on bad usage (exit 2) or a crash.
export function runNative(args, input) {
  const r = runNativeFull(args, input);
  if (r.status === 2 || r.status === null) {
    throw new Error(`vigie ${args.join(" ")}: exit ${r.status ?? r.signal}: ${r.stderr}`);
  }
  return r.stdout;
}

export const context = { cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" };

export const teamPolicy = `policy "team"
mode ask
commands {
  deny  git push (--force | -f)  "No force push: push a new commit instead."
  allow git status | git diff
}
`;
