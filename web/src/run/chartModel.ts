/**
 * From a run's series store (and trace, and summary) to what the run charts (`RunCharts`) draw: lines with
 * one colour per flow everywhere, the store's derived series (aggregate throughput, each flow's share
 * of it, computed from every sample before downsampling),
 * drop markers coloured by true cause, and classifier judgements.
 */
import { windowText } from './chartCaptions';
import type { ChartLine, ChartMarker } from '../charts/TimeSeriesChart';
import type { ClassifierFlow, ClassifierJudgement } from '../charts/ClassifierChart';
import { flowColor, LINK_STYLES } from '../lib/colors';
import type { SeriesView } from '../lib/seriesView';
import { AGGREGATE, BANDS, SHARE, THROUGHPUT, type SeriesStore } from '../sim/series';
import type { RunSummary, TraceEvent } from '../sim/protocol';

export interface RunLines {
  cwnd: ChartLine[];
  throughput: ChartLine[];
  queue: ChartLine[];
  fairness: ChartLine[];
}

/** Flow ids in plotting order: from the run's series once known. */
export function flowIdsOf(store: SeriesStore | null, fallback: readonly string[]): string[] {
  if (!store) return [...fallback];
  const ids = store.entitiesWith('cwnd_bytes');
  return ids.length > 0 ? [...ids] : [...fallback];
}

/**
 * A grouped band for many flows: the min–max range across flows (a shaded area) and their median
 * (a line), from the store's band series; none when the run has too few flows to have them.
 */
function bandLines(store: SeriesStore | null, metric: string, series: string, scale?: number): ChartLine[] {
  const lo = store?.get(BANDS, `${metric}:min`);
  const mid = store?.get(BANDS, `${metric}:median`);
  const hi = store?.get(BANDS, `${metric}:max`);
  if (!lo || !mid || !hi) return [];
  return [
    {
      key: `${series}-band`,
      series: `${series}-band`,
      entity: 'band',
      label: 'all connections: min to max',
      color: 'var(--accent)',
      data: lo,
      areaTo: hi,
      scale,
    },
    {
      key: `${series}-median`,
      series: `${series}-median`,
      entity: 'median',
      label: 'median connection',
      color: 'var(--ink)',
      width: 2.2,
      data: mid,
      scale,
    },
  ];
}

/**
 * Every chart's lines for a run (`store` may be null before the first frame). `windowMs` is the
 * scenario's throughput window: the live Jain line is taken per window, and its label says so
 * (the whole-run index is another number: the summary's `jain_index`).
 */
