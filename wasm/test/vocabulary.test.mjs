// The policy language's vocabulary through the WASM build (wasm/vocabulary_bindings.cpp): the
// checker's own tables, which the playground's highlighter reads instead of copying them.
import test from "node:test";
import assert from "node:assert/strict";
import { vigie } from "./helpers.mjs";

test("vocabulary: blocks, keys per block and words come from the checker's tables", async () => {
  const v = await vigie();
  const voc = v.vocabulary();
  assert.equal(voc, v.vocabulary(), "read once");
  for (const b of ["paths", "commands", "fetch", "mcp", "tools", "safety", "session", "agent", "test", "mode"])
    assert.ok(voc.blocks.includes(b), b);
  const keys = (block) => voc.keys.filter((k) => k.block === block).map((k) => k.key);
  assert.deepEqual(keys(""), ["policy", "mode", "default", "include", "extends", "plugins", "non-interactive"]);
  assert.ok(keys("paths").includes("workspace-only"));
  assert.ok(keys("commands").includes("metachars"));
  assert.ok(keys("session").includes("loop-threshold"));
  assert.equal(voc.keys.find((k) => k.key === "binary").usage, "binary on|off");
  assert.deepEqual(voc.effects, ["allow", "deny", "ask"]);
  assert.deepEqual(voc.attributes, ["id", "example", "counterexample"]);
  assert.deepEqual(voc.conditions, ["inside", "outside", "without"]);
  assert.ok(voc.test_kinds.includes("request"));
  assert.ok(voc.with_keys.includes("interactive"));
  for (const w of ["on", "off", "root", "never", "minutes", "none", "GET", "OPTIONS"]) assert.ok(voc.values.includes(w), w);
  assert.ok(!voc.values.includes("allow"), "effects are not values");
});

test("vocabulary: every key it lists is accepted in its block by the checker", async () => {
  const v = await vigie();
  const voc = v.vocabulary();
  for (const k of voc.keys.filter((k) => k.block === "session")) {
    const line = k.usage.replace(/\|.*$/, "").replace(/ N$/, " 3").replace("actions", "actions 3");
    const src = `policy "p"\nsession {\n  ${line}\n}\n`;
    const codes = v.lint(src).map((d) => d.code);
    assert.ok(!codes.includes("V202"), `${k.key}: ${codes}`);
  }
});
