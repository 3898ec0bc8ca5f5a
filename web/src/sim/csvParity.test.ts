/**
 * The page's CSV files against the CLI's, byte for byte: the Lab's "Export CSV" (summary file from
 * the worker's run, series file from the samples the page keeps) against `losslab run --summary
 * --series`. (The Sweep view's file: `workerPoolParity.test.ts`.) Needs `npm run build:wasm` and
 * cargo.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaultScenario';
import { loadCoreForTests } from './loadCoreForTests';
import { nativeCli, repoRoot } from './nativeCliForTests';
import { seriesCsvParts } from './pageCore';
import { wasmCore } from './worker/wasmCore';

const dir = mkdtempSync(join(tmpdir(), 'losslab-csv-'));
beforeAll(loadCoreForTests);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = nativeCli;

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
