/**
 * What the shell shows instead of a view when a link's scenario fails the simulator's validator
 * (linkGate): the problems, in the simulator's words (the first few), and the ways on — reset to
 * the default scenario, or open the link anyway to fix it at its fields.
 */
import type { Refused } from './linkGate';

/** Problems listed per refused scenario; the rest are counted. */
const SHOWN = 6;

export function LinkRefused({
  refused,
  onReset,
  onOpenAnyway,
}: {
  refused: readonly Refused[];
  onReset(): void;
  onOpenAnyway(): void;
}) {
  return (
    <section className="gate" role="alert" aria-labelledby="gate-title">
      <h2 id="gate-title">This link’s scenario was not opened</h2>
      {refused.map((r) => (
        <div key={r.param}>
          <p>{r.what} in the link has problems the simulator will not run:</p>
          <ul className="gate-problems">
            {r.problems.slice(0, SHOWN).map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          {r.problems.length > SHOWN && <p>… and {r.problems.length - SHOWN} more.</p>}
        </div>
      ))}
      <div className="gate-actions">
        <button type="button" className="primary" onClick={onReset}>
          Reset to the default scenario
        </button>
        <button type="button" onClick={onOpenAnyway}>
          Open it anyway to fix it
        </button>
      </div>
    </section>
  );
}
