// Shared by the node:test files: one instantiated module per test process, the repository's
// paths, and the native CLI for the differential tests.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
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

// Runs the native CLI from the repository root; returns stdout whatever the exit code (the CLI
// exits 1 on a policy error or a failing test, and still prints its JSON).
export function runNative(args, input) {
  try {
    return execFileSync(nativeBinary(), args, {
      cwd: repoRoot,
      input,
      encoding: "utf8",
      maxBuffer: 64 << 20,
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (e) {
    if (typeof e.stdout === "string" && e.stdout.length > 0) return e.stdout;
    throw e;
  }
}

export const context = { cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" };

export const teamPolicy = `policy "team"
mode ask
commands {
  deny  git push (--force | -f)  "No force push: push a new commit instead."
  allow git status | git diff
}
`;
