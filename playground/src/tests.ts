// The policy's own tests (`test` blocks, docs/language.md), run by the package's runner
// (`policy.runTests()`, the shape of `vigie test --format json`) and listed failures first.
// They run in a worker (tests-worker.ts) so that a policy with many tests never makes typing
// lag; without workers, they run here.
import type { TestOutcome } from "vigie";
import { $, app, el, schedule } from "./state";
import { jumpTo } from "./editors";
import { exampleFiles } from "./examples";
import type { TestsJob, TestsReply } from "./tests-worker";

let testsWorker: Worker | null = null;
let testsSeq = 0;

export function startTestsWorker() {
  try {
    testsWorker = new Worker(new URL("./tests-worker.ts", import.meta.url), { type: "module" });
    testsWorker.onmessage = (e: MessageEvent<TestsReply>) => onTestsReport(e.data);
    testsWorker.onerror = () => {
      testsWorker = null;
      runTests();
    };
  } catch {
    testsWorker = null;
  }
}

function onTestsReport(msg: TestsReply) {
  if (msg.seq !== testsSeq && msg.seq !== -1) return; // an older version of the policy
  if (msg.seq === -1) {
    // The engine failed to load in the worker: run the tests here.
    testsWorker = null;
    runTests();
  } else if (msg.error) renderTests(null, `tests failed to run: ${msg.error}`);
  else renderTests(msg.report ?? []);
}

export function runTests() {
  const seq = ++testsSeq;
  const p = app.policy && app.policy === app.lastGood ? app.policy : null;
  if (!p) {
    renderTests(null, "not run: the policy has errors", "warn");
    return;
  }
  if (testsWorker) {
    const job: TestsJob = { seq, source: app.state.policy, file: app.state.file, files: exampleFiles(app.state.file) };
    testsWorker.postMessage(job);
    document.body.dataset.testsFor = "";
    // Keep the last results on screen; say "running" only when it takes a while.
    $("tests").classList.add("pending");
    schedule("tests-running", 200, () => {
      if (seq === testsSeq && $("tests").classList.contains("pending")) $("tests-summary").textContent = "running…";
    });
    return;
  }
  let results: TestOutcome[];
  try {
    results = p.runTests();
  } catch (e) {
    renderTests(null, `tests failed to run: ${(e as Error).message}`);
    return;
  }
  renderTests(results);
}

/** What the test expects, as written: EFFECT [rule ID] ["message substring"]. */
function expectedText(o: TestOutcome): string {
  return `${o.expected}${o.expected_rule ? ` rule ${o.expected_rule}` : ""}${o.expected_message ? ` "${o.expected_message}"` : ""}`;
}

/** The case as written: KIND SUBJECT => EXPECTED. */
function caseText(o: TestOutcome): string {
  const subject = o.kind === "request" ? `'${o.subject}'` : JSON.stringify(o.subject ?? "");
  return `${o.kind || "?"} ${subject} => ${expectedText(o)}`;
}

function renderTests(results: TestOutcome[] | null, note?: string, tone = "bad") {
  const summary = $("tests-summary");
  const list = $("tests");
  // Which source these results belong to (tests wait on it; results arrive asynchronously).
  summary.dataset.file = app.state.file;
  summary.dataset.seq = String(testsSeq);
  document.body.dataset.testsFor = `${app.state.file}#${testsSeq}`;
  list.classList.remove("pending");
  list.replaceChildren();
  delete summary.dataset.passed;
  delete summary.dataset.failed;
  if (!results) {
    summary.textContent = note ?? "";
    summary.className = `tests-summary ${tone}`;
    return;
  }
  const passed = results.filter((r) => r.passed).length;
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
  const ordered = [...results.filter((r) => !r.passed), ...results.filter((r) => r.passed)];
  for (const r of ordered) {
    const li = el("li", { cls: `test ${r.passed ? "pass" : "fail"}`, title: "Go to this test" });
    li.append(el("span", { cls: "mark" }, r.passed ? "✓" : "✕"), el("span", { cls: "case" }, caseText(r)));
    if (!r.passed) li.append(el("div", { cls: "detail" }, r.why || `expected ${expectedText(r)}, got ${r.decision?.decision ?? ""}`));
    if (!r.file || r.file === app.state.file) li.addEventListener("click", () => jumpTo(r.line));
    else li.prepend(el("span", { cls: "muted" }, `${r.file}:${r.line} `));
    list.append(li);
  }
}
