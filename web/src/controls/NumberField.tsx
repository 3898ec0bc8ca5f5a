/**
 * A labelled numeric text field with its unit and inline problems.
 *
 * The accessible name is `labelPrefix + label` (the prefix is visually hidden, so "Bandwidth" in
 * the access-link panel is announced as "Access link Bandwidth" while the bottleneck's stays
 * exactly "Bandwidth"); the unit and any problems are its description. The field keeps the typed
 * text while it is being edited and commits a number only when the text parses; otherwise it shows
 * its own "enter a number" problem and reports it through `onParseError`.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ProblemList } from './ProblemList';
import './controls.css';

export interface NumberFieldProps {
  label: string;
  /** Visually hidden text before the label (disambiguates repeated labels for screen readers). */
  labelPrefix?: string;
  unit?: ReactNode;
  /** Committed value; `undefined` shows an empty field. */
  value: number | undefined;
  /** Called with the parsed number, or `undefined` when emptied and `optional`. */
  onCommit(value: number | undefined): void;
  /** Problems to show next to the field, each `"<json path>: <message>"` or plain text. */
  problems?: readonly string[];
  /** JSON path, named in this field's own parse problems and set as `data-path`. */
  path?: string;
  /** Reported when the text stops (string) or starts again (null) to parse. */
  onParseError?(message: string | null): void;
  /** Empty text means "leave it out" rather than a problem. */
  optional?: boolean;
  placeholder?: string;
  hint?: string;
  /** Extra content under the input (e.g. a live readout). */
  children?: ReactNode;
  /** Extra element next to the unit (e.g. a unit selector). */
  after?: ReactNode;
  name?: string;
  /** Value → text (default `String`). */
  format?(v: number): string;
  /** JSON value → the number shown (problems state their ranges in the field's unit). */
  toShown?(x: number): number;
  className?: string;
}

export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function NumberField({
  label,
  labelPrefix,
  unit,
  value,
  onCommit,
  problems = [],
  path,
  onParseError,
  optional = false,
  placeholder,
  hint,
  children,
  after,
  name,
  format = String,
  toShown,
  className,
}: NumberFieldProps) {
  const id = useId();
  const unitId = `${id}-unit`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shown = value === undefined ? '' : format(value);
  const [text, setText] = useState(shown);
  const [parseError, setParseError] = useState<string | null>(null);
  const lastShown = useRef(shown);

  // Follow outside changes (preset, upload, unit switch) unless the text already means that value.
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const n = parseNumber(text);
    if (value === undefined ? text.trim() !== '' : n !== value) {
      setText(shown);
      setParseError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resync only when the shown value changes from outside; text and value also change with the user's own typing, which must not be overwritten
  }, [shown]);

  const report = useRef(onParseError);
  report.current = onParseError;
  useEffect(() => {
    report.current?.(parseError);
  }, [parseError]);
  useEffect(() => () => report.current?.(null), []);

  const onChange = (t: string) => {
    setText(t);
    const n = parseNumber(t);
    if (n !== null) {
      setParseError(null);
      lastShown.current = format(n);
      onCommit(n);
    } else if (t.trim() === '' && optional) {
      setParseError(null);
      lastShown.current = '';
      onCommit(undefined);
    } else {
      setParseError(`${path ?? label}: enter a number`);
    }
  };

  const all = parseError ? [parseError] : problems;
  const invalid = all.length > 0;
  const describedBy = [unit ? unitId : null, hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`} data-path={path}>
      <label htmlFor={id}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      <div className="field-input">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          title={hint}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit && (
          <span id={unitId} className="unit">
            {unit}
          </span>
        )}
        {after}
      </div>
      {hint && (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
      {invalid && (
        <ProblemList
          id={errorId}
          problems={all}
          terms={{ label, unit: typeof unit === 'string' ? unit : undefined, toShown }}
        />
      )}
      {children}
    </div>
  );
}
