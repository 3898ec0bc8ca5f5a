// @vitest-environment jsdom
/** A run on a page: Run resumes or starts it at the chosen speed; axes and flows follow the run's own scenario. */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from '../sim/protocol';
import type { ScenarioJson } from '../scenario/types';
import { SPEEDS } from './speeds';

/** Every worker the hook starts, with what the page sent it. */
interface Fake {
  sent: ToWorker[];
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
}
const workers: Fake[] = [];
vi.mock('../sim/simWorker', () => ({
  createSimWorker: () => {
    const w: Fake & Record<string, unknown> = {
      sent: [],
      onmessage: null,
      onerror: null,
      postMessage(m: ToWorker) {
        this.sent.push(m);
        if (m.type === 'validate')
          queueMicrotask(() =>
            w.onmessage?.({ data: { type: 'validation', requestId: m.requestId, problems: [] } } as MessageEvent),
          );
      },
      terminate() {},
    };
    workers.push(w);
    return w;
  },
}));
// The flows a scenario declares (the page's wasm core is not loaded here): its flows' ids.
vi.mock('../sim/pageCore', () => ({
  flowIdsOf: (s: { flows: { id: string }[] }) => s.flows.map((f) => f.id),
}));

const { usePageRun } = await import('./usePageRun');

const scenario = { id: 'x', seed: 1, flows: [{ id: 'a' }], stop: { time_s: 30 } } as unknown as ScenarioJson;

describe('usePageRun', () => {
  it('runs at the chosen speed, and Run after Pause resumes the same run at that speed', async () => {
    const { result } = renderHook(() => usePageRun(scenario));
    await act(async () => {});
    expect(result.current.valid).toBe(true);
    expect(result.current.stopS).toBe(30);
    expect(result.current.flowIds).toEqual(['a']);
    const ten = SPEEDS.findIndex((s) => s.value === 10);
    act(() => result.current.setSpeed(ten));
    act(() => result.current.play());
    const w = workers.at(-1)!;
    const load = w.sent.find((m) => m.type === 'load');
    expect(load).toMatchObject({ scenarioJson: JSON.stringify(scenario), simMsPerWallMs: 10 });
    const runId = load!.type === 'load' ? load!.runId : 0;
    act(() =>
      w.onmessage!({
        data: { type: 'ready', runId, seriesNames: [], stopMs: 30_000, coreVersion: 'v' },
      } as unknown as MessageEvent<FromWorker>),
    );
    act(() => result.current.controller.pause());
    expect(result.current.controller.getSnapshot().status).toBe('paused');
    w.sent.length = 0;
    act(() => result.current.play());
    expect(w.sent).toEqual([{ type: 'play', runId, simMsPerWallMs: 10 }]);
    expect(result.current.controller.getSnapshot().status).toBe('running');
  });

  it('starts at the speed it was given (an embed link’s `speed=`)', async () => {
    const real = SPEEDS.findIndex((s) => s.value === 1);
    const { result } = renderHook(() => usePageRun(scenario, { speedIndex: real }));
    await act(async () => {});
    expect(result.current.speedIndex).toBe(real);
    act(() => result.current.play());
    expect(workers.at(-1)!.sent.find((m) => m.type === 'load')).toMatchObject({ simMsPerWallMs: 1 });
  });
});
