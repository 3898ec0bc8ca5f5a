/**
 * A lesson figure's embed as a course page drives it (session/embedProtocol.ts, docs/embedding.md
 * "A lesson figure"): the page's commands applied to the figure — its controls, its run, its
 * predictions — through the same listening half as the lab's embed (session/useEmbedChannel.ts).
 *
 * The figure keeps the lesson's rules: `set` takes only the figure's own controls and only values
 * those controls offer (so the lesson's prose stays true of what is shown), and a figure that
 * answers a prediction does not run, by command either, until the learner has committed one.
 */
import { useRef } from 'react';
import {
  isFigureState,
  okReply,
  PROTOCOL,
  type FigureState,
  type PredictionState,
  type Reply,
} from '../session/embedProtocol';
import { useEmbedChannel, type ApplyCommand } from '../session/useEmbedChannel';
import type { StatementMessage } from '../session/xapi';
import { labelInProse } from './figureScenario';
import type { FigureSpec, Json, PredictSpec } from './lessonModel';
import type { FigureHandle } from './LiveFigure';
import { controlAccepts, type PredictRecord } from './predictState';

/** The events a lesson figure's embed posts. */
export const FIGURE_EVENTS = ['run', 'prediction', 'answer'] as const;

/** The longest free-text prediction `setState` takes (characters). */
export const MAX_PREDICTION_CHARS = 2000;

/** The figure as the commands see it, as of the last render. */
export interface FigureTarget {
  lessonId: string;
  figure: FigureSpec;
  /** The predictions this figure answers. */
  predicts: readonly PredictSpec[];
  records: Readonly<Record<string, PredictRecord>>;
  setRecords(r: Record<string, PredictRecord>): void;
  /** What the figure waits for before it may run (the learner's prediction), if anything. */
  wait?: string;
  /** The figure's handle, filled once it has rendered. */
  handle: { readonly current: FigureHandle | null };
}

/** Listens while mounted (see `useEmbedChannel`); returns `emit` for the figure's statements. */
export function useFigureCommands(origins: string | null, target: FigureTarget): (m: StatementMessage) => void {
  const latest = useRef(target);
  latest.current = target;
  return useEmbedChannel(origins, FIGURE_EVENTS, (c) => applyToFigure(c, latest.current));
}

/** The figure's controls by path: `{ "topology.bottleneck.errors.ber": 1e-5 }`. */
export function controlsByPath(figure: FigureSpec, values: readonly Json[]): Record<string, Json> {
  return Object.fromEntries((figure.controls ?? []).map((c, i) => [c.path, values[i] ?? c.value]));
}

/** What a control takes: `0 (none), 0.01 (1 %) or 0.1 (10 %)`, "a number from 1 to 100 packets". */
function allowed(figure: FigureSpec, path: string): string {
  const c = (figure.controls ?? []).find((x) => x.path === path)!;
  if (c.values) {
    const words = c.values.map((v, i) => {
      const label = c.value_labels?.[i];
      return label ? `${JSON.stringify(v)} (${label})` : JSON.stringify(v);
    });
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join('');
  }
  return `a number from ${c.min ?? '−∞'} to ${c.max ?? '∞'}${c.unit ? ` ${c.unit}` : ''}`;
}

/** Why the control values are not the figure's, or null. */
function controlsProblem(figure: FigureSpec, given: Record<string, unknown>, command: string): string | null {
  const controls = figure.controls ?? [];
  for (const [path, v] of Object.entries(given)) {
    const c = controls.find((x) => x.path === path);
    if (!c)
      return controls.length === 0
        ? `${command} ${path}: the figure “${figure.title}” has no controls`
        : `${command} ${path}: the figure “${figure.title}” has no control there; its controls are ` +
            controls.map((x) => `${labelInProse(x.label)} (${x.path})`).join(', ');
    if (!controlAccepts(c, v))
      return `${command} ${path}: ${labelInProse(c.label)} takes ${allowed(figure, path)}, not ${JSON.stringify(v)}`;
  }
  return null;
}

