/**
 * Numbers as the page shows them (display only: files the page exports are written by the
 * simulator itself, sim-core `csv.rs` through wasm, never by these functions).
 *
 * - {@link formatNumber}: a table cell, 12 significant digits, JavaScript's shortest form.
 * - {@link formatEng}: rates such as a bit error rate, `1e-6` rather than `0.000001`.
 * - {@link formatChart}: axis ticks and read-outs, 4 significant digits.
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

const sig4 = format('.4~g');
const grouped = format(',.0f');

/**
 * Chart numbers (axis ticks, read-outs): 4 significant digits, but never exponent notation for
 * values a chart shows every day — 14000 kbit/s reads `14,000`, not `1.4e+4`; tiny and huge
 * values keep the exponent.
 */
export function formatChart(x: number): string {
  const a = Math.abs(x);
  if (a >= 1e4 && a < 1e12) return grouped(x);
  return sig4(x);
}
