/**
 * A prediction: the reader commits an answer before running the figure; the explanation appears
 * only once the figure has run to the end with the setting the question is about (the state and
 * its rule: `predictState.ts`). Keyboard: the arrow keys move between choices without committing,
 * Enter or Space commits (a mouse click commits too); once revealed the answer is locked and
 * "Try again" starts over.
 */
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PredictSpec } from './lessonModel';
import { Markdown } from './Markdown';
import { Announce } from '../controls/Announce';
import { nextStep, type PredictPhase } from './predictState';
import { typeset } from './typeset';

export function PredictBlock({
  predict,
  chosen,
  phase,
  setting,
  figureNumber,
  onChoose,
  onReset,
  level = 3,
}: {
  predict: PredictSpec;
  chosen: number | string | undefined;
  phase: PredictPhase;
  /** The setting the question is about, in words ('' when any run answers it). */
  setting: string;
  figureNumber: number | null;
  onChoose(v: number | string): void;
  onReset(): void;
  /** The level of its heading (a lesson's sections are h2; an embed's title is h1): its explanation's is one below. */
  level?: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const name = useId();
  const [draft, setDraft] = useState(typeof chosen === 'string' ? chosen : '');
  // The choice the keyboard is on (not yet committed): starts at the committed one.
  const [cursor, setCursor] = useState<number | null>(typeof chosen === 'number' ? chosen : null);
  const revealed = phase === 'revealed';
  const figureName = figureNumber ? `figure ${figureNumber}` : 'the figure';
  const onKey = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!revealed) onChoose(i);
    }
  };
  // Arrow keys also fire a click on the newly checked radio (detail 0): only a pointer click commits.
  const onClick = (e: MouseEvent<HTMLInputElement>, i: number) => {
    if (e.detail > 0 && !revealed) onChoose(i);
  };
  const shown = typeof chosen === 'number' && cursor === null ? chosen : cursor;
  const verdict =
    typeof chosen === 'number' && predict.answer !== undefined
      ? chosen === predict.answer
        ? 'Your prediction matches the model.'
        : 'The model disagrees with your prediction.'
      : null;
  // What a screen reader is told when the phase changes: the next step, or that the run answered.
  const news = revealed
    ? [
        `${figureName[0].toUpperCase()}${figureName.slice(1)} has run.`,
        verdict,
        'The explanation follows, under “What the simulation shows”.',
      ]
        .filter(Boolean)
        .join(' ')
    : nextStep(phase, setting, figureName);
  return (
    <section
      className="predict"
      data-predict={predict.id}
      data-phase={phase}
      aria-labelledby={`${name}-q ${name}-question`}
    >
      <Title id={`${name}-q`} className="predict-title">
        Predict first
      </Title>
      <p id={`${name}-question`} className="predict-question">
        {typeset(predict.question)}
      </p>
      {predict.choices ? (
        <fieldset className="predict-choices" disabled={revealed}>
          <legend className="sr-only">Your prediction: arrow keys move, Enter or Space chooses</legend>
          {predict.choices.map((c, i) => (
            <label key={i} className={chosen === i ? 'predict-committed' : undefined}>
              <input
                type="radio"
                name={name}
                checked={shown === i}
                onChange={() => setCursor(i)}
                onKeyDown={(e) => onKey(e, i)}
                onClick={(e) => onClick(e, i)}
              />{' '}
              {typeset(c)}
              {chosen === i && <span className="predict-mine"> (your prediction)</span>}
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="predict-free">
          <label>
            <span>Your prediction</span>
            <textarea value={draft} rows={2} disabled={revealed} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <button type="button" disabled={!draft.trim() || revealed} onClick={() => onChoose(draft.trim())}>
            Keep my prediction
          </button>
        </div>
      )}
      {revealed ? (
        <div className="predict-explanation" data-testid="explanation">
          <Sub className="predict-explanation-title">What the simulation shows</Sub>
          {verdict && <p className={chosen === predict.answer ? 'predict-right' : 'predict-wrong'}>{verdict}</p>}
          <Markdown text={predict.explanation} />
          <button
            type="button"
            className="predict-again"
            onClick={() => {
              setCursor(null);
              setDraft('');
              onReset();
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <p className="predict-hint" data-testid="predict-hint">
          {news}
        </p>
      )}
      <Announce text={news} />
    </section>
  );
}
