/** A labelled text field with inline problems (ids, paths, value lists). */
import { useId } from 'react';
import { ProblemList } from './ProblemList';
import './controls.css';

export interface TextFieldProps {
  label: string;
  labelPrefix?: string;
  value: string;
  onChange(value: string): void;
  problems?: readonly string[];
  path?: string;
  hint?: string;
  placeholder?: string;
  className?: string;
  readOnly?: boolean;
}

export function TextField({
  label,
  labelPrefix,
  value,
  onChange,
  problems = [],
  path,
  hint,
  placeholder,
  className,
  readOnly,
}: TextFieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const invalid = problems.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`} data-path={path}>
      <label htmlFor={id}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="field-desc">
          {hint}
        </p>
      )}
      {invalid && <ProblemList id={errId} problems={problems} terms={{ label }} />}
    </div>
  );
}
