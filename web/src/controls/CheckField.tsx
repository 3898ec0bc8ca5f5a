/** A labelled checkbox with inline problems. */
import { useId } from 'react';
import { ProblemList } from './ProblemList';
import './controls.css';

export interface CheckFieldProps {
  label: string;
  labelPrefix?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  problems?: readonly string[];
  path?: string;
  hint?: string;
}

export function CheckField({ label, labelPrefix, checked, onChange, problems = [], path, hint }: CheckFieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const invalid = problems.length > 0;
  return (
    <div className={`field field-check${invalid ? ' field-invalid' : ''}`} data-path={path}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        title={hint}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      {invalid && <ProblemList id={errId} problems={problems} terms={{ label }} />}
    </div>
  );
}
