import { describe, expect, it } from 'vitest';
import { runSummary, traceEvent } from './summaryForTests';
import { makeFrame, type FromWorker, type ToWorker } from './protocol';
import { SimController, type WorkerLike } from './simController';

function setup() {
  const sent: ToWorker[] = [];
  let worker: WorkerLike | null = null;
  let notifications = 0;
  const controller = new SimController(
    () => {
      worker = { postMessage: (m) => sent.push(m), onmessage: null, onerror: null, terminate: () => {} };
      return worker;
    },
    (cb) => cb(), // notify synchronously
  );
  controller.subscribe(() => notifications++);
  const deliver = (msg: FromWorker) => worker!.onmessage!({ data: msg } as MessageEvent<FromWorker>);
  return { controller, sent, deliver, notifications: () => notifications };
}

const NAMES = [{ entity: 'f0', metric: 'cwnd_bytes' }];

describe('SimController', () => {
  it('goes idle → loading → running → done and appends frames of the current run', () => {
    const { controller, sent, deliver } = setup();
    expect(controller.getSnapshot().status).toBe('idle');
    const runId = controller.run('{"a":1}');
    expect(sent).toEqual([{ type: 'load', runId, scenarioJson: '{"a":1}', play: true, simMsPerWallMs: Infinity }]);
    expect(controller.getSnapshot()).toMatchObject({ status: 'loading', runId, scenarioJson: '{"a":1}' });
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 5000, coreVersion: 'v' });
    expect(controller.getSnapshot()).toMatchObject({ status: 'running', stopMs: 5000, coreVersion: 'v' });
    deliver(makeFrame(runId, 10, new Float64Array([0, 10, 2920]), false));
    deliver(
      makeFrame(runId, 5000, new Float64Array([0, 20, 4380]), true, {
        summary: runSummary({ scenario_id: 'x' }),
      }),
    );
    const s = controller.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.nowMs).toBe(5000);
    expect(s.series!.get('f0', 'cwnd_bytes')!.length).toBe(2);
    expect(s.revision).toBe(2);
    // The last frame carries the final summary (nothing else does).
    expect(s.summary).toEqual(runSummary({ scenario_id: 'x' }));
  });

  it('drops frames, summaries and errors of a superseded run', () => {
    const { controller, deliver } = setup();
    const first = controller.run('{"ber":1e-6}');
    deliver({ type: 'ready', runId: first, seriesNames: NAMES, stopMs: 1000, coreVersion: 'v' });
    deliver(makeFrame(first, 10, new Float64Array([0, 10, 1]), false));
    const second = controller.run('{"ber":1e-5}');
    expect(second).toBeGreaterThan(first);
    // Late messages of the first run, already in flight when the second was loaded:
    deliver(makeFrame(first, 20, new Float64Array([0, 20, 2]), false));
    deliver(makeFrame(first, 30, new Float64Array(0), true, { summary: runSummary({ scenario_id: 'old' }) }));
    deliver({ type: 'error', runId: first, message: 'old' });
    let s = controller.getSnapshot();
    expect(s).toMatchObject({
      runId: second,
      status: 'loading',
      series: null,
      summary: null,
      error: null,
      staleDropped: 2,
    });
    expect(s.scenarioJson).toBe('{"ber":1e-5}');
    deliver({ type: 'ready', runId: second, seriesNames: NAMES, stopMs: 1000, coreVersion: 'v' });
    deliver(makeFrame(second, 10, new Float64Array([0, 10, 3]), false));
    s = controller.getSnapshot();
    expect(s.series!.get('f0', 'cwnd_bytes')!.last()).toBe(3);
    expect(s.series!.get('f0', 'cwnd_bytes')!.length).toBe(1);
  });

  it('reset drops the run so late frames are ignored; pause and resume message the worker', () => {
    const { controller, sent, deliver } = setup();
    const runId = controller.run('{}');
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 1000, coreVersion: 'v' });
    controller.pause();
    expect(sent.at(-1)).toEqual({ type: 'pause', runId });
    expect(controller.getSnapshot()).toMatchObject({ status: 'paused', workerPaused: false });
    // A frame already on its way lands after the click; the worker's answer to pause comes last.
    deliver(makeFrame(runId, 10, new Float64Array([0, 10, 1]), false));
    expect(controller.getSnapshot().workerPaused).toBe(false);
    deliver(makeFrame(runId, 20, new Float64Array([0, 20, 2]), false, { paused: true }));
    expect(controller.getSnapshot()).toMatchObject({ status: 'paused', workerPaused: true });
    controller.resume();
    expect(controller.getSnapshot().workerPaused).toBe(false);
    expect(sent.at(-1)).toEqual({ type: 'play', runId, simMsPerWallMs: Infinity });
    controller.setSpeed(10);
    expect(sent.at(-1)).toEqual({ type: 'play', runId, simMsPerWallMs: 10 });
    controller.pause();
    controller.reset();
    expect(sent.at(-1)).toEqual({ type: 'dispose', runId });
    deliver(makeFrame(runId, 10, new Float64Array([0, 10, 1]), false));
    expect(controller.getSnapshot()).toMatchObject({ status: 'idle', series: null, staleDropped: 1 });
  });

  it('resolves validations by request id and reports run errors', async () => {
    const { controller, sent, deliver } = setup();
    const a = controller.validate('{"x":1}');
    const b = controller.validate('{"x":2}');
    const [ra, rb] = sent.filter((m) => m.type === 'validate') as Extract<ToWorker, { type: 'validate' }>[];
    deliver({ type: 'validation', requestId: rb.requestId, problems: ['p: two'] });
    deliver({ type: 'validation', requestId: ra.requestId, problems: [] });
    expect(await a).toEqual([]);
    expect(await b).toEqual(['p: two']);
    const runId = controller.run('{}');
    deliver({ type: 'error', runId, message: 'a: bad' });
    expect(controller.getSnapshot()).toMatchObject({ status: 'error', error: 'a: bad' });
  });

  it('a fatal worker error fails pending validations and later runs', async () => {
    const { controller, deliver } = setup();
    const v = controller.validate('{}');
    deliver({ type: 'fatal', message: 'the simulator failed to load: boom' });
    expect(await v).toEqual(['the simulator failed to load: boom']);
    controller.run('{}');
    expect(controller.getSnapshot()).toMatchObject({ status: 'error', error: 'the simulator failed to load: boom' });
  });

  it('coalesces notifications to one per scheduled callback', () => {
    const scheduled: (() => void)[] = [];
    let worker: WorkerLike | null = null;
    const controller = new SimController(
      () => (worker = { postMessage: () => {}, onmessage: null, onerror: null, terminate: () => {} }),
      (cb) => scheduled.push(cb),
    );
    let calls = 0;
    controller.subscribe(() => calls++);
    const runId = controller.run('{}');
    worker!.onmessage!({
      data: { type: 'ready', runId, seriesNames: NAMES, stopMs: 1, coreVersion: 'v' },
    } as MessageEvent<FromWorker>);
    for (let i = 0; i < 10; i++)
      worker!.onmessage!({ data: makeFrame(runId, i, new Float64Array([0, i, i]), false) } as MessageEvent<FromWorker>);
    expect(scheduled).toHaveLength(1);
    scheduled.shift()!();
    expect(calls).toBe(1);
    expect(controller.getSnapshot().series!.get('f0', 'cwnd_bytes')!.length).toBe(10);
  });

  it('steps: loads paused and steps, then steps the same run; a new scenario starts over', () => {
    const { controller, sent, deliver } = setup();
    controller.step('{"s":1}');
    const load = sent.find((m) => m.type === 'load') as Extract<ToWorker, { type: 'load' }>;
    expect(load).toMatchObject({ scenarioJson: '{"s":1}', play: false });
    expect(sent.at(-1)).toEqual({ type: 'step', runId: load.runId });
    expect(controller.getSnapshot().status).toBe('paused');
    deliver({ type: 'ready', runId: load.runId, seriesNames: NAMES, stopMs: 1000, sampleMs: 25, coreVersion: 'v' });
    expect(controller.getSnapshot()).toMatchObject({ status: 'paused', sampleMs: 25 });
    controller.step('{"s":1}');
    expect(sent.filter((m) => m.type === 'load')).toHaveLength(1);
    expect(sent.at(-1)).toEqual({ type: 'step', runId: load.runId });
    controller.step('{"s":2}');
    expect(sent.filter((m) => m.type === 'load')).toHaveLength(2);
  });

  it('keeps the core version from hello, the live summary, the trace and an events-per-second rate', () => {
    let wall = 0;
    const sent: ToWorker[] = [];
    let worker: WorkerLike | null = null;
    const controller = new SimController(
      () => (worker = { postMessage: (m) => sent.push(m), onmessage: null, onerror: null, terminate: () => {} }),
      (cb) => cb(),
      () => wall,
    );
    const deliver = (msg: FromWorker) => worker!.onmessage!({ data: msg } as MessageEvent<FromWorker>);
    const runId = controller.run('{}');
    deliver({ type: 'hello', coreVersion: 'v2', protocol: 3 });
    expect(controller.getSnapshot()).toMatchObject({ coreVersion: 'v2' });
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 1000, coreVersion: 'v2' });
    const summary = runSummary({ scenario_id: 'live' });
    deliver(makeFrame(runId, 10, new Float64Array([0, 10, 1]), false, { eventsDone: 1000, summary }));
    wall = 500;
    deliver(
      makeFrame(runId, 20, new Float64Array([0, 20, 2]), false, {
        eventsDone: 51_000,
        trace: [traceEvent({ t_ms: 15, kind: 'drop', seq: 7, cause: 'queue_overflow' })],
      }),
    );
    const s = controller.getSnapshot();
    expect(s.eventsDone).toBe(51_000);
    expect(s.eventsPerSec).toBe(100_000);
    expect(s.summary).toEqual(summary);
    expect(s.trace).toHaveLength(1);
    // A new run starts with an empty trace but keeps the core version.
    controller.run('{}');
    expect(controller.getSnapshot().trace).toEqual([]);
    expect(controller.getSnapshot().coreVersion).toBe('v2');
  });

  it('reports every status change synchronously to onStatus listeners', () => {
    const scheduled: (() => void)[] = [];
    let worker: WorkerLike | null = null;
    const controller = new SimController(
      () => (worker = { postMessage: () => {}, onmessage: null, onerror: null, terminate: () => {} }),
      (cb) => scheduled.push(cb), // coalesced notifications never run in this test
    );
    const seen: string[] = [];
    const off = controller.onStatus((s) => seen.push(s.status));
    const runId = controller.run('{}');
    const deliver = (msg: FromWorker) => worker!.onmessage!({ data: msg } as MessageEvent<FromWorker>);
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 1, coreVersion: 'v' });
    deliver(makeFrame(runId, 1, new Float64Array([0, 1, 1]), true));
    expect(seen).toEqual(['loading', 'running', 'done']);
    off();
    controller.reset();
    expect(seen).toHaveLength(3);
  });
});
