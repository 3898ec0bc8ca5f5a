/**
 * The code editor's engine: CodeMirror 6 set up for the reader's own classifier or congestion
 * control (JavaScript highlighting, line numbers, undo, bracket help, and completions of the
 * fields each record carries, with their meanings). Loaded on demand by `CodeEditor`, so pages
 * that show no editor do not carry it. Tab is left to move the focus (no indent-with-Tab trap).
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import type { FieldDoc } from '../sim/customFields';

/** Completions of `name.` for each record name (`ack`, `loss`, `window`). */
function fieldCompletions(records: Record<string, FieldDoc[]>): CompletionSource {
  return (ctx) => {
    const m = ctx.matchBefore(/\b(\w+)\.(\w*)$/);
    if (!m) return null;
    const [, record] = /^(\w+)\./.exec(m.text) ?? [];
    const fields = records[record];
    if (!fields) return null;
    return {
      from: m.from + record.length + 1,
      options: fields.map((f) => ({ label: f.name, type: 'property', detail: f.type, info: f.doc })),
      validFor: /^\w*$/,
    };
  };
}

/** Marks one line as the place of the last error (null: none). */
export const setErrorLine = StateEffect.define<number | null>();

const errorLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      const n = e.value;
      if (n === null || n < 1 || n > tr.state.doc.lines) return Decoration.none;
      const line = tr.state.doc.line(n);
      return Decoration.set([Decoration.line({ class: 'cm-error-line' }).range(line.from)]);
    }
    return marks.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--input-bg)',
    color: 'var(--ink)',
    border: '1px solid var(--input-line)',
    borderRadius: '6px',
  },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '1px' },
  '.cm-content': { fontFamily: 'var(--mono, ui-monospace, monospace)', fontSize: '0.9rem' },
  '.cm-gutters': { backgroundColor: 'var(--panel-2)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-error-line': { backgroundColor: 'var(--danger-bg)' },
  '.cm-scroller': { minHeight: '14rem', maxHeight: '28rem' },
});

export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  label: string;
  records: Record<string, FieldDoc[]>;
  onChange(text: string): void;
}

/** An editor in `parent`; `destroy()` removes it. */
export function createEditor(o: EditorOptions): EditorView {
  const extensions: Extension[] = [
    lineNumbers(),
    history(),
    bracketMatching(),
    closeBrackets(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    javascript(),
    autocompletion({ override: [fieldCompletions(o.records)] }),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
    errorLine,
    theme,
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': o.label, spellcheck: 'false' }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) o.onChange(u.state.doc.toString());
    }),
  ];
  return new EditorView({ parent: o.parent, state: EditorState.create({ doc: o.doc, extensions }) });
}

/** Replaces the whole text (a template chosen, a scenario loaded). */
export function replaceText(view: EditorView, text: string): void {
  if (view.state.doc.toString() === text) return;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
