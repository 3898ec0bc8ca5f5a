/**
 * The paper's printed numbers beside LossLab's, cell by cell — series, x, the paper's value,
 * LossLab's mean with its 95 % confidence interval, and the deviation (LossLab − paper) / paper —
 * with a summary line (cells within 10 % and 20 %, median |deviation|). The rows come from the
 * engine (the same rows the `losslab reproduce` report prints), so the numbers match the report.
 * For a printed table with many columns (LJ Table 1: 60 series) this replaces the chart.
 */
import { formatChart } from '../lib/numberFormat';
import type { ComparisonRow } from '../sim/reproductionCore';
import { comparisonSummary, intervalText } from './papersWords';

export function ComparisonTable({
  rows,
  units,
  xLabel,
}: {
  rows: readonly ComparisonRow[];
  units: { x: string; y: string };
  xLabel: string;
}) {
  if (rows.length === 0) return null;
  const u = (s: string) => (s ? ` (${s})` : '');
  return (
    <div className="comparison-wrap">
      <p className="muted small" data-testid="comparison-summary">
        {comparisonSummary(rows)}
      </p>
      <table className="claims comparison" data-testid="comparison" aria-label="The paper’s numbers beside LossLab’s">
        <thead>
          <tr>
            <th scope="col">LossLab series</th>
            <th scope="col" className="num">
              {xLabel}
              {u(units.x)}
            </th>
            <th scope="col" className="num">
              Paper{u(units.y)}
            </th>
            <th scope="col" className="num">
              LossLab mean ± 95 % CI{u(units.y)}
            </th>
            <th scope="col" className="num">
              Deviation
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.series}@${r.x}`}>
              <td data-label="Series">{r.series}</td>
              <td data-label={xLabel} className="num">
                {formatChart(r.x)}
              </td>
              <td data-label="Paper" className="num">
                {formatChart(r.paper)}
              </td>
              <td data-label="LossLab" className="num">
                {intervalText(r)}
              </td>
              <td data-label="Deviation" className="num">
                {r.deviation === null
                  ? '— (paper 0)'
                  : `${r.deviation >= 0 ? '+' : '−'}${Math.abs(100 * r.deviation).toFixed(1)} %`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
