/**
 * The Sweep form's share link (`#/sweep?s=…&p=…&v=…&p2=…&v2=…&r=…&m=…&d=…`).
 *
 * - `s`: the base scenario (lz-string, as everywhere); `r`: replications; `m`: metrics,
 *   comma-separated; `d`: duration in s (absent: the scenario's); `x`: the charts' x axis, `log`
 *   or `linear` (absent: log when the positive values span two decades or more).
 * - The varied parameters, numbered from 1 (suffix '' for the first, `2`, `3`, … after it): a
 *   plain one is `p<n>` (its path) and `v<n>` (its values as typed); a zipped axis is `z<n>` (its
 *   label) with `p<n>.<j>` and `v<n>.<j>` for its j-th path (j from 1).
 * - `xa`: the number of the x axis (absent: 1); `sa`: that of the series (absent: 2 when there
 *   are two or more, so the links of the one-or-two-path form open as before; `0`: none).
 * - `f<n>`: the value number (from 1) the "Show" picker above the charts fixes varied parameter
 *   <n> at (absent: its first value), so a shared link opens the same slice of the results.
 * - `e`: the other settings of an opened sweep file (`flows`, `groups`, `window`), as JSON.
 * - A link describes the whole sweep: a field it leaves out takes its empty or default value,
 *   never what this browser last typed (that is only the starting point without a link).
 * - Bad parts of a link (a replication count that is not a whole number, unknown metrics) are
 *   replaced by defaults, each with a message for the page to show.
 * - Every part is bounded before it is read (a hostile link must not freeze the page): a path
 *   longer than {@link MAX_LINK_PATH_CHARS} characters, values longer than
 *   {@link MAX_LINK_VALUES_CHARS}, a label longer than {@link MAX_LINK_LABEL_CHARS} or settings
 *   longer than {@link MAX_LINK_EXTRA_CHARS} are left out with a message, without being parsed.
 */
import {
  axisLength,
  DEFAULT_FORM,
  isObj,
  isZip,
  showOf,
  SWEEP_PARAMS,
  withRoles,
  type AxisForm,
  type SweepForm,
} from './sweepForm';
import { allMetrics } from './sweepModel';

/** The most varied parameters a link is read for (the simulator allows 32 paths). */
const MAX_LINK_AXES = 32;
/** The longest path read from a link (a real one is under 100 characters; the simulator takes at
 * most 127 steps). */
export const MAX_LINK_PATH_CHARS = 500;
/** The longest list of values read from a link (a few hundred values as typed). */
export const MAX_LINK_VALUES_CHARS = 20_000;
/** The longest zipped-axis label read from a link. */
export const MAX_LINK_LABEL_CHARS = 200;
/** The longest sweep-file settings (`e`, JSON) read from a link. */
export const MAX_LINK_EXTRA_CHARS = 100_000;
/** The most paths of one zipped axis read from a link (as many as a sweep may vary). */
const MAX_LINK_ZIP_PATHS = 32;

/** `text` when it is at most `max` characters; otherwise null and a message in `problems`. */
function bounded(text: string | null, max: number, what: string, problems: string[]): string | null {
  if (text === null || text.length <= max) return text;
  problems.push(
    `${what} in the link is ${text.length.toLocaleString('en')} characters long (at most ${max.toLocaleString('en')}); left out`,
  );
  return null;
}

const suffix = (k: number) => (k === 0 ? '' : String(k + 1));

/** The link's parameters for `form` on the encoded base scenario `s` (absent keys are left out). */
export function sweepQuery(s: string, form: SweepForm): Record<string, string | undefined> {
  const q: Record<string, string | undefined> = { s };
  form.axes.forEach((a, k) => {
    const n = suffix(k);
    if (isZip(a)) {
      q[`z${n}`] = a.label;
      a.paths.forEach((p, j) => {
        q[`p${n}.${j + 1}`] = p.path.trim();
        q[`v${n}.${j + 1}`] = p.values;
      });
    } else {
      q[`p${n}`] = a.paths[0].path.trim();
      q[`v${n}`] = a.paths[0].values;
    }
  });
  q.xa = form.x === 0 ? undefined : String(form.x + 1);
  const defaultSeries = form.axes.length > 1 && form.x !== 1 ? 1 : null;
  q.sa = form.series === defaultSeries ? undefined : String(form.series === null ? 0 : form.series + 1);
  q.r = String(form.replications);
  q.m = form.metrics.join(',');
  q.d = form.duration ? String(form.duration) : undefined;
  q.x = form.xScale === 'auto' ? undefined : form.xScale;
  q.e = Object.keys(form.extra).length > 0 ? JSON.stringify(form.extra) : undefined;
  for (const [k, j] of Object.entries(form.show ?? {}))
    if (Number(k) < form.axes.length && j > 0) q[`f${suffix(Number(k))}`] = String(j + 1);
  return q;
}

