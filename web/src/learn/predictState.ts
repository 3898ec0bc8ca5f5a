/**
 * Predict → observe → explain: the state of one prediction, kept apart from its drawing so the
 * lesson page and the projector's vote step share one rule.
 *
 *   choosing  — no answer committed yet; the figure it asks about waits (does not start on its own)
 *   committed — an answer is locked in; the reader must now run the figure with the prediction's
 *               `setting` (every named control at the named value) to the end
 *   revealed  — such a run has finished after the commitment: the explanation shows and the answer
 *               is locked until "Try again" (`reset`)
 *
 * A run counts only if it finished after the answer was committed and with the named setting; a
 * prediction without `setting` accepts any finished run of its figure.
 */
import type { FigureControl, FigureSpec, Json, PredictSpec } from './lessonModel';
import { labelInProse, valueText } from './figureScenario';
import { sameJson } from './sameJson';

export type PredictPhase = 'choosing' | 'committed' | 'revealed';

/** What a reader's browser keeps of one prediction. */
export interface PredictRecord {
  /** The committed choice (an index into `choices`) or free text. */
  chosen?: number | string;
  /** A run with the prediction's setting has finished since the choice was committed. */
  observed?: boolean;
}

export function predictPhase(r: PredictRecord | undefined): PredictPhase {
  if (r?.chosen === undefined || r.chosen === '') return 'choosing';
  return r.observed ? 'revealed' : 'committed';
}

/** Commit an answer; refused (unchanged) once revealed — the answer is locked until `reset`. */
export function commit(r: PredictRecord | undefined, chosen: number | string): PredictRecord {
  if (predictPhase(r) === 'revealed') return r as PredictRecord;
  return { chosen, observed: false };
}

/** "Try again": forget the answer and the run that answered it. */
export function reset(): PredictRecord {
  return {};
}

/** Does a finished run with these control values (one per figure control) answer the prediction? */
export function runMatches(predict: PredictSpec, figure: FigureSpec, values: readonly Json[]): boolean {
  const controls = figure.controls ?? [];
  return Object.entries(predict.setting ?? {}).every(([path, want]) => {
    const i = controls.findIndex((c) => c.path === path);
    return i >= 0 && sameJson(values[i] ?? controls[i].value, want);
  });
}

/** A run finished on the figure with `values`: the record after it (observed only once committed). */
export function observeRun(
  r: PredictRecord | undefined,
  predict: PredictSpec,
  figure: FigureSpec,
  values: readonly Json[],
): PredictRecord | undefined {
  if (predictPhase(r) !== 'committed' || !runMatches(predict, figure, values)) return r;
  return { ...r, observed: true };
}

/** The setting in words: "router buffer set to 5 packets", or '' with none. */
export function settingText(predict: PredictSpec, figure: FigureSpec | undefined): string {
  const controls = figure?.controls ?? [];
  return Object.entries(predict.setting ?? {})
    .map(([path, v]) => {
      const c = controls.find((x) => x.path === path);
      if (!c) return '';
      return `${labelInProse(c.label)} set to ${valueText(c, v)}`;
    })
    .filter(Boolean)
    .join(', ');
}

/** What the reader should do next, in words, for a prediction in `phase` about figure `number`. */
export function nextStep(phase: PredictPhase, setting: string, figureName: string): string {
  const run = setting ? `run ${figureName} with ${setting}` : `run ${figureName}`;
  if (phase === 'choosing') return `Choose your prediction, then ${run}.`;
  if (phase === 'committed') return `Now ${run} to the end to see the explanation.`;
  return '';
}

/**
 * Why a prediction's `setting` is wrong for its figure, or null: every path must be one of the
 * figure's controls and every value one of that control's `values` (or inside a slider's range).
 */
export function settingProblem(predict: PredictSpec, figure: FigureSpec | undefined): string | null {
  if (predict.setting === undefined) return null;
  if (typeof predict.setting !== 'object' || predict.setting === null || Array.isArray(predict.setting))
    return `prediction "${predict.id}": setting must be an object { control path: value }`;
  if (!figure) return `prediction "${predict.id}": setting needs a figure`;
  for (const [path, v] of Object.entries(predict.setting)) {
    const c = (figure.controls ?? []).find((x) => x.path === path);
    if (!c) return `prediction "${predict.id}": setting "${path}" is no control of figure "${figure.id}"`;
    if (!controlAccepts(c, v))
      return `prediction "${predict.id}": setting "${path}" = ${JSON.stringify(v)} is not a value of that control`;
  }
  return null;
}

/** Can the control take `v`: one of its `values`, or a number inside a slider's range? */
export function controlAccepts(c: FigureControl, v: unknown): boolean {
  return c.values
    ? c.values.some((x) => sameJson(x, v as Json))
    : typeof v === 'number' && Number.isFinite(v) && v >= (c.min ?? -Infinity) && v <= (c.max ?? Infinity);
}

/**
 * How predictions gate their figure: a figure that answers predictions never starts on its own
 * (`gated`) and waits for the first unrevealed one — while it is not committed Run waits, saying
 * why (`wait`); once committed the figure says which run answers it (`hint`).
 */
export function figureGate(
  mine: readonly PredictSpec[],
  figure: FigureSpec,
  phaseOf: (q: PredictSpec) => PredictPhase,
  figureName: string,
): { gated: boolean; wait?: string; hint?: string } {
  const open = mine.find((q) => phaseOf(q) !== 'revealed');
  if (!open) return { gated: mine.length > 0 };
  const phase = phaseOf(open);
  const step = nextStep(phase, settingText(open, figure), figureName);
  return {
    gated: true,
    wait: phase === 'choosing' ? step : undefined,
    hint: phase === 'committed' ? step : undefined,
  };
}
