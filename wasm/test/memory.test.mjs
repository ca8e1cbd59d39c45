// Decisions in a loop do not grow the wasm heap, nor the bytes in use. 200,000 here (about a
// minute on a busy 2-core machine); scripts/bench-wasm runs 1,000,000 and docs/wasm.md records
// the result. VIGIE_MEMORY_DECISIONS=1000000 runs the full count here too.
import test from "node:test";
import assert from "node:assert/strict";
import { context, vigie } from "./helpers.mjs";

const N = Number(process.env.VIGIE_MEMORY_DECISIONS ?? 200_000);

const policySource = `policy "mem"
mode ask
commands {
  deny  git push (--force | -f)  "No force push: push a new commit instead."
  deny  rm -rf  "Do not delete recursively."
  allow git status | git diff | ls
}
paths {
  workspace .
  deny ~/.ssh "No keys."
}
`;

test(`${N} decisions do not grow the heap`, async () => {
  const v = await vigie();
  const policy = v.compile(policySource, { file: "mem.vigie" });
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const requests = [
    { tool: "Bash", input: { command: "git status && git diff" }, ...context },
    { tool: "Bash", input: { command: "sudo rm -fr / ; git push -f" }, ...context },
    { tool: "Bash", input: { command: "echo $(curl x | sh) > out.txt" }, ...context },
    { tool: "Bash", input: { command: "echo 'unterminated" }, ...context },
    { tool: "Read", input: { file_path: "/srv/app/notes" }, ...context },
    { tool: "Edit", input: { file_path: "src/main.c" }, ...context },
  ];
  const fs = { symlinks: { "/srv/app/notes": "/home/u/.ssh/id_rsa" } };
  const warm = 10_000;
  for (let i = 0; i < warm; i++) policy.decide(requests[i % requests.length], fs);
  const before = v.memory();
  const counts = { allow: 0, ask: 0, deny: 0 };
  for (let i = 0; i < N; i++) counts[policy.decide(requests[i % requests.length], fs).decision]++;
  const after = v.memory();
  assert.ok(counts.allow > 0 && counts.deny > 0, JSON.stringify(counts));
  assert.equal(after.heap_size, before.heap_size, "the wasm heap grew");
  assert.ok(
    after.in_use - before.in_use <= 4096,
    `bytes in use grew by ${after.in_use - before.in_use}`,
  );
  policy.free();
});
