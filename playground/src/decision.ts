// The decision for the current request: the badge, the message, the deciding rule (a click
// selects its line), the matched rules and the trace, step by step.
import type { Decision, RuleRef } from "vigie";
import { $, app, buildRequest, el, parseVfs } from "./state";
import { jumpTo } from "./editors";
import { renderAst } from "./ast";

export function decideNow() {
  const p = app.policy && app.policy === app.lastGood ? app.policy : app.lastGood;
  const stale = $("stale");
  stale.hidden = !(app.lastGood && app.policy !== app.lastGood);
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
  app.lastDecision = d;
  renderDecision(d, undefined, ms);
  renderAst();
  // What the badge is about, for tests that must not read a previous decision.
  document.body.dataset.decidedCommand = app.state.tab === "command" ? app.state.command : "";
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
  return r.line > 0 && (!r.file || r.file === app.state.file);
}

function jumpToRule(r: RuleRef) {
  if (isRuleHere(r)) jumpTo(r.line);
}

function effectChip(e: string) {
  return el("span", { cls: `chip ${e}` }, e);
}

export function renderDecision(d: Decision | null, note?: string, ms?: number) {
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
  if (d.error && app.state.tab === "command") {
    try {
      const parsed = app.engine.parseShell(app.state.command);
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
