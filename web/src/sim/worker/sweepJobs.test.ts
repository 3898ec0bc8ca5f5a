/**
 * The pool worker's sweep jobs with a fake core and a fake clock: a batch is answered in one
 * `sweepDone` (ids, concatenated values, ends) at its end and every `FLUSH_MS` within it; a failed
 * job is answered alone after the finished ones before it; a trap ends the batch; the warm-up runs
 * pass after pass in later tasks until a pass is no faster twice, and any real sweep message stops it;
 * the same sweep opened again keeps its plan (not validated and planned again), another one replaces it.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, SweepJobRef, SweepToWorker } from '../protocol';
import { FLUSH_MS, SweepJobs } from './sweepJobs';
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
  return { jobs, posted, runs, opened, freed, send, batch, drain };
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

  it('warms up pass after pass, each in a later task, until a pass is no faster twice', () => {
    // Passes take 8, 6, 4, 4, 5 ms of the fake clock (4 points, one replication each per pass).
    const perPass = [8, 6, 4, 4, 5, 3];
    const t = setup((point, rep) => (point === 0 ? perPass[rep] : 0));
    t.send({ type: 'sweepWarm', sweepJson: 'w', points: 4, maxMs: 1000 });
    expect(t.jobs.warmingUp).toBe(true);
    expect(t.runs).toEqual([]); // nothing runs inside the message itself
    t.drain();
    expect(t.jobs.warmingUp).toBe(false);
    expect(t.runs.filter((r) => r.startsWith('w:0.'))).toEqual(['w:0.0', 'w:0.1', 'w:0.2', 'w:0.3', 'w:0.4']);
    expect(t.posted).toEqual([]); // a warm-up answers nothing
  });

  it('stops warming up at maxMs, and at once when a real sweep arrives', () => {
    const slow = setup(() => 100);
    slow.send({ type: 'sweepWarm', sweepJson: 'w', points: 1, maxMs: 250 });
    slow.drain();
    expect(slow.runs).toHaveLength(3);

    const t = setup((_, rep) => 10 - rep);
    t.send({ type: 'sweepWarm', sweepJson: 'w', points: 2, maxMs: 1000 });
    t.send({ type: 'sweepOpen', sweepId: 1, sweepJson: 's' });
    expect(t.jobs.warmingUp).toBe(false);
    t.send(t.batch(1, [[0, 0]]));
    t.drain();
    expect(t.runs).toEqual(['s:0.0']);
  });
});
