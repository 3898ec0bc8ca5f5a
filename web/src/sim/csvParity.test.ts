/**
 * The page's CSV files against the CLI's, byte for byte: the Lab's "Export CSV" (summary file from
 * the worker's run, series file from the samples the page keeps) against `losslab run --summary
 * --series`, and the Sweep view's file (replications run as the worker runs them, statistics and
 * CSV by the page's `SweepModel`) against `losslab sweep`. Needs `npm run build:wasm` and cargo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker } from './protocol';
import { defaultScenario } from '../scenario/defaultScenario';
import { loadCoreForTests } from './loadCoreForTests';
import { seriesCsvParts, SweepModel, type Sample } from './pageCore';
import { SimRunner } from './worker/runner';
import { wasmCore } from './worker/wasmCore';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'losslab-csv-'));
beforeAll(loadCoreForTests);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): void {
  execFileSync('cargo', ['run', '--release', '-q', '-p', 'sim-core', '--bin', 'losslab', '--', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The Lab's export of a run to its end, as the worker and the page produce it. */
function labExport(json: string): { summary: string; series: string } {
  const sim = wasmCore().createSim(json);
  const names = sim.seriesNames();
  const chunks: Float64Array[] = [];
  while (!sim.runUntil(sim.stopMs(), 20_000)) chunks.push(sim.takePoints());
  chunks.push(sim.takePoints());
  const summary = sim.summary();
  sim.free();
  return { summary: summary.csv!, series: seriesCsvParts(names, chunks).join('') };
}

const content = (id: string) => readFileSync(join(repoRoot, 'content/scenarios', `${id}.json`), 'utf8');

describe('Export CSV equals losslab run, byte for byte', () => {
  const cases: [string, () => string][] = [
    [
      'the default lab scenario',
      () => JSON.stringify({ ...defaultScenario(), stop: { time_s: 20, when_transfers_done: true } }),
    ],
    ['gb04-s1-64kbps-10ms-2flows (two connections)', () => content('gb04-s1-64kbps-10ms-2flows')],
    ['gurtov-per-5pct-7pkt', () => content('gurtov-per-5pct-7pkt')],
  ];
  it.each(cases)('%s', { timeout: 900_000 }, (_name, scenario) => {
    const json = scenario();
    const file = join(dir, 'scenario.json');
    writeFileSync(file, json);
    cli(['run', file, '--summary', join(dir, 'summary.csv'), '--series', join(dir, 'series.csv')]);
    const page = labExport(json);
    expect(page.summary).toBe(readFileSync(join(dir, 'summary.csv'), 'utf8'));
    expect(page.series === readFileSync(join(dir, 'series.csv'), 'utf8')).toBe(true);
  });
});

describe('the Sweep view’s CSV equals losslab sweep, byte for byte', () => {
  it('for several flows, with group accuracies pooled as the CLI pools them', { timeout: 900_000 }, () => {
    const base = {
      ...defaultScenario(),
      stop: { time_s: 8, when_transfers_done: true },
      flows: [{ id: 'ld', count: 2, start_s: 0, bytes: null, tcp: { cc: 'new_reno', classifier: 'spike' } }],
    };
    const sweep = {
      schema: 1,
      base,
      vary: [{ path: 'topology.bottleneck.errors.ber', values: [1e-6, 1e-5] }],
      replications: 2,
      metrics: ['throughput_kbps', 'timeouts', 'accuracy_congestion', 'accuracy_wireless', 'jain_index'],
    };
    const json = JSON.stringify(sweep);
    const model = new SweepModel(json);
    // Replications run as the worker runs them (sliced), answered with the point's row values.
    const done: Extract<FromWorker, { type: 'jobDone' }>[] = [];
    const queue: (() => void)[] = [];
    let clock = 0;
    const runner = new SimRunner(wasmCore(), {
      post: (m) => m.type === 'jobDone' && done.push(m),
      now: () => clock++,
      defer: (fn) => queue.push(fn),
    });
    let id = 0;
    for (const pt of model.plan.points)
      for (let r = 0; r < 2; r++)
        runner.handle({ type: 'runJob', jobId: id++, sweepJson: json, point: pt.index, rep: r });
    while (queue.length > 0) queue.shift()!();
    expect(done).toHaveLength(4);
    const samples = (p: number): Sample[] =>
      done
        .filter((d) => Math.floor(d.jobId / 2) === p)
        .sort((a, b) => a.jobId - b.jobId)
        .map((d) => d.sample);
    const page = model.csv(model.plan.points.map((pt) => ({ point: pt.index, samples: samples(pt.index) })));

    const file = join(dir, 'sweep.json');
    writeFileSync(file, json);
    cli(['sweep', file, '--out', join(dir, 'sweep.csv'), '--jobs', '1']);
    const expected = readFileSync(join(dir, 'sweep.csv'), 'utf8');
    expect(page).toBe(expected);
    // The group rows are there and measured (an accuracy of the pooled confusion matrix).
    expect(page.split('\n').some((l) => /,sum,accuracy_wireless,[\d.]+,/.test(l))).toBe(true);
  });
});
