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

const [input, deferredFile] = process.argv.slice(2);
if (!deferredFile) {
  console.error("usage: placeholders.mjs PRIMARY.wasm DEFERRED.wasm");
  process.exit(2);
}
const output = input;
const bytes = readFileSync(input);

function uleb(at, buf = bytes) {
  let value = 0;
  let shift = 0;
  let b;
  do {
    b = buf[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}
function encodeU(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
function encodeS(n) {
  const out = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
const name = (s) => [...encodeU(Buffer.byteLength(s)), ...Buffer.from(s, "utf8")];

// The sections: id, where the section starts, where its content starts and ends.
function sectionsOf(buf, file) {
  if (buf.readUInt32LE(0) !== 0x6d736100 || buf.readUInt32LE(4) !== 1) throw new Error(`${file}: not wasm`);
  const out = [];
  for (let at = 8; at < buf.length; ) {
    const id = buf[at];
    const [size, start] = uleb(at + 1, buf);
    out.push({ id, start, end: start + size, head: at });
    at = start + size;
  }
  return out;
}
const sections = sectionsOf(bytes, input);
const find = (id) => sections.find((s) => s.id === id);
for (const id of [1, 2, 3, 4, 10]) if (!find(id)) throw new Error(`${input}: no section ${id}`);

// Types: the params of each function type, and a `[] -> []` type (appended if missing).
const typeSection = find(1);
const types = [];
let voidType = -1;
{
  let [count, at] = uleb(typeSection.start);
  for (let i = 0; i < count; ++i) {
    const typeStart = at;
    if (bytes[at++] !== 0x60) throw new Error("a type that is not a function type");
    let n;
    [n, at] = uleb(at);
    const params = n;
    at += n;
    [n, at] = uleb(at);
    at += n;
    types.push({ params, raw: bytes.subarray(typeStart, at) });
    if (params === 0 && n === 0 && voidType < 0) voidType = i;
  }
}
const newTypes = [];
if (voidType < 0) {
  voidType = types.length;
  newTypes.push([0x60, 0, 0]);
}

// Imports: the placeholders must be the last ones, all functions.
const importSection = find(2);
const kept = [];
const placeholders = []; // {slot, type}
{
  let [count, at] = uleb(importSection.start);
  for (let i = 0; i < count; ++i) {
    const entryStart = at;
    let n;
    [n, at] = uleb(at);
    const module = bytes.subarray(at, at + n).toString("utf8");
    at += n;
    [n, at] = uleb(at);
    const field = bytes.subarray(at, at + n).toString("utf8");
    at += n;
    const kind = bytes[at++];
    let type = -1;
    if (kind === 0) [type, at] = uleb(at);
    else if (kind === 1) {
      at += 1;
      const flags = bytes[at++];
      [, at] = uleb(at);
      if (flags & 1) [, at] = uleb(at);
    } else if (kind === 2) {
      const flags = bytes[at++];
      [, at] = uleb(at);
      if (flags & 1) [, at] = uleb(at);
    } else if (kind === 3) at += 2;
    else if (kind === 4) [, at] = uleb(at + 1);
    else throw new Error(`import kind ${kind}`);
    if (module === "placeholder") {
      if (kind !== 0 || !/^\d+$/.test(field)) throw new Error(`placeholder import ${field} of kind ${kind}`);
      placeholders.push({ slot: Number(field), type });
    } else {
      if (placeholders.length) throw new Error(`import ${module}.${field} after the placeholders`);
      kept.push(bytes.subarray(entryStart, at));
    }
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
put(0, name("vigie.split"), Buffer.from(String(loaderSlot)));
writeFileSync(output, Buffer.concat(parts));

// The deferred part: its table import (from "primary") declares the new size. Its limits are
// the last bytes of the entry; the entry is rewritten, the rest of the file copied.
{
  const buf = readFileSync(deferredFile);
  const imports = sectionsOf(buf, deferredFile).find((s) => s.id === 2);
  let [count, at] = uleb(imports.start, buf);
  let done = false;
  for (let i = 0; i < count && !done; ++i) {
    let n;
    [n, at] = uleb(at, buf);
    at += n;
    [n, at] = uleb(at, buf);
    at += n;
    const kind = buf[at++];
    if (kind === 1) {
      const limitsAt = at + 1; // after the reference type
      const flags = buf[limitsAt];
      let end;
      [, end] = uleb(limitsAt + 1, buf);
      if (flags & 1) [, end] = uleb(end, buf);
      const limits = flags & 1 ? [1, ...encodeU(loaderSlot + 1), ...encodeU(loaderSlot + 1)] : [0, ...encodeU(loaderSlot + 1)];
      const content = Buffer.concat([
        buf.subarray(imports.start, limitsAt),
        Buffer.from(limits),
        buf.subarray(end, imports.end),
      ]);
      const rewritten = Buffer.concat([
        buf.subarray(0, imports.head),
        Buffer.from([2, ...encodeU(content.length)]),
        content,
        buf.subarray(imports.end),
      ]);
      writeFileSync(deferredFile, rewritten);
      done = true;
    } else if (kind === 0 || kind === 4) [, at] = uleb(kind === 4 ? at + 1 : at, buf);
    else if (kind === 2) {
      const flags = buf[at++];
      [, at] = uleb(at, buf);
      if (flags & 1) [, at] = uleb(at, buf);
    } else if (kind === 3) at += 2;
  }
  if (!done) throw new Error(`${deferredFile} imports no table`);
}
console.log(`placeholders.mjs: ${placeholders.length} placeholders, the loader at table slot ${loaderSlot}`);
