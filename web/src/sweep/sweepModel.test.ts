import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { SweepModel } from '../sim/pageCore';
import { defaultScenario } from '../scenario/defaultScenario';
import type { ScenarioJson } from '../scenario/types';
import { allMetrics, METRIC_ORDER, parseValues, sweepDocument } from './sweepModel';

beforeAll(loadCoreForTests);

const base = (): ScenarioJson => defaultScenario() as ScenarioJson;
const model = (vary: { path: string; values: unknown[] }[], metrics: string[], b = base(), replications = 3) =>
  new SweepModel(sweepDocument({ base: b, vary, replications, metrics }));

describe('sweep planning by the simulator', () => {
  it('expands the cartesian product, first path slowest', () => {
    const m = model(
      [
        { path: 'topology.bottleneck.errors.ber', values: [0, 1e-6] },
        { path: 'flows.0.tcp.cc', values: ['reno', 'new_reno', 'tahoe'] },
      ],
      ['throughput_kbps'],
    );
    expect(m.plan.points.map((p) => p.choice)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(m.plan.points[4].values).toEqual([1e-6, 'new_reno']);
    // The CSV column is the path as written, as `losslab sweep` prints it.
    expect(m.plan.paths).toEqual(['topology.bottleneck.errors.ber', 'flows.0.tcp.cc']);
  });

  it('names rows like the CLI for one flow and for several', () => {
    expect(
      model([{ path: 'seed', values: [1] }], ['throughput_kbps', 'jain_index']).plan.points[0].rows.map((r) => r.name),
    ).toEqual(['throughput_kbps', 'jain_index']);
    const two = { ...base(), flows: [{ id: 'a' }, { id: 'b', count: 2 }] } as ScenarioJson;
    const rows = model([{ path: 'seed', values: [1] }], ['timeouts', 'throughput_kbps', 'events'], two).plan.points[0]
      .rows;
    expect(rows.map((r) => r.name)).toEqual([
      'a.timeouts',
      'b.0.timeouts',
      'b.1.timeouts',
      'sum.timeouts',
      'a.throughput_kbps',
      'b.0.throughput_kbps',
      'b.1.throughput_kbps',
      // The group row of a rate is the simulator's aggregate (all bytes over the transfers' span).
      'aggregate_throughput_kbps',
      'events',
    ]);
    expect(rows[1]).toEqual({ name: 'b.0.timeouts', metric: 'timeouts', entity: 'flow', flow: 1 });
    expect(rows[3]).toMatchObject({ entity: 'sum', flow: null });
  });

  it('reports problems as the CLI words them, attributed to the value that causes them', () => {
    expect(() => model([{ path: 'topology.bottleneck.errors.ber', values: [0, 2] }], ['throughput_kbps'])).toThrow(
      /^vary\[0\]\.values\[1\]: topology\.bottleneck\.errors\.ber: /,
    );
    expect(() => model([{ path: 'flows[0', values: [1] }], ['throughput_kbps'])).toThrow(/invalid path/);
  });

  it('aggregates replications (undefined values left out of n) into the sweep CSV', () => {
    const m = model(
      [{ path: 'topology.bottleneck.errors.ber', values: [1e-6] }],
      ['throughput_kbps', 'accuracy_congestion'],
    );
    const samples = [
      [10, null],
      [12, null],
      [14, 0.5],
    ];
    const [thr, acc] = m.aggregate(0, samples);
    expect(thr.mean).toBe(12);
    expect(thr.n).toBe(3);
    expect(thr.high! - 12).toBeCloseTo((4.302652729911275 * 2) / Math.sqrt(3), 6);
    expect(acc).toEqual({ name: 'accuracy_congestion', mean: 0.5, low: 0.5, high: 0.5, n: 1 });
    const csv = m.csv([{ point: 0, samples }]).split('\n');
    // Entity and metric columns, sd beside the mean (s of 10, 12, 14 = 2).
    expect(csv[0]).toBe('point,topology.bottleneck.errors.ber,entity,metric,mean,sd,ci95_low,ci95_high,n');
    expect(csv[1]).toMatch(/^0,1e-6,f0,throughput_kbps,12,2,[\d.]+,[\d.]+,3$/);
    expect(csv[2]).toBe('0,1e-6,f0,accuracy_congestion,0.5,,0.5,0.5,1');
    expect(m.csv([{ point: 0, samples: [[null, null]] }]).split('\n')[1]).toBe('0,1e-6,f0,throughput_kbps,,,,,0');
  });
});

describe('the form', () => {
  it('offers every metric the simulator reports, labelled ones first', () => {
    const all = allMetrics();
    expect(all.slice(0, 3)).toEqual(['throughput_kbps', 'goodput_kbps', 'bytes_delivered']);
    expect(all).toEqual(expect.arrayContaining([...METRIC_ORDER]));
    expect(all).toContain('aggregate_throughput_kbps');
  });

  it('parses typed value lists', () => {
    expect(parseValues('0, 1e-6,8.4e-7')).toEqual([0, 1e-6, 8.4e-7]);
    expect(parseValues('reno; cubic\nbbr')).toEqual(['reno', 'cubic', 'bbr']);
    expect(parseValues('true, null, "x"')).toEqual([true, null, 'x']);
  });
});
