/**
 * `#/learn/<id>`: one lesson — its facts and objectives, the prose, live figures numbered in order,
 * prediction blocks tied to a figure, and the teacher notes folded at the end. Figure runs and
 * predictions are kept in localStorage (`progress.ts`).
 */
import { useCallback, useState } from 'react';
import { LESSONS, type FigureSpec, type Lesson } from './lessonModel';
import { FigureEmbedDialog } from './FigureEmbedDialog';
import { LiveFigure } from './LiveFigure';
import { Markdown } from './Markdown';
import { PredictBlock } from './PredictBlock';
import { lessonProgress, loadProgress, saveLessonProgress, type LessonProgress } from './progress';

export function LessonView({ lesson }: { lesson: Lesson }) {
  const id = lesson.meta.id;
  const [progress, setProgress] = useState<LessonProgress>(() => lessonProgress(loadProgress(), id));
  const update = useCallback(
    (f: (p: LessonProgress) => LessonProgress) =>
      setProgress((old) => {
        const next = f(old);
        saveLessonProgress(id, next);
        return next;
      }),
    [id],
  );
  const [embedding, setEmbedding] = useState<FigureSpec | null>(null);
  const figureNumbers = new Map<string, number>();
  for (const p of lesson.parts) if (p.kind === 'figure') figureNumbers.set(p.figure.id, figureNumbers.size + 1);
  const title = (pid: string) => LESSONS.find((l) => l.meta.id === pid)?.meta.title ?? pid;

  return (
    <main className="learn lesson" data-lesson={id}>
      <p className="lesson-back">
        <a href="#/learn">All lessons</a>
      </p>
      <article>
        <h2>{lesson.meta.title}</h2>
        <p className="lesson-facts">
          <span className="lesson-level">{lesson.meta.level}</span> · {lesson.meta.minutes} min
          {lesson.meta.prerequisites.length > 0 && (
            <>
              {' '}
              · read first:{' '}
              {lesson.meta.prerequisites.map((p, i) => (
                <span key={p}>
                  {i > 0 && ', '}
                  <a href={`#/learn/${p}`}>{title(p)}</a>
                </span>
              ))}
            </>
          )}
        </p>
        <div className="lesson-objectives-box">
          <p className="lesson-objectives-title">In this lesson you will:</p>
          <ul className="lesson-objectives">
            {lesson.meta.objectives.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </div>
        {lesson.parts.map((p, i) => {
          if (p.kind === 'prose')
            return (
              <div key={i} className="lesson-prose">
                <Markdown text={p.text} headingShift={1} />
              </div>
            );
          if (p.kind === 'figure')
            return (
              <LiveFigure
                key={p.figure.id}
                figure={p.figure}
                number={figureNumbers.get(p.figure.id) ?? 0}
                tools={
                  <button type="button" className="figure-embed" onClick={() => setEmbedding(p.figure)}>
                    Embed
                  </button>
                }
                onRunDone={() =>
                  update((old) =>
                    old.figuresRun.includes(p.figure.id)
                      ? old
                      : { ...old, figuresRun: [...old.figuresRun, p.figure.id] },
                  )
                }
              />
            );
          return (
            <PredictBlock
              key={p.predict.id}
              predict={p.predict}
              chosen={progress.predictions[p.predict.id]}
              figureRun={p.figure === null || progress.figuresRun.includes(p.figure)}
              figureNumber={p.figure ? (figureNumbers.get(p.figure) ?? null) : null}
              onChoose={(v) => update((old) => ({ ...old, predictions: { ...old.predictions, [p.predict.id]: v } }))}
            />
          );
        })}
        {lesson.teacherNotes && (
          <details className="teacher-notes">
            <summary>Teacher notes</summary>
            <Markdown text={lesson.teacherNotes} headingShift={2} />
          </details>
        )}
      </article>
      {embedding && (
        <FigureEmbedDialog
          open
          onClose={() => setEmbedding(null)}
          lessonId={id}
          figureId={embedding.id}
          title={`LossLab: ${embedding.title}`}
          tall={(embedding.panels ?? ['cwnd', 'throughput']).length}
        />
      )}
    </main>
  );
}
