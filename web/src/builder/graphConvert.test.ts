/**
 * "Convert to graph" against the real simulator (the prebuilt wasm in src/sim/worker/pkg, loaded in Node
 * as the worker loads it): the converted scenario validates and runs to the same summary, and the
 * same series point for point, as the dumbbell it came from, for the same seed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaultScenario';
import { simCoreForTests, type SimCore } from '../sim/loadCoreForTests';
import type { ScenarioJson } from '../scenario/types';
import { dumbbellToGraph } from './graphModel';

let core: SimCore;

beforeAll(() => {
  core = simCoreForTests();
});

/** Runs to the end; series keyed by "entity/metric" (a graph lists its link channels in another order). */
function run(s: ScenarioJson) {
  const sim = core.createSim(JSON.stringify(s));
  try {
    const names = sim.seriesNames().map((n) => `${n.entity}/${n.metric}`);
    const series = new Map<string, number[]>(names.map((n) => [n, []]));
    const take = () => {
      const p = sim.takePoints();
      for (let i = 0; i < p.length; i += 3) series.get(names[p[i]])!.push(p[i + 1], p[i + 2]);
    };
    while (!sim.runUntil(sim.stopMs(), 50_000)) take();
    take();
    return { summary: sim.summary(), series };
  } finally {
    sim.free();
  }
}

function busyDumbbell(): ScenarioJson {
  const s = defaultScenario() as unknown as ScenarioJson;
  s.seed = 7;
  s.stop = { time_s: 20, when_transfers_done: true };
  s.topology!.bottleneck!.queue = { kind: 'red', limit_pkts: 30 };
  s.topology!.bottleneck!.errors = { kind: 'bit_error', ber: 1e-5 };
  s.topology!.bottleneck!.reverse = { rate_bps: 500_000, queue: { kind: 'drop_tail' } };
  delete s.topology!.access; // parser defaults
  s.flows.push({
    id: 'w',
    count: 2,
    start_s: 1,
    bytes: 200_000,
    tcp: { cc: 'westwood', classifier: 'spike', profile: 'linux24' },
  });
  s.cross_traffic = [
    { id: 'fw', kind: 'poisson', rate_bps: 150_000 },
    { id: 'bk', kind: 'cbr', rate_bps: 50_000, direction: 'reverse', start_s: 2 },
  ];
  return s;
}

describe('Convert to graph', () => {
  it('gives a scenario the simulator accepts', () => {
    const d = busyDumbbell();
    expect(core.validate(JSON.stringify(d))).toEqual([]);
    expect(core.validate(JSON.stringify(dumbbellToGraph(d)))).toEqual([]);
    expect(core.validate(JSON.stringify(dumbbellToGraph(defaultScenario() as unknown as ScenarioJson)))).toEqual([]);
  });

  it('runs to the same summary and the same series as the dumbbell, for the same seed', () => {
    const d = busyDumbbell();
    const a = run(d);
    const b = run(dumbbellToGraph(d));
    expect(a.summary.flows.map((f) => f.flow_id)).toEqual(['f0', 'w.0', 'w.1']);
    expect(Number(a.summary.flows[0].losses_corruption)).toBeGreaterThan(0); // errors did happen
    expect(b.summary).toEqual(a.summary);
    expect([...b.series.keys()].sort()).toEqual([...a.series.keys()].sort());
    for (const [k, v] of a.series) expect(b.series.get(k), k).toEqual(v);
    expect(a.series.get('bottleneck/queue_pkts')!.length).toBeGreaterThan(10);
  });
});
