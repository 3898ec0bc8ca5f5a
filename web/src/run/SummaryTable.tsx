/**
 * The per-flow summary (DESIGN §6 columns). Each cell shows the summary file's cell, as the
 * simulator wrote it for "Export CSV" (`summary.csv`, sim-core `csv.rs`), so what you read is what
 * you export; a value the file lacks is shown rounded to 12 significant digits.
 */
import { memo, useMemo } from 'react';
import { csvRecords } from '../lib/csvRead';
import { formatNumber } from '../lib/numberFormat';
import type { RunSummary } from '../sim/protocol';
import './run.css';

const COLUMNS: { key: string; label: string; title?: string }[] = [
  { key: 'flow_id', label: 'Flow' },
  { key: 'cc', label: 'Variant' },
  { key: 'classifier', label: 'Classifier' },
  { key: 'bytes_delivered', label: 'Delivered (bytes)' },
  { key: 'completion_s', label: 'Completion (s)' },
  { key: 'throughput_kbps', label: 'Throughput (kbit/s)' },
  { key: 'goodput_kbps', label: 'Goodput (kbit/s)' },
  { key: 'segments_sent', label: 'Segments sent' },
  { key: 'retransmissions', label: 'Retransmissions' },
  { key: 'fast_retransmits', label: 'Fast retransmits' },
  { key: 'timeouts', label: 'Timeouts' },
  { key: 'losses_queue', label: 'Queue losses' },
  { key: 'losses_corruption', label: 'Corruption losses' },
  { key: 'losses_other', label: 'Other losses' },
  { key: 'verdicts_congestion', label: 'Verdicts C', title: 'Losses the flow’s classifier judged congestion' },
  { key: 'verdicts_wireless', label: 'Verdicts W', title: 'Losses the flow’s classifier judged wireless' },
  { key: 'accuracy_congestion', label: 'Ac', title: 'Accuracy on congestion losses' },
  { key: 'accuracy_wireless', label: 'Aw', title: 'Accuracy on wireless losses' },
  {
    key: 'spurious_retransmissions',
    label: 'Needless retransmissions',
    title: 'Retransmissions of segments whose previous copy was not lost (it arrived or was still on its way)',
  },
];

/** Headings of the simulator's notices, by id. */
const NOTICE_TITLES: Record<string, string> = { phase_locked: 'Identical flows, unequal shares' };

/**
 * A summary cell as shown: the summary file's cell when there is one (empty → an em dash), else
 * the value (numbers to 12 significant digits, missing values as an em dash).
 */
export function cellText(v: unknown, fileCell?: string): string {
  if (fileCell !== undefined) return fileCell === '' ? '—' : fileCell;
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return formatNumber(v);
  return String(v);
}

export const SummaryTable = memo(function SummaryTable({
  summary,
  live = false,
  caption,
}: {
  summary: RunSummary;
  live?: boolean;
  caption?: string;
}) {
  // The file's rows are the summary's flows, in order.
  const fileRows = useMemo(() => (summary.csv ? csvRecords(summary.csv) : []), [summary.csv]);
  return (
    <div className="summary" role="region" aria-label="Run summary" tabIndex={0}>
      {summary.notices?.map((n) => (
        <p key={n.id + n.flows.join()} className="summary-notice" role="note" data-notice={n.id}>
          <strong>{NOTICE_TITLES[n.id] ?? 'Note'}:</strong> {n.message}
        </p>
      ))}
      <table>
        <caption>
          {caption ?? (
            <>
              Summary of run <code>{summary.scenario_id}</code>, seed {summary.seed}
              {live ? ' (so far)' : ''}
            </>
          )}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                title={c.title}
                className={c.key === 'flow_id' || c.key === 'cc' || c.key === 'classifier' ? undefined : 'num'}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.flows.map((f, i) => (
            <tr key={String(f.flow_id ?? i)} data-flow={String(f.flow_id ?? '')}>
              {COLUMNS.map((c) => {
                const v = f[c.key];
                return (
                  <td key={c.key} data-column={c.key} className={typeof v === 'number' ? 'num' : undefined}>
                    {cellText(v, fileRows[i]?.[c.key])}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
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
