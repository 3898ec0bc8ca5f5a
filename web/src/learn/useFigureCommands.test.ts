import { describe, expect, it, vi } from 'vitest';
import type { SimController } from '../sim/simController';
import { lessonById, type FigureSpec, type Json, type PredictSpec } from './lessonModel';
import type { FigureHandle } from './LiveFigure';
import type { PredictRecord } from './predictState';
import { applyToFigure, controlsByPath, type FigureTarget } from './useFigureCommands';

/** The figure "ld" of loss-as-congestion (two selects) and the prediction it answers, with a stand-in run. */
function target(over: Partial<FigureTarget> = {}) {
  const lesson = lessonById('loss-as-congestion')!;
  const figure = lesson.parts.flatMap((p) =>
    p.kind === 'figure' && p.figure.id === 'ld' ? [p.figure] : [],
  )[0] as FigureSpec;
  const predicts = lesson.parts.flatMap((p) =>
    p.kind === 'predict' && p.figure === 'ld' ? [p.predict] : [],
  ) as PredictSpec[];
  const controller = {
    pause: vi.fn(),
    reset: vi.fn(),
    step: vi.fn(),
    getSnapshot: () => ({ status: 'idle', nowMs: 0 }),
  } as unknown as SimController;
  const handle: FigureHandle = {
    controller,
    json: '{}',
    hasRun: true,
    values: (figure.controls ?? []).map((c) => c.value),
    setValues: vi.fn((v: Json[]) => {
      handle.values = v;
    }),
    run: vi.fn(),
  };
  const t: FigureTarget = {
    lessonId: 'loss-as-congestion',
    figure,
    predicts,
    records: {},
    setRecords: vi.fn((r: Record<string, PredictRecord>) => {
      t.records = r;
    }),
    handle: { current: handle },
    ...over,
  };
  return { t, handle, controller };
}
const run = (t: FigureTarget, c: Record<string, unknown>) =>
  applyToFigure({ id: 1, ...c } as Parameters<typeof applyToFigure>[0], t);

describe('a lesson figure’s commands', () => {
  it('set takes the figure’s own controls at the values they offer, and nothing else', async () => {
    const { t, handle } = target();
    await expect(run(t, { command: 'set', path: 'flows[0].tcp.classifier', value: 'checksum' })).resolves.toMatchObject(
      {
        ok: true,
      },
    );
    expect(controlsByPath(t.figure, handle.values)).toEqual({
      'flows[0].tcp.classifier': 'checksum',
      'topology.bottleneck.errors.ber': 4.274e-6,
    });
    await expect(run(t, { command: 'set', path: 'seed', value: 2 })).rejects.toThrow(
      'set seed: the figure “One 1 MB download over 1 Mbit/s, 10 ms: plain TCP or with loss differentiation” has no control there; its controls are what the sender does with a damaged packet (flows[0].tcp.classifier), bit error rate (topology.bottleneck.errors.ber)',
    );
    await expect(run(t, { command: 'set', path: 'topology.bottleneck.errors.ber', value: 0.5 })).rejects.toThrow(
      'bit error rate takes 0.000004274 (4.27e-6 (5 % of packets)) or 0.00000878 (8.78e-6 (10 % of packets)), not 0.5',
    );
    await expect(run(t, { command: 'set', path: 'seed', value: 2, side: 'b' })).rejects.toThrow('one figure');
  });

  it('run and step wait for the prediction; pause and reset do not', async () => {
    const waiting = target({ wait: 'Choose your prediction, then run figure 1.' });
    await expect(run(waiting.t, { command: 'run' })).rejects.toThrow(
      'run: the figure waits for the learner’s prediction (Choose your prediction, then run figure 1.)',
    );
    await expect(run(waiting.t, { command: 'step' })).rejects.toThrow('waits for the learner’s prediction');
    expect(waiting.handle.run).not.toHaveBeenCalled();
    await run(waiting.t, { command: 'pause' });
    await run(waiting.t, { command: 'reset' });
    expect(waiting.controller.pause).toHaveBeenCalled();
    expect(waiting.controller.reset).toHaveBeenCalled();
    const free = target();
    await run(free.t, { command: 'run' });
    expect(free.handle.run).toHaveBeenCalledTimes(1);
    await run(free.t, { command: 'step', toMs: 500 });
    expect(free.controller.step).toHaveBeenCalledWith('{}', 500);
    const noFigure = target({ handle: { current: null } });
    await expect(run(noFigure.t, { command: 'run' })).rejects.toThrow('not ready');
  });

  it('getState gives the controls and predictions; setState restores them, refusing what the figure lacks', async () => {
    const { t, controller } = target({ records: { 'which-first': { chosen: 1, observed: true } } });
    const got = (await run(t, { command: 'getState' })) as { result: { state: Record<string, unknown> } };
    expect(got.result.state).toEqual({
      protocol: 1,
      figure: 'loss-as-congestion/ld',
      controls: { 'flows[0].tcp.classifier': 'always_congestion', 'topology.bottleneck.errors.ber': 4.274e-6 },
      predictions: { 'which-first': { chosen: 1, observed: true } },
      status: 'idle',
      nowMs: 0,
    });
    const state = (s: Record<string, unknown>) => run(t, { command: 'setState', state: { protocol: 1, ...s } });
    await expect(state({ controls: {}, predictions: { other: { chosen: 0 } } })).rejects.toThrow(
      'setState: the figure answers no prediction "other" (it answers: which-first)',
    );
    await expect(state({ controls: {}, predictions: { 'which-first': { chosen: 'LD' } } })).rejects.toThrow(
      'one of its 3 choices',
    );
    await expect(state({ controls: { 'topology.bottleneck.errors.ber': 1 }, predictions: {} })).rejects.toThrow(
      'setState topology.bottleneck.errors.ber: bit error rate takes',
    );
    await expect(state({ scenario: 'abc' })).rejects.toThrow('this embed shows a lesson figure');
    expect(t.setRecords).not.toHaveBeenCalled();
    // A run can only have answered a committed prediction: `observed` alone is dropped.
    await state({
      controls: { 'flows[0].tcp.classifier': 'checksum' },
      predictions: { 'which-first': { observed: true } },
    });
    expect(controller.reset).toHaveBeenCalled();
    expect(t.records).toEqual({ 'which-first': {} });
    expect(controlsByPath(t.figure, t.handle.current!.values)['flows[0].tcp.classifier']).toBe('checksum');
  });
});
