// Syntax highlighting for the vigie policy language (docs/language.md): a small
// StreamLanguage tokenizer, no grammar. It only colours; the real parser lives in the WASM
// engine and reports errors as diagnostics.
import { StreamLanguage, HighlightStyle, syntaxHighlighting, type StringStream } from "@codemirror/language";
import { Tag, tags as t } from "@lezer/highlight";
import { completeFromList } from "@codemirror/autocomplete";

// Effects get their own colours: they are what a reader scans for.
export const effectAllow = Tag.define();
export const effectDeny = Tag.define();
export const effectAsk = Tag.define();
const blockName = Tag.define(t.keyword);
const optionWord = Tag.define();

const BLOCKS = new Set(["paths", "commands", "fetch", "mcp", "tools", "safety", "session", "agent", "test"]);
const TOP = new Set(["policy", "mode", "default", "include", "extends", "plugins", "non-interactive"]);
const SETTINGS = new Set([
  // rule attributes
  "id", "example", "counterexample",
  // paths
  "workspace", "workspace-only", "protect", "third-party",
  // commands
  "option", "wrapper", "interpreter", "metachars",
  // tools
  "auto-approve", "always-ask", "exclude",
  // safety
  "enable", "disable", "context",
  // session
  "loop-threshold", "budget", "remember",
  // test settings
  "cwd", "project", "home", "symlink",
]);
const TEST_KINDS = new Set(["command", "edit", "write", "read", "fetch", "mcp", "tool", "request"]);
const VALUES = new Set([
  "readonly", "auto", "supervised", "full", "on", "off", "user", "root", "always", "never",
  "none", "actions", "minutes", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS",
]);
const EFFECTS: Record<string, string> = { allow: "effectAllow", deny: "effectDeny", ask: "effectAsk" };
// Operand conditions of a command rule (docs/language.md, "Operand conditions"): after the
// patterns, before the message; a bare one is always the keyword (quoted, it is a word).
const CONDITIONS = new Set(["inside", "outside", "without"]);

interface State {
  depth: number;
  stack: string[]; // block kinds
  lineStart: boolean; // no word yet on this line
  firstWord: string; // the statement's first word
  afterArrow: boolean; // after `=>` in a test case
  afterMessage: boolean; // after a rule's double-quoted message: attributes may follow
  wordIndex: number;
}

const WORD_END = /[\s#"'(){}|]/;

function readWord(stream: StringStream): string {
  let w = "";
  while (!stream.eol()) {
    const c = stream.peek()!;
    if (WORD_END.test(c)) break;
    w += stream.next();
  }
  return w;
}

// A `/regex/` token, as the parser reads one: no blank and no unescaped `/` inside, ends
// before a blank (so `/usr/bin/x` stays a path, and `/tmp/` is a regex).
function matchRegex(stream: StringStream): boolean {
  const rest = stream.string.slice(stream.pos);
  const m = /^\/((?:\\.|[^\\/\s])+)\/(?=$|\s)/.exec(rest);
  if (!m) return false;
  stream.pos += m[0].length;
  return true;
}

export const vigieStreamParser = {
  name: "vigie",
  startState(): State {
    return { depth: 0, stack: [], lineStart: true, firstWord: "", afterArrow: false, afterMessage: false, wordIndex: 0 };
  },
  copyState(s: State): State {
    return { ...s, stack: s.stack.slice() };
  },
  token(stream: StringStream, state: State): string | null {
    if (stream.sol()) {
      state.lineStart = true;
      state.firstWord = "";
      state.afterArrow = false;
      state.afterMessage = false;
      state.wordIndex = 0;
    }
    if (stream.eatSpace()) return null;
    const c = stream.peek()!;
    if (c === "#") {
      stream.skipToEnd();
      return "comment";
    }
    const first = state.lineStart;
    state.lineStart = false;
    const idx = state.wordIndex++;
    if (c === '"') {
      stream.next();
      let escaped = false;
      while (!stream.eol()) {
        const ch = stream.next();
        if (escaped) escaped = false;
        else if (ch === "\\") escaped = true;
        else if (ch === '"') break;
      }
      // Inside a rule, a double-quoted string is the message the model gets; attributes
      // (`id`, `example`, `counterexample`) may follow it on the same line.
      if (state.firstWord in EFFECTS) state.afterMessage = true;
      return "string";
    }
    if (c === "'") {
      stream.next();
      stream.skipTo("'") ? stream.next() : stream.skipToEnd();
      return "string.special";
    }
    if (c === "{") {
      stream.next();
      state.stack.push(state.firstWord);
      state.depth++;
      return "brace";
    }
    if (c === "}") {
      stream.next();
      state.stack.pop();
      state.depth = Math.max(0, state.depth - 1);
      return "brace";
    }
    if (c === "(" || c === ")") {
      stream.next();
      return "paren";
    }
    if (c === "|") {
      stream.next();
      return "operator";
    }
    if (stream.match("=>")) {
      state.afterArrow = true;
      return "operator";
    }
    if (c === "/" && matchRegex(stream)) return "regexp";
    const w = readWord(stream);
    if (!w) {
      stream.next();
      return null;
    }
    if (first) state.firstWord = w;
    const block = state.stack[state.stack.length - 1] ?? "";
    if (w in EFFECTS && (first || state.afterArrow || (idx === 1 && state.firstWord === "default") ||
        (idx === 1 && state.firstWord === "metachars") || (idx === 1 && state.firstWord === "non-interactive"))) {
      return EFFECTS[w];
    }
    if (first) {
      if (BLOCKS.has(w) && (state.depth === 0 || (w !== "test" && block === "agent"))) return "blockName";
      if (state.depth === 0 && TOP.has(w)) return "keyword";
      if (block === "test" && TEST_KINDS.has(w)) return "typeName";
      if (SETTINGS.has(w) || (w === "default" && state.depth > 0)) return "propertyName";
      if (state.depth === 0 && !BLOCKS.has(w)) return "invalid";
      return null;
    }
    if (state.afterArrow && w === "rule") return "propertyName";
    if (idx === 1 && state.firstWord === "id") return "labelName";
    if (state.afterMessage && (w === "id" || w === "example" || w === "counterexample")) {
      state.firstWord = w === "id" ? "id" : state.firstWord;
      state.wordIndex = 1;
      return "propertyName";
    }
    if (CONDITIONS.has(w) && state.firstWord in EFFECTS && !state.afterMessage) return "keyword";
    if (w === "interactive" && block === "test") return "propertyName";
    if (w === "with" && block === "test") return "propertyName";
    if (w === "..." || w === "$" || w === "*") return "operator";
    if (/^\d+[smh]?$/.test(w)) return "number";
    if (VALUES.has(w) && idx >= 1 && (state.firstWord !== "allow" && state.firstWord !== "deny" && state.firstWord !== "ask" || /^[A-Z]+$/.test(w))) return "atom";
    if (state.firstWord === "mode" || (state.firstWord === "with" && w === "mode")) return "atom";
    if (w.startsWith("-") && w.length > 1 && block === "commands") return "optionWord";
    if (state.afterArrow) return "labelName";
    return null;
  },
  languageData: {
    commentTokens: { line: "#" },
    closeBrackets: { brackets: ["(", '"', "'", "{"] },
    indentOnInput: /^\s*\}$/,
  },
  indent(state: State, textAfter: string, cx: { unit: number }): number {
    const closing = /^\s*\}/.test(textAfter) ? 1 : 0;
    return Math.max(0, state.depth - closing) * cx.unit;
  },
  tokenTable: {
    effectAllow,
    effectDeny,
    effectAsk,
    blockName,
    optionWord,
  },
};

