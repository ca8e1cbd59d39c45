// Tells V8 which of the primary part's functions to compile while load() awaits (docs/wasm.md,
// "Eager compilation").
//
// The training (train.mjs) writes two profiles of the instrumented module: PROFILE, after the
// whole run (its functions are the primary's), and PROFILE.start, after what a harness does
// first (compile its policy, decide its first requests, answer its first hook). This adds to
// the primary a `compilationHints` custom section, V8's format: one byte per declared function,
// its compile strategy in the low two bits (1 lazy, 2 eager). The start set is eager; the rest
// of the primary (and the placeholders) is compiled on its first call. Engines that do not read
// the section ignore it, and V8 reads it only with `--experimental-wasm-compilation-hints`,
// which wasm/src/eager.mjs turns on while the primary compiles.
//
//   node wasm/split/hints.mjs LINKED.wasm PROFILE PRIMARY.wasm
//
// PRIMARY.wasm (placeholders.mjs's output) is rewritten in place. The mapping from the linked
// module's functions to the primary's relies on wasm-split keeping the order of the functions it
// keeps, after the placeholders that placeholders.mjs puts first; it is checked (every kept
// function's signature, at exactly one offset), and a mismatch fails the build rather than
// hinting wrongly.
import { readFileSync, writeFileSync } from "node:fs";
import { declaredFunctionTypes, encodeU, nameBytes, readImports, readTypes, sectionsOf } from "./binary.mjs";

const SECTION = "compilationHints";
const LAZY = 0x01;
const EAGER = 0x02;

const [linkedFile, profileFile, primaryFile] = process.argv.slice(2);
if (!primaryFile) {
  console.error("usage: hints.mjs LINKED.wasm PROFILE PRIMARY.wasm");
  process.exit(2);
}
const fail = (what) => {
  console.error(`hints.mjs: ${what}`);
  process.exit(1);
};

// The signature of each declared function, as the bytes of its type.
function signatures(buf, file) {
  const typeSection = sectionsOf(buf, file).find((s) => s.id === 1);
  const types = typeSection ? readTypes(buf, typeSection) : [];
  return declaredFunctionTypes(buf, file).map((t) => types[t].raw.toString("hex"));
}

// A profile: eight bytes of hash, then one u32 timestamp per declared function (0: not run).
function ran(file, count) {
  const buf = readFileSync(file);
  if (buf.length !== 8 + 4 * count) fail(`${file} has ${buf.length} bytes, not a profile of ${count} functions`);
  return Array.from({ length: count }, (_, i) => buf.readUInt32LE(8 + 4 * i) > 0);
}

const linked = signatures(readFileSync(linkedFile), linkedFile);
const kept = ran(profileFile, linked.length);
const started = ran(`${profileFile}.start`, linked.length);

const primary = readFileSync(primaryFile);
const sections = sectionsOf(primary, primaryFile);
if (sections.some((s) => s.id === 0 && primary.subarray(s.start, s.end).includes(Buffer.from(SECTION)))) {
  fail(`${primaryFile} already has hints`);
}
const declared = signatures(primary, primaryFile);
const imports = readImports(primary, sections.find((s) => s.id === 2));
if (imports.some((i) => i.module === "placeholder")) fail(`${primaryFile} still imports placeholders: run placeholders.mjs first`);
// Where the kept functions start: after the placeholders (and before the few functions
// wasm-split adds, such as thunks for exported functions it moved). The one offset at which
// every kept function's signature matches, or the build fails.
const keptIndices = linked.flatMap((_, i) => (kept[i] ? [i] : []));
const offsets = [];
for (let at = 0; at + keptIndices.length <= declared.length; ++at) {
  if (keptIndices.every((original, k) => declared[at + k] === linked[original])) offsets.push(at);
}
if (offsets.length !== 1) {
  fail(`the ${keptIndices.length} kept functions match ${primaryFile}'s ${declared.length} at ${offsets.length} offsets, not one`);
}
const [first] = offsets;
const hints = Buffer.alloc(declared.length, LAZY);
keptIndices.forEach((original, k) => {
  if (started[original]) hints[first + k] = EAGER;
});
if (started.some((s, i) => s && !kept[i])) fail(`${profileFile}.start names functions ${profileFile} does not`);

// The section goes right before the code section (V8 reads it between the function and code
// sections).
const content = Buffer.concat([Buffer.from(nameBytes(SECTION)), Buffer.from(encodeU(hints.length)), hints]);
const parts = [primary.subarray(0, 8)];
for (const s of sections) {
  if (s.id === 10) parts.push(Buffer.from([0, ...encodeU(content.length)]), content);
  parts.push(primary.subarray(s.head, s.end));
}
writeFileSync(primaryFile, Buffer.concat(parts));
const eager = hints.filter((h) => h === EAGER).length;
console.log(`hints.mjs: ${eager} of ${hints.length} functions compiled eagerly`);
