import { describe, expect, it } from 'vitest';
import { runSummary } from '../summaryForTests';
import type { FromWorker } from '../protocol';
import { SLICE_MS, SimRunner } from './runner';
import type { SimCore, WasmSimHandle } from './wasmTypes';

/** A deterministic stand-in for WasmSim: 1 simulated ms per 100 events, one sample per call. */
class FakeSim implements WasmSimHandle {
  t = 0;
  freed = false;
  pending: number[] = [];
  constructor(
    readonly stop: number,
    private readonly clock: { ms: number },
    private readonly names = [{ entity: 'f0', metric: 'cwnd_bytes' }],
  ) {}
  runUntil(tMs: number, maxEvents: number): boolean {
    this.clock.ms += 1; // each call costs 1 ms of wall time
    this.t = Math.min(tMs, this.t + maxEvents / 100, this.stop);
    this.pending.push(0, this.t, this.t * 2);
    return this.t >= this.stop;
  }
  nowMs() {
    return this.t;
  }
  stopMs() {
    return this.stop;
  }
  seriesNames() {
    return this.names;
  }
  takePoints() {
    const a = new Float64Array(this.pending);
    this.pending = [];
    return a;
  }
  summary() {
    return runSummary({ scenario_id: 'fake', flows: [{ flow_id: 'f0', throughput_kbps: 1 }] });
  }
  free() {
    this.freed = true;
  }
}

function harness(stop = 1000, extra: Partial<SimCore> = {}, names?: { entity: string; metric: string }[]) {
  const clock = { ms: 0 };
  const sims: FakeSim[] = [];
  const posted: { msg: FromWorker; transfer: Transferable[]; at: number }[] = [];
  const queue: (() => void)[] = [];
  const core: SimCore = {
    version: () => 'fake-1',
    validate: (json) => (JSON.parse(json).bad ? ['x.y: bad'] : []),
    createSim: (json) => {
      if (JSON.parse(json).invalid) throw new Error('a: one\nb: two');
      const s = new FakeSim(stop, clock, names);
      sims.push(s);
      return s;
    },
    ...extra,
  };
  const runner = new SimRunner(core, {
    post: (msg, transfer) => posted.push({ msg, transfer, at: clock.ms }),
    now: () => clock.ms,
    defer: (fn) => queue.push(fn),
  });
  /** Runs deferred slices until none is left (or `max` slices ran). */
  const drain = (max = 10_000) => {
    let n = 0;
    while (queue.length > 0 && n < max) {
      queue.shift()!();
      n++;
      clock.ms += 1;
    }
    return n;
  };
  const of = <T extends FromWorker['type']>(type: T) =>
    posted.filter((p) => p.msg.type === type).map((p) => p.msg as Extract<FromWorker, { type: T }>);
  /** The frames that ended a run with its final summary. */
  const finals = () => of('frame').filter((f) => f.done && f.summary);
  return { runner, sims, posted, queue, drain, clock, of, finals };
}

