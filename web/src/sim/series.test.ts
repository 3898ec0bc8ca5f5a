import { describe, expect, it } from 'vitest';
import { decimate, SeriesStore } from './series';
import { bucketsFor, MAX_BUCKETS, MIN_BUCKETS, SeriesBuffer } from './seriesBuffer';
import { simCoreForTests } from './loadCoreForTests';
import * as glue from './worker/pkg/losslab_wasm.js';

describe('SeriesBuffer (bounded min/max downsampler)', () => {
  it('keeps every sample exactly while fewer than its capacity have arrived', () => {
    const b = new SeriesBuffer(4096);
    for (let i = 0; i < 1000; i++) b.push(i * 10, i * i);
    expect(b.length).toBe(1000);
    expect(b.t[999]).toBe(9990);
    expect(b.v[0]).toBe(0);
    expect(b.v[31]).toBe(961);
    expect(b.last()).toBe(999 * 999);
  });

  it('holds at most twice its capacity in points however long the run', () => {
    const b = new SeriesBuffer(64);
    for (let i = 0; i < 360_000; i++) {
      b.push(i * 10, Math.sin(i / 50));
      if (i % 997 === 0 && b.length > 128) throw new Error(`${b.length} points after ${i + 1} samples`);
    }
    expect(b.length).toBeLessThanOrEqual(128);
    expect(b.received).toBe(360_000);
    expect(b.bucketCount).toBeLessThanOrEqual(64);
    expect(b.bucketCount).toBeGreaterThan(32);
    expect(b.last()).toBe(Math.sin(359_999 / 50));
    // Time order is kept.
    for (let i = 1; i < b.length; i++) expect(b.t[i]).toBeGreaterThan(b.t[i - 1]);
  });

  it('lets peaks and dips survive every merge, at their own times', () => {
    const b = new SeriesBuffer(16);
    for (let i = 0; i < 100_000; i++) b.push(i, i === 31_337 ? 1e6 : i === 77_777 ? -1e6 : i % 7);
    const pts = Array.from({ length: b.length }, (_, i) => [b.t[i], b.v[i]]);
    expect(pts).toContainEqual([31_337, 1e6]);
    expect(pts).toContainEqual([77_777, -1e6]);
    // Every bucket's range stays inside the data's range.
    for (const [, v] of pts) if (Math.abs(v) < 1e6) expect(v === 0 || v === 6).toBe(true);
  });

  it('is deterministic: the same samples give the same points', () => {
    const fill = () => {
      const b = new SeriesBuffer(32);
      for (let i = 0; i < 10_000; i++) b.push(i * 10, (i * 7919) % 101);
      return [Array.from(b.t.subarray(0, b.length)), Array.from(b.v.subarray(0, b.length))];
    };
    expect(fill()).toEqual(fill());
  });

  it('ignores NaN for the extremes unless a bucket has nothing else', () => {
    const b = new SeriesBuffer(2);
    for (const v of [NaN, 3, NaN, 5, 1, NaN, NaN, NaN]) b.push(b.received, v);
    const vs = Array.from(b.v.subarray(0, b.length));
    expect(vs).toContain(5);
    expect(vs).toContain(1);
  });

  it('sizes buckets by the run: fewer per series when a run has many series', () => {
    expect(bucketsFor(10)).toBe(MAX_BUCKETS);
    expect(bucketsFor(5000)).toBe(MIN_BUCKETS);
    expect(bucketsFor(5000) * 5000 * 2).toBeLessThan(6_000_000);
  });
});

