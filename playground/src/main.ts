// The vigie playground: a policy editor with live diagnostics, a tool call (a shell line or a
// JSON request) with its context, and the decision with its explanation. Everything runs in
// the page through the WASM build of the `vigie` npm package. This file compiles the policy
// and wires the page together; the panels live in their own modules:
//   state.ts        the page's state, the request built from it, DOM and scheduling helpers
//   editors.ts      the policy and request editors, jumping to a line
//   diagnostics.ts  the diagnostics list and underlines
//   tests.ts        the policy's own tests (tests-worker.ts runs them off the main thread)
//   decision.ts     the decision, its rules and trace
//   ast.ts          the shell AST panel
import "./style.css";
import { load, type Policy } from "vigie";
import { encodeState, decodeState } from "./share";
import { EXAMPLES, exampleFiles, firstTestCommand } from "./examples";
import { initJournalPanel } from "./journal-panel";
import { $, DEFAULT_CTX, REQUEST_PRESETS, app, defaultState, el, parseVfs, schedule, type Context, type State } from "./state";
import { makePolicyEditor, makeRequestEditor, policyView, requestView, setDoc } from "./editors";
import { showDiagnostics } from "./diagnostics";
import { runTests, startTestsWorker } from "./tests";
import { decideNow, renderDecision } from "./decision";

declare const __VIGIE_ENGINE__: string;

let journalPanel: ReturnType<typeof initJournalPanel> | null = null;

function requestChanged() {
  schedule("decide", 15, () => { decideNow(); saveHashSoon(); });
}

// ---------------------------------------------------------------------------------------------
// Compile
// ---------------------------------------------------------------------------------------------

function compileNow() {
  const source = app.state.policy;
  let next: Policy | null = null;
  const t0 = performance.now();
  try {
    next = app.engine.compile(source, { file: app.state.file, files: exampleFiles(app.state.file) });
    document.body.dataset.compileMs = (performance.now() - t0).toFixed(2);
    app.diagnostics = Array.isArray(next.diagnostics) ? next.diagnostics : [];
  } catch (e) {
    app.diagnostics = [{ code: "page", severity: "error", file: app.state.file, line: 1, column: 1, end_line: 1, end_column: 1,
      message: `the engine failed: ${(e as Error).message}`, help: "" }];
  }
  const hasErrors = next?.ok === false || app.diagnostics.some((d) => d.severity === "error");
  if (app.policy && app.policy !== app.lastGood) app.policy.free();
  app.policy = next;
  if (next && !hasErrors) {
    if (app.lastGood && app.lastGood !== next) app.lastGood.free();
    app.lastGood = next;
  }
  showDiagnostics();
  runTests();
  decideNow();
  if (!hasErrors) journalPanel?.policyChanged();
  saveHashSoon();
}

// ---------------------------------------------------------------------------------------------
// Share: the state in the URL hash
// ---------------------------------------------------------------------------------------------

let restoring = false;
function saveHashSoon() {
  if (restoring) return;
  schedule("hash", 250, async () => {
    const hash = await encodeState(app.state);
    history.replaceState(null, "", "#" + hash);
  });
}

async function currentLink(): Promise<string> {
  const hash = await encodeState(app.state);
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
  const ex = EXAMPLES.find((e) => e.name === app.state.example);
  $("file-name").textContent = app.state.file + (ex && ex.source !== app.state.policy ? " • edited" : "");
}

function setTab(tab: "command" | "request") {
  app.state.tab = tab;
  $("tab-command").classList.toggle("active", tab === "command");
  $("tab-request").classList.toggle("active", tab === "request");
  $("tab-command").setAttribute("aria-selected", String(tab === "command"));
  $("tab-request").setAttribute("aria-selected", String(tab === "request"));
  $("pane-command").hidden = tab !== "command";
  $("pane-request").hidden = tab !== "request";
}