/** Why a prediction's stored state does not fit its question, or null. */
function predictionProblem(q: PredictSpec, r: PredictionState): string | null {
  if (r.chosen === undefined) return null;
  if (q.choices) {
    if (typeof r.chosen !== 'number' || r.chosen >= q.choices.length)
      return `setState: prediction "${q.id}": "chosen" is the index of one of its ${q.choices.length} choices (0 to ${q.choices.length - 1})`;
  } else if (typeof r.chosen !== 'string' || r.chosen.length > MAX_PREDICTION_CHARS)
    return `setState: prediction "${q.id}" is answered in words: "chosen" is a text of at most ${MAX_PREDICTION_CHARS} characters`;
  return null;
}

function needsPrediction(t: FigureTarget, what: string): void {
  if (t.wait) throw new Error(`${what}: the figure waits for the learner’s prediction (${t.wait})`);
}

function handleOf(t: FigureTarget): FigureHandle {
  if (!t.handle.current) throw new Error('the figure is not ready yet');
  return t.handle.current;
}

/** Applies one command to the figure; resolves with its reply, rejects with a plain-language problem. */
export async function applyToFigure(c: Parameters<ApplyCommand>[0], t: FigureTarget): Promise<Reply> {
  const h = handleOf(t);
  switch (c.command) {
    case 'set': {
      if (c.side !== undefined)
        throw new Error('set: "side" names a configuration of a pair; this embed shows one figure');
      const problem = controlsProblem(t.figure, { [c.path]: c.value }, 'set');
      if (problem) throw new Error(problem);
      const i = (t.figure.controls ?? []).findIndex((x) => x.path === c.path);
      h.setValues(h.values.map((v, j) => (j === i ? (c.value as Json) : v)));
      return okReply(c.id);
    }
    case 'run':
      needsPrediction(t, 'run');
      if (!h.json) throw new Error('run: the figure has no scenario to run');
      h.run();
      return okReply(c.id);
    case 'pause':
      h.controller.pause();
      return okReply(c.id);
    case 'step':
      needsPrediction(t, 'step');
      if (!h.hasRun) throw new Error('step: the figure runs a sweep of many runs, which does not step');
      if (!h.json) throw new Error('step: the figure has no scenario to run');
      h.controller.step(h.json, c.toMs);
      return okReply(c.id);
    case 'reset':
      h.controller.reset();
      return okReply(c.id);
    case 'getState': {
      const snap = h.controller.getSnapshot();
      const state: FigureState = {
        protocol: PROTOCOL,
        figure: `${t.lessonId}/${t.figure.id}`,
        controls: controlsByPath(t.figure, h.values),
        predictions: Object.fromEntries(t.predicts.map((q) => [q.id, { ...(t.records[q.id] ?? {}) }])),
        status: snap.status,
        nowMs: snap.nowMs,
      };
      return okReply(c.id, { state });
    }
    case 'setState': {
      const st = c.state;
      if (!isFigureState(st))
        throw new Error(
          'setState: this embed shows a lesson figure; its state is the figure’s "controls" and "predictions", not a scenario',
        );
      const problem = controlsProblem(t.figure, st.controls, 'setState');
      if (problem) throw new Error(problem);
      const records: Record<string, PredictRecord> = {};
      for (const [pid, r] of Object.entries(st.predictions)) {
        const q = t.predicts.find((x) => x.id === pid);
        if (!q)
          throw new Error(
            `setState: the figure answers no prediction "${pid}"` +
              (t.predicts.length ? ` (it answers: ${t.predicts.map((x) => x.id).join(', ')})` : ''),
          );
        const bad = predictionProblem(q, r);
        if (bad) throw new Error(bad);
        // A run can only have answered a committed prediction.
        records[pid] = r.chosen === undefined ? {} : { chosen: r.chosen, observed: r.observed === true };
      }
      h.controller.reset();
      const controls = t.figure.controls ?? [];
      h.setValues(controls.map((x, i) => (x.path in st.controls ? (st.controls[x.path] as Json) : h.values[i])));
      t.setRecords(records);
      return okReply(c.id);
    }
  }
}
