/** Projector slides: the vote's three steps, figures shown once, and the setting a question names. */
import { describe, expect, it } from 'vitest';
import { lessonById, type FigureSpec, type PredictSpec } from './lessonModel';
import { describeSetting, lessonSlides, predictSetting, withSetting } from './projectorSlides';

const kinds = (id: string) =>
  lessonSlides(lessonById(id)!.parts).map((s) => `${s.kind}:${'figure' in s && s.figure ? s.figure.id : '-'}`);

describe('lessonSlides', () => {
  it('turns each prediction into question → reveal → explanation, its figure not shown twice', () => {
    expect(kinds('slow-start-aimd')).toEqual([
      'title:-',
      'question:sawtooth',
      'reveal:sawtooth',
      'explain:sawtooth',
      'question:sharing',
      'reveal:sharing',
      'explain:sharing',
    ]);
  });

  it('keeps a figure no prediction asks about as its own slide, and the prose as notes', () => {
    const slides = lessonSlides([
      { kind: 'prose', text: 'Before the figure.' },
      { kind: 'figure', figure: { id: 'a', title: 'A', scenario: 'x' } },
      { kind: 'prose', text: 'Before the question.' },
      { kind: 'predict', predict: { id: 'p', question: 'Why?', explanation: 'Because.' }, figure: null },
      { kind: 'prose', text: 'The end.' },
    ]);
    expect(slides.map((s) => s.kind)).toEqual(['title', 'figure', 'question', 'explain']);
    expect(slides.map((s) => s.notes)).toEqual([[], ['Before the figure.'], ['Before the question.'], ['The end.']]);
  });
});

const fig = (controls: FigureSpec['controls']): FigureSpec => ({ id: 'f', title: 'F', scenario: 'x', controls });
const ask = (question: string, extra: Partial<PredictSpec> = {}): PredictSpec => ({
  id: 'p',
  question,
  explanation: '',
  ...extra,
});

describe('predictSetting', () => {
  const buffer = fig([{ path: 'q', label: 'Router buffer', unit: 'packets', values: [5, 10, 20, 99], value: 10 }]);
  it('reads a number with its unit from the question', () => {
    expect(predictSetting(ask('Make the buffer smaller (5 packets). What happens?'), buffer)).toEqual({ q: 5 });
    expect(predictSetting(ask('With a 20-packet buffer, what happens?'), buffer)).toEqual({ q: 20 });
    expect(predictSetting(ask('What does the buffer do?'), buffer)).toEqual({});
  });
  it('reads number words, percentages in value labels and names of choices', () => {
    const lesson = lessonById('loss-as-congestion')!;
    const who = lessonSlides(lesson.parts).find((s) => s.kind === 'reveal' && s.predict.id === 'who-pays');
    expect(who?.kind === 'reveal' && who.setting).toEqual({
      'flows[1].tcp.classifier': 'checksum',
      'topology.bottleneck.errors.ber': 8.78e-6,
    });
    const many = lessonSlides(lessonById('slow-start-aimd')!.parts).find(
      (s) => s.kind === 'reveal' && s.predict.id === 'many-flows',
    );
    expect(many?.kind === 'reveal' && many.setting).toEqual({ 'flows[0].count': 10 });
  });
  it('prefers the block’s own setting', () => {
    const p = ask('Make the buffer smaller (5 packets).', { setting: { q: 20 } } as Partial<PredictSpec>);
    expect(predictSetting(p, buffer)).toEqual({ q: 20 });
  });
  it('starts the figure’s controls at the setting and says it in words', () => {
    expect(withSetting(buffer, { q: 5 }).controls?.[0].value).toBe(5);
    expect(describeSetting(buffer, { q: 5 })).toBe('Router buffer: 5 packets');
  });
});
