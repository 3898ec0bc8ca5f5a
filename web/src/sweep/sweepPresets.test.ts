import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../scenario/presets';
import type { ScenarioJson } from '../scenario/types';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { SweepModel } from '../sim/pageCore';
import { CUSTOM } from './sweepLink';
import { parseValues, sweepDocument } from './sweepModel';
import { sweepPresets, sweepPreset } from './sweepPresets';

beforeAll(loadCoreForTests);

const scenario = { schema: 1, id: 'base', flows: [{ id: 'f' }] } as ScenarioJson;

describe('sweep presets from content/sweeps', () => {
  it('bundles every sweep file, each resolving its base scenario', () => {
    const ids = sweepPresets().map((p) => p.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'gb04-fig4-ber',
        'gb04-fig4-normal-vs-ld',
        'njplus-fig5a-variants',
        'gurtov-per-7pkt',
        'lj-fig8a-classifiers',
        'lj-fig8b-classifiers',
      ]),
    );
    for (const p of sweepPresets()) {
      expect(p.base.flows.length, p.id).toBeGreaterThan(0);
      expect(p.dropped, p.id).toEqual([]);
    }
  });

  it('turns GB04 Fig. 4 into BER × classifier with its replications and metrics', () => {
    const p = sweepPresets().find((s) => s.id === 'gb04-fig4-normal-vs-ld')!;
    expect(p.base.id).toBe('gb04-s1-1mbps-10ms');
    expect(p.form).toMatchObject({
      param: 'topology.bottleneck.errors.ber',
      values: '0, 8.375e-7, 1.684e-6, 4.274e-6, 6.497e-6, 8.78e-6, 1.354e-5',
      param2: 'flows[0].tcp.classifier',
      values2: 'always_congestion, checksum',
      replications: 10,
      duration: undefined,
      metrics: ['throughput_kbps', 'timeouts', 'retransmissions'],
    });
    // The form expands to the same 14 points the CLI runs.
    const m = new SweepModel(
      sweepDocument({
        base: p.base,
        vary: [
          { path: p.form.param, values: parseValues(p.form.values) },
          { path: p.form.param2, values: parseValues(p.form.values2) },
        ],
        replications: p.form.replications,
        metrics: p.form.metrics,
      }),
    );
    expect(m.plan.points).toHaveLength(14);
    m.free();
  });

  it('keeps an unknown path as a custom one and reports what it cannot offer', () => {
    const p = sweepPreset(
      {
        id: 'x',
        base: 'base',
        vary: [
          { path: 'flows[0].start_s', values: [0, 1] },
          { path: 'seed', values: [1] },
          { path: 'a', values: [2] },
        ],
        metrics: ['throughput_kbps', 'made_up'],
      },
      [{ id: 'base', scenario }],
    );
    expect(typeof p).toBe('object');
    if (typeof p === 'string') return;
    expect(p.form.param).toBe(CUSTOM);
    expect(p.form.customPath).toBe('flows[0].start_s');
    expect(p.form.param2).toBe('seed');
    expect(p.dropped).toEqual(['varied paths beyond the second (a)', 'metric made_up']);
  });

  it('refuses files it cannot use, saying why', () => {
    expect(sweepPreset({ id: 'x', base: 'nope', vary: [{ path: 'seed', values: [1] }] }, PRESETS)).toMatch(
      /base scenario "nope" not found/,
    );
    expect(sweepPreset({ id: 'x', base: 'base', vary: [] }, [{ id: 'base', scenario }])).toMatch(/no usable "vary"/);
    expect(sweepPreset(null, [])).toBe('not an object');
  });

  it('names a zipped axis instead of offering half of it', () => {
    const file = {
      id: 'z',
      base: scenario,
      vary: [
        {
          label: 'n',
          zip: [
            { path: 'flows[0].count', values: [1, 2] },
            { path: 'flows[0].bytes', values: [1, 2] },
          ],
        },
      ],
    };
    expect(sweepPreset(file, [])).toBe(
      'z: zipped axis "n" (flows[0].count + flows[0].bytes) — the form varies one path per axis; run it with losslab sweep',
    );
  });
});
