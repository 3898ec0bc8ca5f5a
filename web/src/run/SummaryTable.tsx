/**
 * The per-flow summary (docs/design.md §D6 columns), as people read it: the columns that matter first
 * (throughput, timeouts, retransmissions, losses by cause, verdicts) and the rest behind "More
 * columns"; variants and classifiers by their catalog titles; numbers rounded for display with the
 * unit in the heading (`summaryColumns.ts`). Each cell carries the summary file's exact cell, as
 * the simulator wrote it for "Export CSV" (sim-core `csv.rs`), in `data-value` and its tooltip.
 * While a run goes on the exact cells change with every refresh: a cell then holds only its shown
 * text, and its tooltip is the exact cell read when the pointer comes over it (`exactTooltip`), so a
 * refresh rewrites only the texts that changed (30 flows: ~170 DOM changes a second instead of
 * ~510).
 *
 * While a run goes on the table shows the latest summary once a second (`usePaced`), and with more
 * than {@link ROWS_ABOVE} flows only the first {@link ROWS_SHOWN} rows until "Show all" is pressed:
 * a thousand connections' rows rewritten four times a second cost seconds of layout.
 * Of the summary file only the rows shown are read (`summaryTableRows.ts`).
 */
import { memo, useId, useMemo, useState, type PointerEvent } from 'react';
import { formatNumber } from '../lib/numberFormat';
import { pageCatalog, titleOf } from '../scenario/catalog';
import type { RunSummary } from '../sim/protocol';
import { displayCell, SUMMARY_COLUMNS, type SummaryColumn } from './summaryColumns';
import { fileRowsOf } from './summaryTableRows';
import { usePaced } from './usePaced';
import './run.css';
import './summaryTable.css';

/** Headings of the simulator's notices, by id. */
const NOTICE_TITLES: Record<string, string> = { phase_locked: 'Identical flows, unequal shares' };

/**
 * The exact text of a summary cell: the summary file's cell when there is one, else the value
 * (numbers to 12 significant digits, missing values as an empty string).
 */
