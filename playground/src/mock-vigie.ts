// A MOCK of the `vigie` npm package, for developing the page without the WASM build.
// It is only used when the page is built with VIGIE_MOCK=1 (see vite.config.ts); the page then
// shows a "mock engine" banner. It knows a sliver of the language: do not trust its decisions.
import type { CommandsResult, Decision, Diagnostic, Effect, FormatResult, Hook, Journal, Policy, Request, RuleRef, Session, TraceEntry, Vigie } from "vigie";

interface MRule {
  effect: Effect;
  patterns: string[][];
  message: string;
  ref: RuleRef;
}

const KEYS = ["policy", "mode", "default", "include", "extends", "plugins", "non-interactive", "paths", "commands",
  "fetch", "mcp", "tools", "safety", "session", "agent", "test"];

function words(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(line))) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function close(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length] <= 2;
}

function compile(source: string, options: { file?: string } = {}): Policy {
  const file = options.file ?? "policy.vigie";
  const diagnostics: Diagnostic[] = [];
  const rules: MRule[] = [];
  let mode = "ask";
  const stack: { kind: string; line: number; col: number }[] = [];
  const counters: Record<string, number> = {};
  const lines = source.split("\n");
  const diag = (line: number, col: number, endCol: number, message: string, help: string, incomplete = false) =>
    diagnostics.push({ code: incomplete ? "V101" : "V200", severity: "error", file, line, column: col,
      end_line: line, end_column: endCol, message, help, incomplete });
  lines.forEach((raw, i) => {
    const ln = i + 1;
    const text = raw.replace(/\s#.*$|^#.*$/, "");
    const quotes = (text.match(/"/g) ?? []).length - (text.match(/\\"/g) ?? []).length;
    if (quotes % 2 === 1) {
      const col = text.indexOf('"') + 1;
      diag(ln, col, raw.length + 1, "unterminated string", 'close the string with `"`', i === lines.length - 1);
      return;
    }
    const w = words(text);
    if (!w.length) return;
    const block = stack[stack.length - 1]?.kind ?? "";
    if (w[0] === "}") { stack.pop(); return; }
    if (w[w.length - 1] === "{") { stack.push({ kind: w[0], line: ln, col: raw.indexOf("{") + 1 }); return; }
    if (!block) {
      if (!KEYS.includes(w[0])) {
        const near = KEYS.find((k) => close(k, w[0]));
        const col = raw.indexOf(w[0]) + 1;
        diag(ln, col, col + w[0].length, `unknown key \`${w[0]}\``, near ? `did you mean \`${near}\`?` : "see docs/language.md");
      }
      if (w[0] === "mode") {
        if (!["readonly", "ask", "auto", "supervised", "full", "deny"].includes(w[1])) {
          const col = raw.indexOf(w[1] ?? "") + 1;
          diag(ln, col, col + (w[1]?.length ?? 1), `unknown mode \`${w[1]}\``, w[1] === "read_only" ? "did you mean `readonly`?" : "use readonly, ask or auto");
        } else mode = w[1];
      }
      return;
    }
    if (block === "commands" && (w[0] === "allow" || w[0] === "deny" || w[0] === "ask")) {
      const effect = w[0] as Effect;
      let msg = "";
      const toks = w.slice(1);
      const m = /"((?:\\.|[^"\\])*)"\s*$/.exec(text);
      if (m) { msg = m[1]; toks.pop(); }
      const patterns: string[][] = [[]];
      for (const t of toks) t === "|" ? patterns.push([]) : patterns[patterns.length - 1].push(t);
      const key = `commands.${effect}`;
      counters[key] = (counters[key] ?? 0) + 1;
      rules.push({ effect, patterns, message: msg || "Denied by the policy.", ref: { id: `${key}.${counters[key]}`, file, line: ln, effect } });
    }
  });
  for (const b of stack) diag(b.line, b.col, b.col + 1, `unclosed block \`${b.kind}\``, "close it with `}`", true);

  const decide = (req: Request | string): Decision => {
    const r: Request = typeof req === "string" ? JSON.parse(req) : req;
    const line = String((r.input as any)?.command ?? "");
    const parts = line.split(/&&|\|\||;|\|/).map((s) => s.trim()).filter(Boolean);
    const trace: TraceEntry[] = [];
    const matchedAll: RuleRef[] = [];
    const rank: Record<Effect, number> = { allow: 0, ask: 1, deny: 2 };
    let best: { effect: Effect; message: string; rule: RuleRef | null } | null = null;
    for (const p of parts) {
      const argv = words(p);
      const matched: MRule[] = rules.filter((ru) => ru.patterns.some((pat) => {
        if (ru.effect === "allow") return pat.every((t, k) => argv[k] === t);
        const pos = pat.filter((t) => !t.startsWith("-"));
        const opts = pat.filter((t) => t.startsWith("-")).flatMap((o) => o.startsWith("--") ? [o] : [...o.slice(1)].map((c) => "-" + c));
        const have = new Set(argv.flatMap((a) => a.startsWith("--") ? [a] : a.startsWith("-") ? [...a.slice(1)].map((c) => "-" + c) : []));
        return pos.every((t, k) => argv[k] === t) && opts.every((o) => have.has(o) || (o === "-r" && have.has("-R")));
      }));
      let eff: Effect; let msg = ""; let rule: RuleRef | null = null; let reason: string;
      if (argv[0] === "rm" && argv.some((a) => a === "~" || a === "/")) {
        eff = "deny"; msg = "Refusing to delete the home folder or the root."; rule = { id: "builtin.catastrophic-rm", file: "<builtin>", line: 0 }; reason = "catastrophic rm";
      } else if (matched.length) {
        const top = matched.reduce((a, b) => (rank[b.effect] > rank[a.effect] ? b : a));
        eff = top.effect; msg = top.effect === "allow" ? "" : top.message; rule = top.ref; reason = `rule ${top.ref.id}`;
      } else {
        eff = mode === "auto" || mode === "full" ? "deny" : mode === "readonly" ? "deny" : "ask";
        msg = eff === "deny" ? `\`${argv[0]}\` is not in the allowlist.` : ""; reason = "no rule matched: the mode's default";
      }
      matchedAll.push(...matched.map((m) => m.ref));
      trace.push({ subject: "command", text: p, argv, context: ["top"], matched: matched.map((m) => m.ref), effect: eff, reason });
      if (!best || rank[eff] > rank[best.effect]) best = { effect: eff, message: msg, rule };
    }
    if (!best) best = { effect: "ask", message: "", rule: null };
    return { decision: best.effect, message: best.message, rule: best.rule, matched: matchedAll, trace };
  };
  const ok = !diagnostics.some((d) => d.severity === "error");
  return {
    ok, name: "", diagnostics, freed: false, decide,
    decideJson: (request: string) => JSON.stringify(decide(request)),
    runTests: () => [], // the mock does not run test blocks
    dump: () => "(the mock engine has no compiled form)",
    free() {},
  };
}

