/**
 * The page's time-sequence client against a fake worker: plots are asked at once and
 * answered by their own callbacks; a worker whose wasm failed to load fails every plot in words; a
 * crash or a trap fails the plot under way in words and asks the rest again of a fresh worker;
 * `dispose` terminates the worker and no answer arrives after; the loader's answers are recorded
 * as the JSON text the engine was given.
 */
import { describe, expect, it } from 'vitest';
import { FakeWorker } from './fakeWorker';
import { recordingLoader, TimeSeqClient, type TimeSeqResult } from './timeSeqWorker';
import type { TimeSeqFromWorker, TimeSeqPlot, TimeSeqToWorker } from './worker/timeSeqJobs';

type FakeTimeSeqWorker = FakeWorker<TimeSeqToWorker, TimeSeqFromWorker>;

const plot = (id: string): TimeSeqPlot => ({
  id,
  title: id,
  svg: `<svg>${id}</svg>`,
  caption: '',
  counts: { sends: 1, retransmits: 0, drops: 0, timeouts: 0, paper: 0 },
});
const file = { fileJson: '{"id":"fig3"}', resources: { 'sweep:s': '{}' } };

function setup() {
  const workers: FakeTimeSeqWorker[] = [];
  const client = new TimeSeqClient(() => {
    const w = new FakeWorker<TimeSeqToWorker, TimeSeqFromWorker>();
    workers.push(w);
    return w;
  });
  const got: (TimeSeqResult | undefined)[] = [];
  const ask = (i: number) => client.draw(file, i, (r) => (got[i] = r));
  return { client, workers, got, ask };
}

describe('TimeSeqClient', () => {
  it('starts one worker on the first plot and answers each plot by its own callback', () => {
    const { client, workers, got, ask } = setup();
    expect(client.started).toBe(false);
    ask(0);
    ask(1);
    expect(workers).toHaveLength(1);
    const [a, b] = workers[0].sent;
    expect(a).toMatchObject({ type: 'timeSeq', index: 0, ...file });
    expect(b.index).toBe(1);
    workers[0].answer({ type: 'timeSeqDone', requestId: a.requestId, plot: plot('a'), wallMs: 12 });
    expect(got[0]).toEqual({ ok: true, plot: plot('a'), wallMs: 12 });
    expect(got[1]).toBeUndefined();
    workers[0].answer({
      type: 'timeSeqError',
      requestId: b.requestId,
      message: 'the file has no time-sequence plot 1',
    });
    expect(got[1]).toEqual({ ok: false, error: 'the file has no time-sequence plot 1' });
  });

  it('fails every plot in words when the wasm does not load', () => {
    const { workers, got, ask } = setup();
    ask(0);
    ask(1);
    workers[0].answer({ type: 'timeSeqFatal', message: 'the simulator failed to load: 404' });
    expect(got).toEqual([
      { ok: false, error: 'the simulator failed to load: 404' },
      { ok: false, error: 'the simulator failed to load: 404' },
    ]);
    expect(workers[0].terminated).toBe(true);
  });

  it('after a crash or a trap, fails the plot under way and asks the rest of a fresh worker', () => {
    const { workers, got, ask } = setup();
    ask(0);
    ask(1);
    ask(2);
    workers[0].crash('boom');
    expect(got[0]).toMatchObject({ ok: false, error: expect.stringContaining('internal error (boom)') });
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].sent.map((m) => m.index)).toEqual([1, 2]);
    workers[1].answer({
      type: 'timeSeqError',
      requestId: workers[1].sent[0].requestId,
      message: 'unreachable',
      trapped: true,
    });
    expect(got[1]).toMatchObject({ ok: false, error: expect.stringContaining('Reload the page') });
    expect(workers[2].sent.map((m) => m.index)).toEqual([2]);
    // A late answer from a replaced worker is dropped.
    workers[0].answer({ type: 'timeSeqDone', requestId: workers[2].sent[0].requestId, plot: plot('x'), wallMs: 1 });
    expect(got[2]).toBeUndefined();
  });

  it('dispose terminates the worker; nothing is answered after', () => {
    const { client, workers, got, ask } = setup();
    ask(0);
    client.dispose();
    expect(workers[0].terminated).toBe(true);
    workers[0].answer({ type: 'timeSeqDone', requestId: workers[0].sent[0].requestId, plot: plot('a'), wallMs: 1 });
    ask(1);
    expect(got).toEqual([]);
    expect(workers).toHaveLength(1);
  });

  it('records the loader’s answers as the JSON text the engine is given', () => {
    const { load, resources } = recordingLoader((kind, name) => (kind === 'sweep' ? { name, n: 1.5 } : null));
    expect(load('sweep', 'gurtov-fig3')).toEqual({ name: 'gurtov-fig3', n: 1.5 });
    expect(load('reference', 'gurtov/fig3.json')).toBeNull();
    expect(resources).toEqual({
      'sweep:gurtov-fig3': '{"name":"gurtov-fig3","n":1.5}',
      'reference:gurtov/fig3.json': null,
    });
  });
});
