/**
 * Full resolution on zoom, with the real simulator: the worker's samples of a window
 * equal the series CSV export's rows for those times, byte for byte (both written by the
 * simulator's CSV writer), for a run with bit errors — on a finished run and while the run plays
 * (the detail runs in slices between the live run's). Needs `npm run build:wasm`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { simCoreForTests, type SimCore } from '../loadCoreForTests';
import type { FromWorker } from '../protocol';
import { SimRunner } from './runner';

const scenario = JSON.stringify({
  schema: 1,
  id: 'zoom_detail',
  seed: 7,
  stop: { time_s: 60 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 2_000_000,
      delay_ms: 20,
      queue: { kind: 'drop_tail', limit_pkts: 30 },
      errors: { kind: 'bit_error', ber: 1e-5 },
    },
  },
  flows: [
    { id: 'f0', bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } },
    { id: 'f1', bytes: null, start_s: 1, tcp: { cc: 'reno', classifier: 'always_congestion' } },
  ],
  observe: { sample_ms: 10 },
});

let core: SimCore;
beforeAll(() => {
  core = simCoreForTests();
});

function harness() {
  const posted: FromWorker[] = [];
  const queue: (() => void)[] = [];
  const runner = new SimRunner(core, {
    post: (msg) => posted.push(msg),
    now: () => performance.now(),
    defer: (fn) => queue.push(fn),
  });
  return {
    runner,
    posted,
    /** Runs queued slices (live run and detail interleaved) until none is left. */
    drain(max = 1_000_000) {
      while (queue.length > 0 && max-- > 0) queue.shift()!();
    },
    of<T extends FromWorker['type']>(type: T) {
      return posted.filter((m): m is Extract<FromWorker, { type: T }> => m.type === type);
    },
  };
}

/** The export's rows (header dropped) of a finished run. */
function exportRows(h: ReturnType<typeof harness>): string[] {
  h.runner.handle({ type: 'exportSeries', requestId: 1, scenarioJson: scenario, untilMs: null });
  const parts = h.of('seriesCsv').at(-1)!.parts!;
  return parts.slice(1).join('').trimEnd().split('\n');
}

/** The detail's rows, written by the same simulator CSV writer. */
function detailRows(points: Float64Array): string[] {
  const sim = core.createSim(scenario);
  const names = sim.seriesNames();
  sim.free();
  return core.seriesCsvRows!(names, points).trimEnd().split('\n');
}

/** `rows` occur in `all` as one contiguous run, with the rows just outside it outside [t0, t1] s. */
function expectContiguousWindow(all: string[], rows: string[], t0S: number, t1S: number) {
  const header = core.seriesCsvHeader!().trimEnd().split(',');
  const tCol = header.indexOf('time_s');
  const timeOf = (row: string) => Number(row.split(',')[tCol]);
  const first = all.indexOf(rows[0]);
  expect(first).toBeGreaterThan(0);
  expect(all.slice(first, first + rows.length).join('\n') === rows.join('\n')).toBe(true);
  expect(timeOf(all[first - 1])).toBeLessThan(t0S);
  expect(timeOf(all[first + rows.length])).toBeGreaterThan(t1S);
  expect(timeOf(rows[0])).toBeCloseTo(t0S, 9);
  expect(timeOf(rows.at(-1)!)).toBeCloseTo(t1S, 9);
}

describe('zoom detail', () => {
  it("a finished run's window equals the CSV export's rows for those times, byte for byte", () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: scenario, play: true, simMsPerWallMs: Infinity });
    h.drain();
    expect(h.of('frame').filter((f) => f.done && f.summary)).toHaveLength(1);
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 5,
      scenarioJson: scenario,
      fromMs: 20_000,
      toMs: 30_000,
      maxPerSeries: 4000,
    });
    h.drain();
    const [answer] = h.of('zoomDetail');
    expect(answer).toMatchObject({ requestId: 5, fromMs: 20_000, toMs: 30_000 });
    const points = answer.points!;
    // Every 10 ms sample of the window: 1001 of f0's cwnd.
    const names = core.createSim(scenario).seriesNames();
    const cwnd = names.findIndex((n) => n.entity === 'f0' && n.metric === 'cwnd_bytes');
    let n = 0;
    for (let i = 0; i < points.length; i += 3) if (points[i] === cwnd) n++;
    expect(n).toBe(1001);
    const rows = detailRows(points);
    expect(rows.some((r) => r.includes('corrupted_pkts_total'))).toBe(true);
    expectContiguousWindow(exportRows(h), rows, 20, 30);
  });

  it('while the run plays, the detail is computed between its slices and equals the export', () => {
    const h = harness();
    h.runner.handle({ type: 'load', runId: 1, scenarioJson: scenario, play: false, simMsPerWallMs: Infinity });
    h.runner.handle({ type: 'step', runId: 1, toMs: 15_000 });
    h.runner.handle({ type: 'play', runId: 1, simMsPerWallMs: Infinity });
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 6,
      scenarioJson: scenario,
      fromMs: 40_000,
      toMs: 45_000,
      maxPerSeries: 4000,
    });
    h.drain();
    const answerAt = h.posted.findIndex((m) => m.type === 'zoomDetail');
    expect(answerAt).toBeGreaterThan(0);
    // The live run kept posting frames while the detail was computed.
    const framesAfterRequest = h.posted.slice(0, answerAt).filter((m) => m.type === 'frame');
    expect(framesAfterRequest.length).toBeGreaterThan(1);
    expect(h.of('frame').filter((f) => f.done && f.summary)).toHaveLength(1);
    const rows = detailRows(h.of('zoomDetail')[0].points!);
    expectContiguousWindow(exportRows(h), rows, 40, 45);
  });

  it('refuses a window over the bound, and a newer request replaces the one under way', () => {
    const h = harness();
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 1,
      scenarioJson: scenario,
      fromMs: 0,
      toMs: 60_000,
      maxPerSeries: 100,
    });
    h.drain();
    expect(h.of('zoomDetail')[0]).toMatchObject({ requestId: 1, tooMany: true });
    expect(h.of('zoomDetail')[0].points).toBeUndefined();
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 2,
      scenarioJson: scenario,
      fromMs: 0,
      toMs: 100,
      maxPerSeries: 50,
    });
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 3,
      scenarioJson: scenario,
      fromMs: 0,
      toMs: 200,
      maxPerSeries: 50,
    });
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 4,
      scenarioJson: scenario,
      fromMs: 0,
      toMs: 200,
      maxPerSeries: 50,
    });
    h.runner.handle({ type: 'zoomCancel', requestId: 4 });
    h.drain();
    expect(h.of('zoomDetail').map((m) => m.requestId)).toEqual([1]);
    h.runner.handle({
      type: 'zoomDetail',
      requestId: 5,
      scenarioJson: scenario,
      fromMs: 0,
      toMs: 200,
      maxPerSeries: 50,
    });
    h.drain();
    expect(h.of('zoomDetail').map((m) => m.requestId)).toEqual([1, 5]);
    expect(h.of('zoomDetail')[1].points!.length % 3).toBe(0);
  });
});
