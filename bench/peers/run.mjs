// vigie against its peers, in one Node process, on the same generated agent command lines:
//
//   vigie            the npm package (wasm/), `decide(..., {trace: false})`: decision, message
//                    and rule as a plain object, no trace built
//   vigie+trace      `decideJson` with the trace and matched rules (JSON text out, parsed)
//   shell-quote      the hand-written matcher: shell-quote's split, cut at && || ; | &, each
//                    command's words matched as prefixes against the rule list (wrong on
//                    wrappers, substitutions, here-documents, but fast)
//   cedar            @cedar-policy/cedar-wasm, a preparsed policy set, one statefulIsAuthorized
//                    per command of the same shell-quote split (cedar cannot read a shell line)
//
// at 10, 100 and 1,000 rules (bench/peers/policies.mjs), over R interleaved rounds (the engine
// order rotates each round), in wall time and per second of the process's CPU time (steadier on a
// shared machine). Then the parse comparison: vigie's commands view (parseShell) vs
// web-tree-sitter with the bash grammar plus argv extraction from its tree.
//
// Usage: node run.mjs [--lines N] [--rounds R] [--sizes 10,100,1000] [--json]
//                    [--engines shell-quote,cedar,vigie+trace] [--no-parse] [--package DIR]
//        node run.mjs --memory N   (N decisions through the fast path at 1,000 rules, cycling
//                                   the lines: the WASM heap and bytes in use before and after)
// Run it through scripts/bench-peers (installs this folder's devDependencies first).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

import { generateLines } from "./gen.mjs";
import { rules, vigiePolicy, cedarPolicies } from "./policies.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const nLines = Number(opt("--lines", 10000));
const rounds = Number(opt("--rounds", 5));
const sizes = opt("--sizes", "10,100,1000").split(",").map(Number);
const asJson = args.includes("--json");
// --engines vigie,shell-quote: only these decision engines (default: all); --no-parse skips the
// parse comparison.
const only = opt("--engines", "").split(",").filter(Boolean);
const withParse = !args.includes("--no-parse");

const lines = generateLines(nLines, 42);
const ctx = { cwd: "/srv/app", project_root: "/srv/app", home: "/home/dev" };

// ---- engines -----------------------------------------------------------------------------------

// --package DIR: another build of the npm package folder (to compare two builds; default wasm/).
const pkg = opt("--package", join(here, "../../wasm"));
const { load } = await import(join(pkg, "index.mjs"));
const vigie = await load();
const shellQuote = require("shell-quote");
const cedar = await import("@cedar-policy/cedar-wasm/nodejs");

const rank = { allow: 0, ask: 1, deny: 2 };
const byRank = ["allow", "ask", "deny"];
const SEPARATORS = new Set(["&&", "||", ";", "|", "&", ";;", "(", ")", "|&"]);

