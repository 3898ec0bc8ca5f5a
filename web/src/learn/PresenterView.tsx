/**
 * `#/learn/<id>/presenter`: the teacher's second window beside projector mode. It follows the
 * slides over the lesson's BroadcastChannel (`projectorChannel.ts`) and shows what the room does
 * not see: the prose that leads up to the current screen, the figure's notes, the model's answer
 * before it is revealed, what comes next, and a timer; its Previous/Next move the slides.
 */
import './projector.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Lesson } from './lessonModel';
import { Markdown } from './Markdown';
import { useProjectorChannel, type ProjectorMessage } from './projectorChannel';
import { describeSetting, lessonSlides, type Slide } from './projectorSlides';
import { slideLabel } from './ProjectorView';

type Shown = Extract<ProjectorMessage, { type: 'state' }>;

/** Seconds as m:ss. */
export function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

/** A slide in a few words, for "Next:". */
function slideSummary(s: Slide, figureNumber: (id: string) => number): string {
  if (s.kind === 'title') return 'The title';
  if (s.kind === 'question') return `Vote: ${s.predict.question}`;
  if (s.kind === 'reveal') {
    const words = describeSetting(s.figure, s.setting);
    return `Reveal: figure ${figureNumber(s.figure.id)} runs${words ? ` with ${words}` : ''}`;
  }
  if (s.kind === 'explain') return 'The explanation';
  return `Figure ${figureNumber(s.figure.id)}: ${s.figure.title}`;
}

export function PresenterView({ lesson }: { lesson: Lesson }) {
  const id = lesson.meta.id;
  const slides = useMemo(() => lessonSlides(lesson.parts), [lesson]);
  const figureIds = useMemo(() => lesson.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure.id] : [])), [lesson]);
  const figureNumber = useCallback((fid: string) => figureIds.indexOf(fid) + 1, [figureIds]);
  const [shown, setShown] = useState<Shown | null>(null);
  const send = useProjectorChannel(id, true, (m) => {
    if (m.type === 'state') setShown(m);
  });
  useEffect(() => send({ type: 'hello' }), [send]);

  const [start, setStart] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);

  const slide = shown ? slides[shown.at] : undefined;
  const next = shown ? slides[shown.at + 1] : undefined;
  return (
    <main className="presenter" data-lesson={id} data-slide={shown ? shown.at + 1 : undefined}>
      <div className="presenter-bar">
        <button
          type="button"
          className="slides-nav"
          disabled={!shown || shown.at === 0}
          onClick={() => send({ type: 'go', to: 'previous' })}
        >
          ← Previous
        </button>
        <button
          type="button"
          className="slides-nav"
          disabled={!shown?.canNext}
          onClick={() => send({ type: 'go', to: 'next' })}
        >
          Next →
        </button>
        <h2 className="slides-title">Presenter view: {lesson.meta.title}</h2>
        <span className="presenter-timer" role="timer" aria-label="Time since the presenter view opened">
          {clock((now - start) / 1000)}
        </span>
        <button type="button" onClick={() => (setStart(Date.now()), setNow(Date.now()))}>
          Restart timer
        </button>
      </div>
      {!shown || !slide ? (
        <p role="status">
          Waiting for the slides: open this lesson in projector mode in the other window, or{' '}
          <a href={`#/learn/${id}`}>open the lesson here</a>.
        </p>
      ) : (
        <>
          <p className="presenter-now" role="status">
            Now: {slideLabel(slides, shown.at, figureNumber)} · {shown.at + 1} of {shown.count}
            {shown.waiting ? ` · ${shown.waiting}` : ''}
          </p>
          <p className="presenter-next">Next: {next ? slideSummary(next, figureNumber) : 'the end of the lesson'}</p>
          {slide.kind !== 'figure' &&
            slide.kind !== 'title' &&
            slide.predict.answer !== undefined &&
            slide.predict.choices && (
              <p className="presenter-answer">
                The model’s answer: {String.fromCharCode(65 + slide.predict.answer)}.{' '}
                {slide.predict.choices[slide.predict.answer]}
              </p>
            )}
          <section className="presenter-notes" aria-label="Notes">
            <h3>Notes</h3>
            {slide.notes.length === 0 && !('figure' in slide && slide.figure?.annotations?.length) && (
              <p>No notes for this screen.</p>
            )}
            {slide.notes.map((n, i) => (
              <Markdown key={i} text={n} headingShift={2} />
            ))}
            {(slide.kind === 'reveal' || slide.kind === 'figure') && (slide.figure.annotations?.length ?? 0) > 0 && (
              <>
                <h4>What to look for on the figure</h4>
                <ul>
                  {slide.figure.annotations?.map((a, i) => (
                    <li key={i}>
                      at {a.t_s} s: {a.text}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {slide.kind === 'explain' && <Markdown text={slide.predict.explanation} />}
          </section>
          <details className="presenter-teacher">
            <summary>Teacher notes for the whole lesson</summary>
            <Markdown text={lesson.teacherNotes || 'This lesson has no teacher notes.'} headingShift={2} />
          </details>
        </>
      )}
    </main>
  );
}
