/** `#/learn`: every lesson with its level, time, objectives and the reader's progress. */
import { LESSONS } from './lessonModel';
import { lessonProgress, loadProgress, stepsDone } from './progress';

export function LessonList() {
  const progress = loadProgress();
  return (
    <main className="learn">
      <h2>Lessons</h2>
      <p className="learn-intro">
        Short pages with live figures: read, predict what the simulation will show, run it, and compare. Every claim the
        text makes about a figure is checked against the simulator before a release.
      </p>
      <ul className="lesson-list" aria-label="Lessons">
        {LESSONS.map((l) => {
          const figures = l.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure.id] : []));
          const predicts = l.parts.flatMap((p) => (p.kind === 'predict' ? [p.predict.id] : []));
          const done = stepsDone(lessonProgress(progress, l.meta.id), figures, predicts);
          const total = figures.length + predicts.length;
          return (
            <li key={l.meta.id} className="lesson-card" data-lesson={l.meta.id}>
              <h3>
                <a href={`#/learn/${l.meta.id}`}>{l.meta.title}</a>
              </h3>
              <p className="lesson-facts">
                <span className="lesson-level">{l.meta.level}</span> · {l.meta.minutes} min · {figures.length} live{' '}
                {figures.length === 1 ? 'figure' : 'figures'} · {predicts.length}{' '}
                {predicts.length === 1 ? 'prediction' : 'predictions'}
                <span className="lesson-progress" data-testid="lesson-progress">
                  {' '}
                  · {done === 0 ? 'not started' : done >= total ? 'done' : `${done} of ${total} steps done`}
                </span>
              </p>
              <p className="lesson-objectives-title">You will:</p>
              <ul className="lesson-objectives">
                {l.meta.objectives.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
