/** Predict → observe → explain: a run counts only after the commitment and with the named setting;
 *  the answer is locked once revealed; a setting must name a control value of its figure. */
import { describe, expect, it } from 'vitest';
import type { FigureSpec, PredictSpec } from './lessonModel';
import { LESSONS, parseLesson } from './lessonModel';
import {
  commit,
  controlAccepts,
  figureGate,
  nextStep,
  observeRun,
  predictPhase,
  reset,
  settingProblem,
  settingText,
} from './predictState';

const figure: FigureSpec = {
  id: 'f',
  title: 'F',
  scenario: 'gb04-s1-1mbps-10ms',
  controls: [
    {
      path: 'topology.bottleneck.queue.limit_pkts',
      label: 'Router buffer',
      unit: 'packets',
      values: [5, 10],
      value: 10,
    },
  ],
};
const predict: PredictSpec = {
  id: 'q',
  question: 'Q?',
  choices: ['a', 'b'],
  answer: 1,
  explanation: 'E',
  setting: { 'topology.bottleneck.queue.limit_pkts': 5 },
};

describe('predict state', () => {
  it('reveals only after a run with the named setting, finished after the commitment', () => {
    expect(predictPhase(undefined)).toBe('choosing');
    // A run before any choice does not count.
    expect(predictPhase(observeRun(undefined, predict, figure, [5]))).toBe('choosing');
    let r = commit(undefined, 0);
    expect(predictPhase(r)).toBe('committed');
    // The default 10-packet run does not answer a question about 5 packets.
    r = observeRun(r, predict, figure, [10])!;
    expect(predictPhase(r)).toBe('committed');
    r = observeRun(r, predict, figure, [5])!;
    expect(predictPhase(r)).toBe('revealed');
    // Locked: a new choice is refused until Try again.
    expect(commit(r, 1)).toEqual(r);
    expect(predictPhase(reset())).toBe('choosing');
  });

  it('says what to do in words', () => {
    const s = settingText(predict, figure);
    expect(s).toBe('router buffer set to 5 packets');
    expect(nextStep('choosing', s, 'figure 1')).toBe(
      'Choose your prediction, then run figure 1 with router buffer set to 5 packets.',
    );
  });

  it('rejects a setting that is not a value of a figure control', () => {
    expect(settingProblem(predict, figure)).toBeNull();
    expect(settingProblem({ ...predict, setting: { 'topology.bottleneck.queue.limit_pkts': 7 } }, figure)).toMatch(
      /not a value/,
    );
    expect(settingProblem({ ...predict, setting: { 'stop.time_s': 7 } }, figure)).toMatch(/no control/);
    const text =
      '---\n{"id":"x","title":"X"}\n---\n```predict\n{"id":"q","question":"Q","explanation":"E","setting":{"nope":1}}\n```\n\n```figure\n{"id":"f","title":"F","scenario":"gb04-s1-1mbps-10ms"}\n```\n';
    expect(parseLesson(text)).toMatch(/setting "nope" is no control of figure "f"/);
  });

  it('every bundled prediction about a figure control names the setting it asks about', () => {
    const slow = LESSONS.find((l) => l.meta.id === 'slow-start-aimd');
    const settings = slow?.parts.flatMap((p) => (p.kind === 'predict' ? [p.predict.setting] : []));
    expect(settings).toEqual([{ 'topology.bottleneck.queue.limit_pkts': 5 }, { 'flows[0].count': 10 }]);
  });
});

describe('figureGate and controlAccepts', () => {
  const lesson = LESSONS.find((l) => l.meta.id === 'loss-as-congestion')!;
  const figure = lesson.parts.flatMap((p) => (p.kind === 'figure' && p.figure.id === 'ld' ? [p.figure] : []))[0];
  const mine = lesson.parts.flatMap((p) => (p.kind === 'predict' && p.figure === 'ld' ? [p.predict] : []));

  it('a figure waits for its prediction, hints once it is committed, and runs freely once answered', () => {
    expect(figureGate(mine, figure, () => 'choosing', 'figure 1')).toEqual({
      gated: true,
      wait: 'Choose your prediction, then run figure 1.',
      hint: undefined,
    });
    expect(figureGate(mine, figure, () => 'committed', 'figure 1')).toEqual({
      gated: true,
      wait: undefined,
      hint: 'Now run figure 1 to the end to see the explanation.',
    });
    expect(figureGate(mine, figure, () => 'revealed', 'figure 1')).toEqual({ gated: true });
    expect(figureGate([], figure, () => 'choosing', 'figure 1')).toEqual({ gated: false });
  });

  it("a control takes one of its values, or a number in a slider's range", () => {
    const [classifier] = figure.controls!;
    expect(controlAccepts(classifier, 'checksum')).toBe(true);
    expect(controlAccepts(classifier, 'oracle')).toBe(false);
    const slider = { path: 'p', label: 'Buffer', min: 1, max: 10, value: 5 };
    expect(controlAccepts(slider, 10)).toBe(true);
    expect(controlAccepts(slider, 11)).toBe(false);
    expect(controlAccepts(slider, Number.NaN)).toBe(false);
    expect(controlAccepts(slider, '5')).toBe(false);
  });
});
