/**
 * A sweep chart's values as a table ("Show as table"): one row per point and series, the varied
 * value in words, the mean and its 95 % interval rounded for display with the unit in the
 * headings, and the number of runs. The exact values are in the exported CSV.
 */
import { formatChart } from '../lib/numberFormat';

export interface SweepRow {
  /** The varied value in words. */
  x: string;
  series: string;
  /** In the units shown. */
  mean: number;
  low: number;
  high: number;
  /** The interval was cut to the metric's possible values. */
  clipped: boolean;
  n: number;
}

export function SweepTable({
  title,
  xLabel,
  yUnit,
  rows,
  showSeries,
}: {
  title: string;
  xLabel: string;
  yUnit: string;
  rows: readonly SweepRow[];
  /** A column naming each row's series (left out when there is one). */
  showSeries: boolean;
}) {
  const u = yUnit ? ` (${yUnit})` : '';
  return (
    <div className="sweep-table-wrap">
      <table className="sweep-table">
        <caption>{title}, rounded (Export CSV has the exact values)</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {showSeries && <th scope="col">Series</th>}
            <th scope="col">Mean{u}</th>
            <th scope="col">95 % CI{u}</th>
            <th scope="col">Runs</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.x}|${r.series}`}>
              <th scope="row">{r.x}</th>
              {showSeries && <td>{r.series}</td>}
              <td className="num">{formatChart(r.mean)}</td>
              <td className="num">
                {formatChart(r.low)} to {formatChart(r.high)}
                {r.clipped ? ' (clipped)' : ''}
              </td>
              <td className="num">{r.n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
