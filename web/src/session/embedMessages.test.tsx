// @vitest-environment jsdom
/** What an embed tells its host page: one run's status and summary, or a pair's. */
import { renderHook } from '@testing-library/react';
import { runSummary } from '../sim/summaryForTests';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFrame, type FromWorker } from '../sim/protocol';
import { SimController, type WorkerLike } from '../sim/simController';
import { useStatusReports, type EmbedMessage } from './embedMessages';

/** A controller whose worker the test answers, notifying at once. */
function controller() {
  let worker: WorkerLike | null = null;
  const c = new SimController(
    () => (worker = { postMessage: () => {}, onmessage: null, onerror: null, terminate: () => {} }),
    (cb) => cb(),
  );
  const deliver = (msg: FromWorker) => worker!.onmessage!({ data: msg } as MessageEvent<FromWorker>);
  const NAMES = [{ entity: 'f0', metric: 'cwnd_bytes' }];
  return {
    c,
    start(json: string) {
      const runId = c.run(json);
      return {
        ready: () => deliver({ type: 'ready', runId, seriesNames: NAMES, stopMs: 1000, coreVersion: 'v' }),
        finish: (id: string) =>
          deliver(
            makeFrame(runId, 1000, new Float64Array([0, 1000, 1]), true, {
              summary: runSummary({ scenario_id: id }),
            }),
          ),
      };
    },
  };
}

/** The messages the embed posts to its host page (the page is framed). */
function hostPage() {
  const got: EmbedMessage[] = [];
  vi.spyOn(window, 'parent', 'get').mockReturnValue({
    postMessage: (m: EmbedMessage) => got.push(m),
  } as unknown as Window);
  return got;
}

afterEach(() => vi.restoreAllMocks());

describe('useStatusReports', () => {
  it('reports one run’s every change of status and its summary, without a side', () => {
    const got = hostPage();
    const one = controller();
    renderHook(() => useStatusReports(one.c));
    const run = one.start('{}');
    run.ready();
    run.finish('x');
    expect(got.filter((m) => m.type === 'losslab:status').map((m) => m.type === 'losslab:status' && m.state)).toEqual([
      'idle',
      'loading',
      'running',
      'done',
    ]);
    expect(got.filter((m) => m.type === 'losslab:summary')).toEqual([
      { type: 'losslab:summary', summary: runSummary({ scenario_id: 'x' }) },
    ]);
  });

  it('reports a pair’s status (running while either runs, done when both are) and each side’s summary', () => {
    const got = hostPage();
    const [a, b] = [controller(), controller()];
    renderHook(() => useStatusReports(a.c, b.c));
    const runA = a.start('{"a":1}');
    const runB = b.start('{"b":1}');
    runA.ready();
    runB.ready();
    runA.finish('A');
    // A has finished; B still runs: the pair runs, and A's summary goes with its side.
    expect(got.at(-1)).toEqual({
      type: 'losslab:summary',
      summary: runSummary({ scenario_id: 'A' }),
      side: 'a',
    });
    runB.finish('B');
    const states = got.filter((m) => m.type === 'losslab:status');
    expect(states.map((m) => m.type === 'losslab:status' && m.state)).toEqual(['idle', 'loading', 'running', 'done']);
    expect(states.at(-1)).toEqual({ type: 'losslab:status', state: 'done', nowMs: 1000 });
    expect(got.filter((m) => m.type === 'losslab:summary').map((m) => m.type === 'losslab:summary' && m.side)).toEqual([
      'a',
      'b',
    ]);
  });
});
