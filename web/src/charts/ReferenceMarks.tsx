/**
 * A paper's own numbers over a sweep chart: each point a hollow square in its series' colour
 * (grey when no LossLab series compares with it) with a bar of ± its stated uncertainty, the
 * squares of one series joined by a thin dashed line. Drawn inside the chart's plot group with
 * the chart's scales; values in the chart's shown units.
 */

export interface ReferencePoint {
  x: number;
  y: number;
  /** ± reading uncertainty of y (0 for printed values). */
  uncertainty: number;
}

export interface ReferenceSeries {
  key: string;
  label: string;
  color: string;
  points: readonly ReferencePoint[];
}

/** Lowest and highest y the marks reach (with their bars), or null when there are none. */
export function referenceExtent(series: readonly ReferenceSeries[]): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const s of series)
    for (const p of s.points) {
      if (!Number.isFinite(p.y)) continue;
      min = Math.min(min, p.y - Math.abs(p.uncertainty));
      max = Math.max(max, p.y + Math.abs(p.uncertainty));
    }
  return min <= max ? { min, max } : null;
}

export function ReferenceMarks({
  series,
  x,
  y,
}: {
  series: readonly ReferenceSeries[];
  x(v: number): number;
  y(v: number): number;
}) {
  return (
    <g className="reference-marks">
      {series.map((s) => {
        const pts = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
        const line = pts.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.x)},${y(p.y)}`).join('');
        return (
          <g key={s.key} data-reference={s.key}>
            {pts.length > 1 && (
              <path d={line} fill="none" style={{ stroke: s.color }} strokeWidth={1} strokeDasharray="3 3" />
            )}
            {pts.map((p, k) => {
              const px = x(p.x);
              const u = Math.abs(p.uncertainty);
              return (
                <g key={k} className="reference-point" data-x={p.x} data-y={p.y}>
                  {u > 0 && (
                    <path
                      d={`M${px},${y(p.y - u)}V${y(p.y + u)}M${px - 3},${y(p.y - u)}H${px + 3}M${px - 3},${y(p.y + u)}H${px + 3}`}
                      fill="none"
                      style={{ stroke: s.color }}
                    />
                  )}
                  <rect
                    x={px - 4}
                    y={y(p.y) - 4}
                    width={8}
                    height={8}
                    fill="var(--panel, #fff)"
                    style={{ stroke: s.color }}
                    strokeWidth={1.6}
                  />
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}
