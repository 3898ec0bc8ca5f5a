import { describe, expect, it } from 'vitest';
import { isStale, makeFrame, splitProblem, transferList, type FromWorker, type ToWorker } from './protocol';

/** Posts `msg` through a real MessageChannel (structured clone + transfer), as the worker does. */
function roundTrip<T>(msg: T, transfer: Transferable[] = []): Promise<T> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port2.onmessage = (ev) => {
      resolve(ev.data as T);
      port1.close();
      port2.close();
    };
    port1.postMessage(msg, transfer);
  });
}

describe('protocol', () => {
  it('a frame crosses the channel intact with its buffer transferred, not copied', async () => {
    const points = new Float64Array([0, 10, 2920, 1, 10, 65535, 0, 20, 4380]);
    const frame = makeFrame(7, 20, points, false);
    const got = await roundTrip<FromWorker>(frame, transferList(frame));
    expect(got).toMatchObject({ type: 'frame', runId: 7, nowMs: 20, done: false });
    expect(Array.from((got as Extract<FromWorker, { type: 'frame' }>).points)).toEqual([
      0, 10, 2920, 1, 10, 65535, 0, 20, 4380,
    ]);
    // Transferred: the sender's buffer is detached.
    expect(points.buffer.byteLength).toBe(0);
  });

  it('makeFrame copies a view so that transferring never detaches a shared buffer', () => {
    const memory = new Float64Array(16).fill(1);
    const view = memory.subarray(3, 9);
    const frame = makeFrame(1, 0, view, true);
    expect(frame.points.buffer).not.toBe(memory.buffer);
    expect(frame.points.byteOffset).toBe(0);
    expect(frame.points.buffer.byteLength).toBe(6 * 8);
    const own = new Float64Array([1, 2, 3]);
    expect(makeFrame(1, 0, own, false).points).toBe(own);
  });

  it('messages other than frames transfer nothing and survive structured clone', async () => {
    const msgs: ToWorker[] = [
      { type: 'load', runId: 3, scenarioJson: '{"schema":1}', play: true, simMsPerWallMs: Infinity },
      { type: 'play', runId: 3, simMsPerWallMs: 10 },
      { type: 'pause', runId: 3 },
      { type: 'dispose', runId: 3 },
      { type: 'validate', requestId: 9, scenarioJson: '{}' },
    ];
    for (const m of msgs) expect(await roundTrip(m)).toEqual(m);
    const error: FromWorker = { type: 'error', runId: 3, message: 'the run failed' };
    expect(transferList(error)).toEqual([]);
    expect(await roundTrip(error)).toEqual(error);
  });

  it('isStale drops messages of any other run, but never run-less messages', () => {
    const frame = makeFrame(4, 0, new Float64Array(0), false);
    expect(isStale(frame, 4)).toBe(false);
    expect(isStale(frame, 5)).toBe(true);
    expect(isStale({ type: 'error', runId: 3, message: 'x' }, 4)).toBe(true);
    expect(isStale({ type: 'validation', requestId: 1, problems: [] }, 4)).toBe(false);
    expect(isStale({ type: 'fatal', message: 'x' }, 4)).toBe(false);
  });

  it('splitProblem separates the JSON path from the message', () => {
    expect(splitProblem('topology.bottleneck.errors.ber: must be between 0 and 1 (got 2)')).toEqual({
      path: 'topology.bottleneck.errors.ber',
      message: 'must be between 0 and 1 (got 2)',
    });
    expect(splitProblem('no path here')).toEqual({ path: '', message: 'no path here' });
  });
});
