/**
 * A chart's data as a table, behind a "Data table" disclosure under the chart (keyboard: Tab to it,
 * Enter or Space opens it), built only while open and again as the data grows: the alternative to
 * the plot for readers who do not see it (docs/accessibility.md). Each chart kind says what its
 * table holds (`build`): the time series their lines at regular times (`chartTable.ts`), the
 * classifier chart each classifier's accuracies and verdicts. A table with more lines than fit at
 * once (`pages`) has a list choosing which lines it shows, so every line is named somewhere.
 */
import { useId, useMemo, useState } from 'react';

export interface DataTable {
  caption: string;
  /** Column headings; the first heads the row headings. */
  columns: string[];
  rows: { head: string; cells: string[] }[];
  /** When the lines come a page at a time: each page in words ("f0 to f7") and the one shown. */
  pages?: { labels: string[]; page: number };
}

export function ChartDataTable({
  build,
  revision,
}: {
  /** The table now, at page `page` of its lines (null: no data yet). */
  build(page: number): DataTable | null;
  /** Changes whenever the data does (buffers grow in place). */
  revision: unknown;
}) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const pickId = useId();
  const table = useMemo(
    () => (open ? build(page) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for what build reads
    [open, revision, page],
  );
  const pages = table?.pages;
  return (
    <details className="chart-data" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Data table</summary>
      {open &&
        (!table || table.rows.length === 0 ? (
          <p className="muted">No data yet: run the scenario.</p>
        ) : (
          <>
            {pages && pages.labels.length > 1 && (
              <p className="chart-data-pages">
                <label htmlFor={pickId}>Lines shown</label>{' '}
                <select id={pickId} value={pages.page} onChange={(e) => setPage(Number(e.target.value))}>
                  {pages.labels.map((l, k) => (
                    <option key={k} value={k}>
                      {l} ({k + 1} of {pages.labels.length})
                    </option>
                  ))}
                </select>
              </p>
            )}
            <div className="chart-data-scroll" tabIndex={0} role="region" aria-label={table.caption}>
              <table className="chart-data-table">
                <caption>{table.caption}</caption>
                <thead>
                  <tr>
                    {table.columns.map((c, i) => (
                      <th key={i} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r, k) => (
                    <tr key={k}>
                      <th scope="row">{r.head}</th>
                      {r.cells.map((v, i) => (
                        <td key={i}>{v}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </details>
  );
}