export function runLines(store: SeriesStore | null, flowIds: readonly string[], windowMs?: number | null): RunLines {
  const cwnd: ChartLine[] = [];
  const throughput: ChartLine[] = [];
  const fairness: ChartLine[] = [];
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
  const sum = store?.get(AGGREGATE, THROUGHPUT);
  if (flowIds.length > 1 && thr.length === flowIds.length && sum) {
    throughput.push({
      key: 'aggregate',
      series: 'aggregate',
      entity: 'aggregate',
      label: 'aggregate',
      color: 'var(--ink)',
      width: 2.4,
      data: sum,
    });
  }
  // Each flow's share of the aggregate (a lone flow has the whole share; NaN while it has sent nothing).
  if (thr.length === flowIds.length && sum)
    flowIds.forEach((flow, i) => {
      fairness.push({
        key: `share-${flow}`,
        series: 'share',
        flow,
        label: flow,
        color: flowColor(i),
        width: 1.4,
        data: store?.get(flow, SHARE),
      });
    });
  fairness.push({
    key: 'jain',
    series: 'jain_index',
    entity: 'all',
    label: jainLineLabel(windowMs),
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
  // Many connections: each chart draws the band and the median; a connection's own line shows
  // when it is highlighted or hovered (secondary, pickable lines).
  const cwndBand = bandLines(store, 'cwnd_bytes', 'cwnd', 1 / 1000);
  const thrBand = bandLines(store, THROUGHPUT, 'throughput');
  if (cwndBand.length > 0 && thrBand.length > 0) {
    const asPick = (l: ChartLine): ChartLine => ({ ...l, secondary: true, pick: l.series !== 'ssthresh' });
    return {
      cwnd: [...cwndBand, ...cwnd.map(asPick)],
      // The aggregate (the connections' sum) would flatten the band: the band and median stand for them.
      throughput: [...thrBand, ...throughput.filter((l) => l.flow).map(asPick)],
      queue,
      fairness: fairness.map((l) => (l.flow ? asPick(l) : l)),
    };
  }
  return { cwnd, throughput, queue, fairness };
}

/** True causes of drops, their labels and colours (shape: triangles on the Queue chart's top rail). */
export const DROP_CAUSES: { cause: string; label: string; color: string; metric: string }[] = [
  { cause: 'queue', label: 'queue overflow', color: '#D55E00', metric: 'drops_queue_pkts_total' },
  { cause: 'aqm', label: 'AQM (early) drop', color: '#996B2E', metric: 'drops_aqm_pkts_total' },
  { cause: 'corruption', label: 'corruption', color: '#CC79A7', metric: 'corrupted_pkts_total' },
  { cause: 'lost', label: 'wireless loss', color: '#8E5BD9', metric: 'lost_pkts_total' },
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
      out.push({ tMs: e.t_ms, cause, color: colors.get(cause)!, flow: traceFlowId(e.flow, flowIds) });
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
  return DROP_CAUSES.find((d) => d.cause === c)?.color ?? '#8E5BD9';
}

/**
 * The classifier panel's flows from a summary: each flow's legend entry (id, colour, variant, own
 * classifier) and where its row is in `summary.flows`. What the legend shows does not change while a
 * run plays, so a page computes this once per run (`RunCharts`); the judgements themselves are
 * read only for the flows the panel shows ({@link flowJudgements}).
 */
export function classifierFlows(
  summary: RunSummary | null,
  flowIds: readonly string[],
  variantTitle: (id: string) => string,
): ClassifierFlow[] {
  if (!summary) return [];
  const index = new Map(flowIds.map((id, i) => [id, i]));
  return summary.flows.map((f, i) => {
    const id = String(f.flow_id ?? i);
    return {
      flow: id,
      color: flowColor(index.get(id) ?? i),
      variant: variantTitle(String(f.cc ?? '')),
      classifier: String(f.classifier ?? ''),
      row: i,
    };
  });
}

/** One flow's judgements in a summary: its own classifier first, then the shadows. */
export function flowJudgements(summary: RunSummary | null, flow: ClassifierFlow): ClassifierJudgement[] {
  if (!summary) return [];
  const at = summary.flows[flow.row];
  const f =
    at && String(at.flow_id ?? flow.row) === flow.flow
      ? at
      : summary.flows.find((x, i) => String(x.flow_id ?? i) === flow.flow);
  if (!f) return [];
  const own = String(f.classifier ?? '');
  const shadows = f.shadows ?? [];
  const ownShadow = shadows.find((s) => s.classifier === own);
  const conf = (f as Record<string, unknown>).confusion;
  return [
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
  ];
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function isConfusion(v: unknown): v is ClassifierJudgement['confusion'] & object {
  return typeof v === 'object' && v !== null && 'congestion_as_congestion' in v;
}

/**
 * The lines with flows named as a lesson's prose names them (`{ "normal.0": "plain flow 1" }`, a
 * figure's `flow_names`); a flow without a name keeps its id (and the legend's description).
 */
export function namedLines(lines: RunLines, names: Readonly<Record<string, string>> | undefined): RunLines {
  if (!names || Object.keys(names).length === 0) return lines;
  const rename = (ls: ChartLine[]) =>
    ls.map((l) => (l.flow !== undefined && names[l.flow] && l.label === l.flow ? { ...l, label: names[l.flow] } : l));
  return {
    cwnd: rename(lines.cwnd),
    throughput: rename(lines.throughput),
    queue: lines.queue,
    fairness: rename(lines.fairness),
  };
}

/** The live Jain line's legend: "Jain index, per 1 s window" (the series is taken per throughput window). */
export function jainLineLabel(windowMs: number | null | undefined): string {
  return windowMs ? `Jain index, per ${windowText(windowMs)} window` : 'Jain index, per throughput window';
}

/**
 * The whole-run Jain index (the summary's `jain_index`: Jain's formula over each flow's average
 * throughput, (Σx)² / (n·Σx²)) as a flat dashed line across the run, beside the per-window line;
 * its legend says the value.
 */
export function wholeRunJainLine(value: number, endMs: number): ChartLine {
  return {
    key: 'jain-whole',
    series: 'jain_whole_run',
    entity: 'whole-run',
    label: `Jain index, whole run: ${value.toFixed(2)}`,
    color: 'var(--ink)',
    dashed: true,
    width: 1.8,
    data: { t: Float64Array.from([0, endMs]), v: Float64Array.from([value, value]), length: 2 },
  };
}
