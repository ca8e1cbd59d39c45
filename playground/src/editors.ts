// The two CodeMirror editors (the policy, the JSON request), and moving the policy editor's
// cursor to a line written in a diagnostic, a rule reference or a test.
import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorSelection, EditorState } from "@codemirror/state";
import { lintGutter } from "@codemirror/lint";
import { indentWithTab } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { vigie } from "./vigie-lang";
import { $ } from "./state";

export const editorTheme = EditorView.theme({
  "&": { height: "100%", fontSize: "13.5px", backgroundColor: "var(--editor-bg)", color: "var(--fg)" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.55" },
  ".cm-gutters": { backgroundColor: "var(--editor-gutter)", color: "var(--muted)", border: "none" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--editor-active)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--fg)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--selection) !important" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-tooltip-lint": { fontFamily: "var(--sans)", maxWidth: "480px" },
  ".cm-diagnosticText": { whiteSpace: "pre-wrap" },
  ".cm-panels": { backgroundColor: "var(--panel)", color: "var(--fg)" },
  ".cm-flash": { backgroundColor: "var(--flash)", transition: "background-color 1s" },
});

export let policyView: EditorView;
export let requestView: EditorView;

/** `changed(text)` on each edit; `moved()` when the cursor moves or the focus changes. */
export function makePolicyEditor(doc: string, changed: (text: string) => void, moved: () => void) {
  policyView = new EditorView({
    parent: $("policy-editor"),
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        vigie(),
        lintGutter(),
        EditorView.lineWrapping,
        editorTheme,
        EditorView.contentAttributes.of({ "aria-label": "Policy source", spellcheck: "false" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed(u.state.doc.toString());
          else if (u.selectionSet || u.focusChanged) moved();
        }),
      ],
    }),
  });
}

export function makeRequestEditor(doc: string, changed: (text: string) => void) {
  requestView = new EditorView({
    parent: $("request-editor"),
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        json(),
        editorTheme,
        EditorView.contentAttributes.of({ "aria-label": "Request JSON" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed(u.state.doc.toString());
        }),
      ],
    }),
  });
}

export function setDoc(view: EditorView, text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** 1-based line and byte column → document offset. */
export function offsetOf(line: number, byteCol: number): number {
  const doc = policyView.state.doc;
  const l = doc.line(Math.min(Math.max(1, line || 1), doc.lines));
  let bytes = 1;
  let i = 0;
  const text = l.text;
  while (i < text.length && bytes < byteCol) {
    const cp = text.codePointAt(i)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  return l.from + i;
}

export function jumpTo(line: number, column = 1) {
  const doc = policyView.state.doc;
  if (!line || line > doc.lines) return;
  const pos = offsetOf(line, column);
  const l = doc.lineAt(pos);
  policyView.dispatch({
    selection: EditorSelection.range(l.from, l.to),
    effects: EditorView.scrollIntoView(pos, { y: "center" }),
  });
  policyView.focus();
}
