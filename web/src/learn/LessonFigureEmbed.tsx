/**
 * One lesson figure on its own (`#/embed/learn/<lesson>/<figure>`, inside the embed view's frame):
 * the figure with the lesson's controls and nothing else — no prose, no builder, no other knobs —
 * and a link to the whole lesson. Progress is not recorded (an embed is someone else's page). It
 * posts the lab embed's messages (status, summary, height: session/embedMessages.ts).
 */
import './learn.css';
import { useRef, useState } from 'react';
import { FigureControllerContext, useHeightReports, useStatusReports } from '../session/embedMessages';
import { pageUrl } from '../session/route';
import type { SimController } from '../sim/simController';
import { lessonById } from './lessonModel';
import { LiveFigure } from './LiveFigure';

const noop = () => {};

export function LessonFigureEmbed({ lessonId, figureId }: { lessonId: string; figureId: string }) {
  // The figure hands up its run's controller; the embed reports its runs and height to the host
  // page as the lab's embed does.
  const [controller, setController] = useState<SimController | null>(null);
  useStatusReports(controller);
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);
  const lesson = lessonById(lessonId);
  const figures = lesson?.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : [])) ?? [];
  const index = figures.findIndex((f) => f.id === figureId);
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
      <FigureControllerContext.Provider value={setController}>
        <LiveFigure figure={figures[index]} number={index + 1} onRunDone={noop} embedded />
      </FigureControllerContext.Provider>
    </div>
  );
}
