/** The embed chrome's speed control: the lab's speeds, in a compact select. */
import { useId } from 'react';
import { SPEEDS } from '../run/speeds';

export function SpeedSelect({ value, onChange }: { value: number; onChange(index: number): void }) {
  const id = useId();
  return (
    <span className="embed-speed">
      <label htmlFor={id}>Speed</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {SPEEDS.map((s, i) => (
          <option key={s.label} value={i}>
            {s.label}
          </option>
        ))}
      </select>
    </span>
  );
}
