/**
 * What the Sweep form holds: any number of varied parameters (the sweep's axes, docs/design.md §D4), each a
 * plain path with its values or a zipped axis (`{ label, zip }`, content/sweeps/README.md: several
 * paths set together), which of them is the charts' x axis and which draws one series per value,
 * and the replications, duration and metrics. Values stay as typed (text) until the sweep is
 * built (`sweepModel.ts`); the simulator validates and plans it.
 */
import { parseValues, type Vary } from './sweepModel';

/** One path of an axis and its values as typed (`0, 1e-6`; objects and lists as JSON). */
export interface AxisPath {
  path: string;
  values: string;
}

/** One varied parameter: a plain path (`label` empty, one path) or a zipped axis (its label, its paths). */
export interface AxisForm {
  label: string;
  paths: AxisPath[];
}

export type XAxisChoice = 'auto' | 'linear' | 'log';

export interface SweepForm {
  /** The axes, first varying slowest (the simulator's point order). */
  axes: AxisForm[];
  /** Index into `axes` of the charts' x axis. */
  x: number;
  /** Index into `axes` of the axis drawn as one series per value, or null for none. */
  series: number | null;
  replications: number;
  duration: number | undefined;
  metrics: string[];
  /** The charts' x axis: `auto` picks log for values spanning two decades or more. */
  xScale: XAxisChoice;
  /**
   * The slice the charts show: for an axis neither x nor series, the index of the value the
   * "Show" picker fixes it at (absent: its first value).
   */
  show?: Readonly<Record<number, number>>;
  /**
   * The rest of an opened sweep file's settings, passed on as they are (`flows`, `groups`,
   * `window`: what its rows are), so the page's CSV stays the CLI's for the same file.
   */
  extra: Record<string, unknown>;
}

export interface ParamChoice {
  path: string;
  /** The parameter in words (the unit, from the catalog or `unit`, is added where shown). */
  label: string;
  /** For fields the catalog has no knob for (link rate and delay). */
  unit?: string;
  values: string;
}

/** The paths the parameter picker offers by name (any other path can be typed in). */
export const SWEEP_PARAMS: ParamChoice[] = [
  { path: 'topology.bottleneck.errors.ber', label: 'Bottleneck bit error rate', values: '0, 1e-7, 1e-6, 1e-5' },
  { path: 'topology.bottleneck.errors.per', label: 'Bottleneck packet error rate', values: '0, 0.01, 0.05' },
  { path: 'topology.bottleneck.queue.limit_pkts', label: 'Bottleneck buffer', values: '10, 30, 100' },
  {
    path: 'topology.bottleneck.rate_bps',
    label: 'Bottleneck rate',
    unit: 'bit/s',
    values: '500000, 1000000, 2000000',
  },
  { path: 'topology.bottleneck.delay_ms', label: 'Bottleneck one-way delay', unit: 'ms', values: '5, 20, 80' },
  { path: 'flows[0].tcp.cc', label: 'Variant of the first flow', values: 'new_reno, westwood, veno' },
  {
    path: 'flows[0].tcp.classifier',
    label: 'Classifier of the first flow',
    values: 'always_congestion, checksum, oracle',
  },
  { path: 'flows[0].count', label: 'Connections of the first flow', values: '1, 2, 4' },
  {
    path: 'topology.bottleneck.errors',
    label: 'Bottleneck error model',
    // Random bit errors against bursts of about the same mean loss (1e-6 per bit ≈ 1.2 % of
    // 1500-byte packets): one value per line, each an error model as JSON.
    values:
      '{"kind": "bit_error", "ber": 1e-6},\n{"kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.012, "mean_burst_pkts": 4}',
  },
];

/** The picker's value for a path typed by hand. */
export const CUSTOM = 'custom';

export const plainAxis = (path: string, values: string): AxisForm => ({ label: '', paths: [{ path, values }] });

export const DEFAULT_FORM: SweepForm = {
  axes: [plainAxis(SWEEP_PARAMS[0].path, SWEEP_PARAMS[0].values)],
  x: 0,
  series: null,
  replications: 3,
  duration: 20,
  metrics: ['throughput_kbps', 'timeouts'],
  xScale: 'auto',
  extra: {},
};

/** True for a zipped axis (`{ label, zip }`), even of one path. */
export const isZip = (a: AxisForm) => a.label !== '';

/** How many values an axis takes (a zipped axis: its first path's; the simulator checks the rest agree). */
export function axisLength(a: AxisForm): number {
  return parseValues(a.paths[0]?.values ?? '').length;
}

/** Points of the form's sweep: the product of its axes' lengths. */
export function pointCount(form: SweepForm): number {
  return form.axes.reduce((n, a) => n * axisLength(a), 1);
}

