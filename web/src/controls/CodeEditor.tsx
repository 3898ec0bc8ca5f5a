/**
 * A JavaScript editor for the reader's own code (CodeMirror 6, loaded on first use from
 * `codeMirror.ts`). Typing is handed on once it pauses (`commitMs`) or focus leaves the editor, so
 * a run is not restarted at every key; a new `value` from outside (a template, a loaded scenario)
 * replaces the text. The line of the last error is marked.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldDoc } from '../sim/customFields';

type Engine = typeof import('./codeMirror');
type View = ReturnType<Engine['createEditor']>;

export interface CodeEditorProps {
  value: string;
  onChange(text: string): void;
  /** The accessible name of the text area. */
  label: string;
  /** Completions after `name.`: each record's fields. */
  records: Record<string, FieldDoc[]>;
  /** The line to mark (null: none). */
  errorLine?: number | null;
  commitMs?: number;
}

export function CodeEditor({ value, onChange, label, records, errorLine = null, commitMs = 500 }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const engine = useRef<{ cm: Engine; view: View } | null>(null);
  const sent = useRef(value);
  const latest = useRef({ onChange, value });
  latest.current = { onChange, value };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    const flush = (text: string) => {
      sent.current = text;
      latest.current.onChange(text);
    };
    import('./codeMirror')
      .then((cm) => {
        if (gone || !host.current) return;
        const view = cm.createEditor({
          parent: host.current,
          doc: latest.current.value,
          label,
          records,
          onChange: (text) => {
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => flush(text), commitMs);
          },
        });
        engine.current = { cm, view };
        setReady(true);
      })
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
    return () => {
      gone = true;
      if (timer.current) {
        clearTimeout(timer.current);
        // Hand on what was typed before the editor goes.
        const text = engine.current?.view.state.doc.toString();
        if (text !== undefined && text !== sent.current) flush(text);
      }
      engine.current?.view.destroy();
      engine.current = null;
    };
    // The editor is made once; its text follows `value` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const e = engine.current;
    if (!e || value === sent.current) return;
    sent.current = value;
    e.cm.replaceText(e.view, value);
  }, [value, ready]);

  useEffect(() => {
    const e = engine.current;
    if (e) e.view.dispatch({ effects: e.cm.setErrorLine.of(errorLine) });
  }, [errorLine, ready]);

  if (failed)
    return (
      <p className="field-problem" role="alert">
        The code editor could not load ({failed}).
      </p>
    );
  // Leaving the editor (to press Run, say) hands on what was typed without waiting for the pause.
  const flushNow = () => {
    const e = engine.current;
    if (!timer.current || !e) return;
    clearTimeout(timer.current);
    timer.current = null;
    const text = e.view.state.doc.toString();
    if (text !== sent.current) {
      sent.current = text;
      latest.current.onChange(text);
    }
  };
  return <div className="code-editor" ref={host} data-ready={ready || undefined} onBlur={flushNow} />;
}