describe('SeriesStore', () => {
  const names = [
    { entity: 'f0', metric: 'cwnd_bytes' },
    { entity: 'f0', metric: 'throughput_kbps' },
    { entity: 'bottleneck', metric: 'queue_pkts' },
    { entity: 'f1', metric: 'cwnd_bytes' },
  ];

  it('routes triplets to their series by id, across frames', () => {
    const s = new SeriesStore(names);
    s.append(new Float64Array([0, 10, 2920, 2, 10, 3, 1, 10, 800]));
    s.append(new Float64Array([0, 20, 4380, 3, 20, 1460]));
    expect(s.sampleCount).toBe(5);
    const cwnd = s.get('f0', 'cwnd_bytes')!;
    expect(Array.from(cwnd.t.subarray(0, cwnd.length))).toEqual([10, 20]);
    expect(Array.from(cwnd.v.subarray(0, cwnd.length))).toEqual([2920, 4380]);
    expect(s.get('bottleneck', 'queue_pkts')!.last()).toBe(3);
    expect(s.get('f1', 'cwnd_bytes')!.length).toBe(1);
    expect(s.get('f9', 'cwnd_bytes')).toBeUndefined();
    expect(s.entitiesWith('cwnd_bytes')).toEqual(['f0', 'f1']);
  });

  it('ignores unknown series ids and a trailing partial triplet', () => {
    const s = new SeriesStore(names);
    s.append(new Float64Array([42, 10, 1, 0, 10, 5, 0, 20]));
    expect(s.sampleCount).toBe(1);
    expect(s.get('f0', 'cwnd_bytes')!.length).toBe(1);
  });
});

describe('SeriesStore bounded by pixels', () => {
  it('derives the aggregate and shares from every sample, and holds a bounded number of points', () => {
    const names = [
      { entity: 'f0', metric: 'throughput_kbps' },
      { entity: 'f1', metric: 'throughput_kbps' },
      { entity: 'bottleneck', metric: 'queue_pkts' },
    ];
    const s = new SeriesStore(names, 64);
    const ticks = 100_000;
    const frame = new Float64Array(9 * 1000);
    for (let k = 0; k < ticks; k += 1000) {
      for (let j = 0; j < 1000; j++) {
        const t = (k + j) * 10;
        // f0 has one burst to 900 at tick 54321; f1 is a steady 100.
        frame.set([0, t, k + j === 54_321 ? 900 : 100, 1, t, 100, 2, t, (k + j) % 50], 9 * j);
      }
      s.append(frame);
    }
    expect(s.sampleCount).toBe(3 * ticks);
    expect(s.pointsHeld).toBeLessThanOrEqual(6 * 2 * 64); // 3 series + aggregate + 2 shares
    const sum = s.get('aggregate', 'throughput_kbps')!;
    const share = s.get('f0', 'throughput_share')!;
    const peakOf = (b: { v: Float64Array; length: number }) => Math.max(...b.v.subarray(0, b.length));
    expect(peakOf(sum)).toBe(1000); // the burst survives in the aggregate …
    expect(peakOf(share)).toBe(0.9); // … and in the share, computed before downsampling
    expect(sum.received).toBe(ticks);
  });
});

describe('SeriesStore bands', () => {
  it('derives min, median and max across flows at every sample when a run has many flows', () => {
    const n = 101;
    const names = Array.from({ length: n }, (_, i) => [
      { entity: `f${i}`, metric: 'cwnd_bytes' },
      { entity: `f${i}`, metric: 'throughput_kbps' },
    ]).flat();
    const s = new SeriesStore(names);
    for (let tick = 1; tick <= 3; tick++) {
      const pts: number[] = [];
      for (let i = 0; i < n; i++) pts.push(2 * i, tick * 10, (i * 37) % n, 2 * i + 1, tick * 10, tick * i);
      s.append(new Float64Array(pts));
    }
    const band = (m: string) => Array.from(s.get('flows', m)!.v.subarray(0, 3));
    expect(band('cwnd_bytes:min')).toEqual([0, 0, 0]);
    expect(band('cwnd_bytes:median')).toEqual([50, 50, 50]);
    expect(band('cwnd_bytes:max')).toEqual([100, 100, 100]);
    expect(band('throughput_kbps:max')).toEqual([100, 200, 300]);
    expect(band('throughput_kbps:median')).toEqual([50, 100, 150]);
    expect(new SeriesStore(names.slice(0, 20)).get('flows', 'cwnd_bytes:min')).toBeUndefined();
  });
});

