/**
 * Numbers as the page shows them (display only: files the page exports are written by the
 * simulator itself, sim-core `csv.rs` through wasm, never by these functions).
 *
 * - {@link formatNumber}: a table cell, 12 significant digits, JavaScript's shortest form.
 * - {@link formatEng}: rates such as a bit error rate, `1e-6` rather than `0.000001`.
 * - {@link formatChart}: axis ticks and read-outs, 4 significant digits.
 * - {@link axisFormat}: one notation for a whole axis (`1e-4 … 1e-1`, never `1e-4` beside `0.001`).
 * - {@link formatPercent}: a probability as a percentage (`0.1133` → `11.3 %`).
 * - {@link rateUnit} / {@link formatBitRate}: a link rate (the simulator's bit/s) in kbit/s,
 *   Mbit/s or Gbit/s, as the lab writes rates.
 * - {@link formatBytes}: a file's size in kB, MB or GB (powers of 1000), three significant digits.
 */
import { format } from 'd3-format';

/** A table cell: 12 significant digits (`1234.56789012`), the shortest form JavaScript writes. */
export function formatNumber(x: number): string {
  return Number.isFinite(x) ? String(Number(x.toPrecision(12))) : String(x);
}

/** Engineering style for small rates: `1e-6` rather than `0.000001`; other numbers as `String`. */
export function formatEng(x: number): string {
  if (x === 0) return '0';
  if (Math.abs(x) < 1e-3) {
    const [m, e] = x.toExponential().split('e');
    return `${Number(m)}e${Number(e)}`;
  }
  return String(x);
}

/** A probability as a percentage with sensible digits: 0.1133 → "11.3 %", 1.2e-5 → "0.0012 %". */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '—';
  const pct = p * 100;
  if (pct === 0) return '0 %';
  if (pct >= 10) return `${pct.toFixed(1)} %`;
  return `${Number(pct.toPrecision(3))} %`;
}

const sig4 = format('.4~g');
const grouped = format(',.0f');
const exp4 = format('.4~e');

/**
 * Chart numbers (axis ticks, read-outs): 4 significant digits, but never exponent notation for
 * values a chart shows every day — 14000 kbit/s reads `14,000`, not `1.4e+4`; tiny and huge
 * values keep the exponent, every value below 0.001 included, so a bit-error-ratio axis reads
 * 2e-6, 4e-6, 1e-5 alike.
 */
export function formatChart(x: number): string {
  const a = Math.abs(x);
  if (a >= 1e4 && a < 1e12) return grouped(x);
  // Below 0.001 always the exponent (2e-6, 1e-5): `g` would write 0.000002 beside 1e-7.
  if (a > 0 && a < 1e-3) return exp4(x);
  return sig4(x);
}

/**
 * One notation for a whole axis: {@link formatChart}, unless some value of the axis is below
 * 0.001, in which case every non-zero value takes the exponent — a loss-rate axis from 0.01 % to
 * 10 % reads 1e-4, 1e-3, 1e-2, 1e-1 rather than 1e-4, 0.001, 0.01, 0.1.
 */
export function axisFormat(values: readonly number[]): (x: number) => string {
  const tiny = values.some((v) => v !== 0 && Math.abs(v) < 1e-3);
  return tiny ? (x) => (x === 0 ? '0' : exp4(x)) : formatChart;
}

/** SI prefixes of a rate, largest first. */
const RATE_UNITS: readonly (readonly [number, string])[] = [
  [1e9, 'Gbit/s'],
  [1e6, 'Mbit/s'],
  [1e3, 'kbit/s'],
];

/**
 * The unit a rate of `bps` bit/s reads best in, and what one of it is in bit/s: the largest
 * prefix it reaches (500,000 → kbit/s; 2,000,000 → Mbit/s); bit/s below 1 kbit/s.
 */
export function rateUnit(bps: number): { unit: string; bps: number } {
  const u = RATE_UNITS.find(([f]) => Math.abs(bps) >= f);
  return u ? { unit: u[1], bps: u[0] } : { unit: 'bit/s', bps: 1 };
}

/** A rate in words: `10 Mbit/s`, `500 kbit/s`, `2.5 Gbit/s` (4 significant digits); `—` when unknown. */
export function formatBitRate(bps: number | undefined): string {
  if (bps === undefined || !Number.isFinite(bps)) return '—';
  const u = rateUnit(bps);
  return `${+(bps / u.bps).toPrecision(4)} ${u.unit}`;
}

/** A file's size: `870 bytes`, `86.9 kB`, `16.8 MB`, `2.15 GB` (powers of 1000, 3 significant digits). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (n < 1000) return `${Math.round(n)} bytes`;
  const [unit, scale] = n < 1e6 ? ['kB', 1e3] : n < 1e9 ? ['MB', 1e6] : ['GB', 1e9];
  return `${Number((n / scale).toPrecision(3))} ${unit}`;
}
