/**
 * The words a sweep chart speaks instead of JSON paths and metric ids:
 *
 * - metrics by the summary table's column labels (`run/summaryColumns.ts`, the one copy), split
 *   into name and unit, with the display scale of their kind (bytes shown in kB, accuracies in %)
 *   and their physical range (the one table of ranges, {@link RANGE_BY_KIND}: CI bars are cut to
 *   it); the few run-level metrics the summary has no column for are named here;
 * - the varied parameter by the form's label, else the catalog's knob label, with the catalog's
 *   unit (sim-core knob tables, through wasm);
 * - its values by the catalog's titles (`new_reno` → "TCP NewReno", `checksum` → "Checksum
 *   notification") or the lab's names of a Gilbert–Elliott mode (`markov` → "Mean loss and burst
 *   length", `scenario/errorModes.ts`), booleans as on / off, numbers as the chart formats them (4 significant digits)
 *   in the unit the lab shows: a rate the simulator takes in bit/s reads in kbit/s, Mbit/s or
 *   Gbit/s as the builder's fields and the lab's readouts write it ({@link shownIn}: the prefix
 *   fits the largest value of the list, so one list, axis or picker speaks one unit).
 */
import { formatChart, formatEng, rateUnit } from '../lib/numberFormat';
import { SUMMARY_COLUMNS, type CellKind } from '../run/summaryColumns';
import {
  pageCatalog,
  paramLabel,
  titleOf,
  type Catalog,
  type CatalogParam,
  type CatalogSection,
} from '../scenario/catalog';
import { GILBERT_ELLIOTT_MODES } from '../scenario/errorModes';
import { parsePath } from '../scenario/paths';
import type { MetricRange } from '../charts/sweepScale';
import { SWEEP_PARAMS } from './sweepForm';

/** `signed_pct`: a signed percentage, already in % (an error or an overestimate). */
type MetricKind = CellKind | 'index' | 'signed_pct';

/**
 * Physical range of each kind of metric, in the simulator's units: counts, rates, times and
 * bytes are never negative; accuracies are shares (0–1); Jain's fairness index lies in 0–1.
 */
export const RANGE_BY_KIND: Record<MetricKind, MetricRange> = {
  text: { min: null, max: null },
  variant: { min: null, max: null },
  classifier: { min: null, max: null },
  count: { min: 0, max: null },
  kbps: { min: 0, max: null },
  seconds: { min: 0, max: null },
  bytes: { min: 0, max: null },
  fraction: { min: 0, max: 1 },
  index: { min: 0, max: 1 },
  signed_pct: { min: null, max: null },
};

/** Run-level metrics (no summary column): label, unit, kind. */
const RUN_METRICS: Record<string, { label: string; unit: string; kind: MetricKind }> = {
  jain_index: { label: 'Jain fairness index', unit: '', kind: 'index' },
  end_s: { label: 'End of run', unit: 's', kind: 'seconds' },
  events: { label: 'Simulator events', unit: '', kind: 'count' },
  aggregate_throughput_kbps: { label: 'All flows’ throughput', unit: 'kbit/s', kind: 'kbps' },
  aggregate_goodput_kbps: { label: 'All flows’ goodput', unit: 'kbit/s', kind: 'kbps' },
  max_queue_pkts: { label: 'Most packets queued', unit: 'packets', kind: 'count' },
  // A per-flow metric the summary table has no column for (sweeps only).
  time_to_15kb_s: { label: 'Time to the first 15 KB', unit: 's', kind: 'seconds' },
  // M9 (sim-model/src/metrics/startup.rs, bursts.rs).
  startup_overflow_s: { label: 'End of the start-up overflow', unit: 's', kind: 'seconds' },
  startup_last_loss_s: { label: 'Last loss of the start-up overflow', unit: 's', kind: 'seconds' },
  startup_losses: { label: 'Losses in the start-up overflow', unit: 'packets', kind: 'count' },
  first_loss_flight_segs: { label: 'FlightSize at the first loss detection', unit: 'segments', kind: 'count' },
  first_loss_rtt_s: { label: 'RTT at the first loss detection', unit: 's', kind: 'seconds' },
  loss_to_retx_first_s: { label: 'First loss to its resend', unit: 's', kind: 'seconds' },
  loss_to_retx_max_s: { label: 'Longest loss to resend', unit: 's', kind: 'seconds' },
  idle_after_burst_s: { label: 'Idle time after the burst', unit: 's', kind: 'seconds' },
  // The adaptive threshold's state (sim-model/src/metrics/threshold.rs): the adaptive threshold at each loss. The
  // percentages are signed (no physical range, shown as they are).
  tp_estimate_s: { label: 'Tp estimate at a loss (adaptive threshold)', unit: 's', kind: 'seconds' },
  tp_overestimate_pct: { label: 'Overestimate of Tp', unit: '%', kind: 'signed_pct' },
  t0_s: { label: 'Boundary T0 at a loss', unit: 's', kind: 'seconds' },
  t0_error_pct: { label: 'Error of T0 from the overestimated Tp', unit: '%', kind: 'signed_pct' },
  // The time window (sim-core/src/sweep/window.rs): bytes delivered between the sweep's window bounds.
  window_throughput_kbps: { label: 'Throughput in the window', unit: 'kbit/s', kind: 'kbps' },
  window_share: { label: 'Share of the window’s bytes', unit: '%', kind: 'fraction' },
};

