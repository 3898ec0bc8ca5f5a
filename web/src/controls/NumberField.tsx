/**
 * A labelled numeric text field with its unit and inline problems.
 * The accessible name is exactly `label`; the unit and any problems are its description.
 */
import { useId } from 'react';

export interface NumberFieldProps {
  label: string;
  unit: string;
  value: string;
  onChange(value: string): void;
  /** Problems to show next to the field, each `"<json path>: <message>"` or plain text. */
  problems?: readonly string[];
  hint?: string;
  /** Extra attributes for tests and styling. */
  name?: string;
}

export function NumberField({ label, unit, value, onChange, problems = [], hint, name }: NumberFieldProps) {
  const id = useId();
  const unitId = `${id}-unit`;
  const errorId = `${id}-error`;
  const invalid = problems.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-input">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          title={hint}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${unitId} ${errorId}` : unitId}
          onChange={(e) => onChange(e.target.value)}
        />
        <span id={unitId} className="unit">
          {unit}
        </span>
      </div>
      {invalid && (
        <div id={errorId} role="alert" className="field-error">
          {problems.map((p) => (
            <Problem key={p} text={p} />
          ))}
        </div>
      )}
    </div>
  );
}

function Problem({ text }: { text: string }) {
  const i = text.indexOf(': ');
  if (i < 0) return <p>{text}</p>;
  return (
    <p>
      <code>{text.slice(0, i)}</code>: {text.slice(i + 2)}
    </p>
  );
}
