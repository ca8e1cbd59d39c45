// The page's state: what the author edits (saved in the URL hash), the engine and the current
// compile, and the helpers every panel uses (DOM shortcuts, scheduling, the request as built
// from the state).
import type { Decision, Diagnostic, Mode, Policy, Request, VirtualFileSystem, Vigie } from "vigie";
import { EXAMPLES } from "./examples";

/** The virtual filesystem as the page holds it: both fields always present. */
export type Vfs = Required<VirtualFileSystem>;

export interface Context {
  cwd: string;
  project_root: string;
  home: string;
  mode: string; // "" = the policy's
  interactive: boolean;
  agent: string;
}

export interface State {
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

export const DEFAULT_CTX: Context = { cwd: "/home/u/project", project_root: "/home/u/project", home: "/home/u", mode: "", interactive: true, agent: "" };
export const REQUEST_PRESETS: Record<string, object> = {
  edit: { tool: "Edit", input: { file_path: "tests/test_api.py", old_string: "assert a", new_string: "assert b" } },
  write: { tool: "Write", input: { file_path: "package-lock.json", content: "{}" } },
  read: { tool: "Read", input: { file_path: "~/.ssh/id_rsa" } },
  fetch: { tool: "WebFetch", input: { url: "https://docs.python.org/3/library/re.html", prompt: "summarize" } },
  mcp: { tool: "mcp__github__delete_repository", input: { repo: "acme/api" } },
  bash: { tool: "Bash", input: { command: "git push --force origin main" } },
};

export function defaultState(): State {
  const ex = EXAMPLES[0];
  return {
    v: 1, example: ex.name, file: ex.file, policy: ex.source, tab: "command",
    command: "git status && rm -rf ~",
    request: JSON.stringify(REQUEST_PRESETS.edit, null, 2),
    ctx: { ...DEFAULT_CTX }, vfs: "",
  };
}

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { cls?: string } = {}, ...children: (Node | string)[]) => {
  const e = document.createElement(tag);
  const { cls, ...rest } = props;
  if (cls) e.className = cls;
  Object.assign(e, rest);
  for (const c of children) e.append(c);
  return e;
};

/** The mutable state shared by the panels. */
export const app = {
  engine: undefined as unknown as Vigie, // set once the package has loaded (main.ts)
  state: defaultState(),
  policy: null as Policy | null, // the current compile
  lastGood: null as Policy | null, // the last compile without errors (decides while the current one has errors)
  diagnostics: [] as Diagnostic[],
  lastDecision: null as Decision | null,
};

// ---------------------------------------------------------------------------------------------
// Scheduling: decide as you type (≤ 50 ms), never block a keystroke
// ---------------------------------------------------------------------------------------------

const timers = new Map<string, number>();
export function schedule(name: string, ms: number, fn: () => void) {
  clearTimeout(timers.get(name));
  timers.set(name, window.setTimeout(() => { timers.delete(name); fn(); }, ms));
}

// ---------------------------------------------------------------------------------------------
// The request and the virtual filesystem, as built from the state
// ---------------------------------------------------------------------------------------------

export function parseVfs(): Vfs {
  const vfs: Vfs = { symlinks: {}, files: [] };
  for (const raw of app.state.vfs.split("\n")) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!line) continue;
    const m = /^(.*?)\s*->\s*(.*)$/.exec(line);
    if (m && m[1] && m[2]) vfs.symlinks[m[1]] = m[2];
    else vfs.files.push(line);
  }
  return vfs;
}

export function buildRequest(): { request: Request | null; error?: string } {
  const ctx: Request = { cwd: app.state.ctx.cwd, project_root: app.state.ctx.project_root, home: app.state.ctx.home, interactive: app.state.ctx.interactive };
  if (app.state.ctx.mode) ctx.mode = app.state.ctx.mode as Mode;
  if (app.state.ctx.agent) ctx.agent = app.state.ctx.agent;
  if (app.state.tab === "command") return { request: { tool: "Bash", input: { command: app.state.command }, ...ctx } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(app.state.request);
  } catch (e) {
    return { request: null, error: `invalid JSON: ${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { request: null, error: "the request must be a JSON object" };
  // Fields written in the request win over the context fields.
  return { request: { ...ctx, ...(parsed as Request) } };
}
