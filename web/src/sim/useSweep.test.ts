// @vitest-environment jsdom
/**
 * How often a running sweep re-renders the page: every `PUBLISH_MS` while drawing is
 * cheap, less often when it is slow, so drawing keeps at most `DRAW_SHARE` of the wall time
 * (`publishDelay`); and not at the start — the first re-render comes `PUBLISH_MS` after it, so a
 * sweep that ends sooner is drawn once, finished (the hook over the real pool, with fake workers).
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker } from './fakeWorker';
import type { SweepModel } from './pageCore';
import type { FromWorker, ToWorker } from './protocol';
import { DRAW_SHARE, PUBLISH_MS, publishDelay, useSweep } from './useSweep';

describe('publishDelay', () => {
  it('waits PUBLISH_MS after a cheap re-render', () => {
    expect(publishDelay(0)).toBe(PUBLISH_MS);
    expect(publishDelay(10)).toBe(PUBLISH_MS);
  });

  it('after a slow one, waits long enough that drawing takes DRAW_SHARE of the time', () => {
    for (const draw of [60, 146, 400]) {
      const wait = publishDelay(draw);
      expect(wait).toBeGreaterThan(PUBLISH_MS);
      expect(draw / (draw + wait)).toBeCloseTo(DRAW_SHARE, 10);
    }
  });
});

describe('useSweep re-renders', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The hook on a pool of fake workers; `renders` counts the hook's renders. */
  function setup() {
    vi.useFakeTimers();
    const workers: FakeWorker<ToWorker, FromWorker>[] = [];
    vi.stubGlobal(
      'Worker',
      class extends FakeWorker<ToWorker, FromWorker> {
        constructor() {
          super();
          workers.push(this);
        }
      },
    );
    // A planned sweep as the hook reads it: 2 points × 3 replications, one row each (no wasm needed).
    const row = { name: 'throughput_kbps', metric: 'throughput_kbps', entity: 'flow', flow: 0 } as const;
    const model = {
      json: '{"id":"renders"}',
      plan: {
        replications: 3,
        points: [0, 1].map((index) => ({ index, choice: [index], values: [index], rows: [row] })),
      },
      free() {},
    } as unknown as SweepModel;
    let renders = 0;
    const hook = renderHook(() => {
      renders += 1;
      return useSweep();
    });
    /** Every worker answers every job it has been given (one value: one row). */
    const answerAll = () =>
      act(() => {
        for (const w of workers) {
          for (const m of w.sent.splice(0))
            if (m.type === 'sweepRun')
              w.answer({
                type: 'sweepDone',
                sweepId: m.sweepId,
                jobIds: m.jobs.map((j) => j.jobId),
                ends: m.jobs.map((_, k) => k + 1),
                values: new Float64Array(m.jobs.length).fill(5),
                wallMs: 1,
              });
        }
      });
    return { hook, model, workers, answerAll, renders: () => renders };
  }

  it('does not re-render at the start: a sweep that ends within PUBLISH_MS is drawn once, finished', () => {
    const { hook, model, workers, answerAll, renders } = setup();
    act(() => hook.result.current.start(model));
    expect(workers.length).toBeGreaterThan(0);
    const atStart = renders();
    expect(hook.result.current.run).toBeNull();
    answerAll();
    answerAll();
    const run = hook.result.current.run!;
    expect(run.state).toBe('done');
    expect(run.done).toBe(6);
    expect(renders() - atStart).toBe(1);
    act(() => vi.advanceTimersByTime(10 * PUBLISH_MS));
    expect(renders() - atStart).toBe(1);
  });

  it('shows a longer sweep running PUBLISH_MS after the start', () => {
    const { hook, model } = setup();
    act(() => hook.result.current.start(model));
    act(() => vi.advanceTimersByTime(PUBLISH_MS - 1));
    expect(hook.result.current.run).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current.run).toMatchObject({ state: 'running', done: 0, total: 6 });
  });

  it('takes known points as they are and runs only the others', () => {
    const { hook, model, workers, answerAll } = setup();
    // Point 0's three replications are known (7, 8, 9); only point 1's three runs are sent.
    act(() => hook.result.current.start(model, new Map([[0, new Float64Array([7, 8, 9])]])));
    const sent = workers.flatMap((w) => w.sent.flatMap((m) => (m.type === 'sweepRun' ? m.jobs : [])));
    expect(sent.map((j) => j.point)).toEqual([1, 1, 1]);
    answerAll();
    answerAll();
    const run = hook.result.current.run!;
    expect(run).toMatchObject({ state: 'done', done: 3, total: 3 });
    expect(Array.from(run.results.flat(0))).toEqual([7, 8, 9]);
    expect(Array.from(run.results.flat(1))).toEqual([5, 5, 5]);
  });
});
