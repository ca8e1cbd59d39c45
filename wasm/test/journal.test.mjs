// The decision journal through the WASM build (wasm/replay_bindings.cpp): the same replay and
// suggestions as `vigie replay --json` and `vigie suggest --json` (docs/journal.md).
import test from "node:test";
import assert from "node:assert/strict";
import { vigie } from "./helpers.mjs";

const team = 'policy "team"\nmode ask\ncommands {\n  allow npm test\n    id npm\n}\n';
const line = (command, decision, rule, answer) => JSON.stringify({
  v: 1, time: "2026-11-30T21:00:00Z", source: "node", request: { tool: "Bash", kind: "command",
    input: { command }, cwd: "/srv/app", project: "/srv/app", home: "/home/u", interactive: true },
  decision, rule, ...(answer ? { answer } : {}),
});

test("journal: replay counts what a policy change does, suggest proposes rules", async () => {
  const v = await vigie();
  const text = [line("npm test", "allow", "npm"), line("npm test -q", "allow", "npm"),
    line("make build", "ask", null, "allow_always"), "not json"].join("\n");
  const j = v.journal(text);
  assert.equal(j.count, 3);
  assert.equal(j.errors.length, 1);
  assert.match(j.errors[0], /:4: /);
  assert.equal(j.replay(team).changed, 0);
  const r = j.replay('policy "team"\nmode ask\n');
  assert.equal(r.changed, 2);
  assert.deepEqual(r.transitions.map((t) => `${t.from}->${t.to}:${t.count}`), ["allow->ask:2"]);
  assert.equal(r.by_rule[0].rule, "npm");
  assert.equal(j.replay("policy broken {").error, "the policy does not compile");
  const s = j.suggest(team);
  assert.deepEqual(s.suggestions.map((x) => x.tokens.join(" ")), ["make build"]);
  assert.match(s.policy_text, /allow make build/);
  assert.equal(j.request(2).input.command, "make build");
  const added = v.addRules(team, [s.suggestions[0].rule]);
  assert.match(added.text, /^  allow make build \$$/m);
  assert.equal(v.compile(added.text).decide({ ...j.request(2) }).decision, "allow");
  j.free();
  assert.equal(j.replay(team).error, "the journal was freed");
});

test("journal: the Node API writes lines that replay reads back, secrets redacted", async () => {
  const v = await vigie();
  const policy = v.compile(team);
  const request = { tool: "Bash", input: { command: "npm test --password=hunter2" }, cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" };
  const decision = policy.decide(request);
  const hash = v.policyHash(team);
  assert.match(hash, /^fnv1a64:[0-9a-f]{16}$/);
  const line = v.journalLine(request, decision, { source: "node", id: "r1", answer: "allow_once", policy: { name: policy.name, hash } });
  assert.equal(typeof line, "string");
  const j = JSON.parse(line);
  assert.equal(j.v, 1);
  assert.equal(j.source, "node");
  assert.equal(j.decision, decision.decision);
  assert.equal(j.policy.hash, hash);
  assert.equal(j.answer, "allow_once");
  assert.equal(j.redacted, true);
  assert.doesNotMatch(line, /hunter2/);
  const journal = v.journal(line + "\n");
  assert.equal(journal.count, 1);
  assert.equal(journal.replay(team).changed, 0);
  assert.deepEqual(v.journalLine(request, { decision: "maybe" }), { error: "the decision must be allow, ask or deny" });
  journal.free();
  policy.free();
});
