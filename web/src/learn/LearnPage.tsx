/** The lessons page: `#/learn` lists them, `#/learn/<id>` shows one. */
import './learn.css';
import { useEffect } from 'react';
import { LessonList } from './LessonList';
import { LessonView } from './LessonView';
import { PresenterView } from './PresenterView';
import { lessonById } from './lessonModel';
import { usePageTitle } from '../session/pageTitle';

export function LearnPage({ segments }: { segments: string[] }) {
  const id = segments[0] ?? null;
  const lesson = id ? lessonById(id) : undefined;
  usePageTitle(
    lesson && (segments[1] === 'presenter' ? `Presenter view: ${lesson.meta.title}` : lesson.meta.title),
    'Learn',
  );
  // A new lesson (or the list) opens at its top, not where the previous page was scrolled to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  if (!id) return <LessonList />;
  if (!lesson)
    return (
      <main className="learn">
        <p role="alert">
          There is no lesson “{id}”. <a href="#/learn">See all lessons</a>.
        </p>
      </main>
    );
  if (segments[1] === 'presenter') return <PresenterView key={id} lesson={lesson} />;
  return <LessonView key={id} lesson={lesson} />;
}
