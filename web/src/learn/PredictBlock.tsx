/**
 * A prediction: the reader chooses (or writes) an answer before running the figure; the
 * explanation appears only once a choice is made AND the figure it refers to has run to the end.
 */
import { useId, useState } from 'react';
import type { PredictSpec } from './lessonModel';
import { Markdown } from './Markdown';

export function PredictBlock({
  predict,
  chosen,
  figureRun,
  figureNumber,
  onChoose,
}: {
  predict: PredictSpec;
  chosen: number | string | undefined;
  figureRun: boolean;
  figureNumber: number | null;
  onChoose(v: number | string): void;
}) {
  const name = useId();
  const [draft, setDraft] = useState(typeof chosen === 'string' ? chosen : '');
  const made = chosen !== undefined && chosen !== '';
  const revealed = made && figureRun;
  const figureName = figureNumber ? `figure ${figureNumber}` : 'the figure';
  return (
    <section className="predict" data-predict={predict.id} aria-labelledby={`${name}-q ${name}-question`}>
      <h3 id={`${name}-q`} className="predict-title">
        Predict first
      </h3>
      <p id={`${name}-question`} className="predict-question">
        {predict.question}
      </p>
      {predict.choices ? (
        <fieldset className="predict-choices">
          <legend className="sr-only">Your prediction</legend>
          {predict.choices.map((c, i) => (
            <label key={i}>
              <input type="radio" name={name} checked={chosen === i} onChange={() => onChoose(i)} /> {c}
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="predict-free">
          <label>
            <span>Your prediction</span>
            <textarea value={draft} rows={2} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <button type="button" disabled={!draft.trim()} onClick={() => onChoose(draft.trim())}>
            Keep my prediction
          </button>
        </div>
      )}
      {revealed ? (
        <div className="predict-explanation" data-testid="explanation">
          <h4>What the simulation shows</h4>
          {typeof chosen === 'number' && predict.answer !== undefined && (
            <p className={chosen === predict.answer ? 'predict-right' : 'predict-wrong'}>
              {chosen === predict.answer
                ? 'Your prediction matches the model.'
                : 'The model disagrees with your prediction.'}
            </p>
          )}
          <Markdown text={predict.explanation} />
        </div>
      ) : (
        <p className="predict-hint" data-testid="predict-hint">
          {made
            ? `Now run ${figureName} to the end to see the explanation.`
            : `Make your prediction, then run ${figureName}: the explanation appears after both.`}
        </p>
      )}
    </section>
  );
}