const session = (): Session => ({ rememberAlways() {}, actions: 0, denials: 0, setClock() {}, free() {} });

// The journal needs the real engine: the mock reads nothing.
const journal = (): Journal => ({
  count: 0,
  errors: ["the mock engine does not read journals"],
  replay: () => ({ total: 0, changed: 0, transitions: [], by_rule: [], by_command: [], changes: [], error: "mock engine" }),
  suggest: () => ({ suggestions: [], errors: [], policy_text: "", error: "mock engine" }),
  request: () => ({}),
  free() {},
});

function parseShell(line: string): CommandsResult {
  const commands = line.split(/&&|\|\||;|\|/).map((s) => s.trim()).filter(Boolean).map((p) => ({
    argv: words(p).map((text) => ({ text, literal: /[$*?`]/.test(text) ? null : text })), assigns: [], redirects: [], context: ["top"],
  }));
  return { ok: true, commands, errors: [] };
}

export async function load(): Promise<Vigie> {
  const format = (text: string): FormatResult => ({ ok: true, text, diagnostics: [] });
  return {
    version: "mock", compile, parseShell, format, session, journal,
    parseShellJson: (line: string) => JSON.stringify(parseShell(line)),
    parseShellAst: () => ({ ok: true, ast: null, errors: [] }),
    parseShellArgv: (line: string) => parseShell(line).commands.map((c) => c.argv.map((w) => w.literal ?? w.text)),
    lint: (s: string) => compile(s).diagnostics,
    journalLine: () => ({ error: "mock engine" }),
    policyHash: () => "",
    addRules: () => ({ error: "mock engine" }),
    memory: () => ({ heap_size: 0, in_use: 0 }),
    // The mock judges no hook: every call gets a blocking answer, never an allow.
    createHook: (harness: string): Hook =>
      Object.assign(async () => ({ output: null, stdout: "", exitCode: 2, stderr: "the mock engine does not judge hooks\n" }), {
        harness, ok: false, diagnostics: [], free() {},
      }),
    hookHarnesses: () => [],
    // Only what the mock itself understands; the real package reads the checker's tables.
    vocabulary: () => ({
      blocks: ["paths", "commands", "fetch", "mcp", "tools", "test"], keys: [], with_keys: [],
      attributes: ["id", "example", "counterexample"], effects: ["allow", "deny", "ask"],
      modes: ["readonly", "ask", "auto"], test_kinds: ["command", "edit", "read", "fetch"],
      conditions: [], values: [],
    }),
  };
}
