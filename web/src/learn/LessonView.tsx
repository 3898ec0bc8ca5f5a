/**
 * `#/learn/<id>`: one lesson — its facts and objectives, the prose, live figures numbered in order
 * (each with "Embed"), prediction blocks tied to a figure, and the teacher notes folded at the end.
 * Figure runs and predictions are kept in localStorage (`progress.ts`). "Projector mode" shows the
 * lesson as slides (`ProjectorView.tsx`); "Print handout" prints the prose, captions and
 * predictions (`@media print` in learn.css), the teacher notes only when asked for.
 */
import { useCallback, useState } from 'react';
import { usePresentation } from '../run/presentation';
import { LESSONS, type FigureSpec, type Json, type Lesson, type Part, type PredictSpec } from './lessonModel';
import { ChallengeBlock } from './ChallengeBlock';
import { FigureEmbedDialog } from './FigureEmbedDialog';
import { LiveFigure } from './LiveFigure';
import { Markdown } from './Markdown';
import { PredictBlock } from './PredictBlock';
import {
  commit,
  figureGate as gateOf,
  observeRun,
  predictPhase,
  reset,
  settingText,
  type PredictRecord,
} from './predictState';
import { lessonProgress, loadProgress, saveLessonProgress, type LessonProgress } from './progress';
import { ProjectorView } from './ProjectorView';
import { CellFocusProvider } from './cellFocus';

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
  const [projecting, setProjecting] = usePresentation(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [printNotes, setPrintNotes] = useState(false);
  const figures = lesson.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : []));
  const figureNumbers = new Map<string, number>(figures.map((f, i) => [f.id, i + 1]));
  const figureById = new Map<string, FigureSpec>(figures.map((f) => [f.id, f]));
  const predicts = lesson.parts.flatMap((p) => (p.kind === 'predict' ? [p] : []));
  const phaseOf = (q: PredictSpec) => predictPhase(recordOf(progress, q.id));
  // A figure that answers predictions waits for the first unrevealed one's answer.
  const figureGate = (f: FigureSpec) =>
    gateOf(
      predicts.filter((q) => q.figure === f.id).map((q) => q.predict),
      f,
      phaseOf,
      `figure ${figureNumbers.get(f.id)}`,
    );
  // A finished run: the figure counts as run, and it answers every committed prediction whose setting it had.
  const figureRan = (old: LessonProgress, f: FigureSpec, values: readonly Json[]): LessonProgress => {
    let next = old.figuresRun.includes(f.id) ? old : { ...old, figuresRun: [...old.figuresRun, f.id] };
    for (const q of predicts.filter((x) => x.figure === f.id))
      next = withRecord(next, q.predict.id, observeRun(recordOf(next, q.predict.id), q.predict, f, values) ?? {});
    return next;
  };
  const title = (pid: string) => LESSONS.find((l) => l.meta.id === pid)?.meta.title ?? pid;
  const figureRun = useCallback(
    (fid: string) =>
      update((old) => (old.figuresRun.includes(fid) ? old : { ...old, figuresRun: [...old.figuresRun, fid] })),
    [update],
  );

  const renderPart = (p: Part, i: number) => {
    if (p.kind === 'prose')
      return (
        <div key={i} className="lesson-prose">
          <Markdown text={p.text} headingShift={1} />
        </div>
      );
    if (p.kind === 'challenge') return <ChallengeBlock key={p.challenge.id} lessonId={id} challenge={p.challenge} />;
    if (p.kind === 'figure') {
      const gate = figureGate(p.figure);
      return (
        <LiveFigure
          key={p.figure.id}
          figure={p.figure}
          number={figureNumbers.get(p.figure.id) ?? 0}
          gated={gate.gated}
          wait={gate.wait}
          hint={gate.hint}
          tools={
            <button type="button" className="figure-embed" onClick={() => setEmbedding(p.figure)}>
              Embed
            </button>
          }
          onRunDone={(values) => update((old) => figureRan(old, p.figure, values))}
        />
      );
    }
    const fig = p.figure ? figureById.get(p.figure) : undefined;
    return (
      <PredictBlock
        key={p.predict.id}
        predict={p.predict}
        chosen={progress.predictions[p.predict.id]}
        phase={phaseOf(p.predict)}
        setting={settingText(p.predict, fig)}
        figureNumber={p.figure ? (figureNumbers.get(p.figure) ?? null) : null}
        onChoose={(v) => update((old) => withRecord(old, p.predict.id, commit(recordOf(old, p.predict.id), v)))}
        onReset={() => update((old) => withRecord(old, p.predict.id, reset()))}
      />
    );
  };

  const embedDialog = embedding && (
    <FigureEmbedDialog
      open
      onClose={() => setEmbedding(null)}
      lessonId={id}
      figureId={embedding.id}
      title={`LossLab: ${embedding.title}`}
      tall={(embedding.panels ?? ['cwnd', 'throughput']).length}
    />
  );

  if (projecting) return <ProjectorView lesson={lesson} onLeave={() => setProjecting(false)} onFigureRun={figureRun} />;

  return (
    <main className={`learn lesson${printNotes ? ' print-notes' : ''}`} data-lesson={id}>
      <p className="lesson-back">
        <a href="#/learn">All lessons</a>
      </p>
      <CellFocusProvider>
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
          <div className="lesson-tools">
            {figures.length > 0 && (
              <button
                type="button"
                onClick={() => setProjecting(true)}
                title="Slides for a lecture hall: → / PageDown next, ← / PageUp previous, Esc leave"
              >
                Projector mode
              </button>
            )}
            <button type="button" onClick={() => window.print()}>
              Print handout
            </button>
            {lesson.teacherNotes && (
              <label className="lesson-print-notes">
                <input type="checkbox" checked={printNotes} onChange={(e) => setPrintNotes(e.target.checked)} /> Print
                with teacher notes
              </label>
            )}
          </div>
          <div className="lesson-objectives-box">
            <p className="lesson-objectives-title">In this lesson you will:</p>
            <ul className="lesson-objectives">
              {lesson.meta.objectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </div>
          {lesson.parts.map(renderPart)}
          {lesson.teacherNotes && (
            <details
              className="teacher-notes"
              open={notesOpen || printNotes}
              onToggle={(e) => setNotesOpen(e.currentTarget.open)}
            >
              <summary>Teacher notes</summary>
              <Markdown text={lesson.teacherNotes} headingShift={2} />
            </details>
          )}
          <p className="print-only lesson-print-source">
            Live figures: open this lesson in LossLab at {window.location.href.replace(/\?.*$/, '')}
          </p>
        </article>
      </CellFocusProvider>
      {embedDialog}
    </main>
  );
}

/** One prediction's record out of a lesson's progress. */
function recordOf(p: LessonProgress, id: string): PredictRecord {
  return { chosen: p.predictions[id], observed: p.observed.includes(id) };
}

/** The lesson's progress with one prediction's record replaced. */
function withRecord(p: LessonProgress, id: string, r: PredictRecord): LessonProgress {
  const predictions = { ...p.predictions };
  if (r.chosen === undefined) delete predictions[id];
  else predictions[id] = r.chosen;
  const observed = p.observed.filter((x) => x !== id);
  if (r.observed) observed.push(id);
  return { ...p, predictions, observed };
}
