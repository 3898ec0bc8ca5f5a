/** Word wrapping of SVG labels (classifier card titles; a sweep chart's y-axis title, by measured width). */
import { describe, expect, it } from 'vitest';
import { wrapToWidth, wrapWords } from './wrapWords';

describe('wrapWords', () => {
  it('keeps a short text on one line', () => {
    expect(wrapWords('Spike (own)', 21)).toEqual(['Spike (own)']);
  });
  it('breaks at spaces before the limit', () => {
    expect(wrapWords('Checksum notification (own)', 21)).toEqual(['Checksum notification', '(own)']);
  });
  it('keeps a word longer than the limit whole', () => {
    expect(wrapWords('Supercalifragilistic expialidocious', 10)).toEqual(['Supercalifragilistic', 'expialidocious']);
  });
});

describe('wrapToWidth', () => {
  // Every character 10 px wide: a space counts like a letter, as it does on the page.
  const mono = (_from: number, count: number) => count * 10;
  it('keeps a text that fits on one line', () => {
    expect(wrapToWidth('throughput (kbit/s)', mono, 190)).toEqual(['throughput (kbit/s)']);
  });
  it('breaks at spaces so that no line is wider than the room', () => {
    const lines = wrapToWidth('End of the start-up buffer overflow (s)', mono, 200);
    expect(lines).toEqual(['End of the start-up', 'buffer overflow (s)']);
    for (const l of lines) expect(l.length * 10).toBeLessThanOrEqual(200);
  });
  it('measures each character where it stands (wider letters, wider lines)', () => {
    // The characters after index 10 are twice as wide.
    const wide = (from: number, count: number) => {
      let w = 0;
      for (let i = from; i < from + count; i++) w += i < 10 ? 10 : 20;
      return w;
    };
    expect(wrapToWidth('aaaa bbbb cccc dddd', wide, 200)).toEqual(['aaaa bbbb cccc', 'dddd']);
  });
  it('gives a word wider than the room a line of its own', () => {
    expect(wrapToWidth('a Supercalifragilistic b', mono, 100)).toEqual(['a', 'Supercalifragilistic', 'b']);
  });
});
