/** The sweep chart's x axis choice (log for decades, a slot for zero) and its CI clipping. */
import { describe, expect, it } from 'vitest';
import { clipInterval, clipNote, logPossible, logWorthy, sweepXScale, ZERO_SLOT } from './sweepScale';

describe('log or linear', () => {
  it('goes log when the positive values span two decades, zero or not', () => {
    expect(logWorthy([0, 1e-7, 1e-6, 1e-5])).toBe(true);
    expect(logWorthy([1e-7, 1e-5])).toBe(true);
    // GB04's BERs: 8.4e-7 … 1.4e-5, a factor 16: linear by default, log on request.
    expect(logWorthy([0, 8.375e-7, 1.354e-5])).toBe(false);
    expect(logPossible([0, 8.375e-7, 1.354e-5])).toBe(true);
  });
  it('offers no log axis for names, negatives or a single positive value', () => {
    expect(logPossible(['reno', 'cubic'])).toBe(false);
    expect(logPossible([-1, 10, 1000])).toBe(false);
    expect(logPossible([0, 1e-5])).toBe(false);
  });
});

describe('sweepXScale', () => {
  it('puts 0 in its own slot left of a break, and labels decades', () => {
    const x = sweepXScale([0, 1e-7, 1e-6, 1e-5], 400, 'log');
    expect(x.kind).toBe('log');
    expect(x.ticks).toEqual([0, 1e-7, 1e-6, 1e-5]);
    expect(x.pos(0)).toBe(ZERO_SLOT / 2);
    expect(x.breakAt).not.toBeNull();
    expect(x.pos(1e-7)).toBeGreaterThan(x.breakAt!);
    // Equal steps per decade.
    expect(x.pos(1e-6) - x.pos(1e-7)).toBeCloseTo(x.pos(1e-5) - x.pos(1e-6), 6);
    expect(x.pos(1e-5)).toBeLessThan(400);
  });
  it('labels 1, 2 and 5 in each decade over a shorter span (GB04’s bit error rates)', () => {
    const x = sweepXScale([0, 8.375e-7, 1.684e-6, 4.274e-6, 1.354e-5], 600, 'log');
    expect(x.ticks).toEqual([0, 1e-6, 2e-6, 5e-6, 1e-5]);
  });
  it('labels the values themselves when fewer than two such ticks are in view', () => {
    const x = sweepXScale([2.2e-6, 2.6e-6], 300, 'log');
    expect(x.ticks).toEqual([2.2e-6, 2.6e-6]);
    expect(x.breakAt).toBeNull();
  });
  it('is linear when asked, or when log is impossible', () => {
    expect(sweepXScale([0, 1e-7, 1e-5], 300, 'linear').kind).toBe('linear');
    const x = sweepXScale([-1, 5], 300, 'log');
    expect(x.kind).toBe('linear');
    expect(x.pos(-1)).toBeLessThan(x.pos(5));
  });
});

describe('clipInterval', () => {
  it('cuts a count’s interval at 0 and a share’s at 1, and says so', () => {
    expect(clipInterval(-2.5, 4, { min: 0, max: null })).toEqual({
      low: 0,
      high: 4,
      clippedLow: true,
      clippedHigh: false,
    });
    expect(clipInterval(0.7, 1.2, { min: 0, max: 1 })).toEqual({
      low: 0.7,
      high: 1,
      clippedLow: false,
      clippedHigh: true,
    });
    expect(clipInterval(-1, 1, { min: null, max: null })).toEqual({
      low: -1,
      high: 1,
      clippedLow: false,
      clippedHigh: false,
    });
  });
  it('notes how many bars were cut, at which bound', () => {
    expect(clipNote(0, 0, '0', '')).toBeNull();
    expect(clipNote(3, 0, '0', '')).toBe(
      '95 % CI clipped at 0 for 3 points: too few replications (or too much spread) for a symmetric interval to fit the possible values.',
    );
    expect(clipNote(1, 2, '0', '100 %')).toMatch(/^95 % CI clipped at 0 for 1 point and at 100 % for 2 points:/);
  });
});
