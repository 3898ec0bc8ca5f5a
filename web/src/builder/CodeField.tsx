/**
 * The reader's code with its syntax checked as it is typed: the editor (`controls/CodeEditor`)
 * with the first mistake's line marked and said under it. `useCodeMistake` gives that mistake
 * (acorn, through `sim/codeCheck`; nothing runs) to a caller that also needs it — to keep code
 * that does not parse out of a run. Used by the builder's "Your code" and a lesson's challenge.
 */
import { useMemo } from 'react';
import { CodeEditor } from '../controls/CodeEditor';
import { parseCode, type SyntaxMistake } from '../sim/codeCheck';
import type { FieldDoc } from '../sim/customFields';

/** The first syntax mistake of `source` (null: none, or no code). */
export function useCodeMistake(source: string | null | undefined): SyntaxMistake | null {
  return useMemo(() => {
    if (source === null || source === undefined) return null;
    const p = parseCode(source);
    return 'mistake' in p ? p.mistake : null;
  }, [source]);
}

export interface CodeFieldProps {
  value: string;
  onChange(text: string): void;
  /** The editor's accessible name. */
  label: string;
  /** Completions after `name.`: each record's fields. */
  records: Record<string, FieldDoc[]>;
  /** `useCodeMistake(value)`. */
  mistake: SyntaxMistake | null;
}

export function CodeField({ value, onChange, label, records, mistake }: CodeFieldProps) {
  return (
    <>
      <CodeEditor value={value} onChange={onChange} label={label} records={records} errorLine={mistake?.line ?? null} />
      {mistake && (
        <p className="field-problem" role="alert">
          {mistake.message}
          {mistake.line !== null && ` (line ${mistake.line})`}
        </p>
      )}
    </>
  );
}
