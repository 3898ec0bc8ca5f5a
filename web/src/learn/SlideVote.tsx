/**
 * The text slides of projector mode: the title (the lesson's title and objectives), and the two of
 * a vote — the question with its choices lettered A, B, C for a show of hands (and a "Reveal"
 * button for the teacher), and the explanation with the model's answer marked. The explanation
 * slide is only reached once the reveal's run has finished (`ProjectorView.tsx`).
 */
import type { Lesson, PredictSpec } from './lessonModel';
import { Markdown } from './Markdown';

const letter = (i: number) => String.fromCharCode(65 + i);

export function SlideTitle({ lesson }: { lesson: Lesson }) {
  return (
    <section className="slide-vote slide-title" aria-labelledby="slide-title">
      <h3 id="slide-title" className="slide-question">
        {lesson.meta.title}
      </h3>
      <p className="slide-kicker">In this lesson you will:</p>
      <ul className="slide-objectives">
        {lesson.meta.objectives.map((o) => (
          <li key={o}>{o}</li>
        ))}
      </ul>
    </section>
  );
}

export function SlideQuestion({
  predict,
  reveal,
  onReveal,
}: {
  predict: PredictSpec;
  /** What "Reveal" does, in words. */
  reveal: string;
  onReveal(): void;
}) {
  return (
    <section className="slide-vote" aria-labelledby="slide-question">
      <p className="slide-kicker">Vote first</p>
      <h3 id="slide-question" className="slide-question">
        {predict.question}
      </h3>
      {predict.choices ? (
        <ol className="slide-choices">
          {predict.choices.map((c, i) => (
            <li key={i}>
              <span className="slide-letter" aria-hidden="true">
                {letter(i)}
              </span>{' '}
              {c}
            </li>
          ))}
        </ol>
      ) : (
        <p>Write down your prediction.</p>
      )}
      <p className="slide-reveal">
        <button type="button" onClick={onReveal}>
          Reveal
        </button>{' '}
        <span>{reveal}</span>
      </p>
    </section>
  );
}

export function SlideExplanation({ predict }: { predict: PredictSpec }) {
  const answer = predict.answer !== undefined ? predict.choices?.[predict.answer] : undefined;
  return (
    <section className="slide-vote slide-explain" aria-labelledby="slide-explain" data-testid="slide-explanation">
      <h3 id="slide-explain" className="slide-kicker">
        What the simulation shows
      </h3>
      {answer !== undefined && predict.answer !== undefined && (
        <p className="slide-answer">
          <span className="slide-letter" aria-hidden="true">
            {letter(predict.answer)}
          </span>{' '}
          {answer}
        </p>
      )}
      <Markdown text={predict.explanation} />
    </section>
  );
}