/** The sweep file's `vary` of the form (docs/design.md §D4; zipped axes as `{ label, zip }`). */
export function varyOf(form: SweepForm): Vary[] {
  return form.axes.map((a) =>
    isZip(a)
      ? { label: a.label, zip: a.paths.map((p) => ({ path: p.path.trim(), values: parseValues(p.values) })) }
      : { path: a.paths[0].path.trim(), values: parseValues(a.paths[0].values) },
  );
}

/** The x and series roles kept valid after axes were added or removed (series never = x). */
export function withRoles(form: SweepForm, x = form.x, series = form.series): SweepForm {
  const n = form.axes.length;
  const nx = Math.min(Math.max(0, x), n - 1);
  const ns = series === null || series >= n || series === nx ? null : series;
  return { ...form, x: nx, series: ns };
}

/** The form with a new plain axis (the first offered path not yet varied). */
export function addAxis(form: SweepForm): SweepForm {
  const used = new Set(form.axes.flatMap((a) => a.paths.map((p) => p.path)));
  const next = SWEEP_PARAMS.find((p) => !used.has(p.path));
  const axes = [...form.axes, next ? plainAxis(next.path, next.values) : plainAxis('', '')];
  // The second axis draws the series until the user picks otherwise.
  return withRoles({ ...form, axes }, form.x, form.series ?? (axes.length === 2 ? 1 - form.x : null));
}

/** The form without axis `k` (the last one stays). */
export function removeAxis(form: SweepForm, k: number): SweepForm {
  if (form.axes.length <= 1) return form;
  const axes = form.axes.filter((_, i) => i !== k);
  const shift = (i: number) => (i > k ? i - 1 : i);
  const series = form.series === null || form.series === k ? null : shift(form.series);
  const show = showOf(
    Object.entries(form.show ?? {})
      .filter(([i]) => Number(i) !== k)
      .map(([i, j]) => [shift(Number(i)), j]),
  );
  return withRoles({ ...form, axes, show }, form.x === k ? 0 : shift(form.x), series);
}

/** The form with axis `k` shown at its value index `j` (the others' picks kept). */
export function withShow(form: SweepForm, k: number, j: number): SweepForm {
  const picks = { ...form.show, [k]: j };
  return { ...form, show: showOf(Object.entries(picks).map(([i, x]) => [Number(i), x] as const)) };
}

/** The picks with a value index above 0 (the first value needs no entry), or undefined for none. */
export function showOf(entries: Iterable<readonly [number, number]>): SweepForm['show'] {
  const out: Record<number, number> = {};
  for (const [k, j] of entries) if (Number.isInteger(k) && k >= 0 && Number.isInteger(j) && j > 0) out[k] = j;
  return Object.keys(out).length > 0 ? out : undefined;
}

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The form a browser saved: today's shape, or the one-or-two-path form of before
 * (`param`/`customPath`/`values`/`param2`/`values2`); anything unusable takes the default.
 */
export function formFromSaved(saved: unknown): SweepForm {
  if (!isObj(saved)) return DEFAULT_FORM;
  const base: Omit<SweepForm, 'axes' | 'x' | 'series'> = {
    replications:
      typeof saved.replications === 'number' && Number.isInteger(saved.replications) && saved.replications >= 1
        ? saved.replications
        : DEFAULT_FORM.replications,
    duration: typeof saved.duration === 'number' && saved.duration > 0 ? saved.duration : undefined,
    metrics: Array.isArray(saved.metrics)
      ? saved.metrics.filter((m): m is string => typeof m === 'string')
      : DEFAULT_FORM.metrics,
    xScale: saved.xScale === 'log' || saved.xScale === 'linear' ? saved.xScale : 'auto',
    extra: isObj(saved.extra) ? saved.extra : {},
  };
  if (Array.isArray(saved.axes)) {
    const axes = saved.axes.filter(
      (a): a is AxisForm =>
        isObj(a) &&
        typeof a.label === 'string' &&
        Array.isArray(a.paths) &&
        a.paths.length > 0 &&
        a.paths.every((p) => isObj(p) && typeof p.path === 'string' && typeof p.values === 'string'),
    );
    if (axes.length === 0) return DEFAULT_FORM;
    const show = isObj(saved.show)
      ? showOf(Object.entries(saved.show).map(([k, j]) => [Number(k), typeof j === 'number' ? j : -1] as const))
      : undefined;
    return withRoles(
      { ...base, axes, x: 0, series: null, ...(show ? { show } : {}) },
      typeof saved.x === 'number' ? saved.x : 0,
      typeof saved.series === 'number' ? saved.series : null,
    );
  }
  const str = (k: string) => (typeof saved[k] === 'string' ? (saved[k] as string) : '');
  const p = str('param') === CUSTOM ? str('customPath').trim() : str('param');
  if (!p) return DEFAULT_FORM;
  const axes = [plainAxis(p, str('values'))];
  if (str('param2').trim()) axes.push(plainAxis(str('param2').trim(), str('values2')));
  return { ...base, axes, x: 0, series: axes.length > 1 ? 1 : null };
}
