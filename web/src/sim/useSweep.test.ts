/**
 * How often a running sweep re-renders the page (`publishDelay`): every `PUBLISH_MS` while drawing
 * is cheap, less often when it is slow, so drawing keeps at most `DRAW_SHARE` of the wall time.
 */
import { describe, expect, it } from 'vitest';
import { DRAW_SHARE, PUBLISH_MS, publishDelay } from './useSweep';

describe('publishDelay', () => {
  it('waits PUBLISH_MS after a cheap re-render', () => {
    expect(publishDelay(0)).toBe(PUBLISH_MS);
    expect(publishDelay(10)).toBe(PUBLISH_MS);
  });

  it('after a slow one, waits long enough that drawing takes DRAW_SHARE of the time', () => {
    for (const draw of [60, 146, 400]) {
      const wait = publishDelay(draw);
      expect(wait).toBeGreaterThan(PUBLISH_MS);
      expect(draw / (draw + wait)).toBeCloseTo(DRAW_SHARE, 10);
    }
  });
});