function applyState(s: State) {
  restoring = true;
  app.state = { ...defaultState(), ...s, ctx: { ...DEFAULT_CTX, ...(s.ctx ?? {}) } };
  const sel = $<HTMLSelectElement>("examples");
  if (!EXAMPLES.some((e) => e.name === app.state.example)) {
    // An example this build does not have: keep the text, show its name.
    sel.append(el("option", { value: app.state.example }, app.state.example));
  }
  sel.value = app.state.example;
  setDoc(policyView, app.state.policy);
  setDoc(requestView, app.state.request);
  $<HTMLInputElement>("command-input").value = app.state.command;
  $<HTMLInputElement>("ctx-cwd").value = app.state.ctx.cwd;
  $<HTMLInputElement>("ctx-project").value = app.state.ctx.project_root;
  $<HTMLInputElement>("ctx-home").value = app.state.ctx.home;
  $<HTMLInputElement>("ctx-agent").value = app.state.ctx.agent;
  $<HTMLSelectElement>("ctx-mode").value = app.state.ctx.mode;
  $<HTMLInputElement>("ctx-interactive").checked = app.state.ctx.interactive;
  $<HTMLTextAreaElement>("vfs").value = app.state.vfs;
  updateVfsCount();
  setTab(app.state.tab);
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
    app.state.example = ex.name;
    app.state.file = ex.file;
    const cmd = firstTestCommand(ex.source);
    if (cmd) {
      app.state.command = cmd;
      $<HTMLInputElement>("command-input").value = cmd;
    }
    setDoc(policyView, ex.source);
    markEdited();
    compileNow();
  });

  const cmd = $<HTMLInputElement>("command-input");
  cmd.addEventListener("input", () => { app.state.command = cmd.value; requestChanged(); });

  $("tab-command").addEventListener("click", () => { setTab("command"); decideNow(); saveHashSoon(); });
  $("tab-request").addEventListener("click", () => { setTab("request"); decideNow(); saveHashSoon(); });
  document.querySelectorAll<HTMLButtonElement>("[data-preset]").forEach((b) =>
    b.addEventListener("click", () => setDoc(requestView, JSON.stringify(REQUEST_PRESETS[b.dataset.preset!], null, 2))));

  const bindText = (id: string, key: "cwd" | "project_root" | "home" | "agent") => {
    const input = $<HTMLInputElement>(id);
    input.addEventListener("input", () => { app.state.ctx[key] = input.value; compileOrDecide(key); });
  };
  bindText("ctx-cwd", "cwd");
  bindText("ctx-project", "project_root");
  bindText("ctx-home", "home");
  bindText("ctx-agent", "agent");
  $<HTMLSelectElement>("ctx-mode").addEventListener("change", (e) => { app.state.ctx.mode = (e.target as HTMLSelectElement).value; requestChanged(); });
  $<HTMLInputElement>("ctx-interactive").addEventListener("change", (e) => { app.state.ctx.interactive = (e.target as HTMLInputElement).checked; requestChanged(); });
  $<HTMLTextAreaElement>("vfs").addEventListener("input", (e) => {
    app.state.vfs = (e.target as HTMLTextAreaElement).value;
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
      const out = app.engine.format(app.state.policy);
      const text = out?.text;
      if (out?.ok === false || typeof text !== "string") toast("Format: fix the policy's errors first");
      else if (text !== app.state.policy) setDoc(policyView, text);
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
    if (s && JSON.stringify(s) !== JSON.stringify(app.state)) {
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
  makePolicyEditor(
    "",
    (text) => {
      app.state.policy = text;
      markEdited();
      schedule("compile", 30, compileNow);
    },
    showDiagnostics, // incomplete diagnostics hide while the cursor sits at the end
  );
  makeRequestEditor("", (text) => {
    app.state.request = text;
    requestChanged();
  });
  wire();
  const restored = await decodeState<State>(location.hash);
  applyState(restored ?? defaultState());
  try {
    const t0 = performance.now();
    app.engine = await load();
    const ms = performance.now() - t0;
    document.body.dataset.engine = __VIGIE_ENGINE__;
    engineLabel.textContent = `${__VIGIE_ENGINE__ === "mock" ? "MOCK" : "wasm"}${app.engine.version ? " " + app.engine.version : ""} · loaded in ${ms.toFixed(0)} ms`;
    $("mock-banner").hidden = __VIGIE_ENGINE__ !== "mock";
  } catch (e) {
    document.body.dataset.engine = "failed";
    engineLabel.textContent = "engine failed to load";
    renderDecision(null, `The WASM engine failed to load: ${(e as Error).message}`);
    return;
  }
  startTestsWorker();
  journalPanel = initJournalPanel({
    engine: () => app.engine,
    source: () => app.state.policy,
    options: () => ({ file: app.state.file, files: exampleFiles(app.state.file) }),
    showRequest: (r) => { setTab("request"); setDoc(requestView, JSON.stringify(r, null, 2)); },
    setPolicy: (text) => setDoc(policyView, text),
  });
  compileNow();
  // For tests and curious authors: the full documents (CodeMirror renders only what is visible).
  (window as any).__vigiePlayground = {
    policy: () => policyView.state.doc.toString(),
    state: () => JSON.parse(JSON.stringify(app.state)),
    decision: () => app.lastDecision,
    diagnostics: () => app.diagnostics,
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
