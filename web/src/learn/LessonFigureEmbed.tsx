/**
 * One lesson figure on its own (`#/embed/learn/<lesson>/<figure>`, inside the embed view's frame):
 * the predictions the figure answers, then the figure with the lesson's controls — no prose, no
 * builder, no other knobs — and a link to the whole lesson. As in the lesson, a figure that
 * answers a prediction waits until the learner commits one, and the explanation shows once the
 * run that answers it has finished (`predictState.ts`). Progress stays in the page (an embed is
 * someone else's page): nothing is written to the lab's storage.
 *
 * It posts the lab embed's messages (status, summary, height: session/embedMessages.ts). With
 * `origins=` in its address it also takes the listed course page's commands and posts its
 * statements — runs, predictions, answers (`useFigureCommands.ts`, docs/embedding.md).
 */
import './learn.css';
import { useRef, useState } from 'react';
import { FigureControllerContext, useHeightReports, useStatusReports } from '../session/embedMessages';
import { lessonFigureEmbedHash, pageUrl } from '../session/route';
import { predictionStatement, runStatement, type QuestionRef } from '../session/xapi';
import type { SimController } from '../sim/simController';
import { lessonById, type FigureSpec, type Json, type Lesson, type PredictSpec } from './lessonModel';
import { LiveFigure, type FigureHandle } from './LiveFigure';
import { PredictBlock } from './PredictBlock';
import { commit, figureGate, observeRun, predictPhase, reset, settingText, type PredictRecord } from './predictState';
import { controlsByPath, useFigureCommands } from './useFigureCommands';

export function LessonFigureEmbed({
  lessonId,
  figureId,
  origins = null,
}: {
  lessonId: string;
  figureId: string;
  /** The embed address's `origins=`: the course pages whose commands are taken. */
  origins?: string | null;
}) {
  const lesson = lessonById(lessonId);
  const figures = lesson?.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : [])) ?? [];
  const index = figures.findIndex((f) => f.id === figureId);
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);
  if (!lesson || index < 0)
    return (
      <p role="alert" className="run-error" ref={bodyRef}>
        There is no figure “{figureId}” in a lesson “{lessonId}”.{' '}
        <a href={pageUrl('#/learn')} target="_blank" rel="noopener noreferrer">
          See all lessons
        </a>
        .
      </p>
    );
  return (
    <div className="learn lesson-figure-embed" data-lesson={lessonId} ref={bodyRef}>
      <h1 className="embed-lesson-title">
        From the lesson{' '}
        <a href={pageUrl(`#/learn/${lessonId}`)} target="_blank" rel="noopener noreferrer">
          {lesson.meta.title}
        </a>
      </h1>
      <FigureWithPredictions lesson={lesson} figure={figures[index]} number={index + 1} origins={origins} />
    </div>
  );
}

function FigureWithPredictions({
  lesson,
  figure,
  number,
  origins,
}: {
  lesson: Lesson;
  figure: FigureSpec;
  number: number;
  origins: string | null;
}) {
  // The figure hands up its run's controller; the embed reports its runs to the host page as the
  // lab's embed does.
  const [controller, setController] = useState<SimController | null>(null);
  useStatusReports(controller);
  const handle = useRef<FigureHandle | null>(null);
  const predicts = lesson.parts.flatMap((p) =>
    p.kind === 'predict' && p.figure === figure.id ? [p.predict] : [],
  ) as PredictSpec[];
  const [records, setRecords] = useState<Record<string, PredictRecord>>({});
  const phaseOf = (q: PredictSpec) => predictPhase(records[q.id]);
  const gate = figureGate(predicts, figure, phaseOf, `figure ${number}`);
  const emit = useFigureCommands(origins, {
    lessonId: lesson.meta.id,
    figure,
    predicts,
    records,
    setRecords,
    wait: gate.wait,
    handle,
  });
  // Statements are built outside state updates, from the records of this render.
  const base = pageUrl('');
  const question = (q: PredictSpec): QuestionRef => ({
    lessonId: lesson.meta.id,
    id: q.id,
    question: q.question,
    choices: q.choices,
    answer: q.answer,
  });
  const choose = (q: PredictSpec, v: number | string) => {
    if (phaseOf(q) === 'revealed') return;
    setRecords((old) => ({ ...old, [q.id]: commit(old[q.id], v) }));
    emit(predictionStatement('prediction', question(q), v, { base, now: new Date() }));
  };
  const ran = (values: readonly Json[]) => {
    const now = new Date();
    const setting = controlsByPath(figure, values);
    const summary = handle.current?.controller.getSnapshot().summary;
    if (summary)
      emit(
        runStatement(summary, {
          activityId: pageUrl(lessonFigureEmbedHash(lesson.meta.id, figure.id)),
          base,
          name: figure.title,
          now,
          extra: { setting },
        }),
      );
    const next = { ...records };
    for (const q of predicts) {
      const after = observeRun(records[q.id], q, figure, values);
      if (!after || after === records[q.id]) continue;
      next[q.id] = after;
      if (predictPhase(after) === 'revealed' && after.chosen !== undefined)
        emit(predictionStatement('answer', question(q), after.chosen, { base, now, setting }));
    }
    setRecords(next);
  };
  return (
    <>
      {predicts.map((q) => (
        <PredictBlock
          key={q.id}
          predict={q}
          chosen={records[q.id]?.chosen}
          phase={phaseOf(q)}
          setting={settingText(q, figure)}
          figureNumber={number}
          onChoose={(v) => choose(q, v)}
          onReset={() => setRecords((old) => ({ ...old, [q.id]: reset() }))}
          level={2}
        />
      ))}
      <FigureControllerContext.Provider value={setController}>
        <LiveFigure
          figure={figure}
          number={number}
          onRunDone={ran}
          embedded
          gated={gate.gated}
          wait={gate.wait}
          hint={gate.hint}
          handle={handle}
        />
      </FigureControllerContext.Provider>
    </>
  );
}
