/**
 * A short sample of a line (its colour, width and dash), as legends and read-outs show beside a
 * label: 22 × 10 px in legends, 14 × 8 px (`compact`) in a hover read-out.
 */
export function LineSwatch({
  color,
  width = 3,
  dash,
  compact = false,
}: {
  color: string;
  /** Stroke width in px. */
  width?: number;
  /** SVG `stroke-dasharray`, none for a solid line. */
  dash?: string;
  compact?: boolean;
}) {
  const [w, h, x1, x2] = compact ? [14, 8, 0, 14] : [22, 10, 1, 21];
  return (
    <svg width={w} height={h} aria-hidden="true">
      <line
        x1={x1}
        y1={h / 2}
        x2={x2}
        y2={h / 2}
        style={{ stroke: color }}
        strokeWidth={width}
        strokeDasharray={dash}
      />
    </svg>
  );
}
