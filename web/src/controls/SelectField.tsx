/** A labelled `<select>` with a description and inline problems. */
import { useId, type ReactNode } from 'react';
import { ProblemList } from './ProblemList';
import './controls.css';

export interface Option {
  value: string;
  label: string;
  title?: string;
}

export interface SelectFieldProps {
  label: string;
  labelPrefix?: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
  problems?: readonly string[];
  path?: string;
  /** Shown under the select (e.g. the chosen entry's description). */
  description?: ReactNode;
  name?: string;
  className?: string;
  /** Label hidden visually (used in dense rows where a column header already says it). */
  hideLabel?: boolean;
  /** Tooltip of the select (e.g. the chosen entry's description where space is short). */
  title?: string;
}

export function SelectField({
  label,
  labelPrefix,
  value,
  options,
  onChange,
  problems = [],
  path,
  description,
  name,
  className,
  hideLabel,
  title,
}: SelectFieldProps) {
  const id = useId();
  const descId = `${id}-desc`;
  const errId = `${id}-err`;
  const invalid = problems.length > 0;
  const known = options.some((o) => o.value === value);
  const describedBy = [description ? descId : null, invalid ? errId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`} data-path={path}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        title={title}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} title={o.title}>
            {o.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={descId} className="field-desc">
          {description}
        </p>
      )}
      {invalid && <ProblemList id={errId} problems={problems} terms={{ label }} />}
    </div>
  );
}
