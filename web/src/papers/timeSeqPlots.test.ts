/**
 * A reproduction's time-sequence plots come from the simulator, in the
 * time-sequence worker: Gurtov Fig. 8's `timeseq` entry is described on the page
 * without a run, then run and drawn by the worker's jobs (here in this process, with the real wasm
 * and the loader answers the page recorded) with its marks counted in the SVG, deterministically;
 * a file without `timeseq` has none; and no page-thread module calls the wasm's `timeSequence`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { ReproductionModel } from '../sim/reproductionCore';
import { inProcessTimeSeqWorker } from '../sim/timeSeqForTests';
import { recordingLoader, TimeSeqClient, type TimeSeqFile, type TimeSeqResult } from '../sim/timeSeqWorker';
import { findReproduction, resolveResource } from './paperFiles';

const open = (paper: string, id: string): { model: ReproductionModel; source: TimeSeqFile } => {
  const file = findReproduction(paper, id);
  if (!file) throw new Error(`content/reproductions/${paper}/${id}.json is missing`);
  const fileJson = JSON.stringify(file.json);
  const { load, resources } = recordingLoader(resolveResource);
  return { model: new ReproductionModel(fileJson, load), source: { fileJson, resources } };
};

const draw = (client: TimeSeqClient, source: TimeSeqFile, index: number) =>
  new Promise<TimeSeqResult>((done) => client.draw(source, index, done));

const count = (svg: string, cls: string) => svg.split(`class="${cls}"`).length - 1;

describe('time-sequence plots', () => {
  beforeAll(() => loadCoreForTests());

  it('are described on the page, then run and drawn by the simulator in the worker', async () => {
    const { model, source } = open('gurtov', 'fig8');
    const [spec, ...more] = model.timeSequenceSpecs();
    expect(more).toHaveLength(0);
    expect(spec).toMatchObject({ id: 'overflow-20', flow: 'tcp', from_s: null, to_s: 60, replication: 0 });
    expect(spec.at).toEqual([{ path: 'topology.bottleneck.queue.limit_pkts', value: 20 }]);
    // The worker reads the file from the page's recorded loader answers alone.
    expect(Object.keys(source.resources).length).toBeGreaterThan(0);

    const client = new TimeSeqClient(inProcessTimeSeqWorker);
    const got = await draw(client, source, 0);
    if (!got.ok) throw new Error(got.error);
    const plot = got.plot;
    expect(plot.counts.retransmits).toBeGreaterThan(0);
    expect(plot.counts.drops).toBeGreaterThan(0);
    expect(count(plot.svg, 'retx')).toBe(plot.counts.retransmits);
    expect(count(plot.svg, 'drop')).toBe(plot.counts.drops);
    expect(plot.caption).toContain('Time-sequence plot of flow tcp');
    const again = await draw(new TimeSeqClient(inProcessTimeSeqWorker), source, 0);
    expect(again.ok && again.plot.svg).toBe(plot.svg);
    expect(await draw(client, source, 1)).toEqual({ ok: false, error: 'the file has no time-sequence plot 1' });
    client.dispose();
  });

  it('are absent when the file asks for none', () => {
    expect(open('gb04', 'fig4').model.timeSequenceSpecs()).toEqual([]);
  });

  it('are never simulated on the page’s main thread: only the worker room calls the wasm’s timeSequence', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const callers = files(src)
      .map((f) => relative(src, f))
      .filter((f) => !f.startsWith('sim/worker/') && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\.timeSequence\(/.test(readFileSync(join(src, f), 'utf8')));
    expect(callers).toEqual([]);
  });
});
