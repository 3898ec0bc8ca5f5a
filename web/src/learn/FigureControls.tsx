/**
 * The few controls a lesson figure lets the reader move: a select for a list of values, a
 * slider for a min/max/step range, each with its label and unit.
 */
import { useId } from 'react';
import type { Json } from './lessonModel';
import type { FigureControl } from './lessonModel';
import { valueText } from './figureScenario';

export function FigureControls({
  controls,
  values,
  hidden = -1,
  onChange,
}: {
  controls: readonly FigureControl[];
  values: readonly Json[];
  /** A control not to show (a sweep panel's x: every value is on the chart). */
  hidden?: number;
  onChange(index: number, value: Json): void;
}) {
  return (
    <div className="figure-controls">
      {controls.map((c, i) =>
        i === hidden ? null : (
          <ControlField key={c.path} control={c} value={values[i]} onChange={(v) => onChange(i, v)} />
        ),
      )}
    </div>
  );
}

function ControlField({
  control: c,
  value,
  onChange,
}: {
  control: FigureControl;
  value: Json;
  onChange(v: Json): void;
}) {
  const id = useId();
  const label = c.unit ? `${c.label} (${c.unit})` : c.label;
  if (c.values) {
    const index = Math.max(
      0,
      c.values.findIndex((v) => v === value),
    );
    return (
      <label className="figure-control" htmlFor={id}>
        <span>{label}</span>
        <select id={id} value={index} data-path={c.path} onChange={(e) => onChange(c.values![Number(e.target.value)])}>
          {c.values.map((v, i) => (
            <option key={i} value={i}>
              {valueText({ ...c, unit: '' }, v)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label className="figure-control" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="range"
        data-path={c.path}
        min={c.min}
        max={c.max}
        step={c.step}
        value={Number(value)}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id}>{valueText(c, value)}</output>
    </label>
  );
}
