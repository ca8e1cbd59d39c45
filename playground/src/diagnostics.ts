// The policy's diagnostics: underlined in the editor (with the message on hover) and listed
// under it; a click on one jumps to its line.
import { setDiagnostics, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import type { Diagnostic } from "vigie";
import { $, app, el } from "./state";
import { jumpTo, offsetOf, policyView } from "./editors";

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
  return !d.file || d.file === app.state.file;
}

export function showDiagnostics() {
  // No shouting while a line is still incomplete: a diagnostic that only says "the input stops
  // early" (open string or block) waits while the author is typing at the end.
  const quiet = policyView.hasFocus && cursorAtEnd();
  const shown = app.diagnostics.filter((d) => !(d.incomplete && quiet));
  const held = app.diagnostics.length - shown.length;
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
export function renderTicks(text: string): DocumentFragment {
  const frag = document.createDocumentFragment();
  text.split(/(`[^`]*`)/).forEach((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) frag.append(el("code", {}, part.slice(1, -1)));
    else if (part) frag.append(part);
  });
  return frag;
}
