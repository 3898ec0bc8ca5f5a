/**
 * The pool worker's sweep jobs with a fake core and a fake clock: a batch is answered in one
 * `sweepDone` (ids, concatenated values, ends) at its end and every `FLUSH_MS` within it; a failed
 * job is answered alone after the finished ones before it; a trap ends the batch; the warm-up runs
 * its fixed number of passes in later tasks of at most `WARM_SLICE_MS` (however its pass times
 * move), stops at `maxMs`, and any real sweep message stops it;
 * the same sweep opened again keeps its plan (not validated and planned again), another one replaces it.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, SweepJobRef, SweepToWorker } from '../protocol';
import { FLUSH_MS, SweepJobs, WARM_SLICE_MS } from './sweepJobs';
import type { SimCore, SweepBatch } from './wasmTypes';

/** A core whose replication `rep` of `point` takes `cost(point, rep)` ms and answers [point, rep]. */
function setup(cost: (point: number, rep: number, json: string) => number = () => 1) {
  let clock = 0;
  const posted: FromWorker[] = [];
  const later: (() => void)[] = [];
  const runs: string[] = [];
  const opened: string[] = [];
  const freed: string[] = [];
  const core = {
    openSweepBatch: (json: string): SweepBatch => (
      opened.push(json),
      {
        prepare: () => 2,
        runReplication: (point: number, rep: number) => {
          if (rep < 0) throw new WebAssembly.RuntimeError('unreachable');
          if (point < 0) throw new Error('no such point');
          runs.push(`${json}:${point}.${rep}`);
          clock += cost(point, rep, json);
          return new Float64Array([point, rep]);
        },
        free: () => void freed.push(json),
      }
    ),
  } as unknown as SimCore;
  const jobs = new SweepJobs(core, {
    post: (msg) => posted.push(msg),
    now: () => clock,
    defer: (fn) => {
      later.push(fn);
    },
  });
  const send = (msg: SweepToWorker) => jobs.handle(msg);
  const batch = (sweepId: number, refs: [number, number][]): SweepToWorker => ({
    type: 'sweepRun',
    sweepId,
    jobs: refs.map(([point, rep], jobId): SweepJobRef => ({ jobId, point, rep })),
  });
  /** Runs the deferred tasks (the warm-up's passes) until none is left. */
  const drain = () => {
    while (later.length > 0) later.shift()!();
  };
  /** Runs the next deferred task. */
  const step = () => later.shift()?.();
  return { jobs, posted, runs, opened, freed, send, batch, drain, step };
}

describe('SweepJobs', () => {
  it('answers a batch with one sweepDone: ids, values concatenated, where each job ends', () => {
    const t = setup();
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    t.send(
      t.batch(1, [
        [0, 0],
        [1, 0],
        [0, 1],
      ]),
    );
    expect(t.posted).toHaveLength(1);
    const done = t.posted[0] as Extract<FromWorker, { type: 'sweepDone' }>;
    expect(done).toMatchObject({ type: 'sweepDone', sweepId: 1, jobIds: [0, 1, 2], ends: [2, 4, 6], wallMs: 3 });
    expect(Array.from(done.values)).toEqual([0, 0, 1, 0, 0, 1]);
  });

  it('keeps the plan when the same sweep is opened again, and replaces it for another', () => {
    const t = setup();
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    t.send(t.batch(1, [[0, 0]]));
    t.send({ type: 'sweepOpen', sweepId: 2, sweepJson: 's' });
    t.send(t.batch(2, [[1, 0]]));
    expect(t.opened).toEqual(['s']);
    t.send({ type: 'sweepOpen', sweepId: 3, sweepJson: 't' });
    t.send(t.batch(3, [[0, 1]]));
    expect(t.opened).toEqual(['s', 't']);
    expect(t.freed).toEqual(['s']);
    expect(t.runs).toEqual(['s:0.0', 's:1.0', 't:0.1']);
    expect(t.posted.map((m) => m.type === 'sweepDone' && [m.sweepId, Array.from(m.values)])).toEqual([
      [1, [0, 0]],
      [2, [1, 0]],
      [3, [0, 1]],
    ]);
  });

  it('sends what has finished every FLUSH_MS within a long batch', () => {
    const t = setup(() => FLUSH_MS / 4);
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    t.send(
      t.batch(
        1,
        Array.from({ length: 10 }, (_, r): [number, number] => [0, r]),
      ),
    );
    expect(t.posted.map((m) => (m.type === 'sweepDone' ? m.jobIds.length : 0))).toEqual([4, 4, 2]);
  });

  it('answers a failed job alone after the finished ones before it; a trap ends the batch', () => {
    const t = setup();
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    t.send(
      t.batch(1, [
        [0, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
        [0, 2],
      ]),
    );
    expect(t.posted.map((m) => [m.type, m.type === 'sweepDone' ? m.jobIds : (m as { jobId: number }).jobId])).toEqual([
      ['sweepDone', [0]],
      ['sweepError', 1],
      ['sweepDone', [2]],
      ['sweepError', 3],
    ]);
    expect(t.posted[3]).toMatchObject({ trapped: true });
    expect(t.runs).not.toContain('s:0.2');
  });

  it('warms up for its number of passes in slices of WARM_SLICE_MS, even when passes stop getting faster', () => {
    // Every pass takes the same time: the old rule (stop when a pass is no faster twice) ran 3.
    const perRun = WARM_SLICE_MS / 8;
    const t = setup(() => perRun);
    t.send({ type: 'sweepWarm', sweepJson: 'w', points: 4, passes: 12, maxMs: 1000 });
    expect(t.jobs.warmingUp).toBe(true);
    expect(t.runs).toEqual([]); // nothing runs inside the message itself
    t.step();
    // A pass of 4 runs takes WARM_SLICE_MS / 2: the first slice runs 2 passes, then yields.
    expect(t.runs).toEqual(['w:0.0', 'w:1.0', 'w:2.0', 'w:3.0', 'w:0.1', 'w:1.1', 'w:2.1', 'w:3.1']);
    t.drain();
    expect(t.jobs.warmingUp).toBe(false);
    expect(t.runs.filter((r) => r.startsWith('w:0.'))).toEqual(Array.from({ length: 12 }, (_, k) => `w:0.${k}`));
    expect(t.posted).toEqual([]); // a warm-up answers nothing
  });

  it('stops warming up at maxMs, and at once when a real sweep arrives', () => {
    const slow = setup(() => 100);
    slow.send({ type: 'sweepWarm', sweepJson: 'w', points: 1, passes: 100, maxMs: 250 });
    slow.drain();
    expect(slow.runs).toHaveLength(3);

    const t = setup((_, rep) => 10 - rep);
    t.send({ type: 'sweepWarm', sweepJson: 'w', points: 2, passes: 100, maxMs: 1000 });
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    expect(t.jobs.warmingUp).toBe(false);
    t.send(t.batch(1, [[0, 0]]));
    t.drain();
    expect(t.runs).toEqual(['s:0.0']);
  });
});
