/**
 * Every preset has a plain-language `summary` for the selector: it names its source — its paper as
 * people cite it, or says it is not from a paper — and carries no developer tags (`[GB04]`, `[ASSUME]`), docs/design.md references or knob names.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../scenario/presets';

const SOURCES = [
  'Garcia & Brunstrom 2004',
  'Gurtov',
  'Lim & Jang',
  'Kim, Koo & Choo',
  'Generated trace, not from a paper.',
  'Not from a paper:',
];

describe('preset summaries', () => {
  it.each(PRESETS.map((p) => [p.id, p.scenario.summary ?? ''] as const))('%s', (_id, summary) => {
    expect(summary.length).toBeGreaterThan(80);
    expect(SOURCES.some((p) => summary.startsWith(p))).toBe(true);
    expect(summary).not.toMatch(/\[|SPEC|_ms|_bps|_pkts|ld_rto|\btcp\.|e-\d/);
  });
});
