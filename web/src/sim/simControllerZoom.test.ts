/**
 * The controller's side of full resolution on zoom: a `zoomDetail` answer becomes a
 * store of its own holding every sample (derived series included), refusals and cancels are told
 * apart, and a cancelled request tells the worker to drop it.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import { SimController, type WorkerLike } from './simController';

function setup() {
  const sent: ToWorker[] = [];
  let worker: WorkerLike | null = null;
  const controller = new SimController(
    () => {
      worker = { postMessage: (m) => sent.push(m), onmessage: null, onerror: null, terminate: () => {} };
      return worker;
    },
    (cb) => cb(),
  );
  const deliver = (msg: FromWorker) => worker!.onmessage!({ data: msg } as MessageEvent<FromWorker>);
  return { controller, sent, deliver };
}

const NAMES = [
  { entity: 'f0', metric: 'throughput_kbps' },
  { entity: 'f1', metric: 'throughput_kbps' },
];

describe('SimController zoom detail', () => {
  it('builds a store of every sample of the window, with the derived aggregate', async () => {
    const { controller, sent, deliver } = setup();
    const runId = controller.run('{"a":1}');
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 60_000, coreVersion: 'v' });
    const req = controller.getSnapshot().zoomDetail!(1000, 3000, 500);
    const msg = sent.at(-1)!;
    expect(msg).toMatchObject({
      type: 'zoomDetail',
      scenarioJson: '{"a":1}',
      fromMs: 1000,
      toMs: 3000,
      maxPerSeries: 500,
    });
    const requestId = (msg as { requestId: number }).requestId;
    const pts: number[] = [];
    for (let t = 1000; t <= 3000; t += 10) pts.push(0, t, 100, 1, t, 300);
    deliver({ type: 'zoomDetail', requestId, points: new Float64Array(pts), fromMs: 1000, toMs: 3000, wallMs: 12 });
    const res = await req.result;
    expect(res.kind).toBe('full');
    if (res.kind !== 'full') return;
    expect(res.store.get('f0', 'throughput_kbps')!.length).toBe(201);
    const sum = res.store.get('aggregate', 'throughput_kbps')!;
    expect(sum.length).toBe(201);
    expect(sum.v[5]).toBe(400);
    // The run's own held store is untouched.
    expect(controller.getSnapshot().series!.get('f0', 'throughput_kbps')!.length).toBe(0);
  });

  it('tells a refusal from a cancel; a cancel reaches the worker', async () => {
    const { controller, sent, deliver } = setup();
    const runId = controller.run('{"a":1}');
    deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 60_000, coreVersion: 'v' });
    const a = controller.getSnapshot().zoomDetail!(0, 60_000, 100);
    const aId = (sent.at(-1) as { requestId: number }).requestId;
    deliver({ type: 'zoomDetail', requestId: aId, tooMany: true, error: 'too many' });
    expect((await a.result).kind).toBe('tooMany');
    const b = controller.getSnapshot().zoomDetail!(0, 1000, 100);
    const bId = (sent.at(-1) as { requestId: number }).requestId;
    b.cancel();
    expect(sent.at(-1)).toEqual({ type: 'zoomCancel', requestId: bId });
    expect((await b.result).kind).toBe('cancelled');
  });
});
