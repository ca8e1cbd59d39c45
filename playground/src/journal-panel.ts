// The journal panel: load a decision journal (docs/journal.md; the file stays in the page),
// see what the edited policy changes in the recorded decisions as you type, click a change to
// see its trace, accept suggested rules into the editor. The engine does the work
// (engine/replay.cpp, engine/suggest.cpp through wasm/replay_bindings.cpp).
import type { CompileOptions, Journal, Request, Vigie } from "vigie";

export interface JournalDeps {
  engine: () => Vigie;
  source: () => string;
  options: () => CompileOptions;
  showRequest: (request: Request) => void; // decide it in the request tab: the trace shows
  setPolicy: (text: string) => void;
}

const MAX_SHOWN = 200; // changed decisions listed (the counts cover them all)

export function initJournalPanel(deps: JournalDeps) {
  const $ = (id: string) => document.getElementById(id)!;
  let journal: Journal | null = null;
  let seq = 0;

  const li = (text: string, cls = "") => {
    const e = document.createElement("li");
    e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };

  function subjectOf(r: Request): string {
    const input = (r.input ?? {}) as Record<string, unknown>;
    for (const k of ["command", "file_path", "path", "url"]) if (typeof input[k] === "string") return `${r.tool}: ${input[k]}`;
    return String(r.tool ?? "?");
  }

  function replayNow() {
    if (!journal) return;
    const report = journal.replay(deps.source(), deps.options(), 0);
    const summary = $("journal-summary");
    const transitions = $("journal-transitions");
    const changes = $("journal-changes");
    transitions.replaceChildren();
    changes.replaceChildren();
    if (report.error) {
      summary.textContent = `${journal.count} recorded requests · ${report.error}`;
      document.body.dataset.journalChanged = "";
      return;
    }
    summary.textContent = `${report.total} recorded requests · ${report.changed} change`;
    for (const t of report.transitions) transitions.append(li(`${t.from} → ${t.to}: ${t.count}`, `transition to-${t.to}`));
    for (const c of report.changes.slice(0, MAX_SHOWN)) {
      const req = journal.request(c.index);
      const item = li(`#${c.index + 1} ${c.from} → ${c.to}  ${subjectOf(req)}`, "change");
      item.tabIndex = 0;
      item.dataset.index = String(c.index);
      const open = () => deps.showRequest(req);
      item.addEventListener("click", open);
      item.addEventListener("keydown", (e) => { if (e.key === "Enter") open(); });
      changes.append(item);
    }
    if (report.changes.length > MAX_SHOWN) changes.append(li(`… and ${report.changes.length - MAX_SHOWN} more`, "more"));
    // For tests: the count of changed decisions under the current text.
    document.body.dataset.journalChanged = String(report.changed);
    document.body.dataset.journalSeq = String(++seq);
  }

  function suggestNow() {
    if (!journal) return;
    const list = $("journal-suggestions");
    list.replaceChildren();
    const res = journal.suggest(deps.source(), deps.options());
    if (res.error || res.errors.length) {
      list.append(li(res.error ?? res.errors.join("\n"), "bad"));
      return;
    }
    if (!res.suggestions.length) list.append(li("No suggestion: no ask was answered \"always\" (or refused twice) that the policy does not cover.", "muted"));
    for (const s of res.suggestions) {
      const item = li("", `suggestion ${s.effect}`);
      const pre = document.createElement("pre");
      pre.textContent = s.rule;
      const note = document.createElement("span");
      note.className = "muted";
      note.textContent = `from ${s.answers} answer(s); changes ${s.changes.length} recorded request(s)`;
      const accept = document.createElement("button");
      accept.type = "button";
      accept.textContent = "accept";
      accept.dataset.testid = "journal-accept";
      accept.addEventListener("click", () => {
        const out = deps.engine().addRules(deps.source(), [s.rule], deps.options());
        if (out?.text) {
          deps.setPolicy(out.text);
          item.remove();
        }
      });
      item.append(pre, note, accept);
      list.append(item);
    }
  }

  async function load(file: File) {
    const make = deps.engine().journal;
    if (typeof make !== "function") {
      $("journal-summary").textContent = "this engine build has no journal support";
      return;
    }
    const text = await file.text();
    journal?.free();
    journal = make(text);
    $("journal-errors").textContent = journal.errors.length ? `${journal.errors.length} unreadable line(s): ${journal.errors[0]}` : "";
    ($("journal-suggest") as HTMLButtonElement).disabled = false;
    $("journal-suggestions").replaceChildren();
    replayNow();
  }

  $("journal-file").addEventListener("change", (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) void load(f);
  });
  $("journal-suggest").addEventListener("click", suggestNow);

  return {
    /** The policy text changed (and compiled): replay again. */
    policyChanged() {
      replayNow();
    },
  };
}
