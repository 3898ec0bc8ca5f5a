/**
 * Number → text exactly as the Rust side writes it, so files exported by the browser are
 * byte-identical to the CLI's.
 *
 * - {@link formatRustF64} is Rust's `{}` for `f64` (used for every CSV value): the shortest digits
 *   that round-trip (the same digits as JavaScript's `String(x)`), but never an exponent —
 *   `1e-7` → `0.0000001`, `1e21` → `1000000000000000000000`, `5` → `5`, `-0` → `-0`.
 * - {@link formatJsonNumber} is serde_json's (ryu's) form of a JSON number (used for varied values
 *   in the sweep CSV, which the CLI prints as JSON): integers as integers, other numbers positional
 *   for 1e-5 ≤ |x| < 1e16 and `1e-6` / `1.5e+16` style outside.
 */
import { format } from 'd3-format';

/** Decimal digits and exponent of the shortest round-trip form: x = 0.d₁d₂… × 10^point. */
function shortestDigits(x: number): { neg: boolean; digits: string; point: number } {
  const s = String(x);
  const neg = s.startsWith('-');
  const body = neg ? s.slice(1) : s;
  const [mant, expStr] = body.split('e');
  const exp = expStr === undefined ? 0 : Number(expStr);
  const [intPart, frac = ''] = mant.split('.');
  let digits = intPart + frac;
  let point = intPart.length + exp;
  // Strip leading zeros ("0.00012" → digits "00012"), adjusting the point.
  const lead = digits.match(/^0*/)![0].length;
  digits = digits.slice(lead);
  point -= lead;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { neg, digits: '0', point: 1 };
  return { neg, digits, point };
}

function positional(digits: string, point: number): string {
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Rust's `format!("{}", x)` for an `f64`. */
export function formatRustF64(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Number.POSITIVE_INFINITY) return 'inf';
  if (x === Number.NEGATIVE_INFINITY) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const { neg, digits, point } = shortestDigits(x);
  return (neg ? '-' : '') + positional(digits, point);
}

/** serde_json's text for a JSON number that came from `x` (integers stay integers). */
export function formatJsonNumber(x: number): string {
  if (!Number.isFinite(x)) return 'null';
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return Object.is(x, -0) ? '-0.0' : String(x);
  const { neg, digits, point } = shortestDigits(x);
  const sign = neg ? '-' : '';
  const e = point - 1; // scientific exponent
  if (e >= -5 && e < 16) {
    const p = positional(digits, point);
    return sign + (p.includes('.') ? p : `${p}.0`);
  }
  const mant = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${sign}${mant}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
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
