/**
 * The summary table's columns (docs/design.md §D6 names) and how each cell reads on screen: the columns
 * that matter first (throughput, timeouts, retransmissions, losses by cause, verdicts), the rest
 * behind "More columns"; numbers rounded for display (the unit is in the heading), ids shown by
 * their catalog titles. The exact cell, as the simulator wrote it for "Export CSV", stays on the
 * cell (`data-value`, and its tooltip). Soft hyphens (`\u00ad`) let long headings break in a narrow panel.
 */
import { format } from 'd3-format';

export type CellKind = 'text' | 'variant' | 'classifier' | 'count' | 'kbps' | 'seconds' | 'bytes' | 'fraction';

export interface SummaryColumn {
  key: string;
  label: string;
  kind: CellKind;
  title?: string;
  /** Shown only with "More columns". */
  more?: boolean;
}

export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { key: 'flow_id', label: 'Flow', kind: 'text' },
  { key: 'cc', label: 'Variant', kind: 'variant' },
  { key: 'classifier', label: 'Classifier', kind: 'classifier' },
  { key: 'throughput_kbps', label: 'Through\u00adput (kbit/s)', kind: 'kbps' },
  { key: 'timeouts', label: 'Timeouts', kind: 'count' },
  { key: 'retransmissions', label: 'Retrans\u00admissions', kind: 'count' },
  {
    key: 'losses_queue',
    label: 'Queue losses',
    kind: 'count',
    title: 'Packets dropped by a full (or early-dropping) queue',
  },
  { key: 'losses_corruption', label: 'Corrup\u00adtion losses', kind: 'count', title: 'Packets damaged by bit errors' },
  { key: 'losses_other', label: 'Other losses', kind: 'count', title: 'Packets lost on a link for other reasons' },
  {
    key: 'verdicts_congestion',
    label: 'Judged conges\u00adtion',
    kind: 'count',
    title: 'Losses the flow’s classifier judged congestion',
  },
  {
    key: 'verdicts_wireless',
    label: 'Judged wireless',
    kind: 'count',
    title: 'Losses the flow’s classifier judged wireless',
  },
  { key: 'bytes_delivered', label: 'Delivered (kB)', kind: 'bytes', more: true },
  { key: 'completion_s', label: 'Completion (s)', kind: 'seconds', more: true },
  { key: 'goodput_kbps', label: 'Goodput (kbit/s)', kind: 'kbps', more: true },
  { key: 'segments_sent', label: 'Segments sent', kind: 'count', more: true },
  { key: 'fast_retransmits', label: 'Fast retransmits', kind: 'count', more: true },
  {
    key: 'accuracy_congestion',
    label: 'Accuracy on congestion (%)',
    kind: 'fraction',
    title: 'Share of congestion losses the classifier judged congestion',
    more: true,
  },
  {
    key: 'accuracy_wireless',
    label: 'Accuracy on wireless (%)',
    kind: 'fraction',
    title: 'Share of wireless losses the classifier judged wireless',
    more: true,
  },
  {
    key: 'spurious_retransmissions',
    label: 'Needless retransmissions',
    kind: 'count',
    title: 'Retransmissions of segments whose previous copy was not lost (it arrived or was still on its way)',
    more: true,
  },
];

const grouped = format(',.0f');
const oneDecimal = format(',.1f');
const twoDecimals = format(',.2f');

/**
 * A cell as shown: `exact` is the summary file's cell (or the value as text); `title` turns a
 * catalog id into its title. Empty or unreadable → an em dash.
 */
export function displayCell(kind: CellKind, exact: string, title: (id: string) => string = (id) => id): string {
  if (exact === '') return '—';
  if (kind === 'text') return exact;
  if (kind === 'variant' || kind === 'classifier') return title(exact);
  const x = Number(exact);
  if (!Number.isFinite(x)) return exact;
  switch (kind) {
    case 'count':
      return grouped(x);
    case 'kbps':
      return oneDecimal(x);
    case 'seconds':
      return twoDecimals(x);
    case 'bytes':
      return oneDecimal(x / 1000);
    case 'fraction':
      return format('.0f')(x * 100);
  }
}
