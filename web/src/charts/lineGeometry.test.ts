import { describe, expect, it } from 'vitest';
import { areaPath, pathData, projectLine, tracePath, type PathSink } from './lineGeometry';

const view = (t: number[], v: number[]) => ({ t: Float64Array.from(t), v: Float64Array.from(v), length: t.length });

describe('projectLine', () => {
  it('applies px = t·ax + bx and py = v·ay + by, rounded to 0.1 px', () => {
    const xy = projectLine(view([0, 1000, 2000], [0, 5, 10]), { ax: 0.1, bx: 3, ay: -2, by: 100 });
    expect(Array.from(xy).map((n) => Math.round(n * 10) / 10)).toEqual([3, 100, 103, 90, 203, 80]);
  });

  it('turns non-finite values into NaN gaps', () => {
    const xy = projectLine(view([0, 1, 2], [1, NaN, Infinity]), { ax: 1, bx: 0, ay: 1, by: 0 });
    expect(Number.isNaN(xy[3])).toBe(true);
    expect(Number.isNaN(xy[5])).toBe(true);
    expect(xy[1]).toBe(1);
  });

  it('only reads the valid prefix of the buffers', () => {
    const v = { t: Float64Array.from([0, 1, 2, 3]), v: Float64Array.from([1, 2, 3, 4]), length: 2 };
    expect(projectLine(v, { ax: 1, bx: 0, ay: 1, by: 0 }).length).toBe(4);
  });
});

describe('pathData and tracePath agree', () => {
  const xy = projectLine(view([0, 1, 2, 3, 4], [1, 2, NaN, 4, 5]), { ax: 10, bx: 0.05, ay: 1.5, by: 0 });

  it('pathData starts a new subpath after a gap and prints 0.1 px', () => {
    expect(pathData(xy)).toBe('M0.1,1.5L10.1,3M30.1,6L40.1,7.5');
  });

  it('tracePath issues the same moves and lines', () => {
    const calls: string[] = [];
    const sink: PathSink = {
      moveTo: (x, y) => calls.push(`M${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`),
      lineTo: (x, y) => calls.push(`L${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`),
    };
    tracePath(sink, xy);
    expect(calls.join('')).toBe(pathData(xy));
  });

  it('an empty or all-gap line draws nothing', () => {
    expect(pathData(new Float32Array(0))).toBe('');
    expect(pathData(projectLine(view([0, 1], [NaN, NaN]), { ax: 1, bx: 0, ay: 1, by: 0 }))).toBe('');
  });
});

describe('areaPath', () => {
  it('closes the band between two lines, the upper one drawn back', () => {
    const lower = new Float32Array([0, 10, 5, 12]);
    const upper = new Float32Array([0, 2, 5, 4]);
    expect(areaPath(lower, upper)).toBe('M0,10L5,12L5,4L0,2Z');
  });

  it('is empty, never "LZ", while a line has no defined point (a band before its first rate)', () => {
    const undefinedYet = new Float32Array([0, Number.NaN, 5, Number.NaN]);
    const upper = new Float32Array([0, 2, 5, 4]);
    expect(areaPath(undefinedYet, upper)).toBe('');
    expect(areaPath(upper, undefinedYet)).toBe('');
    expect(areaPath(new Float32Array(0), new Float32Array(0))).toBe('');
  });
});