export const vigieLanguage = StreamLanguage.define(vigieStreamParser as any);

export const vigieHighlight = HighlightStyle.define([
  { tag: t.comment, color: "var(--hl-comment)", fontStyle: "italic" },
  { tag: t.keyword, color: "var(--hl-keyword)", fontWeight: "600" },
  { tag: blockName, color: "var(--hl-block)", fontWeight: "700" },
  { tag: t.propertyName, color: "var(--hl-setting)" },
  { tag: t.typeName, color: "var(--hl-kind)" },
  { tag: t.string, color: "var(--hl-string)" },
  { tag: t.special(t.string), color: "var(--hl-sstring)" },
  { tag: t.regexp, color: "var(--hl-regex)" },
  { tag: t.atom, color: "var(--hl-atom)" },
  { tag: t.number, color: "var(--hl-number)" },
  { tag: t.operator, color: "var(--hl-operator)", fontWeight: "600" },
  { tag: t.brace, color: "var(--hl-operator)" },
  { tag: t.paren, color: "var(--hl-operator)" },
  { tag: t.labelName, color: "var(--hl-setting)" },
  { tag: optionWord, color: "var(--hl-option)" },
  { tag: t.invalid, color: "var(--hl-invalid)", textDecoration: "underline dotted" },
  { tag: effectAllow, color: "var(--allow)", fontWeight: "700" },
  { tag: effectDeny, color: "var(--deny)", fontWeight: "700" },
  { tag: effectAsk, color: "var(--ask)", fontWeight: "700" },
]);

// Completion of the language's words (keys, blocks, effects, values): a plain list.
const WORDS = [
  ...[...BLOCKS].map((w) => ({ label: w, type: "class" })),
  ...[...TOP].map((w) => ({ label: w, type: "keyword" })),
  ...[...SETTINGS].map((w) => ({ label: w, type: "property" })),
  ...[...TEST_KINDS].map((w) => ({ label: w, type: "type" })),
  ...["allow", "deny", "ask"].map((w) => ({ label: w, type: "keyword", boost: 2 })),
  ...[...CONDITIONS].map((w) => ({ label: w, type: "keyword" })),
  ...["readonly", "auto", "on", "off", "user", "root", "always", "never", "none", "actions", "minutes", "with", "rule"].map((w) => ({ label: w, type: "constant" })),
];
const vigieCompletion = vigieLanguage.data.of({ autocomplete: completeFromList(WORDS) });

export function vigie() {
  return [vigieLanguage, syntaxHighlighting(vigieHighlight), vigieCompletion];
}
