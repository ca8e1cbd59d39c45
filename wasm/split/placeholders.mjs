// Makes the primary's placeholders functions of its own (docs/wasm.md, "Two parts").
//
// `wasm-split` leaves in the primary one imported function per function it moved out
// (`placeholder` "N", N the function's table index). An imported JS function costs the engine a
// wrapper compiled at instantiation, per signature (about 20 ms for 771 placeholders in Node 20).
// Here each placeholder import becomes a function of the primary, with the same index, that
// calls the function in the table's new last slot (the wrapper puts its loader there: it
// instantiates the deferred part once, whose element segments write the real functions into the
// table) and goes on with `call_indirect` at its own slot N, which then holds the real function.
//
//   node wasm/split/placeholders.mjs PRIMARY.wasm DEFERRED.wasm
//
// Both files are rewritten in place: the deferred part imports the primary's table, whose size
// it declares, so its import takes the new size too.
//
// The placeholder imports are the last imports, so the functions that replace them, put first
// in the module, keep their indices: no instruction is rewritten. The module gains a custom
// section `vigie.split` holding the loader's slot (a decimal number), which the wrapper reads.
import { readFileSync, writeFileSync } from "node:fs";
import { encodeS, encodeU, nameBytes, readImports, readTypes, sectionsOf, uleb as ulebOf } from "./binary.mjs";

const [input, deferredFile] = process.argv.slice(2);
if (!deferredFile) {
  console.error("usage: placeholders.mjs PRIMARY.wasm DEFERRED.wasm");
  process.exit(2);
}
const output = input;
const bytes = readFileSync(input);
const uleb = (at, buf = bytes) => ulebOf(buf, at);
const sections = sectionsOf(bytes, input);
const find = (id) => sections.find((s) => s.id === id);
for (const id of [1, 2, 3, 4, 10]) if (!find(id)) throw new Error(`${input}: no section ${id}`);

// Types: the params of each function type, and a `[] -> []` type (appended if missing).
const typeSection = find(1);
const types = readTypes(bytes, typeSection);
let voidType = types.findIndex((t) => t.params === 0 && t.raw.length === 3); // [0x60, 0, 0]
const newTypes = [];
if (voidType < 0) {
  voidType = types.length;
  newTypes.push([0x60, 0, 0]);
}

// Imports: the placeholders must be the last ones, all functions.
const importSection = find(2);
const kept = [];
const placeholders = []; // {slot, type}
for (const { module, field, kind, type, head, end } of readImports(bytes, importSection)) {
  if (module === "placeholder") {
    if (kind !== 0 || !/^\d+$/.test(field)) throw new Error(`placeholder import ${field} of kind ${kind}`);
    placeholders.push({ slot: Number(field), type });
  } else {
    if (placeholders.length) throw new Error(`import ${module}.${field} after the placeholders`);
    kept.push(bytes.subarray(head, end));
  }
}
if (!placeholders.length) throw new Error(`${input} has no placeholder import: was it split?`);

// The table: one more slot, the loader's.
const tableSection = find(4);
let loaderSlot;
let newTable;
{
  let [count, at] = uleb(tableSection.start);
  if (count !== 1) throw new Error(`${count} tables`);
  const refType = bytes[at++];
  const flags = bytes[at++];
  let min;
  let max;
  [min, at] = uleb(at);
  if (flags & 1) [max, at] = uleb(at);
  loaderSlot = Math.max(min, max ?? 0);
  const limits = flags & 1 ? [1, ...encodeU(loaderSlot + 1), ...encodeU(loaderSlot + 1)] : [0, ...encodeU(loaderSlot + 1)];
  newTable = [1, refType, ...limits];
}
for (const p of placeholders) if (p.slot >= loaderSlot) throw new Error(`placeholder slot ${p.slot} out of the table`);

// The functions: the placeholders first (their indices are the imports' were).
const functionSection = find(3);
const codeSection = find(10);
const [functionCount, functionsAt] = uleb(functionSection.start);
const [codeCount, codesAt] = uleb(codeSection.start);
if (functionCount !== codeCount) throw new Error("function and code sections differ");
const bodies = placeholders.map(({ slot, type }) => {
  const code = [0]; // no locals
  code.push(0x41, ...encodeS(loaderSlot), 0x11, ...encodeU(voidType), 0); // the loader
  for (let i = 0; i < types[type].params; ++i) code.push(0x20, ...encodeU(i));
  code.push(0x41, ...encodeS(slot), 0x11, ...encodeU(type), 0, 0x0b);
  return [...encodeU(code.length), ...code];
});

// Sections as buffers (a code section is too large to spread into an array).
const parts = [bytes.subarray(0, 8)];
const put = (id, ...content) => {
  const body = Buffer.concat(content.map((c) => (Buffer.isBuffer(c) ? c : Buffer.from(c))));
  parts.push(Buffer.from([id, ...encodeU(body.length)]), body);
};
for (const s of sections) {
  const rest = (start) => bytes.subarray(start, s.end);
  if (s.id === 1) {
    put(1, encodeU(types.length + newTypes.length), rest(uleb(s.start)[1]), newTypes.flat());
  } else if (s.id === 2) {
    put(2, encodeU(kept.length), ...kept);
  } else if (s.id === 3) {
    put(3, encodeU(functionCount + placeholders.length), placeholders.flatMap((p) => encodeU(p.type)), rest(functionsAt));
  } else if (s.id === 4) {
    put(4, newTable);
  } else if (s.id === 10) {
    put(10, encodeU(codeCount + placeholders.length), bodies.flat(), rest(codesAt));
  } else {
    parts.push(bytes.subarray(s.head, s.end));
  }
}
put(0, nameBytes("vigie.split"), Buffer.from(String(loaderSlot)));
writeFileSync(output, Buffer.concat(parts));

// The deferred part: its table import (from "primary") declares the new size. Its limits are
// the last bytes of the entry; the entry is rewritten, the rest of the file copied.
{
  const buf = readFileSync(deferredFile);
  const imports = sectionsOf(buf, deferredFile).find((s) => s.id === 2);
  const table = readImports(buf, imports).find((i) => i.kind === 1);
  const done = Boolean(table);
  if (table) {
    const limitsAt = table.at + 1; // after the reference type
    const flags = buf[limitsAt];
    const limits = flags & 1 ? [1, ...encodeU(loaderSlot + 1), ...encodeU(loaderSlot + 1)] : [0, ...encodeU(loaderSlot + 1)];
    const content = Buffer.concat([buf.subarray(imports.start, limitsAt), Buffer.from(limits), buf.subarray(table.end, imports.end)]);
    const rewritten = Buffer.concat([
      buf.subarray(0, imports.head),
      Buffer.from([2, ...encodeU(content.length)]),
      content,
      buf.subarray(imports.end),
    ]);
    writeFileSync(deferredFile, rewritten);
  }
  if (!done) throw new Error(`${deferredFile} imports no table`);
}
console.log(`placeholders.mjs: ${placeholders.length} placeholders, the loader at table slot ${loaderSlot}`);
