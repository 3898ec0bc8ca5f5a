/**
 * From a run's series store (and trace, and summary) to what the run charts (`RunCharts`) draw: lines with
 * one colour per flow everywhere, derived series (aggregate throughput, each flow's share of it),
 * drop markers coloured by true cause, and classifier judgements.
 */
import type { ChartLine, ChartMarker } from '../charts/TimeSeriesChart';
import type { FlowJudgements } from '../charts/ClassifierChart';
import { flowColor, LINK_STYLES } from '../lib/colors';
import type { SeriesView } from '../lib/seriesView';
import type { SeriesStore } from '../sim/series';
import type { RunSummary, TraceEvent } from '../sim/protocol';

/** The sum of several aligned series (samples at the same times), extended as they grow. */
export class SumSeries implements SeriesView {
  t = new Float64Array(0);
  v = new Float64Array(0);
  length = 0;

  constructor(private readonly parts: readonly SeriesView[]) {}

  /** Extends the sum to the samples every part has. */
  update(): this {
    if (this.parts.length === 0) return this;
    let n = Infinity;
    for (const p of this.parts) n = Math.min(n, p.length);
    if (n <= this.length) return this;
    if (n > this.t.length) {
      const cap = Math.max(n, this.t.length * 2, 256);
      const t = new Float64Array(cap);
      const v = new Float64Array(cap);
      t.set(this.t.subarray(0, this.length));
      v.set(this.v.subarray(0, this.length));
      this.t = t;
      this.v = v;
    }
    const first = this.parts[0];
    for (let i = this.length; i < n; i++) {
      let s = 0;
      for (const p of this.parts) s += p.v[i];
      this.t[i] = first.t[i];
      this.v[i] = s;
    }
    this.length = n;
    return this;
  }
}

/** `num / den` sample by sample (NaN where the denominator is 0). */
export class RatioSeries implements SeriesView {
  t = new Float64Array(0);
  v = new Float64Array(0);
  length = 0;

  constructor(
    private readonly num: SeriesView,
    private readonly den: SeriesView,
  ) {}

  update(): this {
    const n = Math.min(this.num.length, this.den.length);
    if (n <= this.length) return this;
    if (n > this.t.length) {
      const cap = Math.max(n, this.t.length * 2, 256);
      const t = new Float64Array(cap);
      const v = new Float64Array(cap);
      t.set(this.t.subarray(0, this.length));
      v.set(this.v.subarray(0, this.length));
      this.t = t;
      this.v = v;
    }
    for (let i = this.length; i < n; i++) {
      const d = this.den.v[i];
      this.t[i] = this.num.t[i];
      this.v[i] = d > 0 ? this.num.v[i] / d : Number.NaN;
    }
    this.length = n;
    return this;
  }
}

export interface RunLines {
  cwnd: ChartLine[];
  throughput: ChartLine[];
  queue: ChartLine[];
  fairness: ChartLine[];
  /** Derived series to `update()` when data arrives. */
  derived: (SumSeries | RatioSeries)[];
}

/** Flow ids in plotting order: from the run's series once known. */
export function flowIdsOf(store: SeriesStore | null, fallback: readonly string[]): string[] {
  if (!store) return [...fallback];
  const ids = store.entitiesWith('cwnd_bytes');
  return ids.length > 0 ? ids : [...fallback];
}

/** Every chart's lines for a run (`store` may be null before the first frame). */
export function runLines(store: SeriesStore | null, flowIds: readonly string[]): RunLines {
  const cwnd: ChartLine[] = [];
  const throughput: ChartLine[] = [];
  const fairness: ChartLine[] = [];
  const derived: (SumSeries | RatioSeries)[] = [];
  const thr: SeriesView[] = [];
  flowIds.forEach((flow, i) => {
    const color = flowColor(i);
    cwnd.push({
      key: `cwnd-${flow}`,
      series: 'cwnd',
      flow,
      label: flow,
      color,
      data: store?.get(flow, 'cwnd_bytes'),
      scale: 1 / 1000,
    });
    cwnd.push({
      key: `ssthresh-${flow}`,
      series: 'ssthresh',
      flow,
      label: `${flow} ssthresh`,
      color,
      dashed: true,
      width: 1.2,
      data: store?.get(flow, 'ssthresh_bytes'),
      scale: 1 / 1000,
      fitY: false,
      legend: false,
      secondary: true,
    });
    const t = store?.get(flow, 'throughput_kbps');
    if (t) thr.push(t);
    throughput.push({ key: `throughput-${flow}`, series: 'throughput', flow, label: flow, color, data: t });
  });
  if (flowIds.length > 1 && thr.length === flowIds.length) {
    const sum = new SumSeries(thr).update();
    derived.push(sum);
    throughput.push({
      key: 'aggregate',
      series: 'aggregate',
      entity: 'aggregate',
      label: 'aggregate',
      color: 'var(--ink)',
      width: 2.4,
      data: sum,
    });
    flowIds.forEach((flow, i) => {
      const share = new RatioSeries(thr[i], sum).update();
      derived.push(share);
      fairness.push({
        key: `share-${flow}`,
        series: 'share',
        flow,
        label: flow,
        color: flowColor(i),
        width: 1.4,
        data: share,
      });
    });
  } else if (flowIds.length === 1 && thr.length === 1) {
    // A lone flow has the whole share (thr / thr; NaN while it has sent nothing).
    const share = new RatioSeries(thr[0], thr[0]).update();
    derived.push(share);
    fairness.push({
      key: `share-${flowIds[0]}`,
      series: 'share',
      flow: flowIds[0],
      label: flowIds[0],
      color: flowColor(0),
      width: 1.4,
      data: share,
    });
  }
  fairness.push({
    key: 'jain',
    series: 'jain_index',
    entity: 'all',
    label: 'Jain index',
    color: 'var(--ink)',
    width: 2.6,
    data: store?.get('all', 'jain_index'),
  });
  const queue: ChartLine[] = (store?.entitiesWith('queue_pkts') ?? ['bottleneck', 'access']).map((entity, i) => {
    const style = LINK_STYLES[entity] ?? { color: 'var(--muted)', dashed: i % 2 === 1 };
    return {
      key: `queue-${entity}`,
      series: 'queue',
      entity,
      label: entity,
      color: style.color,
      dashed: style.dashed,
      data: store?.get(entity, 'queue_pkts'),
    };
  });
  return { cwnd, throughput, queue, fairness, derived };
}

