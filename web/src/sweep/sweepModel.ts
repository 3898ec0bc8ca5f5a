/**
 * Sweeps in the browser, with the CLI's rules (sim-core `sweep.rs`, DESIGN §4):
 * points are the cartesian product of the varied values (first path slowest), replication r runs
 * with seed `seed + r` (identical across points, so points are paired on the same error patterns),
 * and each point reports rows named like the CLI's `metric` column:
 * one flow → `throughput_kbps`; several → `<flow>.throughput_kbps` per flow and a group row:
 * `sum.<metric>` for counts, `aggregate_throughput_kbps` / `aggregate_goodput_kbps` (the
 * simulator's own figure: all bytes over the span of the transfers) for rates; run metrics
 * (`jain_index`, `end_s`, `events`, the aggregates) without prefix.
 */
import { ci95, type MeanCi } from '../lib/stats';
import type { SweepRow } from '../lib/csv';
import { normalizePath, setPath } from '../scenario/paths';
import { expandFlowIds, type ScenarioJson } from '../scenario/types';

export const FLOW_METRICS = [
  'throughput_kbps',
  'goodput_kbps',
  'bytes_delivered',
  'completion_s',
  'segments_sent',
  'retransmissions',
  'fast_retransmits',
  'timeouts',
  'losses_queue',
  'losses_corruption',
  'losses_other',
  'verdicts_congestion',
  'verdicts_wireless',
  'accuracy_congestion',
  'accuracy_wireless',
] as const;
export const RUN_METRICS = ['jain_index', 'end_s', 'events', 'aggregate_throughput_kbps', 'aggregate_goodput_kbps'] as const;
/** The run metric that is the group row of a per-flow rate (rates do not add up over flows). */
const AGGREGATE_OF: Record<string, string> = { throughput_kbps: 'aggregate_throughput_kbps', goodput_kbps: 'aggregate_goodput_kbps' };
export const ALL_METRICS: readonly string[] = [...FLOW_METRICS, ...RUN_METRICS];

export interface Vary {
  path: string;
  values: unknown[];
}

export interface SweepSpec {
  base: ScenarioJson;
  vary: Vary[];
  replications: number;
  metrics: string[];
}

export interface Point {
  index: number;
  /** Index into `vary[k].values` for every k. */
  choice: number[];
  values: unknown[];
  /** The point's scenario for replication 0. */
  scenario: ScenarioJson;
  rows: RowMetric[];
}

export interface RowMetric {
  name: string;
  entity: { kind: 'flow'; index: number } | { kind: 'sum' } | { kind: 'run' };
  metric: string;
}

/** The rows of a point, in CLI order (metrics as listed; flows in order, then `sum`). */
export function rowMetrics(flowIds: readonly string[], metrics: readonly string[]): RowMetric[] {
  const multi = flowIds.length > 1;
  const rows: RowMetric[] = [];
  for (const m of metrics) {
    if ((RUN_METRICS as readonly string[]).includes(m)) rows.push({ name: m, entity: { kind: 'run' }, metric: m });
    else if (!multi) rows.push({ name: m, entity: { kind: 'flow', index: 0 }, metric: m });
    else {
      flowIds.forEach((id, index) => rows.push({ name: `${id}.${m}`, entity: { kind: 'flow', index }, metric: m }));
      const agg = AGGREGATE_OF[m];
      rows.push(agg ? { name: agg, entity: { kind: 'run' }, metric: agg } : { name: `sum.${m}`, entity: { kind: 'sum' }, metric: m });
    }
  }
  return rows;
}

/** Every point of the sweep (first varied path slowest); throws on a malformed path. */
export function expandPoints(spec: SweepSpec): Point[] {
  const vary = spec.vary.map((v) => ({ path: normalizePath(v.path), values: v.values }));
  const choices: number[][] = [[]];
  for (const v of vary) {
    const next: number[][] = [];
    for (const c of choices) for (let j = 0; j < v.values.length; j++) next.push([...c, j]);
    choices.splice(0, choices.length, ...next);
  }
  return choices.map((choice, index) => {
    let scenario = spec.base;
    vary.forEach((v, k) => {
      scenario = setPath(scenario, v.path, v.values[choice[k]]);
    });
    return {
      index,
      choice,
      values: choice.map((j, k) => vary[k].values[j]),
      scenario,
      rows: rowMetrics(expandFlowIds(scenario), spec.metrics),
    };
  });
}

