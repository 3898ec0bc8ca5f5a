/** The paired presets of content/pairs.json: both exist, and they can be compared step for step. */
import { describe, expect, it } from 'vitest';
import pairsFile from '../../../content/pairs.json';
import { PAIRS, findPair, pairsOf } from './pairs';

describe('paired presets', () => {
  it('name presets that exist', () => {
    expect(PAIRS.length).toBe(pairsFile.pairs.length);
  });

  it('share seed, stop time and sample period, so Compare lines them up', () => {
    for (const p of PAIRS) {
      const [a, b] = [p.a.scenario, p.b.scenario];
      expect(b.seed, `${p.a.id} / ${p.b.id} seed`).toBe(a.seed);
      expect(b.stop, `${p.a.id} / ${p.b.id} stop`).toEqual(a.stop);
      expect(b.observe?.sample_ms, `${p.a.id} / ${p.b.id} sample_ms`).toBe(a.observe?.sample_ms);
    }
  });

  it('finds the twins of a preset', () => {
    expect(pairsOf('gb04-s1-1mbps-10ms').map((p) => p.b.id)).toEqual(['gb04-s1-1mbps-10ms-ld']);
    expect(pairsOf('gb04-s1-1mbps-10ms-ld')).toHaveLength(2);
    expect(pairsOf('lab')).toEqual([]);
    expect(findPair('gb04-s1-1mbps-10ms', 'gb04-s1-1mbps-10ms-ld')?.label).toBe('with loss differentiation');
  });
});
