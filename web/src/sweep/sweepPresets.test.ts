import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../scenario/presets';
import type { ScenarioJson } from '../scenario/types';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { SweepModel } from '../sim/pageCore';
import { plainAxis, varyOf } from './sweepForm';
import { sweepDocument } from './sweepModel';
import { sweepFromText, sweepPresets, sweepPreset } from './sweepPresets';

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
      axes: [
        plainAxis('topology.bottleneck.errors.ber', '0, 8.375e-7, 1.684e-6, 4.274e-6, 6.497e-6, 8.78e-6, 1.354e-5'),
        plainAxis('flows[0].tcp.classifier', 'always_congestion, checksum'),
      ],
      x: 0,
      series: 1,
      replications: 10,
      duration: undefined,
      metrics: ['throughput_kbps', 'timeouts', 'retransmissions'],
    });
    // The form expands to the same 14 points the CLI runs.
    const m = new SweepModel(
      sweepDocument({ base: p.base, vary: varyOf(p.form), replications: p.form.replications, metrics: p.form.metrics }),
    );
    expect(m.plan.points).toHaveLength(14);
    m.free();
  });

  it('loads every varied path of a file, and its other settings, to the CLI’s very sweep', () => {
    const p = sweepPresets().find((s) => s.id === 'gb04-s1-study')!;
    expect(p.dropped).toEqual([]);
    expect(p.form.axes.map((a) => a.paths.map((x) => x.path))).toEqual([
      ['topology.bottleneck.errors.ber'],
      ['topology.bottleneck.rate_bps'],
      ['topology.bottleneck.delay_ms'],
      ['flows[0]'],
    ]);
    expect(p.form).toMatchObject({ x: 0, series: 1, replications: 30, extra: { flows: 'sum' } });
    // Whole flows as values (objects with commas inside) come back as the same objects.
    const file = JSON.parse(readFileSync('content/sweeps/studies/gb04-s1-study.json', 'utf8'));
    expect(varyOf(p.form)).toEqual(file.vary);
    const m = new SweepModel(
      sweepDocument({
        base: p.base,
        vary: varyOf(p.form),
        replications: p.form.replications,
        metrics: p.form.metrics,
        extra: p.form.extra,
      }),
    );
    expect(m.plan.points).toHaveLength(7 * 3 * 3 * 3);
    expect(m.plan.points[3].rows.map((r) => r.name)).toEqual(['throughput_kbps', 'timeouts']);
    m.free();
  });

  it('keeps an unknown path and a fourth one, and reports only the metrics it cannot offer', () => {
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
    expect(p.form.axes).toEqual([plainAxis('flows[0].start_s', '0, 1'), plainAxis('seed', '1'), plainAxis('a', '2')]);
    expect(p.dropped).toEqual(['metric made_up']);
  });

  it('refuses files it cannot use, saying why', () => {
    expect(sweepPreset({ id: 'x', base: 'nope', vary: [{ path: 'seed', values: [1] }] }, PRESETS)).toMatch(
      /^its base scenario "nope" is not a preset here/,
    );
    expect(sweepPreset({ id: 'x', base: 'base', vary: [] }, [{ id: 'base', scenario }])).toMatch(/^it varies nothing/);
    expect(sweepPreset(null, [])).toMatch(/^it is not a sweep/);
    expect(sweepPreset({ base: 'base', vary: [] }, PRESETS)).toMatch(/^it has no "id"/);
    expect(sweepFromText('{')).toMatch(/^it is not JSON \(/);
  });

  it('loads a zipped axis whole, as one varied parameter with its label and paths', () => {
    const two = { ...scenario, flows: [{ id: 'a' }, { id: 'b' }] } as ScenarioJson;
    const file = {
      id: 'z',
      base: two,
      vary: [
        { path: 'seed', values: [1, 2] },
        {
          label: 'n',
          zip: [
            { path: 'flows[0].count', values: [1, 2] },
            { path: 'flows[1].count', values: [1, 2] },
          ],
        },
      ],
      flows: 'sum',
    };
    const p = sweepPreset(file, []);
    if (typeof p === 'string') throw new Error(p);
    expect(p.form.axes[1]).toEqual({
      label: 'n',
      paths: [
        { path: 'flows[0].count', values: '1, 2' },
        { path: 'flows[1].count', values: '1, 2' },
      ],
    });
    expect(varyOf(p.form)).toEqual(file.vary);
    const m = new SweepModel(
      sweepDocument({
        base: p.base,
        vary: varyOf(p.form),
        replications: 2,
        metrics: ['timeouts'],
        extra: p.form.extra,
      }),
    );
    // 2 × 2 points (not 2 × 2 × 2): the zipped paths move together, each a CSV column.
    expect(m.plan.paths).toEqual(['seed', 'flows[0].count', 'flows[1].count']);
    expect(m.plan.points.map((q) => q.choice)).toEqual([
      [0, 0, 0],
      [0, 1, 1],
      [1, 0, 0],
      [1, 1, 1],
    ]);
    expect(m.plan.points[1].rows.map((r) => r.name)).toEqual(['sum.timeouts']);
    m.free();
  });
});
