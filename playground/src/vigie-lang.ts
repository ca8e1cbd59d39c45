// Syntax highlighting for the vigie policy language (docs/language.md): a small
// StreamLanguage tokenizer, no grammar. It only colours; the real parser lives in the WASM
// engine and reports errors as diagnostics.
import { StreamLanguage, HighlightStyle, syntaxHighlighting, type StringStream } from "@codemirror/language";
import { Tag, tags as t } from "@lezer/highlight";
import { completeFromList, type CompletionContext } from "@codemirror/autocomplete";
import { Compartment } from "@codemirror/state";
import { ViewPlugin, type EditorView } from "@codemirror/view";
import { load } from "vigie";

// Effects get their own colours: they are what a reader scans for.
export const effectAllow = Tag.define();
export const effectDeny = Tag.define();
export const effectAsk = Tag.define();
const blockName = Tag.define(t.keyword);
const optionWord = Tag.define();

// The language's words come from the engine's own tables: the WASM package's `vocabulary()`
// (wasm/vocabulary_bindings.cpp, read from the checker's key table in grammar/policy/key_table.cpp).
// Nothing here lists them. Until the package has loaded, words are not coloured; when it has,
// every editor using the language is highlighted again.
interface Vocabulary {
  blocks: readonly string[];
  keys: readonly { block: string; key: string }[];
  with_keys: readonly string[];
  attributes: readonly string[];
  effects: readonly string[];
  modes: readonly string[];
  test_kinds: readonly string[];
  conditions: readonly string[];
  values: readonly string[];
}

const BLOCKS = new Set<string>(); // block names that are not also a top-level setting (`mode`)
const TOP = new Set<string>(); // top-level settings
const SETTINGS = new Set<string>(); // settings of blocks, and what may follow a rule
const ATTRIBUTES = new Set<string>(); // id, example, counterexample
const TEST_KINDS = new Set<string>();
const VALUES = new Set<string>(); // fixed values and modes, not effects
const CONDITIONS = new Set<string>(); // operand conditions of a command rule
// Effects get their own colours: a token per effect (the effects themselves are vocabulary).
const EFFECT_TOKENS: Record<string, string> = { allow: "effectAllow", deny: "effectDeny", ask: "effectAsk" };
const EFFECTS: Record<string, string> = {};

export function applyVocabulary(v: Vocabulary): void {
  for (const k of v.keys) (k.block === "" ? TOP : SETTINGS).add(k.key);
  for (const b of v.blocks) if (!TOP.has(b)) BLOCKS.add(b);
  for (const w of v.attributes) {
    ATTRIBUTES.add(w);
    SETTINGS.add(w);
  }
  for (const w of v.test_kinds) TEST_KINDS.add(w);
  for (const w of v.conditions) CONDITIONS.add(w);
  for (const w of v.effects) if (EFFECT_TOKENS[w]) EFFECTS[w] = EFFECT_TOKENS[w];
  for (const w of [...v.values, ...v.modes]) if (!(w in EFFECTS)) VALUES.add(w);
}

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
    if (state.afterMessage && ATTRIBUTES.has(w)) {
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

export let vigieLanguage = StreamLanguage.define(vigieStreamParser as any);

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

// Completion of the language's words (keys, blocks, effects, values): a plain list, built from
// the vocabulary once it is there.
function words() {
  return [
    ...[...BLOCKS].map((w) => ({ label: w, type: "class" })),
    ...[...TOP].map((w) => ({ label: w, type: "keyword" })),
    ...[...SETTINGS].map((w) => ({ label: w, type: "property" })),
    ...[...TEST_KINDS].map((w) => ({ label: w, type: "type" })),
    ...Object.keys(EFFECTS).map((w) => ({ label: w, type: "keyword", boost: 2 })),
    ...[...CONDITIONS].map((w) => ({ label: w, type: "keyword" })),
    ...[...VALUES, "with", "rule"].map((w) => ({ label: w, type: "constant" })),
  ];
}
let complete = completeFromList(words());
const completion = () => vigieLanguage.data.of({ autocomplete: (cx: CompletionContext) => complete(cx) });

// The editors using the language, to highlight them again when the vocabulary arrives.
const language = new Compartment();
const views = new Set<EditorView>();
const tracker = ViewPlugin.define((view) => {
  views.add(view);
  return { destroy: () => void views.delete(view) };
});

// The vocabulary, from the package (a mock build without one leaves words uncoloured).
void load()
  .then((engine) => {
    const v = (engine as unknown as { vocabulary?: () => Vocabulary }).vocabulary?.();
    if (!v || "error" in v) return;
    applyVocabulary(v);
    complete = completeFromList(words());
    vigieLanguage = StreamLanguage.define(vigieStreamParser as any);
    for (const view of views) view.dispatch({ effects: language.reconfigure([vigieLanguage, completion()]) });
  })
  .catch(() => {});

export function vigie() {
  return [language.of([vigieLanguage, completion()]), syntaxHighlighting(vigieHighlight), tracker];
}
