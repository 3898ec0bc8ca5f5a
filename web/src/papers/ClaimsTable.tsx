/**
 * The claims checklist of a reproduction: one row per `expect` of the file — the claim, what the
 * paper reports, LossLab's value and the engine's verdict as a chip (green reproduced, amber
 * direction only, blue inconclusive with the replications likely to decide it, red not reproduced;
 * grey before a result) — a note where the row departs from the paper's procedure, a "sanity
 * check" tag on structural checks (never counted as reproductions) and, for a claim not
 * reproduced strictly, the mechanism we believe explains it and the scenario knob that tests it.
 */
import type { ReproductionInfo, ReproductionResult } from '../sim/reproductionCore';

const CHIP: Record<string, string> = {
  reproduced: 'chip-ok',
  'direction only': 'chip-dir',
  inconclusive: 'chip-inc',
  'not reproduced': 'chip-miss',
};

export function ClaimsTable({
  info,
  result,
  round,
}: {
  info: ReproductionInfo;
  /** The engine's evaluation after the last complete replication round, if any. */
  result: ReproductionResult | null;
  round: number;
}) {
  if (info.expect.length === 0) return <p className="muted">This figure states no machine-checked claims.</p>;
  return (
    // Wide tables scroll sideways inside this box, so it takes keyboard focus (arrow keys scroll it).
    <div className="claims-wrap" tabIndex={0} role="group" aria-label="Claims table (scrolls sideways)">
      <table className="claims" data-testid="claims" data-round={round}>
        <caption>
          {result
            ? `Claims checked on ${round} replication${round === 1 ? '' : 's'} per point (updates as each round of replications finishes)`
            : 'Claims: verdicts appear when the first replication of every point has finished'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Claim</th>
            <th scope="col">Paper</th>
            <th scope="col">LossLab</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {info.expect.map((e) => {
            const o = result?.outcomes.find((x) => x.id === e.id);
            const missed = o && o.verdict !== 'reproduced';
            return (
              <tr key={e.id} data-claim={e.id}>
                <td data-label="Claim">
                  {o?.class === 'sanity' && <span className="muted small">Sanity check (not counted): </span>}
                  {e.claim}
                  {o?.departs && <p className="departs small">Departs from the paper: {o.departs}</p>}
                  {missed && (
                    <p className="if-missed">
                      <strong>If missed:</strong> {o.if_missed.mechanism} Knob: <code>{o.if_missed.knob}</code>
                    </p>
                  )}
                </td>
                <td data-label="Paper">{e.paper}</td>
                <td data-label="LossLab">
                  {o ? o.losslab : <span className="muted">not run yet</span>}
                  <div className="muted small">Test: {o ? o.test : e.forms}</div>
                </td>
                <td data-label="Verdict">
                  <span
                    className={`chip ${o ? CHIP[o.verdict] : 'chip-none'}`}
                    data-testid="verdict"
                    data-verdict={o?.verdict ?? 'none'}
                  >
                    {o ? o.verdict_text : 'not run'}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
