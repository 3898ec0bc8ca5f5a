/**
 * The CSV export: one zip holding each file byte for byte, files named after the scenario id and
 * seed, no id or seed on the series rows, and the `…-meta.json` that carries them once (
 * `docs/csv.md`, "lab-meta"). The files read with pandas' defaults: no comment lines.
 */
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { seriesCsvParts } from '../sim/pageCore';
import { SeriesStore } from '../sim/series';
import type { SimSnapshot } from '../sim/simController';
import { runCsvFiles, zipFiles, type RunMeta } from './exportCsv';

beforeAll(loadCoreForTests);

describe('zipFiles', () => {
  it('keeps every file and its exact text', () => {
    const files = [
      { name: 'a-x-seed1-summary.csv', text: 'scenario_id,seed\nx,1\n' },
      { name: 'b-y-seed1-series.csv', text: 'time_s,value\n0.01,1.5e-7\n' },
    ];
    const out = unzipSync(zipFiles(files));
    expect(Object.keys(out)).toEqual(files.map((f) => f.name));
    for (const f of files) expect(strFromU8(out[f.name])).toBe(f.text);
  });
});

describe('runCsvFiles', () => {
  const scenario = { schema: 1, id: 'demo', seed: 7, flows: [{ id: 'f' }] };
  const store = new SeriesStore([
    { entity: 'f', metric: 'srtt_ms' },
    { entity: 'bottleneck', metric: 'drops_queue_pkts_total' },
  ]);
  const names = [
    { entity: 'f', metric: 'srtt_ms' },
    { entity: 'bottleneck', metric: 'drops_queue_pkts_total' },
  ] as const;
  const points = new Float64Array([0, 0, Number.NaN, 1, 0, 0, 0, 10, 21.5, 1, 10, 2]);
  store.append(points);
  const state = {
    scenarioJson: JSON.stringify(scenario),
    coreVersion: '0.1.0',
    series: store,
    // The worker's re-simulated export, here the simulator's writer over the same points.
    seriesCsv: () => Promise.resolve(seriesCsvParts([...names], [points])),
    summary: { scenario_id: 'demo', seed: 7, csv: 'scenario_id,seed,flow_id\ndemo,7,f\n', flows: [] },
  } as unknown as SimSnapshot;

  it('names the files after id and seed and writes them once, in the meta file', async () => {
    const files = await runCsvFiles(state, 'ignored', 1, 'a-');
    expect(files.map((f) => f.name)).toEqual([
      'a-demo-seed7-summary.csv',
      'a-demo-seed7-series.csv',
      'a-demo-seed7-meta.json',
    ]);
    const series = files[1].text;
    expect(series).toBe(
      'time_s,entity,metric,value\n0,f,srtt_ms,\n0,bottleneck,drops_queue_pkts_total,0\n0.01,f,srtt_ms,21.5\n0.01,bottleneck,drops_queue_pkts_total,2\n',
    );
    expect(series).not.toContain('demo');
    const meta = JSON.parse(files[2].text) as RunMeta;
    expect(meta).toEqual({
      schema: 1,
      kind: 'lab-run',
      files: ['a-demo-seed7-summary.csv', 'a-demo-seed7-series.csv'],
      losslab: { version: '0.1.0', commit: null },
      scenario: { id: 'demo', seed: 7, document: scenario },
    });
  });

  it('writes nothing before a run has data', async () => {
    expect(await runCsvFiles({ ...state, series: null, summary: null }, 'x', 1)).toEqual([]);
  });
});
