/**
 * `#/learn/<id>`: one lesson — its facts and objectives, the prose, live figures numbered in order
 * (each with "Embed"), prediction blocks tied to a figure, and the teacher notes folded at the end.
 * Figure runs and predictions are kept in localStorage (`progress.ts`). "Projector mode" shows one
 * figure per screen in large type (`projector.ts`); "Print handout" prints the prose, captions and
 * predictions (`@media print` in learn.css), the teacher notes only when asked for.
 */
import { useCallback, useState } from 'react';
import { usePresentation } from '../run/presentation';
import { LESSONS, type FigureSpec, type Json, type Lesson, type Part, type PredictSpec } from './lessonModel';
import { FigureEmbedDialog } from './FigureEmbedDialog';
import { LiveFigure } from './LiveFigure';
import { Markdown } from './Markdown';
import { PredictBlock } from './PredictBlock';
import { commit, nextStep, observeRun, predictPhase, reset, settingText, type PredictRecord } from './predictState';
import { lessonProgress, loadProgress, saveLessonProgress, type LessonProgress } from './progress';
import { useSlideKeys, type SlideKey } from './projector';

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
  const [slide, setSlide] = useState(0);
  const [notesOpen, setNotesOpen] = useState(false);
  const [printNotes, setPrintNotes] = useState(false);
  const figures = lesson.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : []));
  const figureNumbers = new Map<string, number>(figures.map((f, i) => [f.id, i + 1]));
  const figureById = new Map<string, FigureSpec>(figures.map((f) => [f.id, f]));
  const predicts = lesson.parts.flatMap((p) => (p.kind === 'predict' ? [p] : []));
  const phaseOf = (q: PredictSpec) => predictPhase(recordOf(progress, q.id));
  // A figure that answers predictions waits for the first unrevealed one's answer.
  const figureGate = (f: FigureSpec) => {
    const mine = predicts.filter((q) => q.figure === f.id);
    const open = mine.find((q) => phaseOf(q.predict) !== 'revealed');
    if (!open) return { gated: mine.length > 0 };
    const phase = phaseOf(open.predict);
    const step = nextStep(phase, settingText(open.predict, f), `figure ${figureNumbers.get(f.id)}`);
    return {
      gated: true,
      wait: phase === 'choosing' ? step : undefined,
      hint: phase === 'committed' ? step : undefined,
    };
  };
  // A finished run: the figure counts as run, and it answers every committed prediction whose setting it had.
  const figureRan = (old: LessonProgress, f: FigureSpec, values: readonly Json[]): LessonProgress => {
    let next = old.figuresRun.includes(f.id) ? old : { ...old, figuresRun: [...old.figuresRun, f.id] };
    for (const q of predicts.filter((x) => x.figure === f.id))
      next = withRecord(next, q.predict.id, observeRun(recordOf(next, q.predict.id), q.predict, f, values) ?? {});
    return next;
  };
  const title = (pid: string) => LESSONS.find((l) => l.meta.id === pid)?.meta.title ?? pid;
  // Projector slides: each prediction, then the figure it asks about — one figure per screen.
  const slides = lesson.parts.map((p, i) => [p, i] as const).filter(([p]) => p.kind !== 'prose');
  const count = slides.length;
  const onSlideKey = useCallback(
    (k: SlideKey) => {
      if (k === 'leave') setProjecting(false);
      else setSlide((s) => Math.max(0, Math.min(count - 1, s + (k === 'next' ? 1 : -1))));
    },
    [count, setProjecting],
  );
  useSlideKeys(projecting, onSlideKey);

  const renderPart = (p: Part, i: number) => {
    if (p.kind === 'prose')
      return (
        <div key={i} className="lesson-prose">
          <Markdown text={p.text} headingShift={1} />
        </div>
      );
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

  if (projecting && count > 0) {
    const at = Math.min(slide, count - 1);
    const [part, index] = slides[at];
    const figureNo =
      part.kind === 'figure'
        ? figureNumbers.get(part.figure.id)
        : part.kind === 'predict' && part.figure
          ? figureNumbers.get(part.figure)
          : undefined;
    const where =
      part.kind === 'figure'
        ? `Figure ${figureNo} of ${figures.length}`
        : `Prediction${figureNo ? ` before figure ${figureNo}` : ''}`;
    return (
      <main className="learn lesson lesson-projector" data-lesson={id} data-slide={at + 1}>
        <div className="projector-bar">
          <h2 className="projector-title">{lesson.meta.title}</h2>
          <span className="projector-count" role="status">
            {where} · screen {at + 1} of {count}
          </span>
          <button type="button" disabled={at === 0} onClick={() => onSlideKey('previous')}>
            ← Previous
          </button>
          <button type="button" disabled={at >= count - 1} onClick={() => onSlideKey('next')}>
            Next →
          </button>
          <button type="button" onClick={() => setProjecting(false)}>
            Leave projector mode
          </button>
          <span className="present-hint">→ / PageDown next · ← / PageUp previous · Esc leave</span>
        </div>
        {renderPart(part, index)}
        {embedDialog}
      </main>
    );
  }

  return (
    <main className={`learn lesson${printNotes ? ' print-notes' : ''}`} data-lesson={id}>
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
        <div className="lesson-tools">
          {figures.length > 0 && (
            <button
              type="button"
              onClick={() => (setSlide(0), setProjecting(true))}
              title="One figure per screen in large type; → / PageDown next, ← / PageUp previous, Esc leave"
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
