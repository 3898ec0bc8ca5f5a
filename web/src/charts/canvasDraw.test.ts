// The canvas repaints only the strip that changed: after new samples, each line is traced from
// just left of the strip, the clear and the clip cover the strip, and a style change redraws all.
import { describe, expect, it } from 'vitest';
import { changedFrom, drawLines, firstBefore, type DrawContext, type StrokedLine } from './canvasDraw';

/** A 2D context that records what is drawn. */
function recorder() {
  const calls = { lineTo: 0, moveTo: 0, stroke: 0, clear: [] as number[][], clip: [] as number[][] };
  let rect: number[] = [];
  const ctx: DrawContext = {
    setTransform() {},
    clearRect: (...a: number[]) => void calls.clear.push(a),
    beginPath() {},
    rect: (...a: number[]) => void (rect = a),
    clip: () => void calls.clip.push(rect),
    save() {},
    restore() {},
    stroke: () => void calls.stroke++,
    setLineDash() {},
    moveTo: () => void calls.moveTo++,
    lineTo: () => void calls.lineTo++,
    globalAlpha: 1,
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'round',
    lineCap: 'round',
  };
  return { ctx, calls };
}

/** `n` points one px apart, value depending on the line. */
function line(n: number, k: number, extra: Partial<StrokedLine> = {}): StrokedLine {
  const xy = new Float32Array(2 * n);
  for (let i = 0; i < n; i++) {
    xy[2 * i] = i;
    xy[2 * i + 1] = 100 - ((i * (k + 1)) % 90);
  }
  return { xy, color: '#123456', width: 1.8, ...extra };
}

const surface = { w: 1200, h: 220, dpr: 1, overshoot: 8 };

describe('LineCanvas drawing', () => {
  it('after new samples, traces only the strip at the right end', () => {
    const before = Array.from({ length: 30 }, (_, k) => line(1000, k));
    const after = Array.from({ length: 30 }, (_, k) => line(1002, k));
    const from = changedFrom(before, after);
    // The first new point is at x = 1000; the segment into it starts at x = 999.
    expect(from).toBe(999);
    const { ctx, calls } = recorder();
    const strip = drawLines(ctx, after, surface, from);
    expect(strip).toBeGreaterThan(990);
    expect(calls.clear).toEqual([[strip, 0, surface.w - strip, surface.h]]);
    expect(calls.clip).toEqual([[strip, 0, surface.w - strip, surface.h]]);
    expect(calls.stroke).toBe(30);
    // A few points per line, not 1000.
    expect(calls.lineTo + calls.moveTo).toBeLessThan(30 * 12);
  });

  it('redraws everything when nothing was drawn, the count or a style changed, or a line is dashed', () => {
    const a = [line(50, 0), line(50, 1)];
    expect(changedFrom(null, a)).toBe(-Infinity);
    expect(changedFrom(a, [line(50, 0)])).toBe(-Infinity);
    expect(changedFrom(a, [line(50, 0), line(50, 1, { dim: true })])).toBe(-Infinity);
    expect(changedFrom(a, [line(50, 0), line(50, 1, { color: '#000' })])).toBe(-Infinity);
    expect(changedFrom(a, [line(50, 0), line(50, 1, { width: 2.8 })])).toBe(-Infinity);
    expect(changedFrom([line(50, 0, { dashed: true })], [line(51, 0, { dashed: true })])).toBe(-Infinity);
    const { ctx, calls } = recorder();
    expect(drawLines(ctx, a, surface, -Infinity)).toBe(0);
    expect(calls.clip).toEqual([]);
    expect(calls.lineTo + calls.moveTo).toBe(100);
  });

  it('finds no change in identical lines, and the earliest change across lines', () => {
    const a = [line(50, 0), line(50, 1)];
    expect(changedFrom(a, [line(50, 0), line(50, 1)])).toBe(Infinity);
    const b = [line(50, 0), line(50, 1)];
    b[1].xy[2 * 20 + 1] = 3; // a point in the middle moved (a rescaled or merged series)
    expect(changedFrom(a, b)).toBe(19);
  });

  it('starts a line at the last point left of the strip, stepping over gaps', () => {
    const xy = new Float32Array([0, 1, 1, 1, NaN, NaN, NaN, NaN, 4, 1, 5, 1, 6, 1]);
    expect(firstBefore(xy, 5)).toBe(4);
    expect(firstBefore(xy, 4)).toBe(3);
    expect(firstBefore(xy, 2)).toBe(3);
    expect(firstBefore(xy, -1)).toBe(0);
    expect(firstBefore(xy, 10)).toBe(6);
  });
});
