/**
 * A figure's annotations pinned to simulated times: a strip under the charts with a numbered mark
 * at each time, and the notes listed below it; a note lights up once the run has passed it.
 *
 * The strip spans the charts' plot area, not the figure's width: it is inset by the charts' own
 * margins (`charts/usePlotted.ts` MARGIN: the y axis on the left, a gap on the right), so a pin at
 * t sits above the time axis's t. The axis grows with the run (`axisS`); a note's pin shows once
 * its time is on the axis (its text is listed from the start).
 */
import { MARGIN } from '../charts/usePlotted';

export function Annotations({
  notes,
  axisS,
  nowS,
}: {
  notes: readonly { t_s: number; text: string }[];
  axisS: number;
  nowS: number;
}) {
  if (notes.length === 0) return null;
  const span = Math.max(axisS, 1e-9);
  return (
    <div className="figure-notes">
      <div
        className="notes-strip"
        aria-hidden="true"
        style={{ marginLeft: MARGIN.left, marginRight: MARGIN.right }}
        data-axis-s={span}
      >
        {notes.map((n, i) =>
          n.t_s > span ? null : (
            <span
              key={i}
              className={`notes-pin${nowS >= n.t_s ? ' reached' : ''}`}
              style={{ left: `${(100 * n.t_s) / span}%` }}
              data-t={n.t_s}
            >
              {i + 1}
            </span>
          ),
        )}
      </div>
      <ol className="notes-list" aria-label="What to look for">
        {notes.map((n, i) => (
          <li key={i} className={nowS >= n.t_s ? 'reached' : undefined}>
            <span className="notes-time">at {n.t_s} s:</span> {n.text}
          </li>
        ))}
      </ol>
    </div>
  );
}
