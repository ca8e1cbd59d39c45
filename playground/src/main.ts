// The vigie playground: a policy editor with live diagnostics, a tool call (a shell line or a
// JSON request) with its context, and the decision with its explanation. Everything runs in
// the page through the WASM build of the `vigie` npm package.
import "./style.css";
import { load } from "vigie";
import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorSelection, EditorState } from "@codemirror/state";
import { setDiagnostics, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { indentWithTab } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { vigie } from "./vigie-lang";
import { encodeState, decodeState } from "./share";
import { EXAMPLES, exampleFiles, firstTestCommand } from "./examples";
import { runTestsFallback } from "./tests-runner";
import { initJournalPanel } from "./journal-panel";
import type { Decision, Diagnostic, Policy, Request, RuleRef, ShellParse, TestResult, Vfs, Vigie } from "./api";

declare const __VIGIE_ENGINE__: string;

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

interface Context {
  cwd: string;
  project_root: string;
  home: string;
  mode: string; // "" = the policy's
  interactive: boolean;
  agent: string;
}

interface State {
  v: 1;
  example: string;
  file: string;
  policy: string;
  tab: "command" | "request";
  command: string;
  request: string;
  ctx: Context;
  vfs: string;
}

const DEFAULT_CTX: Context = { cwd: "/home/u/project", project_root: "/home/u/project", home: "/home/u", mode: "", interactive: true, agent: "" };
const REQUEST_PRESETS: Record<string, object> = {
  edit: { tool: "Edit", input: { file_path: "tests/test_api.py", old_string: "assert a", new_string: "assert b" } },
  write: { tool: "Write", input: { file_path: "package-lock.json", content: "{}" } },
  read: { tool: "Read", input: { file_path: "~/.ssh/id_rsa" } },
  fetch: { tool: "WebFetch", input: { url: "https://docs.python.org/3/library/re.html", prompt: "summarize" } },
  mcp: { tool: "mcp__github__delete_repository", input: { repo: "acme/api" } },
  bash: { tool: "Bash", input: { command: "git push --force origin main" } },
};

function defaultState(): State {
  const ex = EXAMPLES[0];
  return {
    v: 1, example: ex.name, file: ex.file, policy: ex.source, tab: "command",
    command: "git status && rm -rf ~",
    request: JSON.stringify(REQUEST_PRESETS.edit, null, 2),
    ctx: { ...DEFAULT_CTX }, vfs: "",
  };
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { cls?: string } = {}, ...children: (Node | string)[]) => {
  const e = document.createElement(tag);
  const { cls, ...rest } = props;
  if (cls) e.className = cls;
  Object.assign(e, rest);
  for (const c of children) e.append(c);
  return e;
};

let engine: Vigie;
let state: State = defaultState();
let policy: Policy | null = null; // the current compile
let lastGood: Policy | null = null; // the last compile without errors (decides while the current one has errors)
let diagnostics: Diagnostic[] = [];
let lastDecision: Decision | null = null;
let journalPanel: ReturnType<typeof initJournalPanel> | null = null;

// ---------------------------------------------------------------------------------------------
// Editors
// ---------------------------------------------------------------------------------------------

const editorTheme = EditorView.theme({
  "&": { height: "100%", fontSize: "13.5px", backgroundColor: "var(--editor-bg)", color: "var(--fg)" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.55" },
  ".cm-gutters": { backgroundColor: "var(--editor-gutter)", color: "var(--muted)", border: "none" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--editor-active)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--fg)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--selection) !important" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-tooltip-lint": { fontFamily: "var(--sans)", maxWidth: "480px" },
  ".cm-diagnosticText": { whiteSpace: "pre-wrap" },
  ".cm-panels": { backgroundColor: "var(--panel)", color: "var(--fg)" },
  ".cm-flash": { backgroundColor: "var(--flash)", transition: "background-color 1s" },
});

let policyView: EditorView;
let requestView: EditorView;

function makePolicyEditor(doc: string) {
  policyView = new EditorView({
    parent: $("policy-editor"),
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        vigie(),
        lintGutter(),
        EditorView.lineWrapping,
        editorTheme,
        EditorView.contentAttributes.of({ "aria-label": "Policy source", spellcheck: "false" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) {
            state.policy = u.state.doc.toString();
            markEdited();
            schedule("compile", 30, compileNow);
          } else if (u.selectionSet || u.focusChanged) {
            showDiagnostics(); // incomplete diagnostics hide while the cursor sits at the end
          }
        }),
      ],
    }),
  });
}

