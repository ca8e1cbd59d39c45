// The shell AST panel: the simple commands as the engine judges them (`parseShell`) and the
// whole tree (`parseShellAst`) as an outline and as JSON.
import type { CommandsResult, Vigie } from "vigie";
import { $, app, buildRequest, el } from "./state";

export function renderAst() {
  const pre = $("ast");
  const cmds = $("ast-commands");
  cmds.replaceChildren();
  let line: string | null = app.state.command;
  if (app.state.tab !== "command") {
    const r = buildRequest().request;
    const c = (r?.input as Record<string, unknown> | undefined)?.command;
    line = typeof c === "string" ? c : null;
  }
  if (line === null) {
    pre.textContent = "(the shell AST is shown for command lines: a Bash request's input.command)";
    return;
  }
  let parsed: CommandsResult;
  try {
    parsed = app.engine.parseShell(line);
  } catch (e) {
    pre.textContent = `parseShell failed: ${(e as Error).message}`;
    return;
  }
  for (const c of parsed.commands ?? []) {
    const row = el("div", { cls: "ast-cmd" });
    for (const w of c.argv ?? []) {
      const isStatic = typeof w.literal === "string"; // null: not static
      const shown = w.literal ?? w.text;
      const tok = el("code", { cls: "tok" + (isStatic ? "" : " dynamic") }, shown);
      tok.title = isStatic ? `as written: ${w.text}` : `${w.text}: not static, never satisfies an allow token`;
      row.append(tok);
    }
    const ctx = (c.context ?? []).join(" › ");
    if (ctx) row.append(el("span", { cls: "muted ctxlabel" }, ctx));
    cmds.append(row);
  }
  for (const e of parsed.errors ?? []) cmds.append(el("div", { cls: "ast-err" }, `${e.line}:${e.column} ${e.message}${e.incomplete ? " (incomplete)" : ""}`));
  const tree = $("ast-tree");
  let full: ReturnType<Vigie["parseShellAst"]> | null = null;
  try {
    full = app.engine.parseShellAst(line);
  } catch {
    full = null;
  }
  tree.textContent = full?.ast ? astTree(full.ast).join("\n") : "";
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
