/**
 * The difference table of Compare: per flow and metric, A, B, Δ = B − A and Δ%. Flows are matched
 * by id; when the two runs have as many flows but not the same ids (paired presets name the flow
 * `tcp` on one side and `ld` on the other), they are matched by position instead.
 */
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
  /** A's flow id (B's when the flow is only in B). */
  flow: string;
  /** B's flow id when it differs from A's (flows matched by position). */
  flowB?: string;
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
