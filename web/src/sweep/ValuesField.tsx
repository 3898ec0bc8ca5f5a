/**
 * The values of one varied path, as typed: a plain list (`0, 1e-6, 1e-5`; `new_reno, westwood`)
 * on one line, or — when a value is an object or a list (an error model, a whole flow) — an
 * editor of several lines in a fixed-width font, each value as JSON over as many lines as it
 * needs. The text is checked as it is typed (`valueProblems`: JSON that does not parse, a bracket
 * never closed, with the value's number, line and column) and the problems are said under the
 * field with the varied parameter named; "Lay out one value per line" rewrites valid JSON values
 * readably. A rate's values are read back in the unit the charts will show them in
 * ("Reads 0.5, 1, 2 Mbit/s").
 */
import { useId } from 'react';
import { ProblemList } from '../controls/ProblemList';
import type { Catalog } from '../scenario/catalog';
import { hasJsonValues, parseValues, valueProblems, valuesLaidOut } from './sweepModel';
import { shownIn, valueText, type ParamWords } from './sweepWords';

export interface ValuesFieldProps {
  label: string;
  /** The JSON path the values set, shown under them for those who know the file format. */
  path?: string;
  /** Read before the label by screen readers (which row this is). */
  labelPrefix?: string;
  /** The field in words for its problems (`Varied parameter 2 (Bottleneck error model)`). */
  name: string;
  value: string;
  onChange(value: string): void;
  /** The path's words (its unit), for reading a rate back; absent for a path of no known unit. */
  words?: ParamWords;
  catalog: Catalog;
  /** Replaces the usual line on how to type values ('': none). */
  hint?: string;
}

/** The rows the text area shows: one for a plain list, its lines (4 to 16) for JSON values. */
function rowsOf(value: string, json: boolean): number {
  const lines = value.split('\n').length;
  return json ? Math.max(4, Math.min(16, lines + 1)) : Math.min(4, lines);
}

export function ValuesField({
  label,
  path,
  labelPrefix,
  name,
  value,
  onChange,
  words,
  catalog,
  hint,
}: ValuesFieldProps) {
  const id = useId();
  const json = hasJsonValues(value);
  const problems = valueProblems(value);
  const values = problems.length === 0 ? parseValues(value) : [];
  const laidOut = json && problems.length === 0 ? valuesLaidOut(values) : value;
  // A rate read back in the unit the charts show it in (only when that is not the typed unit).
  const shown =
    words && values.length > 0 && values.every((v) => typeof v === 'number') ? shownIn(words, values) : null;
  const reads =
    shown && words && shown.unit !== words.unit
      ? `Reads ${values.map((v) => valueText(v, shown, catalog)).join(', ')} ${shown.unit}.`
      : null;
  const text =
    hint ??
    (json
      ? 'One value per line or separated by commas; each object or list as JSON, over as many lines as it needs.'
      : 'Separated by commas: numbers, or ids such as new_reno; objects and lists as JSON.');
  const hintId = `${id}-hint`;
  const errId = `${id}-err`;
  const invalid = problems.length > 0;
  return (
    <div
      className={`field sweep-values${json ? ' sweep-values-json' : ''}${invalid ? ' field-invalid' : ''}`}
      data-json={json || undefined}
    >
      <label htmlFor={id}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      <textarea
        id={id}
        rows={rowsOf(value, json)}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [text || reads || path ? hintId : null, invalid ? errId : null].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => onChange(e.target.value)}
      />
      {(text || reads || path) && (
        <p id={hintId} className="field-desc">
          {path && <code className="sweep-values-path">{path}</code>}
          {[text, reads].filter(Boolean).join(' ')}
        </p>
      )}
      {json && !invalid && laidOut !== value && (
        <button type="button" className="small" onClick={() => onChange(laidOut)}>
          Lay out one value per line
        </button>
      )}
      {invalid && <ProblemList id={errId} problems={problems} terms={{ label: name }} />}
    </div>
  );
}
