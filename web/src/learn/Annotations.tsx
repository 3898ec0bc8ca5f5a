/**
 * A figure's annotations pinned to simulated times: a strip on the run's time axis with a mark at
 * each time, numbered, and the notes listed below it; a note lights up once the run has passed it.
 */
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
  const span = Math.max(axisS, ...notes.map((n) => n.t_s), 1e-9);
  return (
    <div className="figure-notes">
      <div className="notes-strip" aria-hidden="true">
        {notes.map((n, i) => (
          <span
            key={i}
            className={`notes-pin${nowS >= n.t_s ? ' reached' : ''}`}
            style={{ left: `${(100 * n.t_s) / span}%` }}
          >
            {i + 1}
          </span>
        ))}
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
