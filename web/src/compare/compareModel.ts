/** The difference table of Compare: per flow (matched by id) and metric, A, B, Δ = B − A and Δ%. */
import type { RunSummary } from '../sim/protocol';

export const COMPARE_METRICS: { key: string; label: string; higherIsBetter?: boolean }[] = [
  { key: 'throughput_kbps', label: 'Throughput (kbit/s)', higherIsBetter: true },
  { key: 'goodput_kbps', label: 'Goodput (kbit/s)', higherIsBetter: true },
  { key: 'bytes_delivered', label: 'Delivered (bytes)', higherIsBetter: true },
  { key: 'completion_s', label: 'Completion (s)', higherIsBetter: false },
  { key: 'segments_sent', label: 'Segments sent' },
  { key: 'retransmissions', label: 'Retransmissions', higherIsBetter: false },
  { key: 'fast_retransmits', label: 'Fast retransmits' },
  { key: 'timeouts', label: 'Timeouts', higherIsBetter: false },
  { key: 'losses_queue', label: 'Queue losses' },
  { key: 'losses_corruption', label: 'Corruption losses' },
  { key: 'verdicts_congestion', label: 'Verdicts C' },
  { key: 'verdicts_wireless', label: 'Verdicts W' },
  { key: 'accuracy_congestion', label: 'Ac', higherIsBetter: true },
  { key: 'accuracy_wireless', label: 'Aw', higherIsBetter: true },
];

export interface DiffRow {
  flow: string;
  metric: string;
  label: string;
  a: number | null;
  b: number | null;
  delta: number | null;
  /** Δ as a percentage of |A|; null when A is 0 or missing. */
  deltaPct: number | null;
  /** +1 when B is better, −1 when worse, 0 when equal or when "better" has no meaning. */
  verdict: number;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Rows for every flow present in either summary (A's order first), every metric. */
export function diffRows(a: RunSummary | null, b: RunSummary | null): DiffRow[] {
  const ids: string[] = [];
  for (const s of [a, b])
    for (const f of s?.flows ?? []) if (!ids.includes(String(f.flow_id))) ids.push(String(f.flow_id));
  const find = (s: RunSummary | null, id: string) => s?.flows.find((f) => String(f.flow_id) === id);
  const rows: DiffRow[] = [];
  for (const id of ids) {
    const fa = find(a, id);
    const fb = find(b, id);
    for (const m of COMPARE_METRICS) {
      const va = num(fa?.[m.key]);
      const vb = num(fb?.[m.key]);
      const delta = va !== null && vb !== null ? vb - va : null;
      const deltaPct = delta !== null && va !== null && va !== 0 ? (delta / Math.abs(va)) * 100 : null;
      const verdict =
        delta === null || delta === 0 || m.higherIsBetter === undefined ? 0 : delta > 0 === m.higherIsBetter ? 1 : -1;
      rows.push({ flow: id, metric: m.key, label: m.label, a: va, b: vb, delta, deltaPct, verdict });
    }
  }
  return rows;
}
