import { describe, expect, it } from 'vitest';
import { ci95, incompleteBeta, mean, registerT975, sampleSd, studentTQuantile } from './stats';

/** Two-sided 95 % critical values t_{0.975, ν}, ν = 1…30 (NIST/SEMATECH e-Handbook, Table 1.3.6.7.2). */
const TABLE = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12,
  2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

describe('Student-t quantile', () => {
  it('matches the printed table for ν = 1…30', () => {
    TABLE.forEach((t, i) => expect(Math.abs(studentTQuantile(0.975, i + 1) - t)).toBeLessThan(6e-4));
  });

  it('matches the closed forms for ν = 1 (Cauchy) and ν = 2', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(Math.tan(Math.PI * 0.475), 9);
    const p = 0.975;
    expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) * Math.sqrt(2 / (4 * p * (1 - p))), 9);
  });

  it('falls monotonically towards the normal limit', () => {
    let last = Infinity;
    for (let df = 1; df < 200; df++) {
      const t = studentTQuantile(0.975, df);
      expect(t).toBeLessThan(last);
      expect(t).toBeGreaterThan(1.95996);
      last = t;
    }
    expect(studentTQuantile(0.975, 100)).toBeCloseTo(1.984, 3);
    expect(studentTQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 6);
    expect(studentTQuantile(0.025, 29)).toBeCloseTo(-studentTQuantile(0.975, 29), 12);
  });

  it('rests on a correct incomplete beta', () => {
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 13);
    expect(incompleteBeta(0.6, 3, 1)).toBeCloseTo(0.216, 13);
    expect(incompleteBeta(0.5, 7.5, 7.5)).toBeCloseTo(0.5, 13);
  });
});

describe('mean and CI', () => {
  it('computes the textbook example by hand', () => {
    const x = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(x)).toBe(5);
    expect(sampleSd(x)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    const c = ci95(x)!;
    expect(c.high - c.mean).toBeCloseTo(1.78749, 4);
    expect(c.n).toBe(8);
  });

  it('gives no spread for one value or equal values, nothing for none', () => {
    expect(ci95([3.5])).toEqual({ mean: 3.5, low: 3.5, high: 3.5, n: 1 });
    const same = Array(10).fill(958.5941302016369);
    expect(ci95(same)).toEqual({ mean: same[0], low: same[0], high: same[0], n: 10 });
    expect(ci95([])).toBeUndefined();
  });
});

describe('registerT975', () => {
  it('makes ci95 use the registered quantile, and refuses values that are not the quantile', () => {
    const xs = [1, 2, 3, 4, 6];
    const before = ci95(xs)!;
    const t = studentTQuantile(0.975, 4);
    registerT975(4, t * (1 + 1e-15)); // the simulator's value, a few ulps away
    const after = ci95(xs)!;
    expect(after.mean).toBe(before.mean);
    expect(after.high).toBe(after.mean + (t * (1 + 1e-15) * sampleSd(xs)!) / Math.sqrt(5));
    expect(after.high).not.toBe(before.high);
    registerT975(3, 99); // not t_{0.975, 3}: ignored
    expect(ci95([1, 2, 3, 5])!.high).toBe(ci95([1, 2, 3, 5])!.mean + (studentTQuantile(0.975, 3) * sampleSd([1, 2, 3, 5])!) / 2);
  });
});
