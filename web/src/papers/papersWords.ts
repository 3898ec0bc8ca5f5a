/**
 * The Papers view's words: item ids as people read them (`fig5a` → `Fig. 5(a)`), verdict counts as
 * a sentence, the replication count a link asks for, within what the file allows, and a
 * time-sequence plot's point and window.
 */
import { formatChart } from '../lib/numberFormat';

/** `fig4` → `Fig. 4`, `fig5a` → `Fig. 5(a)`, `table1` → `Table 1`; other ids as they are. */
export function itemName(id: string): string {
  const m = /^(fig|table)(\d+)([a-z])?$/.exec(id);
  if (!m) return id.replace(/-/g, ' ');
  return `${m[1] === 'fig' ? 'Fig.' : 'Table'} ${m[2]}${m[3] ? `(${m[3]})` : ''}`;
}

/** `3 reproduced · 1 direction only · 1 inconclusive · 2 not reproduced` (every class, 0 included). */
export function countsText([ok, dir, open, miss]: readonly number[]): string {
  return `${ok} reproduced · ${dir} direction only · ${open} inconclusive · ${miss} not reproduced`;
}

/** The `r` of a link as a replication count: a whole number 1 … max, else the default. */
export function replicationsFrom(param: string | null, fallback: number, max: number): number {
  if (param === null || !/^\d+$/.test(param)) return fallback;
  const n = Number(param);
  return n >= 1 && n <= max ? n : fallback;
}

/** One value of a sweep point in words: `none`, `drop list, packets 398, 399`, `20`. */
function valueWords(v: unknown): string {
  if (Array.isArray(v)) return v.map(valueWords).join(', ');
  if (typeof v === 'number') return formatChart(v);
  if (typeof v === 'object' && v !== null)
    return Object.entries(v)
      .map(([k, x]) => (k === 'kind' ? valueWords(x) : `${k.replace(/_/g, ' ')} ${valueWords(x)}`))
      .join(', ');
  return String(v).replace(/_/g, ' ');
}

/**
 * A sweep point in words: the figure's x path by its axis label and unit (`Router buffer size 20
 * packets`), any other path by its last name (`errors: drop list, packets 398, 399`).
 */
export function pointWords(
  at: readonly { path: string; value: unknown }[],
  x: { path: string; label: string; unit: string },
): string {
  return at
    .map(({ path, value }) =>
      path === x.path
        ? `${x.label} ${valueWords(value)}${x.unit ? ` ${x.unit}` : ''}`
        : `${(path.split('.').pop() ?? path).replace(/_/g, ' ')}: ${valueWords(value)}`,
    )
    .join(' · ');
}

/** A time window in words: `0–60 s`, `from 50 s to the end`, `the whole run`. */
export function windowWords(from: number | null, to: number | null): string {
  if (from === null && to === null) return 'the whole run';
  if (to === null) return `from ${formatChart(from ?? 0)} s to the end`;
  return `${formatChart(from ?? 0)}–${formatChart(to)} s`;
}

/** A LossLab mean with its 95 % interval: `812.4 ± 12.1`, or `0.93 [0.81 … 0.98]` when the
 * interval is not symmetric (a bounded quantity's logit interval); `(n = 5)` after it. */
export function intervalText(c: { mean: number; low: number; high: number; n: number }): string {
  let core: string;
  if (c.n < 2 || !(c.high > c.low)) core = formatChart(c.mean);
  else if (Math.abs(c.high - c.mean - (c.mean - c.low)) <= 1e-9 * Math.max(1, Math.abs(c.mean)))
    core = `${formatChart(c.mean)} ± ${formatChart(c.high - c.mean)}`;
  else core = `${formatChart(c.mean)} [${formatChart(c.low)} … ${formatChart(c.high)}]`;
  return `${core} (n = ${c.n})`;
}

/** `90 cells: 56 of 90 within 10 %, 67 within 20 %; median |deviation| 5.4 %.` */
export function comparisonSummary(rows: readonly { deviation: number | null }[]): string {
  const d = rows
    .map((r) => r.deviation)
    .filter((x): x is number => x !== null)
    .map(Math.abs)
    .sort((a, b) => a - b);
  const median =
    d.length === 0 ? null : d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
  const within = (t: number) => d.filter((x) => x <= t).length;
  return `The paper’s numbers beside LossLab’s, ${rows.length} cells: ${within(0.1)} of ${d.length} within 10 %, ${within(0.2)} within 20 %; median |deviation| ${
    median === null ? '—' : `${(100 * median).toFixed(1)} %`
  }.`;
}