function makeRequestEditor(doc: string) {
  requestView = new EditorView({
    parent: $("request-editor"),
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        json(),
        editorTheme,
        EditorView.contentAttributes.of({ "aria-label": "Request JSON" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) {
            state.request = u.state.doc.toString();
            requestChanged();
          }
        }),
      ],
    }),
  });
}

function setDoc(view: EditorView, text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// ---------------------------------------------------------------------------------------------
// Scheduling: decide as you type (≤ 50 ms), never block a keystroke
// ---------------------------------------------------------------------------------------------

const timers = new Map<string, number>();
function schedule(name: string, ms: number, fn: () => void) {
  clearTimeout(timers.get(name));
  timers.set(name, window.setTimeout(() => { timers.delete(name); fn(); }, ms));
}

function requestChanged() {
  schedule("decide", 15, () => { decideNow(); saveHashSoon(); });
}

// ---------------------------------------------------------------------------------------------
// Compile, diagnostics, tests
// ---------------------------------------------------------------------------------------------

function compileNow() {
  const source = state.policy;
  let next: Policy | null = null;
  const t0 = performance.now();
  try {
    next = engine.compile(source, { file: state.file, files: exampleFiles(state.file) });
    document.body.dataset.compileMs = (performance.now() - t0).toFixed(2);
    diagnostics = Array.isArray(next.diagnostics) ? next.diagnostics : [];
  } catch (e) {
    diagnostics = [{ code: "page", severity: "error", file: state.file, line: 1, column: 1, end_line: 1, end_column: 1,
      message: `the engine failed: ${(e as Error).message}`, help: "" }];
  }
  const hasErrors = (next as { ok?: boolean } | null)?.ok === false || diagnostics.some((d) => d.severity === "error");
  if (policy && policy !== lastGood) policy.free();
  policy = next;
  if (next && !hasErrors) {
    if (lastGood && lastGood !== next) lastGood.free();
    lastGood = next;
  }
  showDiagnostics();
  runTests();
  decideNow();
  if (!hasErrors) journalPanel?.policyChanged();
  saveHashSoon();
}

/** 1-based line and byte column → document offset. */
function offsetOf(line: number, byteCol: number): number {
  const doc = policyView.state.doc;
  const l = doc.line(Math.min(Math.max(1, line || 1), doc.lines));
  let bytes = 1;
  let i = 0;
  const text = l.text;
  while (i < text.length && bytes < byteCol) {
    const cp = text.codePointAt(i)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  return l.from + i;
}

function spanOf(d: Diagnostic): { from: number; to: number } {
  const doc = policyView.state.doc;
  const from = offsetOf(d.line, d.column);
  let to = d.end_line ? offsetOf(d.end_line, d.end_column) : from;
  if (to < from) to = from;
  if (to === from) {
    // Point diagnostics: underline the word there, or the character before the end.
    const line = doc.lineAt(from);
    const rest = line.text.slice(from - line.from);
    const m = /^\S+/.exec(rest);
    if (m) to = from + m[0].length;
    else if (from > line.from) return { from: from - 1, to: from };
  }
  return { from, to };
}

function cursorAtEnd(): boolean {
  const st = policyView.state;
  const head = st.selection.main.head;
  return st.doc.sliceString(head).trim() === "";
}

function isMainFile(d: Diagnostic) {
  return !d.file || d.file === state.file;
}

function showDiagnostics() {
  // No shouting while a line is still incomplete: a diagnostic that only says "the input stops
  // early" (open string or block) waits while the author is typing at the end.
  const quiet = policyView.hasFocus && cursorAtEnd();
  const shown = diagnostics.filter((d) => !(d.incomplete && quiet));
  const held = diagnostics.length - shown.length;
  const cm: CmDiagnostic[] = shown.filter(isMainFile).map((d) => {
    const { from, to } = spanOf(d);
    return {
      from, to,
      severity: d.severity === "note" ? "info" : d.severity,
      source: d.code,
      message: d.message + (d.help ? `\nhelp: ${d.help}` : ""),
    };
  });
  policyView.dispatch(setDiagnostics(policyView.state, cm));

  const list = $("diagnostics");
  list.replaceChildren();
  const errors = shown.filter((d) => d.severity === "error").length;
  const warnings = shown.filter((d) => d.severity === "warning").length;
  const count = $("diag-count");
  count.textContent = errors || warnings ? [errors && `${errors} error${errors > 1 ? "s" : ""}`, warnings && `${warnings} warning${warnings > 1 ? "s" : ""}`].filter(Boolean).join(", ") : "no problems";
  count.className = "count " + (errors ? "bad" : warnings ? "warn" : "good");
  for (const d of shown) {
    const li = el("li", { cls: `diag ${d.severity}` });
    li.dataset.code = d.code;
    li.dataset.line = String(d.line);
    const where = `${isMainFile(d) ? "" : d.file + ":"}${d.line}:${d.column}`;
    li.append(
      el("span", { cls: "sev" }, d.severity === "error" ? "✕" : d.severity === "warning" ? "!" : "i"),
      el("span", { cls: "where" }, where),
      el("span", { cls: "code" }, d.code),
      el("span", { cls: "msg" }, renderTicks(d.message)),
    );
    if (d.help) li.append(el("div", { cls: "help" }, el("span", { cls: "muted" }, "help: "), renderTicks(d.help)));
    if (isMainFile(d)) {
      li.tabIndex = 0;
      li.title = "Go to this line";
      li.addEventListener("click", () => jumpTo(d.line, d.column));
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") jumpTo(d.line, d.column); });
    }
    list.append(li);
  }
  if (held) list.append(el("li", { cls: "diag held muted" }, `… ${held} incomplete construct${held > 1 ? "s" : ""} (an open string or block) — not reported while you type at the end`));
  if (!shown.length && !held) list.append(el("li", { cls: "diag none" }, "✓ No problems"));
}

/** `code` spans in messages (user input is in backticks). */
function renderTicks(text: string): DocumentFragment {
  const frag = document.createDocumentFragment();
  text.split(/(`[^`]*`)/).forEach((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) frag.append(el("code", {}, part.slice(1, -1)));
    else if (part) frag.append(part);
  });
  return frag;
}

function jumpTo(line: number, column = 1) {
  const doc = policyView.state.doc;
  if (!line || line > doc.lines) return;
  const pos = offsetOf(line, column);
  const l = doc.lineAt(pos);
  policyView.dispatch({
    selection: EditorSelection.range(l.from, l.to),
    effects: EditorView.scrollIntoView(pos, { y: "center" }),
  });
  policyView.focus();
}

/** A report of `policy.runTests()` (as `vigie test --format json`) → the rows of the list. */
function testRows(report: any): TestResult[] | null {
  const list: any[] | null = Array.isArray(report) ? report : Array.isArray(report?.tests) ? report.tests : null;
  if (!list) return null;
  return list.map((o) => {
    const expected = `${o.expected ?? ""}${o.expected_rule ? ` rule ${o.expected_rule}` : ""}${o.expected_message ? ` "${o.expected_message}"` : ""}`;
    const subject = o.kind === "request" ? `'${o.subject}'` : JSON.stringify(o.subject ?? "");
    return {
      test: String(o.name ?? ""),
      file: o.file,
      line: Number(o.line ?? 0),
      case: `${o.kind ?? "?"} ${subject} => ${expected}`,
      expected,
      got: o.decision?.decision ?? "",
      pass: Boolean(o.passed),
      detail: o.why || undefined,
    };
  });
}

// The tests run in a worker (tests-worker.ts) so that a policy with many tests never makes
// typing lag; without workers, they run here.
let testsWorker: Worker | null = null;
let testsSeq = 0;

function startTestsWorker() {
  try {
    testsWorker = new Worker(new URL("./tests-worker.ts", import.meta.url), { type: "module" });
    testsWorker.onmessage = (e) => onTestsReport(e.data);
    testsWorker.onerror = () => {
      testsWorker = null;
      runTests();
    };
  } catch {
    testsWorker = null;
  }
}

function onTestsReport(msg: { seq: number; report: unknown; error?: string }) {
  if (msg.seq !== testsSeq && msg.seq !== -1) return; // an older version of the policy
  if (msg.seq === -1 || msg.error === "no-runner") {
    testsWorker = null;
    runTests();
  } else if (msg.error) renderTests(null, `tests failed to run: ${msg.error}`);
  else renderTests(testRows(msg.report) ?? [], undefined);
}

function runTests() {
  const seq = ++testsSeq;
  const p = policy && policy === lastGood ? policy : null;
  if (!p) {
    renderTests(null, "not run: the policy has errors", "warn");
    return;
  }
  if (testsWorker) {
    testsWorker.postMessage({ seq, source: state.policy, file: state.file, files: exampleFiles(state.file) });
    document.body.dataset.testsFor = "";
    // Keep the last results on screen; say "running" only when it takes a while.
    $("tests").classList.add("pending");
    schedule("tests-running", 200, () => {
      if (seq === testsSeq && $("tests").classList.contains("pending")) $("tests-summary").textContent = "running…";
    });
    return;
  }
  let results: TestResult[];
  try {
    let report: unknown = null;
    try {
      report = typeof p.runTests === "function" ? p.runTests() : null;
    } catch {
      report = null; // an older build without the runner: run the cases through decide()
    }
    results = testRows(report) ??
      runTestsFallback(state.policy, p, { cwd: state.ctx.cwd, project_root: state.ctx.project_root, home: state.ctx.home, interactive: true }, parseVfs());
  } catch (e) {
    renderTests(null, `tests failed to run: ${(e as Error).message}`);
    return;
  }
  renderTests(results);
}

function renderTests(results: TestResult[] | null, note?: string, tone = "bad") {
  const summary = $("tests-summary");
  const list = $("tests");
  // Which source these results belong to (tests wait on it; results arrive asynchronously).
  summary.dataset.file = state.file;
  summary.dataset.seq = String(testsSeq);
  document.body.dataset.testsFor = `${state.file}#${testsSeq}`;
  list.classList.remove("pending");
  list.replaceChildren();
  delete summary.dataset.passed;
  delete summary.dataset.failed;
  if (!results) {
    summary.textContent = note ?? "";
    summary.className = `tests-summary ${tone}`;
    return;
  }
  const passed = results.filter((r) => r.pass).length;
  if (!results.length) {
    summary.textContent = "no tests in this policy";
    summary.className = "tests-summary muted";
    list.append(el("li", { cls: "test none muted" }, 'Add a block: test "name" { command "git status" => allow }'));
    return;
  }
  summary.textContent = `${passed}/${results.length} passed`;
  summary.className = "tests-summary " + (passed === results.length ? "good" : "bad");
  summary.dataset.passed = String(passed);
  summary.dataset.failed = String(results.length - passed);
  // Failures first: they are what the author came for.
  const ordered = [...results.filter((r) => !r.pass), ...results.filter((r) => r.pass)];
  for (const r of ordered) {
    const li = el("li", { cls: `test ${r.pass ? "pass" : "fail"}`, title: "Go to this test" });
    li.append(
      el("span", { cls: "mark" }, r.pass ? "✓" : "✕"),
      el("span", { cls: "case" }, r.case),
    );
    if (!r.pass) li.append(el("div", { cls: "detail" }, r.detail ?? `expected ${r.expected}, got ${r.got}`));
    if (!r.file || r.file === state.file) li.addEventListener("click", () => jumpTo(r.line));
    else li.prepend(el("span", { cls: "muted" }, `${r.file}:${r.line} `));
    list.append(li);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests and decisions
// ---------------------------------------------------------------------------------------------

function parseVfs(): Vfs {
  const vfs: Vfs = { symlinks: {}, files: [] };
  for (const raw of state.vfs.split("\n")) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!line) continue;
    const m = /^(.*?)\s*->\s*(.*)$/.exec(line);
    if (m && m[1] && m[2]) vfs.symlinks[m[1]] = m[2];
    else vfs.files.push(line);
  }
  return vfs;
}

function buildRequest(): { request: Request | null; error?: string } {
  const ctx: Request = { cwd: state.ctx.cwd, project_root: state.ctx.project_root, home: state.ctx.home, interactive: state.ctx.interactive };
  if (state.ctx.mode) ctx.mode = state.ctx.mode;
  if (state.ctx.agent) ctx.agent = state.ctx.agent;
  if (state.tab === "command") return { request: { tool: "Bash", input: { command: state.command }, ...ctx } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(state.request);
  } catch (e) {
    return { request: null, error: `invalid JSON: ${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { request: null, error: "the request must be a JSON object" };
  // Fields written in the request win over the context fields.
  return { request: { ...ctx, ...(parsed as Request) } };
}

function decideNow() {
  const p = policy && policy === lastGood ? policy : lastGood;
  const stale = $("stale");
  stale.hidden = !(lastGood && policy !== lastGood);
  stale.textContent = "The policy has errors: this decision comes from the last version that compiled.";
  const { request, error } = buildRequest();
  const reqErr = $("request-error");
  reqErr.hidden = !error;
  reqErr.textContent = error ?? "";
  if (!p || !request) {
    renderDecision(null, !p ? "Fix the policy's errors to see a decision." : error ?? "");
    return;
  }
  let d: Decision;
  const t0 = performance.now();
  try {
    d = p.decide(request, parseVfs());
  } catch (e) {
    renderDecision(null, `the engine failed: ${(e as Error).message}`);
    return;
  }
  const ms = performance.now() - t0;
  lastDecision = d;
  renderDecision(d, undefined, ms);
  renderAst();
  // What the badge is about, for tests that must not read a previous decision.
  document.body.dataset.decidedCommand = state.tab === "command" ? state.command : "";
}

function ruleText(r: RuleRef): string {
  return `${r.id}${r.file || r.line ? ` · ${r.file}${r.line ? ":" + r.line : ""}` : ""}`;
}

function ruleButton(r: RuleRef): HTMLElement {
  const b = el("button", { type: "button", cls: "rule-link" + (r.effect ? " " + r.effect : "") }, ruleText(r));
  b.title = isRuleHere(r) ? "Jump to this rule" : "Defined elsewhere";
  b.addEventListener("click", () => jumpToRule(r));
  return b;
}

function isRuleHere(r: RuleRef) {
  return r.line > 0 && (!r.file || r.file === state.file);
}

function jumpToRule(r: RuleRef) {
  if (isRuleHere(r)) jumpTo(r.line);
}

function effectChip(e: string) {
  return el("span", { cls: `chip ${e}` }, e);
}

function renderDecision(d: Decision | null, note?: string, ms?: number) {
  const badge = $("decision");
  const msg = $("decision-message");
  const rule = $<HTMLButtonElement>("decision-rule");
  const err = $("decision-error");
  const matched = $("matched");
  const trace = $("trace");
  matched.replaceChildren();
  trace.replaceChildren();
  if (!d) {
    badge.textContent = "";
    badge.className = "badge none";
    msg.textContent = note ?? "";
    rule.textContent = "";
    rule.disabled = true;
    err.hidden = true;
    $("timing").textContent = "";
    document.body.dataset.decision = "";
    return;
  }
  badge.textContent = d.decision;
  badge.className = `badge ${d.decision}`;
  document.body.dataset.decision = d.decision;
  msg.textContent = d.message ?? "";
  if (d.rule && d.rule.id) {
    rule.textContent = ruleText(d.rule);
    rule.disabled = !isRuleHere(d.rule);
    rule.onclick = () => jumpToRule(d.rule!);
    rule.title = isRuleHere(d.rule) ? "Jump to this rule in the editor" : "";
    rule.className = `rule-link ${d.decision}`;
  } else {
    rule.textContent = "the default (no rule matched)";
    rule.disabled = true;
    rule.className = "rule-link none";
  }
  $("timing").textContent = ms !== undefined ? `${ms < 1 ? (ms * 1000).toFixed(0) + " µs" : ms.toFixed(1) + " ms"}` : "";
  err.hidden = !d.error;
  err.textContent = d.error ? `error: ${d.error}` : "";
  // A command line that merely stops early (an open quote, `&&` at the end) while it is being
  // typed: say so quietly rather than in red.
  let incomplete = false;
  if (d.error && state.tab === "command") {
    try {
      const parsed = engine.parseShell(state.command);
      incomplete = !parsed.ok && (parsed.errors ?? []).length > 0 && parsed.errors.every((e) => e.incomplete);
    } catch { /* keep it red */ }
  }
  err.classList.toggle("incomplete", incomplete);
  if (incomplete) err.textContent = `the line is incomplete: ${d.error}`;

  const seen = new Set<string>();
  for (const r of d.matched ?? []) {
    const key = `${r.id}@${r.file}:${r.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    matched.append(el("li", {}, ruleButton(r)));
  }
  if (!seen.size) matched.append(el("li", { cls: "muted" }, "none"));

  for (const t of d.trace ?? []) {
    const li = el("li", { cls: `step ${t.effect}` });
    const head = el("div", { cls: "step-head" }, effectChip(t.effect), el("span", { cls: "subject" }, t.subject));
    head.append(el("code", { cls: "text" }, t.text));
    li.append(head);
    if (t.argv && t.argv.length) {
      const argv = el("div", { cls: "argv" }, el("span", { cls: "muted label" }, "argv"));
      for (const a of t.argv) argv.append(el("code", { cls: "tok" }, a));
      li.append(argv);
    }
    const ctx = Array.isArray(t.context) ? t.context : t.context ? [String(t.context)] : [];
    if (ctx.length) li.append(el("div", { cls: "ctx" }, el("span", { cls: "muted label" }, "context"), ctx.join(" › ")));
    for (const e of t.effects ?? []) {
      // What the command touches or runs, and the programs-table entry that said so.
      const verb = e.access === "read" ? "reads" : e.access === "write" ? "writes" : e.access === "delete" ? "deletes" : "runs";
      const fx = el("div", { cls: `effect ${e.access}` }, el("span", { cls: "muted label" }, verb));
      if (e.path) fx.append(el("code", { cls: "tok" }, e.path));
      fx.append(el("span", { cls: "muted" }, ` ${e.from}: ${e.entry}`));
      li.append(fx);
    }
    if (t.reason) li.append(el("div", { cls: "reason" }, el("span", { cls: "muted label" }, "why"), t.reason));
    if (t.matched && t.matched.length) {
      const m = el("div", { cls: "step-rules" }, el("span", { cls: "muted label" }, "rules"));
      for (const r of t.matched) m.append(ruleButton(r));
      li.append(m);
    }
    trace.append(li);
  }
  if (!(d.trace ?? []).length) trace.append(el("li", { cls: "muted" }, "no trace"));
}

function renderAst() {
  const pre = $("ast");
  const cmds = $("ast-commands");
  cmds.replaceChildren();
  let line: string | null = state.command;
  if (state.tab !== "command") {
    const r = buildRequest().request;
    const c = (r?.input as Record<string, unknown> | undefined)?.command;
    line = typeof c === "string" ? c : null;
  }
  if (line === null) {
    pre.textContent = "(the shell AST is shown for command lines: a Bash request's input.command)";
    return;
  }
  let parsed: ShellParse;
  try {
    parsed = engine.parseShell(line);
  } catch (e) {
    pre.textContent = `parseShell failed: ${(e as Error).message}`;
    return;
  }
  for (const c of parsed.commands ?? []) {
    const row = el("div", { cls: "ast-cmd" });
    for (const w of c.argv ?? []) {
      const isStatic = w.literal !== null && w.literal !== false && w.literal !== undefined;
      const shown = typeof w.literal === "string" ? w.literal : w.text;
      const tok = el("code", { cls: "tok" + (isStatic ? "" : " dynamic") }, shown);
      tok.title = isStatic ? `as written: ${w.text}` : `${w.text}: not static, never satisfies an allow token`;
      row.append(tok);
    }
    const ctx = Array.isArray(c.context) ? c.context.join(" › ") : c.context ?? "";
    if (ctx) row.append(el("span", { cls: "muted ctxlabel" }, ctx));
    cmds.append(row);
  }
  for (const e of parsed.errors ?? []) cmds.append(el("div", { cls: "ast-err" }, `${e.line}:${e.column} ${e.message}${e.incomplete ? " (incomplete)" : ""}`));
  const tree = $("ast-tree");
  let full: unknown = null;
  if (typeof (engine as any).parseShellAst === "function") {
    try {
      full = (engine as any).parseShellAst(line);
    } catch {
      full = null;
    }
  }
  tree.textContent = full && (full as any).ast ? astTree((full as any).ast).join("\n") : "";
  tree.hidden = !tree.textContent;
  pre.textContent = `// parseShell: the commands as the engine judges them\n${JSON.stringify(parsed, null, 2)}` +
    (full ? `\n\n// parseShellAst: the whole tree\n${JSON.stringify(full, null, 2)}` : "");
}

/** The shell AST as an indented outline: node types with their words and operators. */
function astTree(node: unknown, depth = 0, out: string[] = [], label = ""): string[] {
  if (out.length > 400) return out;
  const pad = "  ".repeat(depth);
  if (Array.isArray(node)) {
    for (const n of node) astTree(n, depth, out, label);
    return out;
  }
  if (!node || typeof node !== "object") return out;
  const o = node as Record<string, unknown>;
  const type = typeof o.type === "string" ? o.type : "";
  if (type === "Word" || type === "Lit") {
    out.push(`${pad}${label}${type} ${JSON.stringify(o.text ?? o.value ?? "")}`);
    // A word with a command substitution (or other expansion) inside: show what is inside.
    const parts = Array.isArray(o.parts) ? (o.parts as Record<string, unknown>[]) : [];
    for (const p of parts) if (p && p.type !== "Lit") astTree(p, depth + 1, out);
    return out;
  }
  const bits: string[] = [];
  for (const k of ["op", "name", "value", "text"]) if (typeof o[k] === "string" && o[k]) bits.push(`${k}=${JSON.stringify(o[k])}`);
  if (Array.isArray(o.ops) && o.ops.length) bits.push(`ops=${o.ops.join(" ")}`);
  for (const k of ["background", "negated", "pipeline"]) if (o[k] === true) bits.push(k);
  for (const k of ["fd"]) if (typeof o[k] === "number") bits.push(`${k}=${o[k]}`);
  if (o.backtick === true) bits.push("backtick");
  // Untyped records (a redirection) show as their fields under their key.
  const shown = Boolean(type) || bits.length > 0;
  if (shown) out.push(`${pad}${label}${type || "{"}${bits.length ? (type ? " " : "") + bits.join(" ") : ""}${type ? "" : "}"}`);
  for (const [k, v] of Object.entries(o)) {
    if (k === "span" || k === "type" || !v || typeof v !== "object") continue;
    if (Array.isArray(v) && !v.length) continue;
    astTree(v, shown ? depth + 1 : depth, out, ["cmd", "stmts", "args"].includes(k) ? "" : `${k}: `);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Share: the state in the URL hash
// ---------------------------------------------------------------------------------------------

let restoring = false;
function saveHashSoon() {
  if (restoring) return;
  schedule("hash", 250, async () => {
    const hash = await encodeState(state);
    history.replaceState(null, "", "#" + hash);
  });
}

async function currentLink(): Promise<string> {
  const hash = await encodeState(state);
  history.replaceState(null, "", "#" + hash);
  return location.href;
}

function toast(text: string) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  schedule("toast", 1800, () => (t.hidden = true));
}

// ---------------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------------

function markEdited() {
  const ex = EXAMPLES.find((e) => e.name === state.example);
  $("file-name").textContent = state.file + (ex && ex.source !== state.policy ? " • edited" : "");
}

function setTab(tab: "command" | "request") {
  state.tab = tab;
  $("tab-command").classList.toggle("active", tab === "command");
  $("tab-request").classList.toggle("active", tab === "request");
  $("tab-command").setAttribute("aria-selected", String(tab === "command"));
  $("tab-request").setAttribute("aria-selected", String(tab === "request"));
  $("pane-command").hidden = tab !== "command";
  $("pane-request").hidden = tab !== "request";
}

function applyState(s: State) {
  restoring = true;
  state = { ...defaultState(), ...s, ctx: { ...DEFAULT_CTX, ...(s.ctx ?? {}) } };
  const sel = $<HTMLSelectElement>("examples");
  if (!EXAMPLES.some((e) => e.name === state.example)) {
    // An example this build does not have: keep the text, show its name.
    sel.append(el("option", { value: state.example }, state.example));
  }
  sel.value = state.example;
  setDoc(policyView, state.policy);
  setDoc(requestView, state.request);
  $<HTMLInputElement>("command-input").value = state.command;
  $<HTMLInputElement>("ctx-cwd").value = state.ctx.cwd;
  $<HTMLInputElement>("ctx-project").value = state.ctx.project_root;
  $<HTMLInputElement>("ctx-home").value = state.ctx.home;
  $<HTMLInputElement>("ctx-agent").value = state.ctx.agent;
  $<HTMLSelectElement>("ctx-mode").value = state.ctx.mode;
  $<HTMLInputElement>("ctx-interactive").checked = state.ctx.interactive;
  $<HTMLTextAreaElement>("vfs").value = state.vfs;
  updateVfsCount();
  setTab(state.tab);
  markEdited();
  restoring = false;
}

function updateVfsCount() {
  const v = parseVfs();
  const n = Object.keys(v.symlinks).length;
  $("vfs-count").textContent = n || v.files.length ? `(${n} symlink${n === 1 ? "" : "s"}, ${v.files.length} path${v.files.length === 1 ? "" : "s"})` : "";
}

function wire() {
  const sel = $<HTMLSelectElement>("examples");
  for (const e of EXAMPLES) sel.append(el("option", { value: e.name }, e.name === "starter" ? "starter (built in)" : e.file));
  sel.addEventListener("change", () => {
    const ex = EXAMPLES.find((e) => e.name === sel.value);
    if (!ex) return;
    state.example = ex.name;
    state.file = ex.file;
    const cmd = firstTestCommand(ex.source);
    if (cmd) {
      state.command = cmd;
      $<HTMLInputElement>("command-input").value = cmd;
    }
    setDoc(policyView, ex.source);
    markEdited();
    compileNow();
  });

  const cmd = $<HTMLInputElement>("command-input");
  cmd.addEventListener("input", () => { state.command = cmd.value; requestChanged(); });

  $("tab-command").addEventListener("click", () => { setTab("command"); decideNow(); saveHashSoon(); });
  $("tab-request").addEventListener("click", () => { setTab("request"); decideNow(); saveHashSoon(); });
  document.querySelectorAll<HTMLButtonElement>("[data-preset]").forEach((b) =>
    b.addEventListener("click", () => setDoc(requestView, JSON.stringify(REQUEST_PRESETS[b.dataset.preset!], null, 2))));

  const bindText = (id: string, key: keyof Context) => {
    const input = $<HTMLInputElement>(id);
    input.addEventListener("input", () => { (state.ctx as any)[key] = input.value; compileOrDecide(key); });
  };
  bindText("ctx-cwd", "cwd");
  bindText("ctx-project", "project_root");
  bindText("ctx-home", "home");
  bindText("ctx-agent", "agent");
  $<HTMLSelectElement>("ctx-mode").addEventListener("change", (e) => { state.ctx.mode = (e.target as HTMLSelectElement).value; requestChanged(); });
  $<HTMLInputElement>("ctx-interactive").addEventListener("change", (e) => { state.ctx.interactive = (e.target as HTMLInputElement).checked; requestChanged(); });
  $<HTMLTextAreaElement>("vfs").addEventListener("input", (e) => {
    state.vfs = (e.target as HTMLTextAreaElement).value;
    updateVfsCount();
    schedule("vfs", 30, () => { runTests(); decideNow(); saveHashSoon(); });
  });

  $("share").addEventListener("click", async () => {
    const url = await currentLink();
    try {
      await Promise.race([
        navigator.clipboard.writeText(url),
        new Promise((_, reject) => setTimeout(() => reject(new Error("clipboard timeout")), 800)),
      ]);
      toast("Link copied: it holds the whole state");
    } catch {
      toast("Link in the address bar: it holds the whole state");
    }
  });
  $("format").addEventListener("click", () => {
    try {
      const out = engine.format(state.policy) as unknown;
      const text = typeof out === "string" ? out : (out as any)?.text ?? (out as any)?.output ?? (out as any)?.formatted;
      if ((out as any)?.ok === false || typeof text !== "string") toast("Format: fix the policy's errors first");
      else if (text !== state.policy) setDoc(policyView, text);
      else toast("Already formatted");
    } catch (e) {
      toast(`Format failed: ${(e as Error).message}`);
    }
  });
  const theme = localStorage.getItem("vigie-theme");
  if (theme) document.documentElement.dataset.theme = theme;
  $("theme").addEventListener("click", () => {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === "dark"
      : matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.dataset.theme = dark ? "light" : "dark";
    localStorage.setItem("vigie-theme", document.documentElement.dataset.theme);
  });
  window.addEventListener("hashchange", async () => {
    const s = await decodeState<State>(location.hash);
    if (s && JSON.stringify(s) !== JSON.stringify(state)) {
      applyState(s);
      compileNow();
    }
  });
}

// The tests use the context fields as their defaults: rerun them when those change.
function compileOrDecide(key: keyof Context) {
  schedule("ctx", 20, () => {
    if (key === "cwd" || key === "project_root" || key === "home") runTests();
    decideNow();
    saveHashSoon();
  });
}

async function main() {
  const engineLabel = $("engine");
  document.body.dataset.engine = "loading";
  makePolicyEditor("");
  makeRequestEditor("");
  wire();
  const restored = await decodeState<State>(location.hash);
  applyState(restored ?? defaultState());
  try {
    const t0 = performance.now();
    engine = await load();
    const ms = performance.now() - t0;
    document.body.dataset.engine = __VIGIE_ENGINE__;
    engineLabel.textContent = `${__VIGIE_ENGINE__ === "mock" ? "MOCK" : "wasm"}${engine.version ? " " + engine.version : ""} · loaded in ${ms.toFixed(0)} ms`;
    $("mock-banner").hidden = __VIGIE_ENGINE__ !== "mock";
  } catch (e) {
    document.body.dataset.engine = "failed";
    engineLabel.textContent = "engine failed to load";
    renderDecision(null, `The WASM engine failed to load: ${(e as Error).message}`);
    return;
  }
  startTestsWorker();
  journalPanel = initJournalPanel({
    engine: () => engine as any,
    source: () => state.policy,
    options: () => ({ file: state.file, files: exampleFiles(state.file) }),
    showRequest: (r) => { setTab("request"); setDoc(requestView, JSON.stringify(r, null, 2)); },
    setPolicy: (text) => setDoc(policyView, text),
  });
  compileNow();
  // For tests and curious authors: the full documents (CodeMirror renders only what is visible).
  (window as any).__vigiePlayground = {
    policy: () => policyView.state.doc.toString(),
    state: () => JSON.parse(JSON.stringify(state)),
    decision: () => lastDecision,
    diagnostics: () => diagnostics,
  };
  document.body.dataset.ready = "1";
  if (import.meta.env.PROD && "serviceWorker" in navigator && location.protocol.startsWith("http")) {
    // Offline once loaded: the service worker answers from this cache when the network fails;
    // fill it now with everything this load fetched (the page, its script, style and .wasm).
    navigator.serviceWorker.register("./sw.js").then(async () => {
      const urls = [location.href.split("#")[0], ...performance.getEntriesByType("resource").map((e) => e.name)]
        .filter((u) => new URL(u).origin === location.origin);
      const cache = await caches.open("vigie-playground-v1");
      await cache.addAll([...new Set(urls)]);
      document.body.dataset.offline = "1";
    }).catch(() => {});
  }
}

main();
