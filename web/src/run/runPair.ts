/**
 * Two runs on one page, driven together (Compare and the embed of a pair): Run, Pause, Reset and
 * the speed act on both; the pair's status is one word; the time axis spans what either side
 * simulated. Each side is a `usePageRun` of its own (its own worker).
 */
import type { SimStatus } from '../sim/simController';
import { axisEndS } from './timeAxis';
import type { PageRun } from './usePageRun';

/** The pair's status: an error or a run in progress on either side wins; done when both are. */
export function pairStatus(a: SimStatus, b: SimStatus): SimStatus {
  for (const s of ['error', 'loading', 'running', 'paused'] as SimStatus[]) if (a === s || b === s) return s;
  return a === 'done' && b === 'done' ? 'done' : a === 'idle' && b === 'idle' ? 'idle' : 'done';
}

export interface RunPair {
  status: SimStatus;
  /** Either side loading or running. */
  running: boolean;
  /**
   * Run would resume: a side is paused, and each side is paused on the scenario now on the page or
   * has finished (a finished side stays as it is).
   */
  resumes: boolean;
  /** The longer of the two stop times, s. */
  stopS: number;
  /** The right end of the shared time axis, s: the further of the two sides' (`axisEndS`). */
  axisS: number;
  /** The share done of the side that is behind, 0–1. */
  progress: number;
  /** Run both: resumes the paused side(s) (see `resumes`), else starts both afresh. */
  play(): void;
  pause(): void;
  reset(): void;
  /** One speed for both, an index in `SPEEDS`. */
  setSpeed(index: number): void;
}

export function runPair(a: PageRun, b: PageRun): RunPair {
  const sides = [a, b];
  const status = pairStatus(a.state.status, b.state.status);
  const paused = (s: PageRun) => s.state.status === 'paused' && s.state.scenarioJson === s.json;
  const resumes = sides.some(paused) && sides.every((s) => paused(s) || s.done);
  const stopS = Math.max(a.stopS, b.stopS);
  // A side that has not started yet does not stretch the axis.
  const sideEnd = (s: PageRun) => (s.state.nowMs > 0 ? axisEndS(s.state.nowMs, s.stopS, s.done) : 0);
  return {
    status,
    running: a.running || b.running,
    resumes,
    stopS,
    axisS: Math.max(sideEnd(a), sideEnd(b)) || stopS,
    progress: Math.min(a.progress, b.progress),
    play: () => {
      if (resumes) for (const s of sides) s.controller.resume();
      else for (const s of sides) s.controller.run(s.json);
    },
    pause: () => sides.forEach((s) => s.controller.pause()),
    reset: () => sides.forEach((s) => s.controller.reset()),
    setSpeed: (i) => sides.forEach((s) => s.setSpeed(i)),
  };
}
