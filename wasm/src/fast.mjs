// The fast path's buffers and layouts, shared with the module (bindings.cpp's FastField,
// shell_bindings.cpp's ArgvField and ViewWriter): what api.mjs reads from wasm memory without
// JSON.

// The fast path's result fields (bindings.cpp, FastField) and string index markers.
// (F_DECISION, 0, is decideFast's return value.) The message and the error are an address and
// a length in wasm memory; the rule's strings are interned per policy.
export const [F_MESSAGE_AT, F_MESSAGE_LENGTH, F_RULE_ID, F_RULE_FILE, F_RULE_LINE, F_RULE_EFFECT] = [
  1, 2, 3, 4, 5, 6,
];
export const [F_ERROR_AT, F_ERROR_LENGTH, F_COUNT] = [7, 8, 9];
// The argv form's result fields (shell_bindings.cpp, ArgvField).
export const [A_COUNTS_AT, A_BYTES_AT, A_BYTES_LENGTH, A_ASCII] = [0, 2, 3, 4];
// The commands view form's markers for a word's literal and pattern (ViewWriter).
export const [V_NULL, V_SAME_AS_TEXT, V_SAME_AS_LITERAL] = [-1, -2, -3];
export const NONE = -1;
export const VOLATILE = -2;
export const DECISIONS = ["allow", "ask", "deny"];
// The command path takes lines up to this many UTF-16 units (far below the request limits, so
// that the size checks cannot tell the two paths apart); longer ones go as JSON.
export const COMMAND_MAX = 65536;
// A string without lone surrogates. JSON.stringify escapes a lone one (`\ud800`), which the
// module's JSON reader refuses: the whole request then fails to read, and only the JSON path
// reports that as the default path does.
export const wellFormed =
  typeof String.prototype.isWellFormed === "function"
    ? (s) => s.isWellFormed()
    : (s) => !/[\uD800-\uDFFF]/.test(s);

// The module's fast-path buffers: `write(text)` encodes a request into the request buffer and
// returns its length in bytes (-1: too big, take the string path); `result()` is a view of the
// result's numbers. Views are taken at each call: the memory may have grown since.
export function fastBuffers(module) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const resultAt = module.fastResultAt();
  const argvAt = module.argvResultAt();
  let at = 0;
  let capacity = 0;
  let view = new Int32Array(module.HEAP32.buffer, resultAt, F_COUNT);
  return {
    write(text) {
      const need = text.length * 3;  // UTF-8 bytes per UTF-16 unit, at most
      if (need > capacity) {
        const p = module.requestBufferAt(Math.max(need, 4096));
        if (!p) return -1;
        at = p;
        capacity = Math.max(need, 4096);
      }
      return encoder.encodeInto(text, module.HEAPU8.subarray(at, at + capacity)).written;
    },
    // The string at `at`, `length` bytes long, in wasm memory.
    text(at, length) {
      if (length <= 0) return "";
      const from = at >>> 0;
      return decoder.decode(module.HEAPU8.subarray(from, from + length));
    },
    result() {
      if (view.buffer !== module.HEAP32.buffer) view = new Int32Array(module.HEAP32.buffer, resultAt, F_COUNT);
      return view;
    },
    // The argv form's `n` commands (shell_bindings.cpp, vigie_parse_argv): string[][]. ASCII
    // words (the usual case) are sliced from one decoded string; others decoded one by one.
    argv(n) {
      const heap32 = module.HEAP32;
      const countsAt = heap32[(argvAt >> 2) + A_COUNTS_AT] >> 2;
      const bytesAt = heap32[(argvAt >> 2) + A_BYTES_AT] >>> 0;
      const bytesLength = heap32[(argvAt >> 2) + A_BYTES_LENGTH];
      const ascii = heap32[(argvAt >> 2) + A_ASCII] === 1;
      const heap8 = module.HEAPU8;
      const all = ascii ? this.text(bytesAt, bytesLength) : "";
      const out = new Array(n);
      let k = countsAt;
      let at = 0;
      for (let c = 0; c < n; ++c) {
        const words = heap32[k++];
        const argv = new Array(words);
        for (let w = 0; w < words; ++w) {
          const len = heap32[k++];
          argv[w] = ascii ? all.slice(at, at + len) : decoder.decode(heap8.subarray(bytesAt + at, bytesAt + at + len));
          at += len;
        }
        out[c] = argv;
      }
      return out;
    },
    // The commands view's `n` commands (shell_bindings.cpp, vigie_parse_view: ViewWriter), all
    // strings ASCII: the objects `parseShell`'s JSON gives, keys in the same order.
    view(n) {
      const heap32 = module.HEAP32;
      let k = heap32[(argvAt >> 2) + A_COUNTS_AT] >> 2;
      const all = this.text(heap32[(argvAt >> 2) + A_BYTES_AT] >>> 0, heap32[(argvAt >> 2) + A_BYTES_LENGTH]);
      let at = 0;
      const str = () => {
        const len = heap32[k++];
        return all.slice(at, (at += len));
      };
      const word = () => {
        const text = str();
        const l = heap32[k];
        const literal = l === V_NULL ? (++k, null) : l === V_SAME_AS_TEXT ? (++k, text) : str();
        const p = heap32[k];
        const pattern =
          p === V_NULL ? (++k, null) : p === V_SAME_AS_TEXT ? (++k, text) : p === V_SAME_AS_LITERAL ? (++k, literal) : str();
        return { text, literal, pattern };
      };
      const out = new Array(n);
      for (let c = 0; c < n; ++c) {
        const argv = new Array(heap32[k++]);
        for (let i = 0; i < argv.length; ++i) argv[i] = word();
        const assigns = new Array(heap32[k++]);
        for (let i = 0; i < assigns.length; ++i) {
          const name = str();
          const value = word();
          assigns[i] = { name, value, append: heap32[k++] === 1 };
        }
        const redirects = new Array(heap32[k++]);
        for (let i = 0; i < redirects.length; ++i) {
          const op = str();
          const fd = heap32[k++];
          const r = { op, fd, target: word() };
          const quoted = heap32[k++];
          if (quoted !== V_NULL) {
            r.heredoc_body = str();
            r.heredoc_quoted = quoted === 1;
          }
          redirects[i] = r;
        }
        const context = new Array(heap32[k++]);
        for (let i = 0; i < context.length; ++i) context[i] = str();
        const op = str();
        const begin = heap32[k++];
        out[c] = { argv, assigns, redirects, context, op, span: [begin, heap32[k++]] };
      }
      return out;
    },
  };
}
