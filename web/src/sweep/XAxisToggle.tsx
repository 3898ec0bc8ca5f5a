/**
 * The Sweep view's choice of x axis for all its charts: linear, or log (for values spanning
 * decades, such as bit error rates). The choice is part of the sweep's link (`x=`).
 */
export function XAxisToggle({
  label,
  value,
  onChange,
}: {
  label: string;
  value: 'linear' | 'log';
  onChange(v: 'linear' | 'log'): void;
}) {
  return (
    <fieldset className="x-axis-toggle">
      <legend>{label} axis</legend>
      {(['linear', 'log'] as const).map((k) => (
        <label key={k}>
          <input type="radio" name="sweep-x-axis" value={k} checked={value === k} onChange={() => onChange(k)} />
          {k === 'log' ? 'Log' : 'Linear'}
        </label>
      ))}
    </fieldset>
  );
}
