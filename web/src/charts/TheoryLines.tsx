/**
 * Analytic curves over a sweep chart (a lesson's Mathis or Padhye throughput): each a thin line in
 * its own colour and dash through points the caller computed (the simulator's `theory` module,
 * through wasm — nothing is computed here), drawn inside the chart's plot group with the chart's
 * scales; values in the chart's shown units. Points with no finite value are left out.
 */

export interface TheoryLine {
  key: string;
  label: string;
  color: string;
  /** Dash pattern (SVG `stroke-dasharray`), so lines differ by more than colour. */
  dash: string;
  points: readonly { x: number; y: number }[];
}

/** Lowest and highest y the lines reach, or null when there are none. */
export function theoryExtent(lines: readonly TheoryLine[]): { min: number; max: number } | null {
  const ys = lines.flatMap((l) => l.points.map((p) => p.y)).filter(Number.isFinite);
  return ys.length > 0 ? { min: Math.min(...ys), max: Math.max(...ys) } : null;
}

export function TheoryLines({
  lines,
  x,
  y,
}: {
  lines: readonly TheoryLine[];
  x(v: number): number;
  y(v: number): number;
}) {
  return (
    <g className="theory-lines">
      {lines.map((l) => {
        const pts = l.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
        const d = pts.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.x)},${y(p.y)}`).join('');
        return (
          pts.length > 1 && (
            <path
              key={l.key}
              className="theory-line"
              data-theory={l.key}
              d={d}
              fill="none"
              style={{ stroke: l.color }}
              strokeWidth={2}
              strokeDasharray={l.dash}
            />
          )
        );
      })}
    </g>
  );
}
