/**
 * Sample statistics for sweeps, the same definitions as the CLI (sim-core `stats.rs`, SPEC §9):
 *
 * ```text
 * mean  x̄ = x₀ + Σ(x − x₀)/n           (exact when all values are equal)
 * s     = √( Σ(x − x̄)² / (n − 1) )
 * CI95  = x̄ ± t_{0.975, n−1} · s/√n     (n = 1 → both bounds equal x̄)
 * ```
 * The Student-t quantile is computed, not looked up: the t CDF is
 * `P(T ≤ t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½)` for t ≥ 0, with the regularized incomplete beta `I`
 * evaluated by its continued fraction (modified Lentz, Numerical Recipes §6.4) and ln Γ by the
 * Lanczos approximation (g = 7, n = 9; ~15 significant digits); the quantile inverts the CDF by
 * bisection. ν = ∞ gives the normal quantile 1.959 96…. Tests check it against the printed
 * two-sided 95 % table for ν = 1…30 and the closed forms for ν = 1 and 2.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function betaCf(a: number, b: number, x: number): number {
  const TINY = 1e-300;
  const EPS = 1e-16;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b), a, b > 0, x in [0, 1]. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - (lnGamma(a) + lnGamma(b) - lnGamma(a + b)));
  return x < (a + 1) / (a + b + 2) ? (front * betaCf(a, b, x)) / a : 1 - (front * betaCf(b, a, 1 - x)) / b;
}

/** erfc by the Numerical Recipes Chebyshev fit (relative error < 1.2e-7); only used for ν = ∞ at p ≠ 0.975. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal CDF. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Student-t CDF with `df` degrees of freedom (`Infinity` → normal). */
export function studentTCdf(t: number, df: number): number {
  if (!Number.isFinite(df)) return normalCdf(t);
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

function invert(p: number, cdf: (q: number) => number): number {
  if (p === 0.5) return 0;
  const [target, sign] = p > 0.5 ? [p, 1] : [1 - p, -1];
  let lo = 0;
  let hi = 1;
  while (cdf(hi) < target && hi < 1e300) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 2000; i++) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (cdf(mid) < target) lo = mid;
    else hi = mid;
  }
  return sign * 0.5 * (lo + hi);
}

/** The normal quantile to full double precision: 0.975 → 1.959963984540054. */
const Z975 = 1.959963984540054;

/** Student-t quantile t_{p, df}, p in (0, 1), df > 0 (`Infinity` → the normal quantile). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must lie in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`df must be positive, got ${df}`);
  if (!Number.isFinite(df) || df > 1e10) {
    if (p === 0.975) return Z975;
    if (p === 0.025) return -Z975;
    return invert(p, normalCdf);
  }
  return invert(p, (t) => studentTCdf(t, df));
}

/** Mean as the CLI computes it; undefined for no values. */
export function mean(x: readonly number[]): number | undefined {
  if (x.length === 0) return undefined;
  const x0 = x[0];
  let s = 0;
  for (const v of x) s += v - x0;
  return x0 + s / x.length;
}

/** Sample standard deviation (n − 1); undefined for fewer than two values. */
export function sampleSd(x: readonly number[]): number | undefined {
  if (x.length < 2) return undefined;
  const m = mean(x)!;
  let ss = 0;
  for (const v of x) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (x.length - 1));
}

export interface MeanCi {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/**
 * t_{0.975, ν} as the simulator computes it (Rust, libm), registered by the page from the worker.
 * JavaScript's Math.log/exp may differ from libm in the last bit, and that bit would show in an
 * exported CSV; with the simulator's value the browser's bounds equal `losslab sweep`'s exactly.
 */
const T975_EXACT = new Map<number, number>();

/** Uses `t` (from the simulator) as t_{0.975, df} from now on. */
export function registerT975(df: number, t: number): void {
  if (Number.isFinite(t) && t > 0 && Math.abs(t - studentTQuantile(0.975, df)) < 1e-9 * t) T975_EXACT.set(df, t);
}

/** Mean and two-sided 95 % Student-t interval; undefined for no values; n = 1 → zero width. */
export function ci95(x: readonly number[]): MeanCi | undefined {
  const m = mean(x);
  if (m === undefined) return undefined;
  const n = x.length;
  const s = sampleSd(x);
  const half = s === undefined ? 0 : ((T975_EXACT.get(n - 1) ?? studentTQuantile(0.975, n - 1)) * s) / Math.sqrt(n);
  return { mean: m, low: m - half, high: m + half, n };
}