/** The scenario of replication `rep` of a point: seed + rep. */
export function replicationScenario(point: Point, rep: number): ScenarioJson {
  return { ...point.scenario, seed: (point.scenario.seed ?? 1) + rep };
}

export interface SummaryLike {
  end_s?: number;
  events?: number;
  aggregate_throughput_kbps?: number;
  aggregate_goodput_kbps?: number;
  flows: Record<string, unknown>[];
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Jain's fairness index of `x`; undefined when empty or all zero (as the CLI). */
export function jain(x: readonly number[]): number | undefined {
  let sum = 0;
  let sq = 0;
  for (const v of x) {
    sum += v;
    sq += v * v;
  }
  return x.length > 0 && sq > 0 ? (sum * sum) / (x.length * sq) : undefined;
}

/**
 * One replication's value of a row. Group accuracies need every flow's own confusion matrix,
 * which the summary does not carry: they are left undefined (the CLI pools them natively).
 */
export function rowValue(summary: SummaryLike, row: RowMetric): number | undefined {
  const flows = summary.flows;
  switch (row.entity.kind) {
    case 'run':
      if (row.metric === 'jain_index') return jain(flows.map((f) => num(f.throughput_kbps) ?? 0));
      if (row.metric === 'end_s') return num(summary.end_s);
      if (row.metric === 'events') return num(summary.events);
      if (row.metric === 'aggregate_throughput_kbps') return num(summary.aggregate_throughput_kbps);
      if (row.metric === 'aggregate_goodput_kbps') return num(summary.aggregate_goodput_kbps);
      return undefined;
    case 'flow':
      return num(flows[row.entity.index]?.[row.metric]);
    case 'sum': {
      if (row.metric === 'completion_s') {
        let max = 0;
        for (const f of flows) {
          const c = num(f.completion_s);
          if (c === undefined) return undefined;
          max = Math.max(max, c);
        }
        return max;
      }
      if (row.metric.startsWith('accuracy_')) return undefined;
      let s = 0;
      for (const f of flows) s += num(f[row.metric]) ?? 0;
      return s;
    }
  }
}

export interface PointResult {
  point: Point;
  /** samples[r][i] = replication r's value of row i. */
  samples: (number | undefined)[][];
}

/** Mean and 95 % CI of every row of a point over its replications. */
export function aggregate(point: Point, samples: (number | undefined)[][]): { name: string; ci: MeanCi | undefined }[] {
  return point.rows.map((r, i) => {
    const xs: number[] = [];
    for (const s of samples) {
      const v = s[i];
      if (v !== undefined) xs.push(v);
    }
    return { name: r.name, ci: ci95(xs) };
  });
}

/** CSV rows of every finished point, in point order. */
export function sweepRows(results: readonly PointResult[]): SweepRow[] {
  const rows: SweepRow[] = [];
  for (const { point, samples } of [...results].sort((a, b) => a.point.index - b.point.index)) {
    for (const { name, ci } of aggregate(point, samples)) {
      rows.push({ point: point.index, values: point.values, metric: name, stats: ci });
    }
  }
  return rows;
}

/**
 * Parses a list of values typed by the user: `0, 1e-6, 1e-5` → numbers; `reno, cubic` → strings;
 * JSON literals (`true`, `null`, `"x"`) as JSON.
 */
export function parseValues(text: string): unknown[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return Number(s);
      if (s === 'true' || s === 'false' || s === 'null' || s.startsWith('"') || s.startsWith('[') || s.startsWith('{')) {
        try {
          return JSON.parse(s);
        } catch {
          return s;
        }
      }
      return s;
    });
}