/** Shown value = simulator value × this (1000 bytes → 1 kB; share 0.5 → 50 %). */
function factorOf(kind: MetricKind): number {
  return kind === 'bytes' ? 1e-3 : kind === 'fraction' ? 100 : 1;
}

/**
 * `shadow.<classifier id>.<measure>` (sim-core/src/sweep/shadow_metrics.rs): a shadow
 * classifier's accuracy, judged on the flow's losses without steering it.
 */
const SHADOW = /^shadow\.([a-z0-9_]+)\.(accuracy_congestion|accuracy_wireless)$/;

export interface MetricWords {
  /** `Throughput`. */
  label: string;
  /** As shown (`kbit/s`, `kB`, `%`; '' for plain counts). */
  unit: string;
  /** Shown value = simulator value × factor (1000 bytes → 1 kB; share 0.5 → 50 %). */
  factor: number;
  /** In the simulator's units. */
  range: MetricRange;
}

/** `label (unit)`, or just the label. */
export function withUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}

/** A metric's words: its summary column's label and unit, else the run-level table, else its id. */
export function metricWords(metric: string): MetricWords {
  const col = SUMMARY_COLUMNS.find((c) => c.key === metric);
  if (col) {
    const plain = col.label.replaceAll('\u00ad', '');
    const m = /^(.*?) \(([^)]*)\)$/.exec(plain);
    return {
      label: m ? m[1] : plain,
      unit: m ? m[2] : '',
      factor: factorOf(col.kind),
      range: RANGE_BY_KIND[col.kind],
    };
  }
  const run = RUN_METRICS[metric];
  if (run) return { label: run.label, unit: run.unit, factor: factorOf(run.kind), range: RANGE_BY_KIND[run.kind] };
  const shadow = SHADOW.exec(metric);
  if (shadow) {
    const own = metricWords(shadow[2]);
    const judge = titleOf(pageCatalog(), 'classifiers', shadow[1]);
    return { ...own, label: `${own.label}, ${judge} judging alongside` };
  }
  return { label: metric, unit: '', factor: 1, range: { min: null, max: null } };
}

/** `Throughput (kbit/s)`: how the form and the charts name a metric. */
export function metricText(metric: string): string {
  const w = metricWords(metric);
  return withUnit(w.label, w.unit);
}

export interface ParamWords {
  label: string;
  /** The unit values are shown in (`Mbit/s`; the simulator's own unit until {@link shownIn}). */
  unit: string;
  /** Shown value = simulator value × factor (1,000,000 bit/s → 1 Mbit/s); absent: 1. */
  factor?: number;
  /** The catalog section whose ids the values are (`variants` for `….tcp.cc`), if any. */
  section: CatalogSection | null;
  /** Plain names of the values that are ids outside the catalog's sections (a Gilbert–Elliott mode). */
  names?: Readonly<Record<string, string>>;
}

const ID_FIELDS: Record<string, CatalogSection> = {
  cc: 'variants',
  classifier: 'classifiers',
  profile: 'profiles',
};

/** The sections whose ids an object's `kind` is, by the object's key (`errors.kind`: an error model). */
const KIND_OF: Record<string, CatalogSection> = {
  errors: 'errors',
  queue: 'queues',
};

