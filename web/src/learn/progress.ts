/**
 * What a reader's browser keeps of the lessons (localStorage `losslab.learn`): per lesson, the
 * figures run to the end, the choice committed in each prediction, and the predictions whose named
 * run has finished since (`predictState.ts`).
 */
import { loadJson, saveJson } from '../session/persist';

export const LEARN_KEY = 'losslab.learn';

export interface LessonProgress {
  figuresRun: string[];
  predictions: Record<string, number | string>;
  /** Predictions answered by a run with their setting, finished after the choice was committed. */
  observed: string[];
}

export type Progress = Record<string, LessonProgress>;

function isProgress(v: unknown): v is Progress {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function loadProgress(): Progress {
  const v = loadJson(LEARN_KEY);
  return isProgress(v) ? v : {};
}

export function lessonProgress(all: Progress, id: string): LessonProgress {
  const p = all[id];
  return {
    figuresRun: Array.isArray(p?.figuresRun) ? p.figuresRun.filter((f) => typeof f === 'string') : [],
    predictions: typeof p?.predictions === 'object' && p.predictions !== null ? p.predictions : {},
    observed: Array.isArray(p?.observed) ? p.observed.filter((f) => typeof f === 'string') : [],
  };
}

export function saveLessonProgress(id: string, p: LessonProgress): void {
  saveJson(LEARN_KEY, { ...loadProgress(), [id]: p });
}

/** Steps done (figures run + predictions made) out of the lesson's steps. */
export function stepsDone(p: LessonProgress, figures: readonly string[], predicts: readonly string[]): number {
  return figures.filter((f) => p.figuresRun.includes(f)).length + predicts.filter((q) => q in p.predictions).length;
}
