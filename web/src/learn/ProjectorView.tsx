/**
 * Projector mode: a lesson as slides for a lecture hall (`projectorSlides.ts` says which). Every
 * slide fits the window without scrolling — a figure shows its controls and all its charts side by
 * side — in type of at least 28 px at 1024×768; the prose and the figure's notes go to the
 * presenter view (`PresenterView.tsx`, a second window kept in step over a BroadcastChannel). The
 * bar keeps Previous and Next first, so they stay in place whatever the title; a clicker's keys
 * move (`projector.ts`). A vote is the teacher's to run: the question, then "Reveal" runs the
 * figure with the setting the question is about, and the explanation comes only once that run has
 * finished.
 */
import './projector.css';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Lesson } from './lessonModel';
import { LiveFigure } from './LiveFigure';
import { useSlideKeys, type SlideKey } from './projector';
import { useProjectorChannel, type ProjectorMessage } from './projectorChannel';
import { describeSetting, lessonSlides, withSetting, type Slide } from './projectorSlides';
import { SlideChartHeight, useSlideChartHeight } from './slideChartHeight';
import { SlideExplanation, SlideQuestion, SlideTitle } from './SlideVote';

/** The presenter view's address for a lesson. */
export const presenterHash = (lessonId: string) => `#/learn/${lessonId}/presenter`;

/** What a slide is, in the bar ("Question 1 · vote", "Figure 2"). */
export function slideLabel(slides: readonly Slide[], at: number, figureNumber: (id: string) => number): string {
  const s = slides[at];
  if (s.kind === 'title') return 'Title';
  const q = slides.slice(0, at + 1).filter((x) => x.kind === 'question').length;
  if (s.kind === 'question') return `Question ${q} · vote`;
  if (s.kind === 'reveal') return `Question ${q} · the run`;
  if (s.kind === 'explain') return `Question ${q} · explanation`;
  return `Figure ${figureNumber(s.figure.id)}`;
}

export function ProjectorView({
  lesson,
  onLeave,
  onFigureRun,
}: {
  lesson: Lesson;
  onLeave(): void;
  /** A figure's run finished (the lesson's progress keeps it). */
  onFigureRun(figureId: string): void;
}) {
  const id = lesson.meta.id;
  const slides = useMemo(() => lessonSlides(lesson.parts), [lesson]);
  const figureIds = useMemo(() => lesson.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure.id] : [])), [lesson]);
  const figureNumber = useCallback((fid: string) => figureIds.indexOf(fid) + 1, [figureIds]);
  const count = slides.length;
  const [at, setAt] = useState(0);
  // The slide whose run has finished (a reveal waits for it before the explanation).
  const [doneAt, setDoneAt] = useState<number | null>(null);
  const slide = slides[Math.min(at, count - 1)];
  const waiting = slide?.kind === 'reveal' && doneAt !== at ? 'The explanation follows when the run ends.' : null;
  const canNext = at < count - 1 && !waiting;
  const slideRef = useRef<HTMLDivElement>(null);
  const chartHeight = useSlideChartHeight(slideRef);

  const act = useCallback(
    (k: SlideKey) => {
      if (k === 'leave') return onLeave();
      if (k === 'next' && !canNext) return;
      setDoneAt(null);
      setAt((a) => Math.max(0, Math.min(count - 1, a + (k === 'next' ? 1 : -1))));
    },
    [canNext, count, onLeave],
  );
  useSlideKeys(true, act);

  const send = useProjectorChannel(id, true, (m: ProjectorMessage) => {
    if (m.type === 'hello') send({ type: 'state', at, count, canNext, waiting });
    else if (m.type === 'go') act(m.to);
  });
  useEffect(() => {
    send({ type: 'state', at, count, canNext, waiting });
  }, [send, at, count, canNext, waiting]);

  if (!slide) return null;
  const label = slideLabel(slides, at, figureNumber);
  const runDone = () => {
    setDoneAt(at);
    if ('figure' in slide && slide.figure) onFigureRun(slide.figure.id);
  };

  return (
    <main className="slides" data-lesson={id} data-slide={at + 1} data-slide-kind={slide.kind}>
      <div className="slides-bar">
        <button
          type="button"
          className="slides-nav"
          disabled={at === 0}
          onClick={() => act('previous')}
          title="Previous screen (← or PageUp)"
        >
          ← Previous
        </button>
        <button
          type="button"
          className="slides-nav"
          disabled={!canNext}
          onClick={() => act('next')}
          title="Next screen (→, PageDown or Space)"
        >
          Next →
        </button>
        <h2 className="slides-title">{lesson.meta.title}</h2>
        <span className="slides-count" role="status">
          {label} · {at + 1} of {count}
        </span>
        <button
          type="button"
          onClick={() => window.open(presenterHash(id), `losslab-presenter-${id}`, 'popup,width=960,height=720')}
          title="Opens the notes, the next screen and a timer in a second window"
        >
          Presenter view
        </button>
        <button type="button" onClick={onLeave} title="Leave projector mode (Esc)">
          Leave
        </button>
      </div>
      <div className="slide" key={at} ref={slideRef} style={{ '--slide-chart-h': `${chartHeight}px` } as CSSProperties}>
        {slide.kind === 'question' && (
          <SlideQuestion
            predict={slide.predict}
            reveal={
              slide.figure
                ? `Reveal runs figure ${figureNumber(slide.figure.id)}${settingWords(slide, slides[at + 1])}.`
                : 'Reveal shows the explanation.'
            }
            onReveal={() => act('next')}
          />
        )}
        {slide.kind === 'title' && <SlideTitle lesson={lesson} />}
        {slide.kind === 'explain' && <SlideExplanation predict={slide.predict} />}
        {(slide.kind === 'reveal' || slide.kind === 'figure') && (
          <SlideChartHeight.Provider value={chartHeight}>
            <LiveFigure
              figure={slide.kind === 'reveal' ? withSetting(slide.figure, slide.setting) : slide.figure}
              number={figureNumber(slide.figure.id)}
              onRunDone={runDone}
            />
            {waiting && (
              <p className="slide-waiting" data-testid="slide-waiting">
                {waiting}
              </p>
            )}
          </SlideChartHeight.Provider>
        )}
      </div>
    </main>
  );
}

/** " with Router buffer: 5 packets" for the reveal after a question, '' when it names no setting. */
function settingWords(question: Slide, reveal: Slide | undefined): string {
  if (question.kind !== 'question' || reveal?.kind !== 'reveal') return '';
  const words = describeSetting(reveal.figure, reveal.setting);
  return words ? ` with ${words}` : '';
}