/** True when the URL carries a sweep (not just a base scenario). */
export function isSweepLink(params: URLSearchParams): boolean {
  return params.has('p') || params.has('z');
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
  const axes: AxisForm[] = [];
  for (let k = 0; k < MAX_LINK_AXES; k++) {
    const n = suffix(k);
    const rawLabel = params.get(`z${n}`);
    if (rawLabel !== null) {
      const label = bounded(rawLabel, MAX_LINK_LABEL_CHARS, `the label of varied parameter ${k + 1}`, problems) ?? '';
      const paths = [];
      for (let j = 1; j <= MAX_LINK_ZIP_PATHS && params.has(`p${n}.${j}`); j++) {
        const what = `path ${j} of varied parameter ${k + 1}`;
        const path = bounded(params.get(`p${n}.${j}`), MAX_LINK_PATH_CHARS, `the ${what}`, problems);
        const values = bounded(params.get(`v${n}.${j}`), MAX_LINK_VALUES_CHARS, `the values of ${what}`, problems);
        if (path !== null) paths.push({ path: path.trim(), values: values ?? '' });
      }
      if (paths.length > 0) axes.push({ label: label || `axis ${k + 1}`, paths });
      else problems.push(`the zipped parameter "${label}" names no path; left out`);
    } else if (params.has(`p${n}`)) {
      const raw = bounded(params.get(`p${n}`), MAX_LINK_PATH_CHARS, `the path of varied parameter ${k + 1}`, problems);
      if (raw === null) continue;
      const p = raw.trim();
      const known = SWEEP_PARAMS.find((x) => x.path === p);
      const values = bounded(
        params.get(`v${n}`),
        MAX_LINK_VALUES_CHARS,
        `the values of varied parameter ${k + 1}`,
        problems,
      );
      if (p === '' && k === 0) {
        problems.push(`the link names no parameter; using ${DEFAULT_FORM.axes[0].paths[0].path}`);
        axes.push(DEFAULT_FORM.axes[0]);
      } else if (p === '') problems.push(`varied parameter ${k + 1} names no path; left out`);
      else axes.push({ label: '', paths: [{ path: p, values: values ?? known?.values ?? '' }] });
    } else break;
  }
  if (axes.length === 0) {
    problems.push(`the link names no parameter; using ${DEFAULT_FORM.axes[0].paths[0].path}`);
    axes.push(DEFAULT_FORM.axes[0]);
  }
  const role = (key: string, dflt: number | null): number | null => {
    const t = params.get(key);
    if (t === null) return dflt;
    const n = Number(t);
    if (Number.isInteger(n) && n >= 0 && n <= axes.length) return n === 0 ? null : n - 1;
    problems.push(`${key === 'xa' ? 'x axis' : 'series'} "${t}" is not a varied parameter's number; using the default`);
    return dflt;
  };
  const x = role('xa', 0) ?? 0;
  let form: SweepForm = withRoles(
    { ...DEFAULT_FORM, axes, duration: undefined },
    x,
    role('sa', axes.length > 1 && x !== 1 ? 1 : null),
  );

  const r = params.get('r');
  if (r !== null) {
    const n = Number(r);
    if (Number.isInteger(n) && n >= 1) form = { ...form, replications: n };
    else problems.push(`replications "${r}" is not a whole number from 1; using ${DEFAULT_FORM.replications}`);
  }
  const d = params.get('d');
  if (d !== null && d !== '') {
    const n = Number(d);
    if (Number.isFinite(n) && n > 0) form = { ...form, duration: n };
    else problems.push(`duration "${d}" is not a positive number; using the scenario's`);
  }
  const xs = params.get('x');
  if (xs === 'log' || xs === 'linear') form.xScale = xs;
  else if (xs !== null) problems.push(`x axis "${xs}" is neither log nor linear; choosing by the values`);
  const e = bounded(params.get('e'), MAX_LINK_EXTRA_CHARS, 'the sweep file settings', problems);
  if (e !== null) {
    let extra: unknown = null;
    try {
      extra = JSON.parse(e);
    } catch {
      /* said below */
    }
    if (isObj(extra)) form.extra = extra;
    else problems.push('the sweep file settings in the link are not a JSON object; left out');
  }
  const shown: [number, number][] = [];
  axes.forEach((a, k) => {
    const t = params.get(`f${suffix(k)}`);
    if (t === null) return;
    const j = Number(t);
    if (Number.isInteger(j) && j >= 1 && j <= Math.max(1, axisLength(a))) shown.push([k, j - 1]);
    else problems.push(`varied parameter ${k + 1} has no value number "${t}" to show; showing its first`);
  });
  const show = showOf(shown);
  if (show) form.show = show;
  const m = bounded(params.get('m'), MAX_LINK_VALUES_CHARS, 'the metric list', problems);
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
