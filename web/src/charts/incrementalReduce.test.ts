/** The live charts' incremental reducer gives decimateWindow's points after every append, merge and rescale. */
import { describe, expect, it } from 'vitest';
import { decimateWindow } from '../sim/series';
import { incrementalReducer } from './incrementalReduce';

/** A growable series like the store's buffers: appended in place, sometimes halved (merged). */
class Growing {
  t = new Float64Array(16);
  v = new Float64Array(16);
  length = 0;
  push(tm: number, x: number) {
    if (this.length === this.t.length) {
      const t = new Float64Array(this.t.length * 2);
      const v = new Float64Array(this.v.length * 2);
      t.set(this.t);
      v.set(this.v);
      this.t = t;
      this.v = v;
    }
    this.t[this.length] = tm;
    this.v[this.length] = x;
    this.length++;
  }
  /** Keep every second sample, in place (the bounded buffer's merge halves its length). */
  halve() {
    const n = Math.floor(this.length / 2);
    for (let i = 0; i < n; i++) {
      this.t[i] = this.t[2 * i + 1];
      this.v[i] = Math.max(this.v[2 * i], this.v[2 * i + 1]);
    }
    this.length = n;
  }
}

const same = (a: { t: Float64Array; v: Float64Array; length: number }, b: typeof a) => {
  expect(a.length).toBe(b.length);
  expect(Array.from(a.t.subarray(0, a.length))).toEqual(Array.from(b.t.subarray(0, b.length)));
  expect(Array.from(a.v.subarray(0, a.length))).toEqual(Array.from(b.v.subarray(0, b.length)));
};

describe('incrementalReducer', () => {
  it('matches decimateWindow after every frame of a growing run', () => {
    const reduce = incrementalReducer();
    const s = new Growing();
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 100;
    let tm = 0;
    let t1 = 10_000;
    for (let frame = 0; frame < 400; frame++) {
      for (let k = 0; k < 1 + (frame % 7); k++) s.push((tm += 10), frame % 50 === 3 ? NaN : rand());
      if (tm > t1) t1 *= 2; // the axis grows in steps
      if (frame === 250) s.halve();
      same(reduce(s, 0, t1, 60), decimateWindow(s, 0, t1, 60));
    }
  });

  it('reduces a zoomed window (samples outside it) like decimateWindow', () => {
    const reduce = incrementalReducer();
    const s = new Growing();
    for (let i = 0; i < 2000; i++) s.push(i * 10, Math.sin(i / 20));
    same(reduce(s, 3000, 9000, 50), decimateWindow(s, 3000, 9000, 50));
    same(reduce(s, 0, 20_000, 50), decimateWindow(s, 0, 20_000, 50));
  });
});
