/** The throughput caption names the averaging window (one run, or A and B when they differ). */
import { describe, expect, it } from 'vitest';
import { THROUGHPUT_NOTE, throughputCaption, windowText } from './chartCaptions';

describe('chart captions', () => {
  it('formats the window in ms below a second, in s from a second', () => {
    expect(windowText(500)).toBe('500 ms');
    expect(windowText(1500)).toBe('1.5 s');
    expect(windowText(1000)).toBe('1 s');
  });

  it('names the window; the note says why the line can read above the link rate', () => {
    expect(throughputCaption([500])).toBe('Data each receiver got in order, averaged over the last 500 ms.');
    expect(THROUGHPUT_NOTE).toContain('above the link rate');
  });

  it('names both windows when two runs differ, and none before a run', () => {
    expect(throughputCaption([500, 500])).toContain('the last 500 ms.');
    expect(throughputCaption([500, 1000])).toContain('500 ms (A) / 1 s (B)');
    expect(throughputCaption([null])).toContain('averaged over a trailing window');
  });
});
