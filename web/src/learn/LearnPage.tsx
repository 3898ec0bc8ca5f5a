/** The lessons page: `#/learn` lists them, `#/learn/<id>` shows one. */
import './learn.css';
import { LessonList } from './LessonList';
import { LessonView } from './LessonView';
import { lessonById } from './lessonModel';

export function LearnPage({ params }: { params: URLSearchParams }) {
  const id = params.get('lesson');
  if (!id) return <LessonList />;
  const lesson = lessonById(id);
  if (!lesson)
    return (
      <main className="learn">
        <p role="alert">
          There is no lesson “{id}”. <a href="#/learn">See all lessons</a>.
        </p>
      </main>
    );
  return <LessonView key={id} lesson={lesson} />;
}
