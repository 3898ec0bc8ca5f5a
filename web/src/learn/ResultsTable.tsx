/**
 * A lesson figure's results table: the quantities its prose quotes, each cell the mean of the
 * figure's replications at the cell's setting (`useFigureTable`, the worker pool) — the numbers
 * its `expect` claims are checked on. A cell shows its number once the reader has run its setting
 * on the figure (observe before the numbers), and lights up when the prose number linked to it is
 * pointed at (`cellFocus.tsx`).
 */
import type { FigureTable, TableCell } from './figureTable';
import { meanWords } from './figureTable';
import { useCellFocus } from './cellFocus';
import { typeset } from './typeset';
import type { TableState } from './useFigureTable';

export function ResultsTable({
  figureId,
  table,
  cells,
  state,
  ran,
  replications,
}: {
  figureId: string;
  table: FigureTable;
  cells: readonly TableCell[];
  state: TableState;
  /** Whether a run with the cell's setting has finished on the figure. */
  ran(cell: TableCell): boolean;
  replications: number;
}) {
  const focus = useCellFocus();
  const byKey = new Map(cells.map((c) => [c.key, c]));
  const noteId = `${figureId}-results-note`;
  return (
    <>
      {/* Outside the scrolling box, so it wraps to the screen when the table is wider than a phone. */}
      <p className="results-note" id={noteId}>
        Results, each cell the {meanWords(replications)} (the numbers the text quotes). A cell fills in once you have
        run its setting.
        {state.status === 'running' && <span className="results-working"> Working out the means…</span>}
        {state.error && <span role="alert"> {state.error}</span>}
      </p>
      {/* Named after its figure ("Results of Figure 2. …"): a lesson with several tables has one
          landmark per figure, each with its own name. */}
      <div
        className="results-table-wrap"
        tabIndex={0}
        role="region"
        aria-labelledby={`${figureId}-results-label figure-${figureId}-title`}
      >
        <span id={`${figureId}-results-label`} hidden>
          Results of
        </span>
        <table className="results-table" data-testid="results-table" aria-describedby={noteId}>
          <caption className="sr-only">Results of the runs made on this figure</caption>
          <thead>
            <tr>
              <td />
              {table.columns.map((c) => (
                <th key={c.id} scope="col">
                  {typeset(c.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{typeset(r.label)}</th>
                {table.columns.map((c) => {
                  const cell = byKey.get(`${r.id}/${c.id}`)!;
                  const target = `${figureId}/${cell.key}`;
                  const value = state.values.get(cell.key);
                  const shown = ran(cell) && value !== undefined;
                  return (
                    <td
                      key={c.id}
                      data-cell={target}
                      data-value={shown ? value : undefined}
                      className={focus?.focused === target ? 'lit' : undefined}
                    >
                      {shown ? (
                        value.toFixed(cell.digits)
                      ) : ran(cell) ? (
                        '…'
                      ) : (
                        <span title="Run this setting to see it">run it</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
