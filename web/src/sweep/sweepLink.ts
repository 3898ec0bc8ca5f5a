/**
 * The Sweep form and its share link (`#/sweep?s=…&p=…&v=…&r=…&m=…&d=…&p2=…&v2=…`).
 *
 * - `s`: the base scenario (lz-string, as everywhere); `p`, `v`: the varied path and its values;
 *   `r`: replications; `m`: metrics, comma-separated; `d`: duration in s (absent: the
 *   scenario's); `p2`, `v2`: the optional series path and its values; `x`: the charts' x axis,
 *   `log` or `linear` (absent: log when the positive values span two decades or more).
 * - A link describes the whole sweep: a field it leaves out takes its empty or default value,
 *   never what this browser last typed (that is only the starting point without a link).
 * - Bad parts of a link (a replication count that is not a whole number, unknown metrics) are
 *   replaced by defaults, each with a message for the page to show.
 */
import { allMetrics } from './sweepModel';

export interface SweepForm {
  /** A known path (see `SWEEP_PARAMS`) or `CUSTOM`. */
  param: string;
  customPath: string;
  values: string;
  param2: string;
  values2: string;
  replications: number;
  duration: number | undefined;
  metrics: string[];
  /** The charts' x axis: `auto` picks log for values spanning two decades or more. */
  xScale: XAxisChoice;
}

export type XAxisChoice = 'auto' | 'linear' | 'log';

export interface ParamChoice {
  path: string;
  /** The parameter in words (the unit, from the catalog or `unit`, is added where shown). */
  label: string;
  /** For fields the catalog has no knob for (link rate and delay). */
  unit?: string;
  values: string;
}

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
];

/** `param` when the path is typed in by hand. */
export const CUSTOM = 'custom';

export const DEFAULT_FORM: SweepForm = {
  param: SWEEP_PARAMS[0].path,
  customPath: '',
  values: SWEEP_PARAMS[0].values,
  param2: '',
  values2: '',
  replications: 3,
  duration: 20,
  metrics: ['throughput_kbps', 'timeouts'],
  xScale: 'auto',
};

/** The varied path the form stands for (the custom one when `param` is `CUSTOM`). */
export function formPath(form: SweepForm): string {
  return form.param === CUSTOM ? form.customPath.trim() : form.param;
}

/** The link's parameters for `form` on the encoded base scenario `s` (absent keys are left out). */
export function sweepQuery(s: string, form: SweepForm): Record<string, string | undefined> {
  const path2 = form.param2.trim();
  return {
    s,
    p: formPath(form),
    v: form.values,
    r: String(form.replications),
    m: form.metrics.join(','),
    d: form.duration ? String(form.duration) : undefined,
    p2: path2 || undefined,
    v2: path2 ? form.values2 : undefined,
    x: form.xScale === 'auto' ? undefined : form.xScale,
  };
}

/** True when the URL carries a sweep (not just a base scenario). */
export function isSweepLink(params: URLSearchParams): boolean {
  return params.has('p');
}

/**
 * The form a link describes; `start` (the saved form) is used only when the URL holds no sweep.
 * `problems` says what in the link was unusable and what was used instead.
 */
export function formFromLink(
  params: URLSearchParams,
  start: SweepForm = DEFAULT_FORM,
): { form: SweepForm; problems: string[] } {
  if (!isSweepLink(params)) return { form: start, problems: [] };
  const problems: string[] = [];
  const p = params.get('p')!.trim();
  const known = SWEEP_PARAMS.find((x) => x.path === p);
  const form: SweepForm = {
    ...DEFAULT_FORM,
    param: known || p === '' ? (known?.path ?? DEFAULT_FORM.param) : CUSTOM,
    customPath: known || p === '' ? '' : p,
    values: params.get('v') ?? known?.values ?? '',
    param2: params.get('p2')?.trim() ?? '',
    values2: params.get('v2') ?? '',
    duration: undefined,
  };
  if (p === '') problems.push(`the link names no parameter; using ${DEFAULT_FORM.param}`);

  const r = params.get('r');
  if (r !== null) {
    const n = Number(r);
    if (Number.isInteger(n) && n >= 1) form.replications = n;
    else problems.push(`replications "${r}" is not a whole number from 1; using ${DEFAULT_FORM.replications}`);
  }
  const d = params.get('d');
  if (d !== null && d !== '') {
    const n = Number(d);
    if (Number.isFinite(n) && n > 0) form.duration = n;
    else problems.push(`duration "${d}" is not a positive number; using the scenario's`);
  }
  const x = params.get('x');
  if (x === 'log' || x === 'linear') form.xScale = x;
  else if (x !== null) problems.push(`x axis "${x}" is neither log nor linear; choosing by the values`);
  const m = params.get('m');
  if (m !== null) {
    const named = m
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const unknown = named.filter((x) => !allMetrics().includes(x));
    form.metrics = allMetrics().filter((x) => named.includes(x));
    if (unknown.length > 0)
      problems.push(
        `unknown metric${unknown.length > 1 ? 's' : ''} ${unknown.map((x) => `"${x}"`).join(', ')} left out`,
      );
    if (form.metrics.length === 0 && named.length > 0) {
      form.metrics = [...DEFAULT_FORM.metrics];
      problems.push(`no known metric in the link; using ${DEFAULT_FORM.metrics.join(', ')}`);
    }
  }
  return { form, problems };
}
