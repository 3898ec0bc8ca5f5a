import { describe, expect, it } from 'vitest';
import { decimate, SeriesBuffer, SeriesStore } from './series';

describe('SeriesBuffer', () => {
  it('grows past its capacity and keeps every sample in order', () => {
    const b = new SeriesBuffer(2);
    for (let i = 0; i < 1000; i++) b.push(i * 10, i * i);
    expect(b.length).toBe(1000);
    expect(b.capacity).toBeGreaterThanOrEqual(1000);
    expect(b.t[999]).toBe(9990);
    expect(b.v[0]).toBe(0);
    expect(b.v[31]).toBe(961);
    expect(b.last()).toBe(999 * 999);
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
    const { SeriesBuffer, windowed, lowerBound, decimateWindow } = await import('./series');
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

  it('remembers the frames in arrival order for the CSV export', async () => {
    const { SeriesStore } = await import('./series');
    const s = new SeriesStore([{ entity: 'f0', metric: 'cwnd_bytes' }]);
    const a = new Float64Array([0, 10, 1]);
    s.append(a);
    s.append(new Float64Array([]));
    expect(s.chunks).toEqual([a]);
  });
});
