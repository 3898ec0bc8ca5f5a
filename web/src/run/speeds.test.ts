/** Speeds in embed URLs: `speed=max|100|10|1`, round trip and fallbacks. */
import { describe, expect, it } from 'vitest';
import { SPEEDS, speedIndexOf, speedParam } from './speeds';

describe('speeds', () => {
  it('round-trip through the URL text', () => {
    SPEEDS.forEach((_, i) => expect(speedIndexOf(speedParam(i))).toBe(i));
    expect(speedParam(0)).toBe('max');
    expect(speedParam(3)).toBe('1');
  });

  it('fall back on unknown or missing text', () => {
    expect(speedIndexOf(null)).toBe(0);
    expect(speedIndexOf('7', 2)).toBe(2);
    expect(speedIndexOf(' 10 ')).toBe(2);
  });
});