// shell-quote's tokens cut into simple commands (strings only; globs as their pattern).
function splitCommands(line) {
  const tokens = shellQuote.parse(line, (k) => `$${k}`);
  const out = [];
  let cur = [];
  for (const t of tokens) {
    if (typeof t === "string") cur.push(t);
    else if (t.op === "glob") cur.push(t.pattern);
    else if (t.op && SEPARATORS.has(t.op)) {
      if (cur.length) out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

function prefixEngine(n) {
  const rs = rules(n).map((r) => ({ words: r.words, rank: rank[r.effect] }));
  return (line) => {
    let worst = 0;
    for (const argv of splitCommands(line)) {
      let best = -1;
      for (const r of rs) {
        if (r.words.length > argv.length || r.rank <= best) continue;
        let ok = true;
        for (let i = 0; i < r.words.length; ++i)
          if (argv[i] !== r.words[i]) {
            ok = false;
            break;
          }
        if (ok) best = r.rank;
      }
      worst = Math.max(worst, best < 0 ? rank.ask : best);
      if (worst === 2) break;
    }
    return byRank[worst];
  };
}

function cedarEngine(n) {
  const id = `peers-${n}`;
  const effects = rules(n).map((r) => r.effect);
  const parsed = cedar.preparsePolicySet(id, { staticPolicies: cedarPolicies(n) });
  if (parsed.type !== "success") throw new Error(`cedar: ${JSON.stringify(parsed.errors)}`);
  const principal = { type: "Agent", id: "agent" };
  const action = { type: "Action", id: "run" };
  const resource = { type: "Command", id: "bash" };
  return (line) => {
    let worst = 0;
    for (const argv of splitCommands(line)) {
      const a = cedar.statefulIsAuthorized({
        principal, action, resource, context: { cmd: argv.join(" ") },
        preparsedPolicySetId: id, entities: [],
      });
      let e = rank.ask;
      if (a.type !== "success") e = rank.ask;
      else if (a.response.decision === "allow") e = rank.allow;
      else {
        // Reasons are the policies' ids, "policyK" in the order written: rule K's effect.
        const reasons = a.response.diagnostics.reason;
        if (reasons.some((r) => effects[Number(r.slice(6))] === "deny")) e = rank.deny;
        else e = rank.ask;  // an ask rule, or no permit: the default
      }
      worst = Math.max(worst, e);
      if (worst === 2) break;
    }
    return byRank[worst];
  };
}

function vigieEngine(n, trace) {
  const policy = vigie.compile(vigiePolicy(n), { file: `peers-${n}.vigie` });
  if (!policy.ok) throw new Error(`vigie: ${JSON.stringify(policy.diagnostics)}`);
  if (trace)
    return (line) =>
      JSON.parse(policy.decideJson(JSON.stringify({ tool: "Bash", input: { command: line }, ...ctx })))
        .decision;
  const noTrace = { trace: false };
  return (line) =>
    policy.decide({ tool: "Bash", input: { command: line }, ...ctx }, null, null, noTrace).decision;
}

if (args.includes("--memory")) {
  const total = Number(opt("--memory", 1000000));
  const decide = vigieEngine(1000, false);
  const slow = vigieEngine(1000, true);
  for (let i = 0; i < 20000; ++i) (i % 2 ? slow : decide)(lines[i % lines.length]);  // warm up
  // The fast path keeps its last decision (its message is read from wasm memory after the
  // call): end the warm-up on the line the loop ends on, so both snapshots hold the same one.
  decide(lines[(total - 1) % lines.length]);
  const before = vigie.memory();
  const t0 = performance.now();
  const marks = [];
  for (let i = 0; i < total; ++i) {
    decide(lines[i % lines.length]);
    if (i % 100000 === 99999) marks.push(vigie.memory().in_use);
  }
  const after = vigie.memory();
  console.log(JSON.stringify({ decisions: total, seconds: (performance.now() - t0) / 1000, before,
    after, in_use_every_100k: marks }));
  process.exit(after.heap_size === before.heap_size && after.in_use <= before.in_use ? 0 : 1);
}

const engines = [
  ["vigie", (n) => vigieEngine(n, false)],
  ["vigie+trace", (n) => vigieEngine(n, true)],
  ["shell-quote", prefixEngine],
  ["cedar", cedarEngine],
].filter(([name]) => name === "vigie" || !only.length || only.includes(name));

// ---- measurement -------------------------------------------------------------------------------

function pct(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

// One pass over every line: per-call times (ns) and decisions/s over the pass.
function pass(decide) {
  const ns = new Float64Array(lines.length);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < lines.length; ++i) {
    const a = process.hrtime.bigint();
    decide(lines[i]);
    ns[i] = Number(process.hrtime.bigint() - a);
  }
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  ns.sort();
  return { perSec: (lines.length / ms) * 1000, perCpuSec: lines.length / ((c.user + c.system) / 1e6),
    p50: pct(ns, 0.5) / 1000, p99: pct(ns, 0.99) / 1000 };
}

const built = new Map();  // "engine/n" -> decide
for (const n of sizes)
  for (const [name, make] of engines) {
    const d = make(n);
    for (let i = 0; i < Math.min(2000, lines.length); ++i) d(lines[i]);  // warmup
    built.set(`${name}/${n}`, d);
  }

// Agreement with vigie (informative: the prefix loop and cedar are wrong on wrappers, etc.).
const agree = {};
for (const n of sizes) {
  const v = built.get(`vigie/${n}`);
  const vd = lines.map((l) => v(l));
  for (const [name] of engines) {
    const d = built.get(`${name}/${n}`);
    let same = 0;
    lines.forEach((l, i) => (same += d(l) === vd[i] ? 1 : 0));
    agree[`${name}/${n}`] = same / lines.length;
  }
}

const results = {};  // "engine/n" -> [pass...]
for (let r = 0; r < rounds; ++r) {
  const order = engines.map((_, i) => engines[(i + r) % engines.length]);
  for (const n of sizes)
    for (const [name] of order) {
      const key = `${name}/${n}`;
      (results[key] ??= []).push(pass(built.get(key)));
    }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = [];
for (const n of sizes)
  for (const [name] of engines) {
    const ps = results[`${name}/${n}`];
    rows.push({
      engine: name, rules: n,
      perSec: median(ps.map((p) => p.perSec)),
      perSecMin: Math.min(...ps.map((p) => p.perSec)),
      perSecMax: Math.max(...ps.map((p) => p.perSec)),
      perCpuSec: median(ps.map((p) => p.perCpuSec)),
      p50: median(ps.map((p) => p.p50)),
      p99: median(ps.map((p) => p.p99)),
      agree: agree[`${name}/${n}`],
    });
  }
const vigieAt = (n) => rows.find((x) => x.engine === "vigie" && x.rules === n).perSec;
const vigieCpuAt = (n) => rows.find((x) => x.engine === "vigie" && x.rules === n).perCpuSec;

// ---- the parse comparison ----------------------------------------------------------------------

const bytes = lines.reduce((a, l) => a + Buffer.byteLength(l), 0);
let parseAgreement = 0;
async function parseComparison() {
  const { Parser, Language } = await import("web-tree-sitter");
  await Parser.init();
  const bash = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(bash);

  // argv of every command node: its name and argument words, as text.
  function treeSitterArgv(line) {
    const tree = parser.parse(line);
    const out = [];
    const stack = [tree.rootNode];
    while (stack.length) {
      const node = stack.pop();
      if (node.type === "command") {
        const argv = [];
        for (const c of node.namedChildren)
          if (c.type !== "variable_assignment" && c.type !== "file_redirect") argv.push(c.text);
        out.push(argv);
      }
      for (let i = node.namedChildCount - 1; i >= 0; --i) stack.push(node.namedChild(i));
    }
    tree.delete();
    return out;
  }
  // vigie's argv: each word's value after quote removal when literal, else its source text;
  // through parseShell (the whole commands view as JSON, parsed) and parseShellArgv (only the
  // words, decoded from wasm memory).
  function vigieArgv(line) {
    return vigie.parseShell(line).commands.map((c) => c.argv.map((w) => w.literal ?? w.text));
  }
  const vigieArgvOnly = (line) => vigie.parseShellArgv(line) ?? [];
  const parsers = [["vigie parseShell", vigieArgv], ["web-tree-sitter", treeSitterArgv]];
  if (vigie.parseShellArgv) parsers.unshift(["vigie parseShellArgv", vigieArgvOnly]);
  // Like with like: the lines where both give the same commands with the same number of words
  // (tree-sitter's words are source text, quotes included; vigie removes quotes).
  const shape = (argvs) => argvs.map((a) => a.length).join(",");
  let sameShape = 0;
  for (const l of lines) sameShape += shape(vigieArgv(l)) === shape(treeSitterArgv(l)) ? 1 : 0;
  parseAgreement = sameShape / lines.length;
  for (const [, f] of parsers) for (let i = 0; i < 2000; ++i) f(lines[i % lines.length]);
  const parseResults = {};
  for (let r = 0; r < rounds; ++r)
    for (let i = 0; i < parsers.length; ++i) {
      const [name, f] = parsers[(i + r) % parsers.length];
      const t0 = performance.now();
      for (const l of lines) f(l);
      const ms = performance.now() - t0;
      (parseResults[name] ??= []).push((lines.length / ms) * 1000);
    }
  return parsers.map(([name]) => {
    const xs = parseResults[name];
    const m = median(xs);
    return { parser: name, linesPerSec: m, min: Math.min(...xs), max: Math.max(...xs),
      mbPerSec: (m * bytes) / lines.length / 1e6 };
  });
}
const parseRows = withParse ? await parseComparison() : [];

// ---- output ------------------------------------------------------------------------------------

const sizeOf = (p) => (existsSync(p) ? readFileSync(p).length : 0);
const meta = {
  node: process.version, lines: lines.length, rounds,
  bytesPerLine: bytes / lines.length,
  wasmBytes: sizeOf(join(pkg, "dist/vigie.wasm")),
  // The module's deferred part (docs/wasm.md, "Two parts"); 0 for a package built in one part.
  deferredBytes: sizeOf(join(pkg, "dist/vigie.deferred.wasm")),
};
if (asJson) {
  console.log(JSON.stringify({ meta, decide: rows, parse: parseRows, parseAgreement }, null, 1));
  process.exit(0);
}
const f0 = (x) => Math.round(x).toLocaleString("en-US");
const f2 = (x) => x.toFixed(2);
console.log(`lines: ${meta.lines} generated (bench/peers/gen.mjs, seed 42), ${f2(meta.bytesPerLine)} bytes/line; ${rounds} interleaved rounds; node ${meta.node}\n`);
console.log("| engine | rules | decisions/s (median) | spread (min–max) | p50 µs | p99 µs | vigie ÷ engine | per CPU second | vigie ÷ engine (CPU) | same decision as vigie |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const x of rows)
  console.log(`| ${x.engine} | ${x.rules} | ${f0(x.perSec)} | ${f0(x.perSecMin)}–${f0(x.perSecMax)} | ${f2(x.p50)} | ${f2(x.p99)} | ${f2(vigieAt(x.rules) / x.perSec)}× | ${f0(x.perCpuSec)} | ${f2(vigieCpuAt(x.rules) / x.perCpuSec)}× | ${(x.agree * 100).toFixed(1)}% |`);
if (parseRows.length) console.log("\n| parser (argv of every command) | lines/s (median) | spread (min–max) | MB/s | vigie ÷ parser |");
if (parseRows.length) console.log("|---|---:|---:|---:|---:|");
const vp = parseRows[0]?.linesPerSec;
for (const x of parseRows)
  console.log(`| ${x.parser} | ${f0(x.linesPerSec)} | ${f0(x.min)}–${f0(x.max)} | ${f2(x.mbPerSec)} | ${f2(vp / x.linesPerSec)}× |`);
if (parseRows.length)
  console.log(`\nLines where vigie and web-tree-sitter list the same commands with as many words: ${(parseAgreement * 100).toFixed(1)}%`);
