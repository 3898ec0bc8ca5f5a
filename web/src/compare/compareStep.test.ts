import { describe, expect, it } from 'vitest';
import { planStep, simTimeText, type StepSide } from './compareStep';

const side = (over: Partial<StepSide> = {}): StepSide => ({
  status: 'paused',
  current: true,
  nowMs: 0,
  sampleMs: 10,
  stopMs: 5000,
  ...over,
});

describe('Compare Step keeps A and B on the same simulated time', () => {
  it('steps both once when both are paused at the same time on the configurations shown', () => {
    expect(planStep(side({ nowMs: 30 }), side({ nowMs: 30 }))).toEqual({ kind: 'step' });
    // f64 noise below a nanosecond is the same time.
    expect(planStep(side({ nowMs: 0.1 + 0.2 }), side({ nowMs: 0.3 }))).toEqual({ kind: 'step' });
  });

  it('starts both afresh, paused, with one step when not started, finished on an older configuration, or failed', () => {
    expect(planStep(side({ status: 'idle' }), side({ status: 'idle' }))).toEqual({ kind: 'restart', toMs: 10 });
    expect(planStep(side({ nowMs: 40 }), side({ nowMs: 40, current: false }))).toEqual({ kind: 'restart', toMs: 10 });
    expect(planStep(side({ status: 'error' }), side({ nowMs: 20 }))).toEqual({ kind: 'restart', toMs: 10 });
    expect(planStep(side({ status: 'done', current: false }), side({ status: 'done', current: false }))).toMatchObject({
      kind: 'restart',
      toMs: 10,
    });
  });

  it('steps both forward to the first sample time past the later run when Pause left them apart', () => {
    // A paused at 1234.5 ms, B at 1250 ms (on the grid): the next grid time past 1250 is 1260.
    expect(planStep(side({ nowMs: 1234.5 }), side({ nowMs: 1250 }))).toEqual({ kind: 'stepTo', toMs: 1260 });
    expect(planStep(side({ nowMs: 7 }), side({ nowMs: 3 }))).toEqual({ kind: 'stepTo', toMs: 10 });
  });

  it('steps to the end (not past it) when one run finished and the other is paused near the end', () => {
    expect(planStep(side({ status: 'done', nowMs: 5000 }), side({ nowMs: 4995 }))).toEqual({
      kind: 'stepTo',
      toMs: 5000,
    });
    expect(planStep(side({ status: 'done', nowMs: 5000, stopMs: 4995 }), side({ nowMs: 4991, stopMs: 4995 }))).toEqual({
      kind: 'stepTo',
      toMs: 4995,
    });
  });

  it('is disabled while a run plays, when both have finished, or when A and B sample at different periods', () => {
    expect(planStep(side({ status: 'running' }), side())).toMatchObject({
      kind: 'disabled',
      reason: 'Pause both runs first',
    });
    expect(planStep(side(), side({ status: 'loading' }))).toMatchObject({ kind: 'disabled' });
    expect(planStep(side({ status: 'done' }), side({ status: 'done' }))).toMatchObject({
      kind: 'disabled',
      reason: expect.stringContaining('finished'),
    });
    expect(planStep(side({ status: 'idle' }), side({ status: 'idle', sampleMs: 100 }))).toMatchObject({
      kind: 'disabled',
      reason: expect.stringContaining('10 ms and B every 100 ms'),
    });
  });
});

describe('simulated time text', () => {
  it('shows one step of the sample period, with a width fixed by the period', () => {
    expect(simTimeText(30, 10)).toBe('0.03 s');
    expect(simTimeText(1234.567, 10)).toBe('1.23 s');
    expect(simTimeText(200, 100)).toBe('0.2 s');
    expect(simTimeText(5, 5)).toBe('0.005 s');
    expect(simTimeText(0, 1)).toBe('0.000 s');
  });
});
