/**
 * The app shell: hash routing (`#/lab`, `#/compare`, `#/sweep`, `#/papers`, `#/embed`, and
 * `#/embed/learn/<lesson>/<figure>`: a lesson figure in the embed view's frame), the header with
 * navigation and the theme switch. The embed view has no chrome.
 */
import './app.css';
import { useEffect, useState } from 'react';
import { ComparePage } from '../compare/ComparePage';
import { EmbedPage } from '../embed/EmbedPage';
import { EmbedFrame } from '../embed/EmbedFrame';
import { LessonFigureEmbed } from '../learn/LessonFigureEmbed';
import { LabPage } from '../lab/LabPage';
import { LearnPage } from '../learn/LearnPage';
import { PapersPage } from '../papers/PapersPage';
import { SweepPage } from '../sweep/SweepPage';
import { lessonFigureOf, parseHash, type Route, type View } from '../session/route';
import { useTheme, type Theme } from './theme';

/** The current route and how many hash navigations happened (our own replaceState calls fire none). */
function useRoute(): Route & { visit: number } {
  const [route, setRoute] = useState(() => ({ ...parseHash(window.location.hash), visit: 0 }));
  useEffect(() => {
    const on = () => setRoute((old) => ({ ...parseHash(window.location.hash), visit: old.visit + 1 }));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

const NAV: { view: View; label: string }[] = [
  { view: 'lab', label: 'Lab' },
  { view: 'compare', label: 'Compare' },
  { view: 'sweep', label: 'Sweep' },
  { view: 'learn', label: 'Learn' },
  { view: 'papers', label: 'Papers' },
];

export function App() {
  const route = useRoute();
  const [theme, setTheme] = useTheme();
  // A fresh page per hash navigation, so each view reads its own URL state.
  const visit = route.visit;

  const lessonFigure = lessonFigureOf(route);
  if (lessonFigure)
    return (
      <EmbedFrame key={visit}>
        <LessonFigureEmbed lessonId={lessonFigure.lesson} figureId={lessonFigure.figure} />
      </EmbedFrame>
    );
  if (route.view === 'embed') return <EmbedPage key={visit} params={route.params} />;
  return (
    <div className="page">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="masthead">
        <h1>LossLab</h1>
        <p className="tagline">
          TCP over lossy links, packet by packet: see why TCP confuses corruption with congestion, and compare the fixes
          on identical errors.
        </p>
        <nav aria-label="Views" className="nav">
          {NAV.map((n) => (
            <a key={n.view} href={`#/${n.view}`} aria-current={route.view === n.view ? 'page' : undefined}>
              {n.label}
            </a>
          ))}
        </nav>
        <label className="theme-switch">
          <span>Theme</span>
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </header>
      <div id="main-content" tabIndex={-1} className="main-content">
        {route.view === 'lab' && <LabPage key={visit} params={route.params} />}
        {route.view === 'compare' && <ComparePage key={visit} params={route.params} />}
        {route.view === 'sweep' && <SweepPage key={visit} params={route.params} />}
        {route.view === 'learn' && <LearnPage key={visit} segments={route.segments} />}
        {route.view === 'papers' && <PapersPage key={visit} segments={route.segments} params={route.params} />}
      </div>
    </div>
  );
}