export function exactCell(v: unknown, fileCell?: string): string {
  if (fileCell !== undefined) return fileCell;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** A summary cell as shown (rounded, with catalog titles; empty → an em dash). */
export function cellText(v: unknown, fileCell?: string, column?: SummaryColumn): string {
  const exact = exactCell(v, fileCell);
  if (!column) return exact === '' ? '—' : exact;
  const catalog = pageCatalog();
  return displayCell(column.kind, exact, (id) =>
    titleOf(catalog, column.kind === 'classifier' ? 'classifiers' : 'variants', id),
  );
}

/** How often a live run's table shows the latest summary, ms. */
export const LIVE_REFRESH_MS = 1000;
/** Above this many flows the table starts with its first {@link ROWS_SHOWN} rows. */
export const ROWS_ABOVE = 40;
export const ROWS_SHOWN = 20;

interface SummaryTableProps {
  summary: RunSummary;
  live?: boolean;
  caption?: string;
}

export function SummaryTable(props: SummaryTableProps) {
  const summary = usePaced(props.summary, LIVE_REFRESH_MS, props.live === true);
  return <SummaryTableOf {...props} summary={summary} />;
}

const SummaryTableOf = memo(function SummaryTableOf({ summary, live = false, caption }: SummaryTableProps) {
  const [more, setMore] = useState(false);
  const [allRows, setAllRows] = useState(false);
  const tableId = useId();
  const columns = more ? SUMMARY_COLUMNS : SUMMARY_COLUMNS.filter((c) => !c.more);
  const hidden = SUMMARY_COLUMNS.length - SUMMARY_COLUMNS.filter((c) => !c.more).length;
  const total = summary.flows.length;
  const windowed = total > ROWS_ABOVE;
  const rows = windowed && !allRows ? summary.flows.slice(0, ROWS_SHOWN) : summary.flows;
  // The file's rows are the summary's flows, in order; only the rows shown are read.
  const fileRows = useMemo(() => (summary.csv ? fileRowsOf(summary.csv, rows.length) : []), [summary.csv, rows.length]);
  return (
    <div className="summary" role="region" aria-label="Run summary" tabIndex={0}>
      {summary.notices?.map((n) => (
        <p key={n.id + n.flows.join()} className="summary-notice" role="note" data-notice={n.id}>
          <strong>{NOTICE_TITLES[n.id] ?? 'Note'}:</strong> {n.message}
        </p>
      ))}
      <div className="summary-tools">
        <button
          type="button"
          className="summary-more"
          aria-expanded={more}
          aria-controls={tableId}
          onClick={() => setMore((m) => !m)}
        >
          {more ? 'Fewer columns' : `More columns (${hidden})`}
        </button>
        {windowed && (
          <button
            type="button"
            className="summary-rows"
            aria-expanded={allRows}
            aria-controls={tableId}
            onClick={() => setAllRows((a) => !a)}
          >
            {allRows ? `Show the first ${ROWS_SHOWN} flows` : `Show all ${total} flows`}
          </button>
        )}
        <span className="summary-tools-note">Rounded for reading; Export CSV keeps every digit.</span>
      </div>
      <div className={`summary-scroll${more ? ' summary-wide' : ''}`}>
        <table id={tableId}>
          <caption>
            {caption ?? (
              <>
                Summary of run <code>{summary.scenario_id}</code>, seed {summary.seed}
                {live ? ' (so far)' : ''}
              </>
            )}
            {rows.length < total && ` — the first ${rows.length} of ${total} flows`}
          </caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  title={c.title}
                  // Soft hyphens break long headings on screen; the name read out has none.
                  aria-label={c.label.includes('\u00ad') ? c.label.replace(/\u00ad/g, '') : undefined}
                  className={isText(c) ? undefined : 'num'}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody onPointerOver={live ? (e) => exactTooltip(e, rows, fileRows) : undefined}>
            {rows.map((f, i) => (
              <tr key={String(f.flow_id ?? i)} data-flow={String(f.flow_id ?? '')}>
                {columns.map((c) => {
                  const exact = live ? '' : exactCell(f[c.key], fileRows[i]?.[c.key]);
                  return (
                    <td
                      key={c.key}
                      data-column={c.key}
                      data-value={live ? undefined : exact}
                      title={live || isText(c) || exact === '' ? undefined : exact}
                      className={isText(c) ? 'text' : 'num'}
                    >
                      {cellText(f[c.key], fileRows[i]?.[c.key], c)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary.flows.length > 1 && typeof summary.jain_index === 'number' && (
        <p className="summary-aggregate" data-testid="whole-run-jain">
          Fairness over the whole run{live ? ' so far' : ''}: Jain’s index{' '}
          <strong>{summary.jain_index.toFixed(2)}</strong> of the flows’ throughputs (1 = equal shares,{' '}
          {`1/${summary.flows.length}`} = one flow has everything). The fairness chart’s line is the same index taken
          over each throughput window, so it swings more.
        </p>
      )}
      <JudgedNote summary={summary} />
      {summary.flows.length > 1 && typeof summary.aggregate_throughput_kbps === 'number' && (
        <p className="summary-aggregate" data-testid="aggregate-throughput">
          All flows together: <strong>{summary.aggregate_throughput_kbps.toFixed(1)} kbit/s</strong> (every byte
          delivered, over the time from the first start to the last completion{live ? ' so far' : ''}; not the sum of
          the flows’ own throughputs, which each use their own duration)
        </p>
      )}
    </div>
  );
});

/** Sum of a count column over the flows. */
function total(summary: RunSummary, key: string): number {
  return summary.flows.reduce((n, f) => n + (typeof f[key] === 'number' ? (f[key] as number) : 0), 0);
}

/**
 * Why the judged losses are fewer than the losses, when they are. The sender asks the flow's
 * classifier once per loss-recovery episode, when a fast retransmit starts (sim-core
 * `tcp/sender_recovery.rs`, `fast_retransmit`), about the first missing segment; variants that judge
 * losses themselves (Veno, JTCP, the Jersey family) also at a timeout (`tcp/sender.rs`). Other
 * segments lost in the same window and repaired in that episode, losses found only by a timeout, and
 * lost retransmissions get no verdict.
 */
function JudgedNote({ summary }: { summary: RunSummary }) {
  const losses = total(summary, 'losses_queue') + total(summary, 'losses_corruption');
  const judged = total(summary, 'verdicts_congestion') + total(summary, 'verdicts_wireless');
  if (losses === 0 || judged >= losses) return null;
  const fast = total(summary, 'fast_retransmits');
  return (
    <p className="summary-aggregate" data-testid="judged-note">
      Why {judged.toLocaleString('en')} judged of {losses.toLocaleString('en')} lost packets: the sender asks the
      classifier once per recovery, when it starts a fast retransmit ({fast.toLocaleString('en')} here), about the first
      missing packet. Other packets lost in the same window and repaired in that recovery, losses found only by a
      timeout, and lost retransmissions get no verdict (variants that judge losses themselves, such as Veno, JTCP and
      TCP Jersey, also judge at a timeout).
    </p>
  );
}

/**
 * A live table's tooltip: the exact cell under the pointer, as the table's data has it now (set as
 * the pointer comes over the cell, so the cells need not carry it on every refresh).
 */
function exactTooltip(
  e: PointerEvent,
  rows: readonly RunSummary['flows'][number][],
  fileRows: Record<string, string>[],
) {
  const td = (e.target as Element).closest?.('td[data-column]');
  const tr = td?.parentElement;
  if (!td || !(tr instanceof HTMLTableRowElement) || td.classList.contains('text')) return;
  const i = tr.sectionRowIndex;
  const key = td.getAttribute('data-column')!;
  if (!rows[i]) return;
  const exact = exactCell(rows[i][key], fileRows[i]?.[key]);
  if ((td as HTMLElement).title !== exact) (td as HTMLElement).title = exact;
}

const isText = (c: SummaryColumn) => c.kind === 'text' || c.kind === 'variant' || c.kind === 'classifier';