describe('SimRunner', () => {
  it('runs a loaded scenario to the end in slices, with transferred frames and a summary', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    expect(h.of('ready')).toEqual([
      {
        type: 'ready',
        runId: 1,
        seriesNames: [{ entity: 'f0', metric: 'cwnd_bytes' }],
        stopMs: 1000,
        sampleMs: 100,
        coreVersion: 'fake-1',
      },
    ]);
    const slices = h.drain();
    expect(slices).toBeGreaterThan(1); // it yielded between slices
    const frames = h.of('frame');
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.at(-1)!.done).toBe(true);
    expect(frames.every((f) => f.runId === 1)).toBe(true);
    for (const p of h.posted.filter((p) => p.msg.type === 'frame')) {
      expect(p.transfer).toEqual([(p.msg as Extract<FromWorker, { type: 'frame' }>).points.buffer]);
    }
    // Every sample arrives exactly once, in order.
    const times = frames.flatMap((f) => Array.from(f.points).filter((_, i) => i % 3 === 1));
    expect(times.at(-1)).toBe(1000);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
    expect(h.finals()).toHaveLength(1);
    expect(h.finals()[0].runId).toBe(1);
  });

  it('sends the final summary once: on the last frame, with nothing after it', () => {
    const h = harness(1000);
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    h.drain();
    const last = h.posted.at(-1)!.msg as Extract<FromWorker, { type: 'frame' }>;
    expect(last).toMatchObject({ type: 'frame', done: true, summary: { scenario_id: 'fake' } });
    const summaries = h.posted.filter((p) => 'summary' in p.msg && p.msg.summary !== undefined);
    expect(summaries.at(-1)!.msg).toBe(last);
    expect(h.posted.filter((p) => (p.msg.type as string) === 'summary')).toHaveLength(0);
  });

  it('sends a many-flow run’s large summary at most once a second while it plays, and always the last', () => {
    const flows = (n: number) => Array.from({ length: n }, (_, i) => ({ entity: `f${i}`, metric: 'cwnd_bytes' }));
    const summariesWhilePlaying = (n: number) => {
      const h = harness(200_000, {}, flows(n));
      h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
      h.drain(100_000);
      const frames = h.posted.filter((p) => p.msg.type === 'frame');
      const last = frames.at(-1)!.msg as Extract<FromWorker, { type: 'frame' }>;
      expect(last.done).toBe(true);
      expect(last.summary?.scenario_id).toBe('fake'); // the end always carries the final summary
      const at = frames.filter((p) => (p.msg as { summary?: unknown }).summary && p !== frames.at(-1)).map((p) => p.at);
      const wall = frames.at(-1)!.at - frames[0].at;
      return { at, wall };
    };
    const many = summariesWhilePlaying(41);
    expect(many.wall).toBeGreaterThan(5000);
    for (let i = 1; i < many.at.length; i++) expect(many.at[i] - many.at[i - 1]).toBeGreaterThanOrEqual(1000);
    expect(many.at.length).toBeGreaterThan(2);
    // A few flows keep the livelier cadence (the classifier panel reads it).
    const few = summariesWhilePlaying(40);
    expect(few.at.length).toBeGreaterThan(3 * many.at.length);
  });

  it('never simulates much longer than one slice before yielding', () => {
    const h = harness(1e9);
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    for (let i = 0; i < 20; i++) {
      const before = h.clock.ms;
      h.drain(1);
      expect(h.clock.ms - before).toBeLessThanOrEqual(SLICE_MS + 2);
    }
  });

  it('a new load replaces the current run: the old simulator is freed and stops posting', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    h.drain(2);
    h.runner.handle({ type: 'load', runId: 2, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    expect(h.sims[0].freed).toBe(true);
    const postedBefore = h.posted.length;
    h.drain();
    const later = h.posted.slice(postedBefore).map((p) => p.msg);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((m) => !('runId' in m) || m.runId === 2)).toBe(true);
    expect(h.finals().map((s) => s.runId)).toEqual([2]);
  });

  it('pause stops the loop and flushes a frame; play resumes; commands for other runs are ignored', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 5, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    h.drain(1);
    h.runner.handle({ type: 'pause', runId: 4 }); // stale: ignored
    h.runner.handle({ type: 'pause', runId: 5 });
    const framesAtPause = h.of('frame').length;
    expect(h.of('frame').at(-1)!.done).toBe(false);
    // The answer to pause says so; no frame before it did.
    expect(h.of('frame').map((f) => f.paused === true)).toEqual([...Array(framesAtPause - 1).fill(false), true]);
    const t = h.sims[0].t;
    h.drain();
    expect(h.sims[0].t).toBe(t);
    expect(h.of('frame').length).toBe(framesAtPause);
    h.runner.handle({ type: 'play', runId: 5, simMsPerWallMs: Infinity });
    h.drain();
    expect(h.finals()).toHaveLength(1);
  });

  it('paces the simulation when a speed is given', () => {
    const h = harness(10_000);
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: 2 });
    h.drain(50);
    // About 2 simulated ms per wall ms (the fake clock also advances per call).
    expect(h.sims[0].t).toBeLessThanOrEqual(2 * h.clock.ms + 1);
    expect(h.sims[0].t).toBeGreaterThan(0);
  });

  it('reports constructor errors and validation problems as messages', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 3, scenarioJson: '{"invalid":true}', play: true, simMsPerWallMs: Infinity });
    expect(h.of('error')).toEqual([{ type: 'error', runId: 3, message: 'a: one\nb: two' }]);
    h.runner.handle({ type: 'validate', requestId: 8, scenarioJson: '{"bad":true}' });
    expect(h.of('validation')).toEqual([{ type: 'validation', requestId: 8, problems: ['x.y: bad'] }]);
    h.runner.handle({ type: 'validate', requestId: 9, scenarioJson: 'not json' });
    expect(h.of('validation')[1].problems[0]).toMatch(/JSON/);
  });

  it('dispose frees the run', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: false, simMsPerWallMs: Infinity });
    h.runner.handle({ type: 'dispose', runId: 1 });
    expect(h.sims[0].freed).toBe(true);
    expect(h.drain()).toBe(0);
  });

  it('step advances one sample period and stays paused, with the summary on the frame', () => {
    const h = harness(1000);
    h.runner.handle({
      type: 'load',
      runId: 2,
      scenarioJson: '{"observe":{"sample_ms":25}}',
      play: false,
      simMsPerWallMs: Infinity,
    });
    expect(h.of('ready')[0].sampleMs).toBe(25);
    h.runner.handle({ type: 'step', runId: 2 });
    expect(h.sims[0].t).toBe(25);
    h.runner.handle({ type: 'step', runId: 2 });
    expect(h.sims[0].t).toBe(50);
    const frames = h.of('frame');
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ runId: 2, nowMs: 50, done: false });
    expect(frames[1].summary?.scenario_id).toBe('fake');
    expect(h.drain()).toBe(0); // nothing scheduled: still paused
    h.runner.handle({ type: 'step', runId: 9 }); // another run: ignored
    expect(h.sims[0].t).toBe(50);
  });

  it('step to a time lands on it, never goes backwards and stops at the end', () => {
    const h = harness(1000);
    h.runner.handle({
      type: 'load',
      runId: 3,
      scenarioJson: '{"observe":{"sample_ms":10}}',
      play: false,
      simMsPerWallMs: Infinity,
    });
    h.runner.handle({ type: 'step', runId: 3, toMs: 437 });
    expect(h.sims[0].t).toBe(437);
    h.runner.handle({ type: 'step', runId: 3, toMs: 100 }); // in the past: stays put
    expect(h.sims[0].t).toBe(437);
    expect(h.of('frame').at(-1)).toMatchObject({ nowMs: 437, done: false });
    h.runner.handle({ type: 'step', runId: 3, toMs: 5000 }); // past the stop time: to the end
    expect(h.of('frame').at(-1)!.done).toBe(true);
  });

  it('a step that reaches the end finishes the run with its summary', () => {
    const h = harness(30);
    h.runner.handle({
      type: 'load',
      runId: 1,
      scenarioJson: '{"observe":{"sample_ms":100}}',
      play: false,
      simMsPerWallMs: Infinity,
    });
    h.runner.handle({ type: 'step', runId: 1 });
    expect(h.of('frame').at(-1)!.done).toBe(true);
    expect(h.finals()).toHaveLength(1);
  });

  it('passes trace events and the event count along on frames', () => {
    const h = harness(1000);
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: false, simMsPerWallMs: Infinity });
    const sim = h.sims[0] as FakeSim & { takeTrace?: () => unknown[]; eventsDone?: () => number };
    sim.takeTrace = () => [{ t_ms: 1, flow: 'f0', kind: 'drop', seq: 0, cause: 'queue' }];
    sim.eventsDone = () => 1234;
    h.runner.handle({ type: 'step', runId: 1 });
    const f = h.of('frame')[0];
    expect(f.trace).toEqual([{ t_ms: 1, flow: 'f0', kind: 'drop', seq: 0, cause: 'queue' }]);
    expect(f.eventsDone).toBe(1234);
  });

  it('exports a series file by re-simulating the scenario in a fresh simulator, every sample once', () => {
    const rows: string[] = [];
    const h = harness(1000, {
      seriesCsvHeader: () => 'header\n',
      seriesCsvRows: (names, pts) => {
        let out = '';
        for (let i = 0; i < pts.length; i += 3) out += `${names[pts[i]].metric},${pts[i + 1]},${pts[i + 2]}\n`;
        rows.push(out);
        return out;
      },
    });
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: '{}', play: true, simMsPerWallMs: Infinity });
    h.drain();
    h.runner.handle({
      type: 'exportSeries',
      requestId: 7,
      scenarioJson: '{}',
      untilMs: null,
    });
    const [answer] = h.of('seriesCsv');
    expect(answer.requestId).toBe(7);
    const text = answer.parts!.join('');
    expect(text.startsWith('header\ncwnd_bytes,')).toBe(true);
    expect(text.trimEnd().endsWith('cwnd_bytes,1000,2000')).toBe(true);
    expect(h.sims).toHaveLength(2); // the run's simulator and the export's own
    expect(h.sims[1].freed).toBe(true);
    // Paused runs export up to where they are.
    h.runner.handle({ type: 'exportSeries', requestId: 8, scenarioJson: '{}', untilMs: 250 });
    expect(h.of('seriesCsv')[1].parts!.join('').trimEnd().endsWith(',250,500')).toBe(true);
    h.runner.handle({
      type: 'exportSeries',
      requestId: 9,
      scenarioJson: '{"invalid":true}',
      untilMs: null,
    });
    expect(h.of('seriesCsv')[2]).toMatchObject({ requestId: 9, error: 'a: one\nb: two' });
  });

  it('refuses a series file too big for the browser before simulating it', () => {
    const asked: [string, number][] = [];
    const h = harness(1000, {
      seriesCsvHeader: () => 'header\n',
      seriesCsvRows: () => 'row\n',
      seriesExportProblem: (json, untilMs) => {
        asked.push([json, untilMs]);
        return json === '{"long":true}' ? 'the series file of this run would hold about 51 million values' : '';
      },
    });
    h.runner.handle({ type: 'exportSeries', requestId: 1, scenarioJson: '{"long":true}', untilMs: null });
    expect(h.of('seriesCsv')[0]).toMatchObject({ requestId: 1, error: expect.stringContaining('51 million') });
    expect(h.sims).toHaveLength(0); // refused before any simulator was built
    h.runner.handle({ type: 'exportSeries', requestId: 2, scenarioJson: '{}', untilMs: 250 });
    expect(h.of('seriesCsv')[1].parts!.join('')).toMatch(/^header\n/);
    expect(asked).toEqual([
      ['{"long":true}', Infinity],
      ['{}', 250],
    ]);
  });
});