describe('decimate', () => {
  function series(n: number, f: (i: number) => number) {
    const b = new SeriesBuffer();
    for (let i = 0; i < n; i++) b.push(i, f(i));
    return b;
  }

  it('returns short series unchanged', () => {
    const b = series(10, (i) => i);
    expect(decimate(b, 0, 10, 100)).toBe(b);
  });

  it("keeps each pixel column's minimum and maximum, in time order", () => {
    // 1000 samples over 10 columns of 100 samples each; a spike up and a dip in column 3.
    const b = series(1000, (i) => (i === 350 ? 100 : i === 320 ? -50 : 1));
    const d = decimate(b, 0, 1000, 10);
    expect(d.length).toBeLessThanOrEqual(20);
    // Column 3: the dip (t=320) comes before the spike (t=350).
    const col3 = [];
    for (let i = 0; i < d.length; i++) if (d.t[i] >= 300 && d.t[i] < 400) col3.push([d.t[i], d.v[i]]);
    expect(col3).toEqual([
      [320, -50],
      [350, 100],
    ]);
    // Global extremes survive.
    expect(Math.max(...d.v.subarray(0, d.length))).toBe(100);
    expect(Math.min(...d.v.subarray(0, d.length))).toBe(-50);
    // Times stay non-decreasing.
    for (let i = 1; i < d.length; i++) expect(d.t[i]).toBeGreaterThanOrEqual(d.t[i - 1]);
  });

  it('emits one point for a flat column and at most two points per column', () => {
    const b = series(10_000, () => 7);
    const d = decimate(b, 0, 10_000, 50);
    expect(d.length).toBe(50);
    const saw = series(10_000, (i) => i % 13);
    const ds = decimate(saw, 0, 10_000, 50);
    expect(ds.length).toBe(100);
  });

  it('puts samples outside the domain into the edge columns', () => {
    const b = series(1000, (i) => i);
    const d = decimate(b, 100, 200, 4);
    expect(d.length).toBeLessThanOrEqual(8);
    expect(d.t[0]).toBe(0);
    expect(d.t[d.length - 1]).toBe(999);
  });
});

describe('windowing for zoomed charts', () => {
  it('keeps the samples inside the window and one on each side, sharing the buffers', async () => {
    const { windowed, lowerBound, decimateWindow } = await import('./series');
    const b = new SeriesBuffer();
    for (let i = 0; i < 100; i++) b.push(i * 10, i);
    expect(lowerBound(b, 0)).toBe(0);
    expect(lowerBound(b, 55)).toBe(6);
    expect(lowerBound(b, 5000)).toBe(100);
    const w = windowed(b, 200, 300);
    expect(Array.from(w.t.subarray(0, w.length))).toEqual([
      190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310,
    ]);
    expect(w.t.buffer).toBe(b.t.buffer);
    expect(windowed(b, -10, 5000)).toBe(b);
    const d = decimateWindow(b, 200, 300, 3);
    expect(d.length).toBeLessThanOrEqual(6);
    expect(d.t[0]).toBe(190);
  });
});

describe('the browser budget prices what the page keeps', () => {
  it('never holds more points of a series than the simulator priced (BROWSER_POINTS_PER_SERIES)', () => {
    simCoreForTests();
    const priced = glue.browserPointsPerSeries();
    const b = new SeriesBuffer(MAX_BUCKETS);
    let most = 0;
    for (let i = 0; i < 200_000; i++) {
      b.push(i * 10, (i * 7919) % 1000);
      most = Math.max(most, b.length);
    }
    expect(2 * MAX_BUCKETS).toBeLessThanOrEqual(priced);
    expect(most).toBeLessThanOrEqual(priced);
    expect(most).toBeGreaterThan(MAX_BUCKETS); // the bound is reached, not just stated
  });
});

