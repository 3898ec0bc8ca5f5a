/** Two runs driven together: their one status, their shared axis, and what Run does. */
import { describe, expect, it, vi } from 'vitest';
import type { SimController, SimSnapshot, SimStatus } from '../sim/simController';
import { pairStatus, runPair } from './runPair';
import type { PageRun } from './usePageRun';

/** A side of the pair: its status, simulated time and stop time, and a controller that records calls. */
function side(status: SimStatus, nowMs = 0, stopS = 10, current = true): PageRun {
  const json = '{"s":1}';
  const controller = { setSpeed: vi.fn(), resume: vi.fn(), run: vi.fn(), pause: vi.fn(), reset: vi.fn() };
  return {
    state: { status, nowMs, scenarioJson: current ? json : '{"old":1}' } as SimSnapshot,
    controller: controller as unknown as SimController,
    json,
    done: status === 'done',
    running: status === 'running' || status === 'loading',
    stopS,
    speedIndex: 0,
    progress: status === 'done' ? 1 : nowMs / 1000 / stopS,
  } as PageRun;
}

const calls = (s: PageRun) => s.controller as unknown as Record<'resume' | 'run', ReturnType<typeof vi.fn>>;

describe('pairStatus', () => {
  it('an error or a run in progress on either side wins; done when both are', () => {
    expect(pairStatus('done', 'running')).toBe('running');
    expect(pairStatus('paused', 'loading')).toBe('loading');
    expect(pairStatus('done', 'error')).toBe('error');
    expect(pairStatus('done', 'done')).toBe('done');
    expect(pairStatus('idle', 'idle')).toBe('idle');
  });
});

describe('runPair', () => {
  it('Run resumes both sides paused on their scenarios', () => {
    const [a, b] = [side('paused', 2000), side('paused', 2000)];
    runPair(a, b).play();
    for (const s of [a, b]) {
      expect(calls(s).resume).toHaveBeenCalledOnce();
      expect(calls(s).run).not.toHaveBeenCalled();
    }
  });

  it('Run resumes the paused side when the other has finished, leaving that one as it is', () => {
    const [a, b] = [side('done', 10_000), side('paused', 4000)];
    const pair = runPair(a, b);
    expect(pair.status).toBe('paused');
    pair.play();
    expect(calls(b).resume).toHaveBeenCalledOnce();
    expect(calls(a).run).not.toHaveBeenCalled();
    expect(calls(b).run).not.toHaveBeenCalled();
  });

  it('Run starts both afresh when a side was paused on a scenario since edited, or both finished', () => {
    for (const [a, b] of [
      [side('paused', 2000, 10, false), side('paused', 2000)],
      [side('done', 10_000), side('done', 10_000)],
    ]) {
      runPair(a, b).play();
      for (const s of [a, b]) expect(calls(s).run).toHaveBeenCalledWith(s.json);
    }
  });

  it('spans the axis to the side further on, and reports the progress of the side behind', () => {
    const pair = runPair(side('running', 3000, 10), side('running', 1500, 10));
    expect(pair.axisS).toBe(5); // 3 s simulated: the axis grows in nice steps (axisEndS)
    expect(pair.progress).toBeCloseTo(0.15);
    // Before either side has simulated anything the axis is the longer stop time.
    expect(runPair(side('idle', 0, 10), side('idle', 0, 20)).axisS).toBe(20);
  });
});
