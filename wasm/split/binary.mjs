// Reading and writing the parts of a WebAssembly binary that the build's rewriting steps
// (placeholders.mjs, hints.mjs) touch: LEB128 numbers, sections, types, imports, and the type of
// each declared function.

export function uleb(buf, at) {
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

export function encodeU(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

export function encodeS(n) {
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

// A name as the binary writes it: its length, then its UTF-8 bytes.
export const nameBytes = (s) => [...encodeU(Buffer.byteLength(s)), ...Buffer.from(s, "utf8")];

// The sections: id, where the section starts (head), where its content starts and ends.
export function sectionsOf(buf, file) {
  if (buf.length < 8 || buf.readUInt32LE(0) !== 0x6d736100 || buf.readUInt32LE(4) !== 1) {
    throw new Error(`${file}: not a WebAssembly module`);
  }
  const out = [];
  for (let at = 8; at < buf.length; ) {
    const id = buf[at];
    const [size, start] = uleb(buf, at + 1);
    out.push({ id, start, end: start + size, head: at });
    at = start + size;
  }
  return out;
}

// Skips a table's or a memory's limits (flags, min, max if flagged).
function skipLimits(buf, at) {
  const flags = buf[at++];
  [, at] = uleb(buf, at);
  if (flags & 1) [, at] = uleb(buf, at);
  return at;
}

// The function types: the raw bytes of each and its number of parameters.
export function readTypes(buf, section) {
  const types = [];
  let [count, at] = uleb(buf, section.start);
  for (let i = 0; i < count; ++i) {
    const start = at;
    if (buf[at++] !== 0x60) throw new Error("a type that is not a function type");
    let n;
    [n, at] = uleb(buf, at);
    const params = n;
    at += n;
    [n, at] = uleb(buf, at);
    at += n;
    types.push({ params, raw: buf.subarray(start, at) });
  }
  return types;
}

// The imports: module, field, kind, the type of a function, and where each entry starts (head),
// where its description starts (after the kind byte: at), and where it ends.
export function readImports(buf, section) {
  const imports = [];
  let [count, at] = uleb(buf, section.start);
  for (let i = 0; i < count; ++i) {
    const head = at;
    let n;
    [n, at] = uleb(buf, at);
    const module = buf.subarray(at, at + n).toString("utf8");
    at += n;
    [n, at] = uleb(buf, at);
    const field = buf.subarray(at, at + n).toString("utf8");
    at += n;
    const kind = buf[at++];
    const description = at;
    let type = -1;
    if (kind === 0) [type, at] = uleb(buf, at);
    else if (kind === 1) at = skipLimits(buf, at + 1); // after the reference type
    else if (kind === 2) at = skipLimits(buf, at);
    else if (kind === 3) at += 2;
    else if (kind === 4) [, at] = uleb(buf, at + 1);
    else throw new Error(`import kind ${kind}`);
    imports.push({ module, field, kind, type, head, at: description, end: at });
  }
  return imports;
}

// The type index of each function the module declares (its function section), in order.
export function declaredFunctionTypes(buf, file) {
  const section = sectionsOf(buf, file).find((s) => s.id === 3);
  if (!section) return [];
  let [count, at] = uleb(buf, section.start);
  const out = [];
  for (let i = 0; i < count; ++i) {
    let t;
    [t, at] = uleb(buf, at);
    out.push(t);
  }
  return out;
}