describe('SeriesStore room', () => {
  it('takes every series’ room at once: no series reallocates while a run plays, and the points are the same', () => {
    const names = Array.from({ length: 30 }, (_, i) => [
      { entity: `f${i}`, metric: 'cwnd_bytes' },
      { entity: `f${i}`, metric: 'throughput_kbps' },
    ]).flat();
    const s = new SeriesStore(names, undefined);
    const arrays = s.buffers.map((b) => [b.t, b.v]);
    const alone = new SeriesBuffer(s.capacity); // grows as it fills: the reference
    for (let k = 0; k < 3 * s.capacity; k++) {
      const pts: number[] = [];
      for (let i = 0; i < names.length; i++) pts.push(i, 10 * k, (k * 7919 + i * 31) % 1000);
      s.append(new Float64Array(pts));
      alone.push(10 * k, (k * 7919) % 1000);
      // Known without asking every series (useZoomDetail asks at every render).
      expect(s.downsampled).toBe(s.buffers.some((b) => b.per > 1));
      expect(s.downsampled).toBe(k >= s.capacity);
    }
    // Every series kept its arrays (all thousand connections' series used to grow at the same sample).
    s.buffers.forEach((b, i) => {
      expect(b.t).toBe(arrays[i][0]);
      expect(b.v).toBe(arrays[i][1]);
    });
    const f0 = s.get('f0', 'cwnd_bytes')!;
    expect(f0.per).toBeGreaterThan(1); // merged at least once
    expect(Array.from(f0.t.subarray(0, f0.length))).toEqual(Array.from(alone.t.subarray(0, alone.length)));
    expect(Array.from(f0.v.subarray(0, f0.length))).toEqual(Array.from(alone.v.subarray(0, alone.length)));
  });
});

describe('merges spread over samples', () => {
  it('a buffer with slack merges later, on the same grid: equal points whenever its per is the same', () => {
    const plain = new SeriesBuffer(64);
    const late = new SeriesBuffer(64, undefined, 6);
    let same = 0;
    for (let i = 0; i < 20_000; i++) {
      const v = i % 97 === 0 ? Number.NaN : Math.sin(i / 13) * 100 + ((i * 7919) % 11);
      plain.push(i * 10, v);
      late.push(i * 10, v);
      if (late.per > plain.per || late.length > 2 * (64 + 6))
        throw new Error(`sample ${i}: merged early or over its room`);
      if (late.per === plain.per && i % 7 === 0) {
        same += 1;
        const held = (b: SeriesBuffer) => [
          Array.from(b.t.subarray(0, b.length)),
          Array.from(b.v.subarray(0, b.length)),
        ];
        expect(held(late)).toEqual(held(plain));
      }
    }
    expect(same).toBeGreaterThan(100);
    expect(late.per).toBeGreaterThan(1);
  });

  it('a many-series store does not merge every series at the same sample', () => {
    const names = Array.from({ length: 150 }, (_, i) => [
      { entity: `f${i}`, metric: 'cwnd_bytes' },
      { entity: `f${i}`, metric: 'throughput_kbps' },
    ]).flat();
    const s = new SeriesStore(names);
    expect(s.capacity).toBeLessThan(MAX_BUCKETS);
    let merged = 0;
    let most = 0;
    const pts = new Float64Array(3 * names.length);
    for (let k = 0; merged < names.length; k++) {
      for (let i = 0; i < names.length; i++) {
        pts[3 * i] = i;
        pts[3 * i + 1] = 10 * k;
        pts[3 * i + 2] = (k * 7919 + i * 31) % 1000;
      }
      s.append(pts);
      const now = s.buffers.filter((b) => b.per > 1).length;
      most = Math.max(most, now - merged);
      merged = now;
      expect(s.downsampled).toBe(now > 0);
    }
    // At most one group of series merges at one sample (16 groups).
    expect(most).toBeLessThanOrEqual(Math.ceil(names.length / 16));
  });
});

describe('SeriesStore.entitiesWith', () => {
  it('answers from the names once per metric: the same array each time (asked per cause at every drawn revision)', () => {
    const s = new SeriesStore([
      { entity: 'f0', metric: 'cwnd_bytes' },
      { entity: 'bottleneck', metric: 'drops_queue_pkts_total' },
      { entity: 'f1', metric: 'cwnd_bytes' },
    ]);
    expect(s.entitiesWith('cwnd_bytes')).toEqual(['f0', 'f1']);
    expect(s.entitiesWith('cwnd_bytes')).toBe(s.entitiesWith('cwnd_bytes'));
    expect(s.entitiesWith('queue_pkts')).toEqual([]);
  });
});
