import { describe, expect, it } from 'vitest';
import { bandStats } from './bands';

/** The brute-force reference: sort (NaN last) and read the first, middle and last elements. */
function bySort(values: number[]): number[] {
  const x = Float64Array.from(values).sort();
  const n = x.length;
  const median = n % 2 === 1 ? x[(n - 1) / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
  return [x[0], median, x[n - 1]];
}

/** A small deterministic generator (no Math.random in tests). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('bandStats', () => {
  it('equals sorting and reading min, median and max, for odd and even counts, ties and NaN', () => {
    const rnd = lcg(7);
    const out = new Float64Array(3);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 1 + Math.floor(rnd() * (trial < 1500 ? 40 : 1200));
      const ties = rnd() < 0.3;
      const nanShare = rnd() < 0.2 ? rnd() : 0;
      const values = Array.from({ length: n }, () =>
        rnd() < nanShare ? Number.NaN : ties ? Math.floor(rnd() * 5) : (rnd() - 0.3) * 1e6,
      );
      bandStats(Float64Array.from(values), n, out);
      expect(Array.from(out), `n=${n} ${values.join(',')}`).toEqual(bySort(values));
    }
  });

  it('says NaN for an empty sample and handles one or two connections', () => {
    const out = new Float64Array(3);
    bandStats(new Float64Array(0), 0, out);
    expect(Array.from(out)).toEqual([NaN, NaN, NaN]);
    bandStats(Float64Array.from([4]), 1, out);
    expect(Array.from(out)).toEqual([4, 4, 4]);
    bandStats(Float64Array.from([9, 3]), 2, out);
    expect(Array.from(out)).toEqual([3, 6, 9]);
    bandStats(Float64Array.from([NaN, NaN]), 2, out);
    expect(Array.from(out)).toEqual([NaN, NaN, NaN]);
  });
});
