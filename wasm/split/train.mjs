// The training run that decides which functions go in the primary part of the module
// (docs/wasm.md, "Two parts"). It loads an instrumented module (`wasm-split --instrument`), does
// what a harness does with the package — load, compile policies, decide the lines agents send
// most, answer hooks — and writes the profile of the functions that ran; `wasm-split --profile`
// then keeps those in dist/vigie.wasm and moves every other function to dist/vigie.deferred.wasm.
// It also writes PROFILE_OUT.start, the profile after what a harness does first (its start
// set), from which wasm/split/hints.mjs tells V8 which of the primary's functions to compile
// while load() awaits.
//
//   node wasm/split/train.mjs GLUE.mjs INSTRUMENTED.wasm PROFILE_OUT REPO_ROOT
//
// What is not done here (formatting, lint, the journal, replay, suggestions, traces, the shell
// AST, the vocabulary, rare programs) still works: its code is loaded on first use.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [gluePath, wasmPath, profilePath, root] = process.argv.slice(2);
if (!root) {
  console.error("usage: train.mjs GLUE.mjs INSTRUMENTED.wasm PROFILE_OUT REPO_ROOT");
  process.exit(2);
}

const { default: createModule } = await import(pathToFileURL(gluePath).href);
const { makeApi } = await import(pathToFileURL(join(root, "wasm/src/api.mjs")).href);
const { generateLines } = await import(pathToFileURL(join(root, "bench/peers/gen.mjs")).href);
const { vigiePolicy } = await import(pathToFileURL(join(root, "bench/peers/policies.mjs")).href);

let instance;
const module = await createModule({
  print: () => {},
  printErr: () => {},
  instantiateWasm(imports, receive) {
    WebAssembly.instantiate(readFileSync(wasmPath), imports).then((r) => {
      instance = r.instance;
      receive(instance);
    });
    return {};
  },
});
const vigie = makeApi(module);

const fail = (what) => {
  console.error(`train.mjs: ${what}`);
  process.exit(1);
};
const context = { cwd: "/home/u/proj", project: "/home/u/proj", home: "/home/u" };
const bash = (command) => ({ tool: "Bash", input: { command }, ...context });

// The profile so far: `__write_profile(address, size)` returns the bytes it needs.
const profileSize = 1 << 20;
let profileAt = 0;
const profileNow = () => {
  const write = instance.exports.__write_profile;
  if (!write) fail(`${wasmPath} is not instrumented (no __write_profile)`);
  profileAt ||= module._malloc(profileSize);
  const length = write(profileAt, profileSize);
  if (length > profileSize) fail(`the profile needs ${length} bytes`);
  return module.HEAPU8.slice(profileAt, profileAt + length);
};

// First, what a harness does at start: compile its policy, decide its first requests. The
// functions this runs are the primary's start set (wasm/split/hints.mjs): V8 compiles them while
// load() awaits, and the primary's other functions on their first call.
{
  const start = vigie.compile(
    `policy "start"
mode ask
commands {
  deny rm -rf "Remove the files you created by name."
  allow git status | git diff | ls | cat | npm test
}
paths {
  workspace .
  deny ~/.ssh "Secrets are off limits."
  protect tests/** "Change the code, not the tests."
}
fetch {
  allow GET docs.python.org
}
`,
    { file: "start.vigie" },
  );
  if (!start.ok) fail(`the start policy does not compile: ${JSON.stringify(start.diagnostics)}`);
  for (const line of ["git status", "ls -la src", "npm test 2>&1 | tail -20", "cat README.md"]) start.decide(bash(line));
  start.decide({ tool: "Edit", input: { file_path: "/home/u/proj/src/a.ts", old_string: "a", new_string: "b" }, ...context });
}
writeFileSync(`${profilePath}.start`, profileNow());

// Then the rest of the training. The policies: the bundled rules and the benchmark's shape at
// three sizes.
const policies = [];
for (const name of readdirSync(join(root, "rules")).filter((f) => f.endsWith(".vigie")).sort()) {
  const p = vigie.compile(readFileSync(join(root, "rules", name), "utf8"), { file: name });
  if (!p.ok) fail(`rules/${name} does not compile: ${JSON.stringify(p.diagnostics)}`);
  policies.push(p);
}
for (const n of [10, 100, 1000]) policies.push(vigie.compile(vigiePolicy(n), { file: `peers-${n}.vigie` }));
// A policy with an error: the diagnostics a harness shows when its policy is broken.
const broken = vigie.compile('policy "broken"\ncommands {\n  alow git status\n}\n', { file: "broken.vigie" });
if (broken.ok) fail("the broken policy compiled");

// The lines: a generated agent mix (another seed than the benchmark's), through every policy.
const lines = generateLines(3000, 7);
for (const p of policies) for (const line of lines) p.decide(bash(line));

// The other kinds of request, and a session.
const others = [
  { tool: "Edit", input: { file_path: "/home/u/proj/src/main.ts", old_string: "a", new_string: "b" } },
  { tool: "Write", input: { file_path: "/home/u/proj/.env", content: "X=1" } },
  { tool: "Read", input: { file_path: "/home/u/.ssh/id_rsa" } },
  { tool: "Glob", input: { pattern: "**/*.ts" } },
  { tool: "Grep", input: { pattern: "TODO", path: "src" } },
  { tool: "WebFetch", input: { url: "https://docs.example.com/a", prompt: "summary" } },
  { tool: "mcp__github__create_issue", input: { title: "x" } },
];
const session = vigie.session();
for (const p of policies) {
  for (const r of others) p.decide({ ...r, ...context }, null, session);
  p.decide(bash("git status"), { symlinks: { "/home/u/proj/link": "/etc" }, files: [] }, session);
}

// Every harness's hook, with the project's own vectors.
const vectors = JSON.parse(readFileSync(join(root, "tests/cli/hooks/vectors.json"), "utf8"));
const harnesses = ["claude", "gemini", "codex", "cursor", "copilot", "opencode", "cline"];
for (const [section, cases] of Object.entries(vectors)) {
  const harness = harnesses.find((h) => section.replace(/_/g, "").startsWith(h));
  if (!harness) continue;
  const source = readFileSync(join(root, "tests/cli/hooks", `${harness}.vigie`), "utf8");
  const hook = vigie.createHook(harness, source, { file: `${harness}.vigie`, home: "/home/u" });
  for (const [name, c] of Object.entries(cases)) {
    if (!name.startsWith("_") && c.input) await hook(harness === "opencode" ? { ...c.input, ...context } : c.input);
  }
}

// The profile of the whole run.
writeFileSync(profilePath, profileNow());
