#!/usr/bin/env node
// What the bytes of a wasm module are: reads the module's sections, the code section's function
// bodies and the name section (a `--profiling-funcs` link keeps the functions' names), and
// prints the bytes per part (project, PEGTL, re2, nlohmann_json, libc++ locale/iostreams, fmt,
// embind...) with their gzip -9 size (each part's bodies compressed together), then the
// largest functions. Usage:
//   node scripts/wasm-size.mjs build/prof/vigie_module.wasm [--top N] [--json] [--part NAME] [--data] [--eager]
// (`--part NAME` lists only that part's functions.) The parts are the table PARTS below: the
// first pattern that matches a function's name wins. `--data` prints what the data section holds
// instead: its active segments' bytes split into text (runs of at least 8 printable bytes: the
// tables' strings, messages, type names) and the rest (binary tables, pointers, vtables), with
// the gzip -9 size of each, and the longest strings. `--eager` (on dist/vigie.wasm) prints how many
// functions, and how many bytes of bodies, its `compilationHints` section marks eager: the start
// set V8 compiles while load() awaits (docs/wasm.md, "Eager compilation").
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// [part, pattern on the demangled name]: first match wins, order matters.
const PARTS = [
  ["embind", /emscripten::|embind|_embind_|EmscriptenBindingInitializer|__getTypeName/],
  ["nlohmann_json", /nlohmann/],
  ["fmt", /\bfmt::/],
  ["PEGTL", /tao::pegtl/],
  ["re2", /\bre2::|absl::|RE2/],
  [
    "libc++ locale/iostreams",
    /std::__2::(basic_(i|o|io)stream|basic_(string)?streambuf|basic_stringbuf|basic_ios|ios_base|locale|ctype|num_get|num_put|money_|time_get|time_put|moneypunct|numpunct|codecvt|collate|messages|__stdinbuf|__stdoutbuf|__num_(get|put)|__money|__time|__codecvt|__narrow|__widen)|std::__2::basic_ostream|__cxx_global_var_init.*ios|ios_base/,
  ],
  ["libc++ (other)", /std::__2::|std::|__cxa_|__cxxabiv1|__gxx_|_Unwind/],
  ["project: shell grammar", /vigie::shell|grammar::shell/],
  ["project: policy front end", /vigie::policy/],
  ["project: journal, replay, suggest", /vigie::(journal|replay|suggest)::/],
  ["project: compiler, dump, tests in policies", /vigie::engine::compiler|vigie::engine::(anonymous namespace)::(Dump|dump)|vigie::run_tests|vigie::compile\b|vigie::(test_outcomes|diagnostics)_to_json|Policy::dump/],
  ["project: engine", /vigie::engine|vigie::/],
  ["project: wasm bindings (journal, hooks, vocabulary)", /JournalHandle|HookHandle|journal_line|policy_hash|add_rules|vocabulary_json|^\(anonymous namespace\)::hook/],
  ["project: wasm bindings", /\(anonymous namespace\)|vigie_|PolicyHandle|SessionHandle/],
  ["libc / malloc", /^(dl|em|__|_?str|mem|malloc|free|realloc|calloc|sbrk|vf?s?n?printf|fmt_|pop_arg|wcs|mbs|wc|qsort|frexp|abort|isw?|to(upper|lower)|at|strto|sn?printf|fwrite|out|pad|getint|__stdio)/],
];

function leb(buf, at) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = buf[at++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return [result, at];
  }
}

function readModule(buf) {
  const sections = [];
  let at = 8;
  while (at < buf.length) {
    const id = buf[at++];
    let size;
    [size, at] = leb(buf, at);
    sections.push({ id, start: at, size });
    at += size;
  }
  return sections;
}

function customName(buf, s) {
  const [len, at] = leb(buf, s.start);
  return buf.toString("utf8", at, at + len);
}