/** The catalog's knob for the last step of `path`, found by the object that holds it. */
function catalogKnob(steps: (string | number)[], catalog: Catalog): CatalogParam | undefined {
  const name = String(steps[steps.length - 1]);
  const parent = String(steps[steps.length - 2] ?? '');
  const lists: CatalogParam[][] =
    parent === 'tcp'
      ? [catalog.tcp ?? []]
      : parent === 'errors'
        ? catalog.errors.map((e) => e.params)
        : parent === 'queue'
          ? catalog.queues.map((e) => e.params)
          : parent === 'cc_params'
            ? catalog.variants.map((e) => e.params)
            : parent === 'classifier_params'
              ? catalog.classifiers.map((e) => e.params)
              : [];
  for (const l of lists) {
    const p = l.find((x) => x.name === name);
    if (p) return p;
  }
  return undefined;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `the second flow`, …, `flow 12`: flow `i` (0-based) of the scenario's list, in words. */
function flowWords(i: number): string {
  return i < ORDINALS.length ? `the ${ORDINALS[i]} flow` : `flow ${i + 1}`;
}

/**
 * The label of a path without a form entry of its own: a knob of a later flow takes the first
 * flow's form label, said of its flow (`flows[1].count`: `Connections of the second flow`); any
 * other knob of a flow other than the first says which (`Min RTO of the second flow`).
 */
function labelOf(path: string, name: string): string {
  const form = SWEEP_PARAMS.find((p) => p.path === path);
  if (form) return form.label;
  const flow = /^flows\[(\d+)\]\.(.+)$/.exec(path);
  if (!flow) return paramLabel(name);
  const i = Number(flow[1]);
  const first = SWEEP_PARAMS.find((p) => p.path === `flows[0].${flow[2]}`);
  if (first) return first.label.replace(flowWords(0), flowWords(i));
  return i === 0 ? paramLabel(name) : `${paramLabel(name)} of ${flowWords(i)}`;
}

/** The varied parameter's label and unit (the form's label for the paths it offers). */
export function paramWords(path: string, catalog: Catalog): ParamWords {
  const steps = parsePath(path);
  const name = String(steps[steps.length - 1] ?? path);
  const parent = steps[steps.length - 2];
  const section =
    parent === 'tcp' ? (ID_FIELDS[name] ?? null) : name === 'kind' ? (KIND_OF[String(parent)] ?? null) : null;
  const form = SWEEP_PARAMS.find((p) => p.path === path);
  const knob = catalogKnob(steps, catalog);
  return {
    label: labelOf(path, name),
    unit: knob?.unit ?? form?.unit ?? '',
    section,
    ...(name === 'mode' && parent === 'errors' ? { names: GILBERT_ELLIOTT_MODES } : {}),
  };
}

/** A string value's plain name: its catalog title or its mode's name (null: the value is its own name). */
function nameOf(v: string, w: ParamWords, catalog: Catalog): string | null {
  if (w.section) return titleOf(catalog, w.section, v);
  return w.names?.[v] ?? null;
}

/**
 * `w` in the unit its values are best read in: a rate in bit/s (the simulator's unit, from the
 * catalog or the form) takes the prefix that fits the largest of `values` (500,000 to 2,000,000
 * bit/s → 0.5 to 2 Mbit/s); any other unit stays as the simulator states it.
 */
export function shownIn(w: ParamWords, values: readonly unknown[]): ParamWords {
  if (w.unit !== 'bit/s') return w;
  const sizes = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).map(Math.abs);
  const top = Math.max(0, ...sizes);
  const u = rateUnit(top);
  return u.bps === 1 ? w : { ...w, unit: u.unit, factor: 1 / u.bps };
}

/** `Bottleneck bit error rate`, `Bottleneck rate (Mbit/s)`. */
export function paramText(w: ParamWords): string {
  return withUnit(w.label, w.unit);
}

/** A varied value in words: a catalog title or a mode's name, on / off, or a number as charts write it. */
export function valueText(v: unknown, w: ParamWords, catalog: Catalog): string {
  if (typeof v === 'string') return nameOf(v, w, catalog) ?? v;
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number') {
    const x = v * (w.factor ?? 1);
    return Math.abs(x) < 1e-3 ? formatEng(x) : formatChart(x);
  }
  return JSON.stringify(v);
}

/** A series' name from a second parameter's value: `Standard TCP`, `RTT tick 10 ms`, `… on`. */
export function seriesValueText(v: unknown, w: ParamWords, catalog: Catalog): string {
  const text = valueText(v, w, catalog);
  if (typeof v === 'string' && nameOf(v, w, catalog) !== null) return text;
  return `${w.label} ${text}${typeof v === 'number' && w.unit ? ` ${w.unit}` : ''}`;
}

/** `{a: {b: 1}}` → `[['a.b', 1]]`: an object value's leaves by dotted key. */
function leaves(v: unknown, at = ''): [string, unknown][] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [[at, v]];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => leaves(x, at ? `${at}.${k}` : k));
}

/**
 * Object values of one varied path (a whole flow, `flows[0]`) in words: only the fields that
 * differ between them, each by its knob's label (`Count 5 · Classifier Checksum notification`).
 */
export function objectTexts(path: string, values: readonly unknown[], catalog: Catalog): string[] {
  const maps = values.map((v) => new Map(leaves(v)));
  // An object's kind (and its mode) first: they say what the other fields are of.
  const last = (k: string) => k.split('.').pop();
  const first = (k: string) => (last(k) === 'kind' ? 0 : last(k) === 'mode' ? 1 : 2);
  const keys = [...new Set(maps.flatMap((m) => [...m.keys()]))]
    .filter((k) => new Set(maps.map((m) => JSON.stringify(m.get(k) ?? null))).size > 1)
    .sort((a, b) => first(a) - first(b));
  return maps.map((m) =>
    keys
      .filter((k) => m.has(k))
      .map((k) => {
        const w = shownIn(
          paramWords(`${path}.${k}`, catalog),
          maps.map((x) => x.get(k)),
        );
        const steps = k.split('.');
        const v = m.get(k);
        const text = valueText(v, w, catalog);
        // A kind or a mode names itself (`Bit errors`, not `Kind Bit errors`).
        const key = steps[steps.length - 1];
        if ((key === 'kind' && w.section) || (typeof v === 'string' && w.names?.[v])) return text;
        return `${paramLabel(steps[steps.length - 1])} ${text}${typeof v === 'number' && w.unit ? ` ${w.unit}` : ''}`;
      })
      .join(' · '),
  );
}
