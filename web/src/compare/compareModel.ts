/**
 * The difference table of Compare: per flow and metric, A, B, Δ = B − A and Δ%. Flows are matched
 * by id; when the two runs have as many flows but not the same ids (paired presets name the flow
 * `tcp` on one side and `ld` on the other), they are matched by position instead.
 */
import { format } from 'd3-format';
import type { RunSummary } from '../sim/protocol';
import type { CellKind } from '../run/summaryColumns';

type NumberKind = Exclude<CellKind, 'text' | 'variant' | 'classifier'>;

/** The metrics compared, with the unit in the label and how their numbers are rounded (`kind`). */
export const COMPARE_METRICS: { key: string; label: string; kind: NumberKind; higherIsBetter?: boolean }[] = [
  { key: 'throughput_kbps', label: 'Throughput (kbit/s)', kind: 'kbps', higherIsBetter: true },
  { key: 'goodput_kbps', label: 'Goodput (kbit/s)', kind: 'kbps', higherIsBetter: true },
  { key: 'bytes_delivered', label: 'Delivered (kB)', kind: 'bytes', higherIsBetter: true },
  { key: 'completion_s', label: 'Completion (s)', kind: 'seconds', higherIsBetter: false },
  { key: 'segments_sent', label: 'Segments sent', kind: 'count' },
  { key: 'retransmissions', label: 'Retransmissions', kind: 'count', higherIsBetter: false },
  { key: 'fast_retransmits', label: 'Fast retransmits', kind: 'count' },
  { key: 'timeouts', label: 'Timeouts', kind: 'count', higherIsBetter: false },
  { key: 'losses_queue', label: 'Queue losses', kind: 'count' },
  { key: 'losses_corruption', label: 'Corruption losses', kind: 'count' },
  { key: 'verdicts_congestion', label: 'Judged congestion', kind: 'count' },
  { key: 'verdicts_wireless', label: 'Judged wireless', kind: 'count' },
  { key: 'accuracy_congestion', label: 'Accuracy on congestion (%)', kind: 'fraction', higherIsBetter: true },
  { key: 'accuracy_wireless', label: 'Accuracy on wireless (%)', kind: 'fraction', higherIsBetter: true },
];

/** Rounding per kind, in the label's unit (kB for bytes, % for fractions). */
const ROUNDED: Record<NumberKind, { scale: number; digits: number }> = {
  count: { scale: 1, digits: 0 },
  kbps: { scale: 1, digits: 1 },
  seconds: { scale: 1, digits: 2 },
  bytes: { scale: 1 / 1000, digits: 1 },
  fraction: { scale: 100, digits: 0 },
};

/**
 * A value or a difference as the table shows it: rounded for its kind, in the label's unit, thousands
 * grouped, negatives with the minus sign U+2212 (d3-format's), differences with `+` when positive;
 * `—` when missing. A difference that rounds to zero reads `0`, with no sign.
 */
export function formatMetric(kind: NumberKind, x: number | null, signed = false): string {
  if (x === null || !Number.isFinite(x)) return '—';
  const r = ROUNDED[kind];
  const v = x * r.scale;
  const text = format(`${signed ? '+' : ''},.${r.digits}f`)(v);
  // −0.0 and +0.0 read as 0.
  return /^[+\u2212-]?0(\.0+)?$/.test(text) ? text.replace(/^[+\u2212-]/, '') : text.replace('-', '\u2212');
}

/** Δ% as shown: one decimal, a sign, U+2212 for minus. */
export function formatPercent(x: number | null): string {
  return x === null || !Number.isFinite(x) ? '—' : `${formatMetric('kbps', x, true)} %`;
}

export interface DiffRow {
  /** A's flow id (B's when the flow is only in B). */
  flow: string;
  /** B's flow id when it differs from A's (flows matched by position). */
  flowB?: string;
  metric: string;
  label: string;
  /** How the row's numbers are rounded ({@link formatMetric}). */
  kind: NumberKind;
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

type Flow = RunSummary['flows'][number];

/** A flow of A beside its counterpart in B (either may be missing). */
export interface FlowMatch {
  a?: Flow;
  b?: Flow;
}

/**
 * Pairs the flows of two runs: by id when the ids agree, else by position when both runs have as
 * many flows (`byPosition` true); by id (unmatched flows alone) otherwise.
 */
export function matchFlows(a: RunSummary | null, b: RunSummary | null): { matches: FlowMatch[]; byPosition: boolean } {
  const fa = a?.flows ?? [];
  const fb = b?.flows ?? [];
  const idsA = fa.map((f) => String(f.flow_id));
  const idsB = fb.map((f) => String(f.flow_id));
  const sameIds = idsA.length === idsB.length && idsA.every((id) => idsB.includes(id));
  if (!sameIds && fa.length > 0 && fa.length === fb.length)
    return { matches: fa.map((f, i) => ({ a: f, b: fb[i] })), byPosition: true };
  const ids: string[] = [];
  for (const id of [...idsA, ...idsB]) if (!ids.includes(id)) ids.push(id);
  return {
    matches: ids.map((id) => ({
      a: fa.find((f) => String(f.flow_id) === id),
      b: fb.find((f) => String(f.flow_id) === id),
    })),
    byPosition: false,
  };
}

/** Rows for every matched flow (A's order first), every metric. */
export function diffRows(a: RunSummary | null, b: RunSummary | null): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const { a: fa, b: fb } of matchFlows(a, b).matches) {
    const idA = fa ? String(fa.flow_id) : undefined;
    const idB = fb ? String(fb.flow_id) : undefined;
    const flow = idA ?? idB ?? '';
    const flowB = idA !== undefined && idB !== undefined && idA !== idB ? idB : undefined;
    for (const m of COMPARE_METRICS) {
      const va = num(fa?.[m.key]);
      const vb = num(fb?.[m.key]);
      const delta = va !== null && vb !== null ? vb - va : null;
      const deltaPct = delta !== null && va !== null && va !== 0 ? (delta / Math.abs(va)) * 100 : null;
      const verdict =
        delta === null || delta === 0 || m.higherIsBetter === undefined ? 0 : delta > 0 === m.higherIsBetter ? 1 : -1;
      rows.push({
        flow,
        ...(flowB ? { flowB } : {}),
        metric: m.key,
        label: m.label,
        kind: m.kind,
        a: va,
        b: vb,
        delta,
        deltaPct,
        verdict,
      });
    }
  }
  return rows;
}
