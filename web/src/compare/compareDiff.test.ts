import { describe, expect, it } from 'vitest';
import { EMPTY_CATALOG, type Catalog } from '../scenario/catalog';
import type { ScenarioJson } from '../scenario/types';
import { diffWords, paneTitles, scenarioDiffs } from './compareDiff';
import { defaultB } from './compareLink';
import { formatMetric, formatPercent } from './compareModel';

const entry = (id: string, title: string) => ({ id, title, description: '', reference: '', params: [] });
const catalog: Catalog = {
  ...EMPTY_CATALOG,
  variants: [entry('new_reno', 'NewReno'), entry('westwood', 'Westwood')],
  classifiers: [entry('always_congestion', 'Always congestion'), entry('spike', 'Spike')],
};

const a = {
  schema: 1,
  id: 'lab',
  title: 'LossLab',
  seed: 1,
  topology: { kind: 'dumbbell', bottleneck: { rate_bps: 1_000_000, delay_ms: 10, queue: { limit_pkts: 99 } } },
  flows: [{ id: 'f0', bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
} as unknown as ScenarioJson;

describe('what Compare says differs', () => {
  it('names the one change of a fresh pair in words, from the catalog', () => {
    const d = scenarioDiffs(a, defaultB(a), catalog);
    expect(d.map(diffWords)).toEqual(['TCP variant — Westwood (A: NewReno)']);
    expect(paneTitles(a, defaultB(a), d)).toEqual({ a: 'NewReno', b: 'Westwood' });
    const buffer = structuredClone(a) as unknown as { topology: { bottleneck: { queue: { limit_pkts: number } } } };
    buffer.topology.bottleneck.queue.limit_pkts = 5;
    const b = buffer as unknown as ScenarioJson;
    expect(paneTitles(a, b, scenarioDiffs(a, b, catalog))).toEqual({
      a: 'Bottleneck: Buffer 99 packets',
      b: 'Bottleneck: Buffer 5 packets',
    });
  });

  it('lists every differing field with units, and leaves out the shared seed', () => {
    const b = structuredClone(a) as unknown as Record<string, unknown> & ScenarioJson;
    b.seed = 7;
    (b.topology as { bottleneck: { rate_bps: number; queue: { limit_pkts: number } } }).bottleneck.rate_bps = 2_000_000;
    (b.topology as { bottleneck: { queue: { limit_pkts: number } } }).bottleneck.queue.limit_pkts = 5;
    b.flows[0].tcp = { ...b.flows[0].tcp, classifier: 'spike' };
    b.flows[0].bytes = 1_048_576;
    expect(scenarioDiffs(a, b, catalog).map(diffWords)).toEqual([
      'Bottleneck: Bandwidth — 2 Mbit/s (A: 1 Mbit/s)',
      'Bottleneck: Buffer — 5 packets (A: 99 packets)',
      'Transfer size — 1,048,576 bytes (A: bulk (never ends))',
      'Loss classifier — Spike (A: Always congestion)',
    ]);
  });

  it('says when A and B are the same', () => {
    expect(scenarioDiffs(a, structuredClone(a), catalog)).toEqual([]);
    expect(paneTitles(a, a, []).b).toBe('LossLab (the same as A)');
  });
});

describe('the Δ table’s numbers', () => {
  it('are rounded for their kind, with one minus sign (U+2212)', () => {
    expect(formatMetric('kbps', 776.900266667)).toBe('776.9');
    expect(formatMetric('kbps', -12.34, true)).toBe('\u221212.3');
    expect(formatMetric('fraction', 0.425925925926)).toBe('43');
    expect(formatMetric('fraction', -0.1, true)).toBe('\u221210');
    expect(formatMetric('count', 1234, true)).toBe('+1,234');
    expect(formatMetric('bytes', 1_048_576)).toBe('1,048.6');
    expect(formatMetric('seconds', -0.001, true)).toBe('0.00');
    expect(formatMetric('count', null)).toBe('—');
    expect(formatPercent(-3.25)).toBe('\u22123.3 %');
    expect(formatPercent(null)).toBe('—');
    for (const x of [-1, -0.5, -1e6]) expect(formatMetric('kbps', x, true)).not.toContain('-');
  });
});
