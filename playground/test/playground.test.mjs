// End-to-end tests of the playground in Debian's headless Chromium, against the built dist/
// and the real WASM build of the `vigie` package. Run with playground/test/run.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serve, launch, dist, repo } from "./harness.mjs";

const T = (id) => `[data-testid="${id}"]`;
// Screenshots the tests take: under the build folder, never in the work tree's tracked files.
const shots = path.join(repo, "build", "playground-test");
let server, url, browser, vigie;

before(async () => {
  // The package itself, to compare the page with (the same build the page uses).
  const { load } = await import(path.join(repo, "wasm/index.mjs"));
  vigie = await load();
  assert.ok(fs.existsSync(path.join(dist, "index.html")), "playground/dist is missing: run `npm --prefix playground run build`");
  ({ server, url } = await serve());
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(hash = "") {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(url + hash);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  return page;
}

async function setPolicy(page, text) {
  await page.click(`${T("policy-editor")} .cm-content`);
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

const policyText = (page) => page.evaluate(() => {
  const lines = [...document.querySelectorAll('[data-testid="policy-editor"] .cm-line')];
  return lines.map((l) => l.textContent).join("\n");
});

/** Types a command line and waits until the badge is about that very line. */
async function decideCommand(page, line) {
  await page.locator(T("command-input")).fill(line);
  await page.waitForFunction((want) => document.body.dataset.decidedCommand === want, line, { timeout: 5000 });
  return page.textContent(T("decision"));
}

async function decisionSettles(page, expected) {
  await page.waitForFunction(
    ([sel, want]) => want.includes(document.querySelector(sel)?.textContent ?? ""),
    [T("decision"), expected], { timeout: 5000 });
  return page.textContent(T("decision"));
}

test("the page loads the real WASM engine and decides", async () => {
  const page = await open();
  if (process.env.VIGIE_E2E_ALLOW_MOCK !== "1") assert.equal(await page.getAttribute("body", "data-engine"), "wasm", "the e2e tests must run against the WASM build, not the mock");
  for (const id of ["policy-editor", "command-input", "decision", "decision-message", "decision-rule", "diagnostics", "examples", "tests-summary"]) {
    assert.equal(await page.locator(T(id)).count(), 1, `exactly one ${id}`);
  }
  const d = await decisionSettles(page, ["allow", "deny", "ask"]);
  assert.match(d, /^(allow|deny|ask)$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a policy with an error shows the diagnostic, in the list and under the span", async () => {
  const page = await open();
  await setPolicy(page, 'policy "broken"\nmode read_only\n\ncommands {\n  allow git status\n}\n');
  await page.waitForFunction((sel) => /read_only/.test(document.querySelector(sel)?.textContent ?? ""), T("diagnostics"), { timeout: 5000 });
  const text = await page.textContent(T("diagnostics"));
  assert.match(text, /2:\d+/, "the list shows line:column");
  assert.match(text, /readonly/, "with the did-you-mean help");
  // The squiggle sits on line 2.
  await page.waitForSelector(`${T("policy-editor")} .cm-lintRange-error`, { timeout: 5000 });
  const squiggled = await page.textContent(`${T("policy-editor")} .cm-lintRange-error`);
  assert.match(squiggled, /read_only/);
  // Hovering the squiggle shows the message and the help.
  await page.hover(`${T("policy-editor")} .cm-lintRange-error`);
  await page.waitForSelector(".cm-tooltip-lint", { timeout: 5000 });
  assert.match(await page.textContent(".cm-tooltip-lint"), /help: .*readonly/s);
  // Fixing it clears the list.
  await setPolicy(page, 'policy "fixed"\nmode readonly\n\ncommands {\n  allow git status\n}\n');
  await page.waitForFunction((sel) => /No problems/.test(document.querySelector(sel)?.textContent ?? ""), T("diagnostics"), { timeout: 5000 });
  await page.close();
});

test("no shouting while a line is still incomplete", async () => {
  const page = await open();
  await setPolicy(page, 'policy "typing"\n\ncommands {\n  deny rm -rf "Do not');
  // While the cursor sits at the end, an open string or block is not reported...
  await page.waitForTimeout(300);
  const held = await page.evaluate((sel) => document.querySelector(sel).textContent, T("diagnostics"));
  assert.doesNotMatch(held, /✕/, `no error while typing at the end, got: ${held}`);
  assert.equal(await page.locator(`${T("policy-editor")} .cm-lintRange-error`).count(), 0);
  // ...but it is once the author moves away.
  await page.keyboard.press("Control+Home");
  await page.waitForFunction((sel) => /✕/.test(document.querySelector(sel)?.textContent ?? ""), T("diagnostics"), { timeout: 5000 });
  await page.close();
});

test("the trace shows what each command reads and writes", async () => {
  const page = await open();
  const input = page.locator(T("command-input"));
  await input.fill("");
  await input.pressSequentially("cat notes.txt > out.txt", { delay: 5 });
  await page.waitForFunction(() => document.body.dataset.decidedCommand === "cat notes.txt > out.txt");
  const trace = await page.textContent(T("trace"));
  assert.match(trace, /reads\s*notes\.txt/);
  assert.match(trace, /writes\s*out\.txt/);
  await page.close();
});

test("`git status && rm -rf ~` is denied, with the rule, which jumps to its line", async () => {
  const page = await open();
  const input = page.locator(T("command-input"));
  await input.fill("");
  await input.pressSequentially("git status && rm -rf ~", { delay: 5 });
  await page.waitForFunction(() => document.body.dataset.decidedCommand === "git status && rm -rf ~");
  assert.equal(await page.textContent(T("decision")), "deny");
  const rule = (await page.textContent(T("decision-rule"))).trim();
  assert.ok(rule && !/default/.test(rule), `a rule decided: ${rule}`);
  assert.notEqual((await page.textContent(T("decision-message"))).trim(), "", "a deny carries a message");
  // Each command of the line, as the engine saw it.
  const trace = await page.textContent(T("trace"));
  assert.match(trace, /git/);
  assert.match(trace, /rm/);
  // The shell AST is one click away.
  await page.click("#ast-details summary");
  assert.match(await page.textContent(T("ast")), /"argv"/);
  assert.ok(await page.isVisible(T("ast-tree")), "the whole tree shows as an outline");
  assert.match(await page.textContent(T("ast-tree")), /Word "rm"/);
  // Clicking the rule selects its line in the editor (when it is written in this file).
  const m = /:(\d+)\s*$/.exec(rule);
  if (m && (await page.isEnabled(T("decision-rule")))) {
    await page.click(T("decision-rule"));
    const active = await page.evaluate(() => {
      const view = document.querySelector('[data-testid="policy-editor"] .cm-activeLine');
      return view?.textContent ?? "";
    });
    const source = (await policyText(page)).split("\n");
    assert.equal(active, source[Number(m[1]) - 1], "the decided rule's line is the active line");
  }
  // A rule written in the file: the click selects its line.
  assert.equal(await decideCommand(page, "git push -f origin main"), "deny");
  const pushRule = (await page.textContent(T("decision-rule"))).trim();
  const pm = /starter\.vigie:(\d+)$/.exec(pushRule);
  assert.ok(pm, `the force-push rule of starter.vigie decided: ${pushRule}`);
  await page.click(T("decision-rule"));
  const activeLine = await page.evaluate(() => document.querySelector('[data-testid="policy-editor"] .cm-activeLine')?.textContent ?? "");
  assert.match(activeLine, /deny\s+git push/, "the click selected the rule's line");
  assert.equal(activeLine, (await policyText(page)).split("\n")[Number(pm[1]) - 1]);
  // A safe line is allowed.
  assert.equal(await decideCommand(page, "git status && git diff"), "allow");
  // The tests of the policy ran.
  await page.waitForFunction(() => (document.body.dataset.testsFor ?? "").startsWith("starter.vigie#"));
  assert.match(await page.textContent(T("tests-summary")), /\d+\/\d+ passed|no tests/);
  // The picture for docs/: the deny.
  assert.equal(await decideCommand(page, "git status && rm -rf ~"), "deny");
  await page.click("#ast-details summary"); // closed again: the tests show in the picture
  if (await page.isEnabled(T("decision-rule"))) await page.click(T("decision-rule")); // its line lights up
  await page.click(T("command-input"));
  await page.setViewportSize({ width: 1440, height: 960 });
  await page.waitForTimeout(200);
  // The picture goes under the build folder; docs/playground.png (tracked) is refreshed only on
  // request: VIGIE_UPDATE_SCREENSHOT=1 (or `playground/test/run --update-screenshot`).
  const real = (await page.getAttribute("body", "data-engine")) === "wasm";
  fs.mkdirSync(shots, { recursive: true });
  const shot = path.join(shots, real ? "playground.png" : "mock.png");
  await page.screenshot({ path: shot });
  if (real && process.env.VIGIE_UPDATE_SCREENSHOT === "1") fs.copyFileSync(shot, path.join(repo, "docs/playground.png"));
  await page.close();
});

test("switching examples loads each policy from rules/", async () => {
  const page = await open();
  const options = await page.$$eval(`${T("examples")} option`, (os) => os.map((o) => o.value));
  assert.ok(options.includes("starter"));
  const files = fs.readdirSync(path.join(repo, "rules")).filter((f) => f.endsWith(".vigie")).sort();
  for (const f of files) assert.ok(options.includes(f.replace(/\.vigie$/, "")), `examples menu lists ${f}`);
  for (const name of options) {
    await page.selectOption(T("examples"), name);
    const expected = name === "starter" ? null : fs.readFileSync(path.join(repo, "rules", `${name}.vigie`), "utf8");
    await page.waitForFunction(() => document.querySelector('[data-testid="decision"]')?.textContent !== undefined);
    if (expected !== null) {
      // CodeMirror renders only what is visible: compare the document through its state.
      const doc = await page.evaluate(() => window.__vigiePlayground?.policy());
      assert.equal(doc, expected, `editor holds rules/${name}.vigie`);
    }
    const d = await decisionSettles(page, ["allow", "deny", "ask"]);
    assert.match(d, /^(allow|deny|ask)$/, `${name}: a decision`);
    // The tests of this very file ran (in a worker) and the page shows the package's report.
    await page.waitForFunction((file) => (document.body.dataset.testsFor ?? "").startsWith(file + "#"), `${name}.vigie`, { timeout: 15000 });
    const summary = (await page.textContent(T("tests-summary"))).trim();
    if (expected !== null) {
      const p = vigie.compile(expected, { file: `${name}.vigie` });
      const report = p.runTests();
      p.free();
      const tests = Array.isArray(report) ? report : report.tests;
      const passed = tests.filter((t) => t.passed).length;
      assert.equal(summary, tests.length ? `${passed}/${tests.length} passed` : "no tests in this policy", `${name}: the same tests as vigie's runner`);
    } else {
      assert.match(summary, /^\d+\/\d+ passed$/);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a shared URL restores the same state", async () => {
  const page = await open();
  await setPolicy(page, 'policy "shared"\nmode auto\n\ncommands {\n  allow git status\n  deny  git push  "Pushing is for humans."\n}\n');
  const input = page.locator(T("command-input"));
  await decideCommand(page, "git push origin main");
  await page.selectOption("#ctx-mode", "ask");
  await page.click(".vfs summary");
  await page.fill("#vfs", "/home/u/project/notes -> /home/u/.ssh/id_rsa");
  assert.equal(await decisionSettles(page, ["deny"]), "deny");
  await page.click("#share");
  await page.waitForSelector("#toast:not([hidden])"); // the link is written once the toast shows
  assert.match(page.url(), /#s=/);
  const link = await page.evaluate(() => location.href);
  const before = {
    policy: await page.evaluate(() => window.__vigiePlayground.policy()),
    message: await page.textContent(T("decision-message")),
    rule: await page.textContent(T("decision-rule")),
  };
  await page.close();

  const again = await browser.context.newPage();
  await again.goto(link);
  await again.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  assert.equal(await again.evaluate(() => window.__vigiePlayground.policy()), before.policy);
  assert.equal(await again.inputValue(T("command-input")), "git push origin main");
  assert.equal(await again.inputValue("#ctx-mode"), "ask");
  assert.equal(await again.inputValue("#vfs"), "/home/u/project/notes -> /home/u/.ssh/id_rsa");
  assert.equal(await decisionSettles(again, ["deny"]), "deny");
  assert.equal(await again.textContent(T("decision-message")), before.message);
  assert.equal(await again.textContent(T("decision-rule")), before.rule);
  await again.close();
});

test("a JSON request is decided too, through the virtual filesystem's symlinks", async () => {
  const page = await open();
  await page.click("#tab-request");
  await page.click('[data-preset="read"]');
  const d = await decisionSettles(page, ["allow", "deny", "ask"]);
  assert.match(d, /^(allow|deny|ask)$/);
  // `notes` is harmless... until it is a symlink to a key the starter policy protects.
  await page.click(`${T("request-editor")} .cm-content`);
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText('{"tool": "Read", "input": {"file_path": "notes"}}');
  assert.equal(await decisionSettles(page, ["allow"]), "allow");
  await page.click(".vfs summary");
  await page.fill("#vfs", "/home/u/project/notes -> /home/u/.ssh/id_rsa");
  assert.equal(await decisionSettles(page, ["deny"]), "deny");
  assert.match(await page.textContent(T("decision-message")), /Secrets are off limits/);
  assert.match(await page.textContent(T("trace")), /\/home\/u\/\.ssh\/id_rsa/);
  await page.click(`${T("request-editor")} .cm-content`);
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText("{ not json");
  await page.waitForSelector("#request-error:not([hidden])");
  await page.close();
});

test("works offline once loaded", async () => {
  const page = await open();
  await page.waitForSelector("body[data-offline='1']", { timeout: 10000 });
  await browser.context.setOffline(true);
  try {
    await page.reload();
    await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
    assert.equal(await page.getAttribute("body", "data-engine"), process.env.VIGIE_E2E_ALLOW_MOCK === "1" ? await page.getAttribute("body", "data-engine") : "wasm");
    const d = await decisionSettles(page, ["allow", "deny", "ask"]);
    assert.match(d, /^(allow|deny|ask)$/);
  } finally {
    await browser.context.setOffline(false);
  }
  await page.close();
});

test("a journal loaded in the page replays under the edited policy and suggests rules", async () => {
  const page = await open();
  // A journal as `vigie check --journal` writes it (docs/journal.md), built here.
  const entry = (command, decision, rule, answer) => JSON.stringify({
    v: 1, time: "2026-11-30T21:00:00Z", source: "check",
    policy: { name: "team", hash: "fnv1a64:0" },
    request: { tool: "Bash", kind: "command", input: { command }, cwd: "/srv/app", project: "/srv/app", home: "/home/u", agent: "", interactive: true },
    decision, rule, ...(answer ? { answer } : {}),
  });
  const lines = [];
  for (let i = 0; i < 40; i++) lines.push(entry("npm test", "allow", "team.npm"));
  for (let i = 0; i < 10; i++) lines.push(entry("curl https://x", "deny", "team.no-curl"));
  for (let i = 0; i < 5; i++) lines.push(entry(`make build -j${i + 1}`, "ask", null, "allow_always"));
  const team = 'policy "team"\nmode ask\n\ncommands {\n  allow npm test\n    id team.npm\n  deny  curl  "No network."\n    id team.no-curl\n}\n';
  await setPolicy(page, team);
  await page.setInputFiles(T("journal-file"), { name: "journal.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(lines.join("\n") + "\n") });
  const changed = (n) => page.waitForFunction((want) => document.body.dataset.journalChanged === want, String(n), { timeout: 10000 });
  // The same policy: nothing changes.
  await changed(0);
  assert.match(await page.textContent(T("journal-summary")), /55 recorded requests · 0 change/);
  // Drop the npm rule: its 40 recorded allows become asks, live.
  await setPolicy(page, 'policy "team"\nmode ask\n\ncommands {\n  deny  curl  "No network."\n    id team.no-curl\n}\n');
  await changed(40);
  assert.match(await page.textContent(T("journal-transitions")), /allow → ask: 40/);
  // Click a change: the request tab decides it and the trace shows.
  await page.locator(`${T("journal-changes")} .change`).first().click();
  assert.equal(await decisionSettles(page, ["ask"]), "ask");
  assert.match(await page.textContent(T("trace")), /npm test/);
  // Suggestions from the "always" answers: accepting one puts it in the editor.
  await setPolicy(page, team);
  await changed(0);
  await page.click(T("journal-suggest"));
  await page.waitForSelector(`${T("journal-suggestions")} .suggestion`, { timeout: 10000 });
  assert.match(await page.textContent(T("journal-suggestions")), /allow make build/);
  await page.click(`${T("journal-suggestions")} [data-testid="journal-accept"]`);
  await page.waitForFunction(() => /allow make build/.test(window.__vigiePlayground.policy()), null, { timeout: 5000 });
  // The accepted rule allows the 5 asked requests: they show as changes against the journal.
  await changed(5);
  assert.deepEqual(page.errors, []);
  await page.close();
});
