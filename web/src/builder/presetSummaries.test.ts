/**
 * Every preset has a plain-language `summary` for the selector: it names its paper as people cite
 * it and carries no developer tags (`[GB04]`, `[ASSUME]`), docs/design.md references or knob names.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../scenario/presets';

const PAPERS = ['Garcia & Brunstrom 2004', 'Gurtov', 'Lim & Jang', 'Kim, Koo & Choo'];

describe('preset summaries', () => {
  it.each(PRESETS.map((p) => [p.id, p.scenario.summary ?? ''] as const))('%s', (_id, summary) => {
    expect(summary.length).toBeGreaterThan(80);
    expect(PAPERS.some((p) => summary.startsWith(p))).toBe(true);
    expect(summary).not.toMatch(/\[|SPEC|_ms|_bps|_pkts|ld_rto|\btcp\.|e-\d/);
  });
});
