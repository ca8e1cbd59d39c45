// One cold start of the package, in this (fresh) process: `load()`, compiling the 20-line
// bench policy of scripts/bench-wasm, and the first decision. Prints wall and CPU ms per phase as
// JSON. Run it in a fresh process per sample (scripts/bench-wasm does, for its medians), or under
// callgrind for a deterministic instruction count of the whole process (V8's compilation of the
// wasm functions included, its helper threads serialised):
//   node bench/peers/cold-start.mjs [--package DIR] [--compile eager|lazy]
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --smc-check=all-non-file \
//     node --single-threaded bench/peers/cold-start.mjs --package DIR
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const at = args.indexOf("--package");
const dir = at >= 0 ? resolve(args[at + 1]) : new URL("../../wasm", import.meta.url).pathname;
// load()'s compile option (docs/wasm.md, "Eager compilation"); the package's default otherwise.
const modeAt = args.indexOf("--compile");
const loadOptions = modeAt >= 0 ? { compile: args[modeAt + 1] } : {};

const policySource = `policy "bench"
mode ask
commands {
  deny  git push (--force | -f)  "No force push: push a new commit instead."
  deny  rm -rf  "Do not delete recursively; remove the files you created by name."
  allow git status | git diff | git log | ls | cat | npm test | npm run lint
  allow python -m pytest
  ask   git push
}
paths {
  workspace .
  deny ~/.ssh ~/.aws /etc  "Secrets and system config are off limits."
  protect tests/** '*.lock'  "Change the code, not the tests."
}
fetch {
  allow GET *.github.com docs.python.org
}
`;
const request = {
  tool: "Bash",
  input: { command: "git push --force origin main" },
  cwd: "/home/u/proj",
  project_root: "/home/u/proj",
  home: "/home/u",
};

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const t0 = performance.now();
const c0 = cpu();
const { load } = await import(pathToFileURL(join(dir, "index.mjs")).href);
const vigie = await load(loadOptions);
const t1 = performance.now();
const c1 = cpu();
const policy = vigie.compile(policySource, { file: "bench.vigie" });
const t2 = performance.now();
const c2 = cpu();
const d = policy.decide(request);
const t3 = performance.now();
const c3 = cpu();
if (!policy.ok || d.decision !== "deny") {
  console.error(JSON.stringify(policy.diagnostics), JSON.stringify(d));
  process.exit(1);
}
// After the cold start (not in its total): the first call that needs the module's deferred part
// (docs/wasm.md, "Two parts"), a line of a program agents seldom run. `deferred` includes
// instantiating that part; `deferred_again` is the same call once it is there.
const rare = { ...request, input: { command: "socat - TCP:example.com:80" } };
const d4 = policy.decide(rare);
const t4 = performance.now();
const c4 = cpu();
policy.decide(rare);
const t5 = performance.now();
if (d4.decision !== "ask" || d4.error) {
  console.error(JSON.stringify(d4));
  process.exit(1);
}
console.log(
  JSON.stringify({
    load: t1 - t0,
    compile: t2 - t1,
    decide: t3 - t2,
    total: t3 - t0,
    cpu_load: c1 - c0,
    cpu_compile: c2 - c1,
    cpu_decide: c3 - c2,
    cpu_total: c3 - c0,
    deferred: t4 - t3,
    cpu_deferred: c4 - c3,
    deferred_again: t5 - t4,
  }),
);