/** True causes of drops, their labels and colours (shape: triangles on the Queue chart's top rail). */
export const DROP_CAUSES: { cause: string; label: string; color: string; metric: string }[] = [
  { cause: 'queue', label: 'queue overflow', color: '#D55E00', metric: 'drops_queue_pkts_total' },
  { cause: 'aqm', label: 'AQM (early) drop', color: '#E69F00', metric: 'drops_aqm_pkts_total' },
  { cause: 'corruption', label: 'corruption', color: '#CC79A7', metric: 'corrupted_pkts_total' },
  { cause: 'lost', label: 'wireless loss', color: '#56B4E9', metric: 'lost_pkts_total' },
];

/** The cause group of a drop's raw cause (`queue_overflow`, `payload_corruption`, …). */
export function causeOf(raw: string | null | undefined): string {
  const c = (raw ?? '').toLowerCase();
  if (c.includes('queue') || c.includes('overflow') || c === 'tail') return 'queue';
  if (c.includes('aqm') || c.includes('red') || c.includes('early')) return 'aqm';
  if (
    c.includes('corrupt') ||
    c.includes('header') ||
    c.includes('payload') ||
    c.includes('checksum') ||
    c.includes('bit')
  )
    return 'corruption';
  return 'lost';
}

/**
 * Drop markers: from the trace when the core records one (each with its flow), else from the
 * per-link cumulative drop series (`drops_queue_pkts_total`, `drops_aqm_pkts_total`, `corrupted_pkts_total`,
 * `lost_pkts_total`): one marker
 * wherever a count rises.
 */
export function dropMarkers(
  store: SeriesStore | null,
  trace: readonly TraceEvent[],
  flowIds: readonly string[] = [],
): ChartMarker[] {
  const out: ChartMarker[] = [];
  const colors = new Map(DROP_CAUSES.map((c) => [c.cause, c.color]));
  const drops = trace.filter((e) => e.kind === 'drop');
  if (drops.length > 0) {
    for (const e of drops) {
      const cause = causeOf(e.cause);
      out.push({ tMs: e.t_ms, cause, color: colors.get(cause)!, flow: traceFlowId(e.flow, flowIds), entity: e.link });
    }
    return out;
  }
  if (!store) return out;
  for (const c of DROP_CAUSES) {
    for (const entity of store.entitiesWith(c.metric)) {
      const s = store.get(entity, c.metric)!;
      for (let i = 1; i < s.length; i++)
        if (s.v[i] > s.v[i - 1]) out.push({ tMs: s.t[i], cause: c.cause, color: c.color, entity });
    }
  }
  out.sort((a, b) => a.tMs - b.tMs);
  return out;
}

/** A trace event's flow as an id (cores report the connection index or the id). */
export function traceFlowId(flow: unknown, flowIds: readonly string[]): string {
  return typeof flow === 'number' ? (flowIds[flow] ?? String(flow)) : String(flow);
}

/** Colour of a drop by its raw cause. */
export function causeColor(raw: string | null | undefined): string {
  const c = causeOf(raw);
  return DROP_CAUSES.find((d) => d.cause === c)?.color ?? '#56B4E9';
}

/** Classifier judgements per flow from a summary (own classifier first, then the shadows). */
export function judgements(
  summary: RunSummary | null,
  flowIds: readonly string[],
  variantTitle: (id: string) => string,
): FlowJudgements[] {
  if (!summary) return [];
  const index = new Map(flowIds.map((id, i) => [id, i]));
  return summary.flows.map((f, i) => {
    const id = String(f.flow_id ?? i);
    const own = String(f.classifier ?? '');
    const shadows = f.shadows ?? [];
    const ownShadow = shadows.find((s) => s.classifier === own);
    const conf = (f as Record<string, unknown>).confusion;
    return {
      flow: id,
      color: flowColor(index.get(id) ?? i),
      variant: variantTitle(String(f.cc ?? '')),
      judgements: [
        {
          classifier: own,
          own: true,
          accuracyCongestion: num(f.accuracy_congestion),
          accuracyWireless: num(f.accuracy_wireless),
          confusion: isConfusion(conf) ? conf : ownShadow?.confusion,
          verdicts: { congestion: Number(f.verdicts_congestion ?? 0), wireless: Number(f.verdicts_wireless ?? 0) },
        },
        ...shadows.map((s) => ({
          classifier: s.classifier,
          own: false,
          accuracyCongestion: num(s.accuracy_congestion),
          accuracyWireless: num(s.accuracy_wireless),
          confusion: s.confusion,
        })),
      ],
    };
  });
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function isConfusion(v: unknown): v is FlowJudgements['judgements'][number]['confusion'] & object {
  return typeof v === 'object' && v !== null && 'congestion_as_congestion' in v;
}
