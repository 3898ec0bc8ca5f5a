/**
 * What Compare's Step does, decided from the two runs' snapshots (pure, so it is unit-tested).
 *
 * The worker's `step` advances a paused run by one sample period (`observe.sample_ms`) from its
 * own current time, or forward to a given time, and lands exactly on it, so two runs that start at
 * 0 and take the same steps stay on the same grid (k · sample period). The plan keeps A and B there:
 *
 * - both paused on the configurations shown, at the same time → one step each;
 * - not started yet, finished, failed, or loaded with an older configuration → start both afresh,
 *   paused, and take the first step;
 * - paused at different times (Pause stops each worker wherever it was) → step both forward to
 *   the first grid time past the later of the two (a run that already finished stays finished);
 * - both finished on the configurations shown, either still running, or A and B sampling at
 *   different periods → nothing to do (the button is disabled, with the reason as its title).
 */
import type { SimStatus } from '../sim/simController';

/** One side as Step sees it. */
export interface StepSide {
  status: SimStatus;
  /** The run was loaded with the configuration shown now (`scenarioJson` matches). */
  current: boolean;
  nowMs: number;
  /** `observe.sample_ms` of the configuration shown (the step size). */
  sampleMs: number;
  /** The configuration's stop time in ms (where steps end). */
  stopMs: number;
}

export type StepPlan =
  | { kind: 'disabled'; reason: string }
  /** Step both paused runs once. */
  | { kind: 'step' }
  /** Start both afresh (paused) and take one step each, to `toMs`. */
  | { kind: 'restart'; toMs: number }
  /** Step each paused run forward to `toMs`. */
  | { kind: 'stepTo'; toMs: number };

/** Two times closer than this (ms) are the same time (f64 sums of whole-ms steps are exact). */
const SAME_MS = 1e-6;

export function planStep(a: StepSide, b: StepSide): StepPlan {
  if ([a, b].some((s) => s.status === 'running' || s.status === 'loading'))
    return { kind: 'disabled', reason: 'Pause both runs first' };
  if (Math.abs(a.sampleMs - b.sampleMs) > SAME_MS) {
    return {
      kind: 'disabled',
      reason: `A samples every ${a.sampleMs} ms and B every ${b.sampleMs} ms; set the same sample period to step them together`,
    };
  }
  const step = a.sampleMs;
  const settled = (s: StepSide) => s.current && (s.status === 'paused' || s.status === 'done');
  if (!settled(a) || !settled(b)) return { kind: 'restart', toMs: Math.min(step, a.stopMs, b.stopMs) };
  if (a.status === 'done' && b.status === 'done')
    return { kind: 'disabled', reason: 'Both runs have finished; Reset to step from the start' };
  if (a.status === 'paused' && b.status === 'paused' && Math.abs(a.nowMs - b.nowMs) <= SAME_MS) return { kind: 'step' };
  // Misaligned: the first grid time strictly past the later paused run.
  const later = Math.max(...[a, b].filter((s) => s.status === 'paused').map((s) => s.nowMs));
  const end = Math.max(a.stopMs, b.stopMs);
  const steps = Math.min(Math.floor(later / step + SAME_MS) + 1, Math.ceil(end / step - SAME_MS));
  return { kind: 'stepTo', toMs: Math.min(steps * step, end) };
}

/**
 * Simulated time in seconds with enough decimals to see one step of `sampleMs`
 * (100 ms → 1 decimal, 10 ms → 2, 1 ms or 5 ms → 3), fixed per sample period so the text does
 * not jump while a run plays.
 */
export function simTimeText(ms: number, sampleMs: number): string {
  const decimals = sampleMs % 100 === 0 ? 1 : sampleMs % 10 === 0 ? 2 : 3;
  return `${(ms / 1000).toFixed(decimals)} s`;
}