// The data section's active segments (memory 0, `i32.const` offset): [{offset, bytes}].
function dataSegments(buf, section) {
  const segments = [];
  let [count, at] = leb(buf, section.start);
  for (let i = 0; i < count; i++) {
    let flags;
    [flags, at] = leb(buf, at);
    if (flags === 1) {
      let len;
      [len, at] = leb(buf, at);
      segments.push({ offset: -1, bytes: buf.subarray(at, at + len) });
      at += len;
      continue;
    }
    if (flags === 2) [, at] = leb(buf, at);
    let offset;
    [offset, at] = leb(buf, at + 1); // i32.const
    at += 1; // end
    let len;
    [len, at] = leb(buf, at);
    segments.push({ offset, bytes: buf.subarray(at, at + len) });
    at += len;
  }
  return segments;
}

function printData(buf, sections, top) {
  const section = sections.find((s) => s.id === 11);
  const segments = section ? dataSegments(buf, section) : [];
  const text = [];
  const rest = [];
  const strings = [];
  for (const { bytes } of segments) {
    let from = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] >= 0x20 && bytes[i] < 0x7f) continue;
      if (i - from >= 8) {
        text.push(bytes.subarray(from, i));
        strings.push(bytes.toString("latin1", from, i));
      } else rest.push(bytes.subarray(from, i));
      if (i < bytes.length) rest.push(bytes.subarray(i, i + 1));
      from = i + 1;
    }
  }
  const row = (name, parts) => {
    const all = Buffer.concat(parts);
    console.log(`| ${name} | ${all.length} | ${gzipSync(all, { level: 9 }).length} |`);
  };
  console.log(`data section: ${section ? section.size : 0} bytes in ${segments.length} segments`);
  console.log("\n| data | bytes | gzip -9 (alone) |\n|---|---:|---:|");
  row(`text (${strings.length} runs of 8+ printable bytes)`, text);
  row("the rest (binary tables, pointers, short strings)", rest);
  row("all", segments.map((s) => s.bytes));
  console.log("\n| longest strings | bytes |\n|---|---:|");
  for (const t of strings.sort((a, b) => b.length - a.length).slice(0, top))
    console.log(`| ${t.slice(0, 100).replace(/\|/g, "\\|")} | ${t.length} |`);
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) {
    console.error("usage: wasm-size.mjs MODULE.wasm [--top N] [--json] [--part NAME] [--data] [--eager]");
    process.exit(2);
  }
  const top = Number(args[args.indexOf("--top") + 1]) || (args.includes("--top") ? 0 : 30);
  const onlyPart = args.includes("--part") ? args[args.indexOf("--part") + 1] : null;
  const buf = readFileSync(file);
  const sections = readModule(buf);

  if (args.includes("--data")) return printData(buf, sections, top);
  // Imported functions come first in the function index space.
  let imported = 0;
  const imp = sections.find((s) => s.id === 2);
  if (imp) {
    let [n, at] = leb(buf, imp.start);
    for (let i = 0; i < n; ++i) {
      let len;
      [len, at] = leb(buf, at);
      at += len;
      [len, at] = leb(buf, at);
      at += len;
      const kind = buf[at++];
      if (kind === 0) {
        [, at] = leb(buf, at);
        ++imported;
      } else if (kind === 1) {
        at += 1;
        const flags = buf[at++];
        [, at] = leb(buf, at);
        if (flags & 1) [, at] = leb(buf, at);
      } else if (kind === 2) {
        const flags = buf[at++];
        [, at] = leb(buf, at);
        if (flags & 1) [, at] = leb(buf, at);
      } else if (kind === 3) {
        at += 2;
      } else if (kind === 4) {
        at += 1;
        [, at] = leb(buf, at);
      }
    }
  }

  const names = new Map();
  const nameSection = sections.find((s) => s.id === 0 && customName(buf, s) === "name");
  if (nameSection) {
    let [len, at] = leb(buf, nameSection.start);
    at += len;
    const end = nameSection.start + nameSection.size;
    while (at < end) {
      const sub = buf[at++];
      let size;
      [size, at] = leb(buf, at);
      if (sub === 1) {
        let [n, p] = leb(buf, at);
        for (let i = 0; i < n; ++i) {
          let idx, l;
          [idx, p] = leb(buf, p);
          [l, p] = leb(buf, p);
          names.set(idx, buf.toString("utf8", p, p + l));
          p += l;
        }
      }
      at += size;
    }
  }

  const code = sections.find((s) => s.id === 10);
  const functions = [];
  {
    let [n, at] = leb(buf, code.start);
    for (let i = 0; i < n; ++i) {
      let size;
      [size, at] = leb(buf, at);
      const index = imported + i;
      functions.push({ name: names.get(index) ?? `$f${index}`, size, start: at });
      at += size;
    }
  }

  // A function's own qualified name: without template arguments, parameters and return type.
  const qualified = (name) => {
    let s = name.replace(/\(anonymous namespace\)/g, "(anon)");
    let out = "";
    let depth = 0;
    for (const c of s) {
      if (c === "<") ++depth;
      else if (c === ">") depth = Math.max(0, depth - 1);
      else if (depth === 0) out += c;
    }
    const paren = out.search(/\((?!anon\))/);
    const head = paren < 0 ? out : out.slice(0, paren);
    const words = head.trim().split(/\s+/);
    return words[words.length - 1].replace(/\(anon\)/g, "(anonymous namespace)");
  };
  const partOf = (name) => {
    const q = qualified(name);
    for (const [part, re] of PARTS) if (re.test(q)) return part;
    return "other";
  };
  const groups = new Map();
  for (const f of functions) {
    f.part = partOf(f.name);
    const g = groups.get(f.part) ?? { part: f.part, count: 0, bytes: 0, bodies: [] };
    g.count += 1;
    g.bytes += f.size;
    g.bodies.push(buf.subarray(f.start, f.start + f.size));
    groups.set(f.part, g);
  }
  if (args.includes("--eager")) {
    const hints = sections.find((s) => s.id === 0 && customName(buf, s) === "compilationHints");
    if (!hints) {
      console.error(`${file} has no compilationHints section`);
      process.exit(1);
    }
    let [len, at] = leb(buf, hints.start);
    at += len;
    let count;
    [count, at] = leb(buf, at);
    let eager = 0;
    let bytes = 0;
    for (let i = 0; i < count && i < functions.length; ++i) {
      if ((buf[at + i] & 3) !== 2) continue;
      eager += 1;
      bytes += functions[i].size;
    }
    console.log(`${file}: ${eager} of ${functions.length} functions eager, ${bytes} bytes of bodies`);
    return;
  }
  const codeBytes = functions.reduce((a, f) => a + f.size, 0);
  const rows = [...groups.values()]
    .map((g) => ({
      part: g.part,
      functions: g.count,
      bytes: g.bytes,
      gzip: gzipSync(Buffer.concat(g.bodies), { level: 9 }).length,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const sectionRows = sections.map((s) => ({
    id: s.id,
    name: s.id === 0 ? customName(buf, s) : ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount", "tag"][s.id],
    bytes: s.size,
  }));
  const topFunctions = functions
    .filter((f) => !onlyPart || f.part === onlyPart)
    .sort((a, b) => b.size - a.size)
    .slice(0, top)
    .map((f) => ({ bytes: f.size, part: f.part, name: f.name }));
  if (args.includes("--json")) {
    console.log(JSON.stringify({ file, total: buf.length, codeBytes, sections: sectionRows, parts: rows, top: topFunctions }, null, 1));
    return;
  }
  console.log(`${file}: ${buf.length} bytes, gzip -9 ${gzipSync(buf, { level: 9 }).length}; code ${codeBytes} bytes in ${functions.length} functions`);
  console.log("\n| section | bytes |\n|---|---:|");
  for (const s of sectionRows) console.log(`| ${s.name} | ${s.bytes} |`);
  console.log("\n| part | functions | code bytes | share | gzip -9 (alone) |\n|---|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.part} | ${r.functions} | ${r.bytes} | ${((100 * r.bytes) / codeBytes).toFixed(1)}% | ${r.gzip} |`);
  if (top) {
    console.log(`\n| largest functions${onlyPart ? ` (${onlyPart})` : ""} | part | bytes |\n|---|---|---:|`);
    for (const f of topFunctions) console.log(`| ${f.name.slice(0, 140).replace(/\|/g, "\\|")} | ${f.part} | ${f.bytes} |`);
  }
}

main();
