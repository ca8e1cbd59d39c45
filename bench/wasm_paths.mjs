// The path requests through the npm package of one or more builds (the fast path, {trace: false}),
// with and without a declared filesystem, in interleaved rounds: decisions per CPU second.
// Usage: node bench/wasm_paths.mjs TREE [TREE...] (each TREE holds a built wasm/ package; the
// first is reported as "before", the others as "after"). docs/bench.md, "Issue 12, third pass".
import { pathToFileURL } from "node:url";
const dirs = process.argv.slice(2);
const policy = `policy "bench"
mode ask
commands {
  allow git status | git diff | npm test | tee
}
paths {
  workspace .
  deny ~/.ssh ~/.aws /etc  "Secrets and system config are off limits."
  protect tests/** '*.lock'  "Change the code, not the tests."
}
`;
const ctx = { cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" };
const reqs = {
  read: { tool: "Read", input: { file_path: "/srv/app/notes" }, ...ctx },
  edit: { tool: "Edit", input: { file_path: "/srv/app/tests/test_x.py" }, ...ctx },
  compound: { tool: "Bash", input: { command: "git status && npm test | tee out.txt" }, ...ctx },
};
const fs = { symlinks: { "/srv/app/notes": "/home/u/.ssh/id_rsa" } };
const ps = [];
for (const d of dirs) {
  const { load } = await import(pathToFileURL(d + "/wasm/index.mjs").href);
  const v = await load();
  ps.push(v.compile(policy, { file: "b.vigie" }));
}
const rate = (fn, ms = 700) => {
  for (let i = 0; i < 500; i++) fn();
  let n = 0; const c0 = process.cpuUsage(); const t0 = performance.now();
  while (performance.now() - t0 < ms) { for (let i = 0; i < 100; i++) fn(); n += 100; }
  const c = process.cpuUsage(c0); return n / ((c.user + c.system) / 1e6);
};
const out = {};
for (let round = 0; round < 5; round++)
  for (const [k, r] of Object.entries(reqs))
    for (const withFs of [true, false])
      ps.forEach((p, i) => {
        const key = `${k}${withFs ? " fs" : " no-fs"} ${i ? "after" : "before"}`;
        (out[key] ??= []).push(Math.round(rate(() => p.decide(r, withFs ? fs : undefined, null, { trace: false }))));
      });
for (const [k, v] of Object.entries(out)) { v.sort((a, b) => a - b); console.log(k.padEnd(24), "median", v[2], "decisions/s CPU", JSON.stringify(v)); }
