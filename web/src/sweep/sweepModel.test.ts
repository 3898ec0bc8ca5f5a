import { describe, expect, it } from 'vitest';
import { sweepCsv } from '../lib/csv';
import { defaultScenario } from '../sim/defaultScenario';
import type { ScenarioJson } from '../scenario/types';
import { aggregate, expandPoints, jain, parseValues, replicationScenario, rowMetrics, rowValue, sweepRows } from './sweepModel';

const base = (): ScenarioJson => defaultScenario() as ScenarioJson;

describe('sweep model (the CLI rules)', () => {
  it('expands the cartesian product, first path slowest, setting each value', () => {
    const points = expandPoints({
      base: base(),
      vary: [
        { path: 'topology.bottleneck.errors.ber', values: [0, 1e-6] },
        { path: 'flows.0.tcp.cc', values: ['reno', 'new_reno', 'tahoe'] },
      ],
      replications: 3,
      metrics: ['throughput_kbps'],
    });
    expect(points.map((p) => p.choice)).toEqual([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
    expect(points[4].scenario.flows[0].tcp?.cc).toBe('new_reno');
    expect(points[4].scenario.topology?.bottleneck?.errors?.ber).toBe(1e-6);
    expect(points[4].values).toEqual([1e-6, 'new_reno']);
    expect(replicationScenario(points[4], 2).seed).toBe(3);
    expect(replicationScenario(points[4], 2).flows).toBe(points[4].scenario.flows);
  });

  it('names rows like the CLI for one flow and for several', () => {
    expect(rowMetrics(['f0'], ['throughput_kbps', 'jain_index']).map((r) => r.name)).toEqual(['throughput_kbps', 'jain_index']);
    expect(rowMetrics(['a', 'b.0', 'b.1'], ['timeouts', 'events']).map((r) => r.name)).toEqual([
      'a.timeouts',
      'b.0.timeouts',
      'b.1.timeouts',
      'sum.timeouts',
      'events',
    ]);
  });

  it('reads values from summaries: flows, sums, last completion and run metrics', () => {
    const rows = rowMetrics(['a', 'b'], ['throughput_kbps', 'completion_s', 'accuracy_wireless', 'jain_index', 'events']);
    const summary = {
      events: 900,
      aggregate_throughput_kbps: 320,
      flows: [
        { throughput_kbps: 100, completion_s: 3, accuracy_wireless: 1 },
        { throughput_kbps: 300, completion_s: 5, accuracy_wireless: null },
      ],
    };
    const values = rows.map((r) => rowValue(summary, r));
    // The group row of a rate is the simulator's aggregate (all bytes over the transfers' span), not 100 + 300.
    expect(rows[2].name).toBe('aggregate_throughput_kbps');
    expect(values).toEqual([100, 300, 320, 3, 5, 5, 1, undefined, undefined, jain([100, 300]), 900]);
    expect(jain([100, 300])).toBeCloseTo(0.8, 12);
    expect(jain([])).toBeUndefined();
    expect(rowValue({ flows: [{ completion_s: null }] }, { name: 's', entity: { kind: 'sum' }, metric: 'completion_s' })).toBeUndefined();
  });

  it('aggregates replications (undefined values left out of n) into the sweep CSV', () => {
    const [p] = expandPoints({ base: base(), vary: [{ path: 'topology.bottleneck.errors.ber', values: [1e-6] }], replications: 3, metrics: ['throughput_kbps', 'accuracy_congestion'] });
    const samples = [
      [10, undefined],
      [12, undefined],
      [14, 0.5],
    ];
    const agg = aggregate(p, samples);
    expect(agg[0].ci!.mean).toBe(12);
    expect(agg[0].ci!.n).toBe(3);
    expect(agg[0].ci!.high - 12).toBeCloseTo((4.302652729911275 * 2) / Math.sqrt(3), 6);
    expect(agg[1].ci).toEqual({ mean: 0.5, low: 0.5, high: 0.5, n: 1 });
    const csv = sweepCsv(['topology.bottleneck.errors.ber'], sweepRows([{ point: p, samples }]));
    expect(csv.split('\n')[0]).toBe('point,topology.bottleneck.errors.ber,metric,mean,ci95_low,ci95_high,n');
    expect(csv.split('\n')[1]).toMatch(/^0,1e-6,throughput_kbps,12,[\d.]+,[\d.]+,3$/);
    expect(csv.split('\n')[2]).toBe('0,1e-6,accuracy_congestion,0.5,0.5,0.5,1');
  });

  it('parses typed value lists', () => {
    expect(parseValues('0, 1e-6,8.4e-7')).toEqual([0, 1e-6, 8.4e-7]);
    expect(parseValues('reno; cubic\nbbr')).toEqual(['reno', 'cubic', 'bbr']);
    expect(parseValues('true, null, "x"')).toEqual([true, null, 'x']);
  });
});
