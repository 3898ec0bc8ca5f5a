/**
 * The app shell: hash routing (`#/lab`, `#/compare`, `#/sweep`, `#/papers`, `#/embed`, and
 * `#/embed/learn/<lesson>/<figure>`: a lesson figure in the embed view's frame), the header with
 * navigation and the theme switch, and at the foot of the page a button to the list of keys. The
 * embed view has no chrome.
 *
 * Before any view mounts: the simulator's validator is installed as the gate of stored
 * scenarios (session/persist: a bad saved scenario is dropped, an invalid one never stored), a
 * link's scenarios are validated (linkGate; refused ones are shown with their problems and a way
 * back, LinkRefused), each view sits in an error boundary (ViewBoundary), and only the embed view
 * renders inside a frame (frameGuard).
 */
import './app.css';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ComparePage } from '../compare/ComparePage';
import { EmbedPage } from '../embed/EmbedPage';
import { EmbedFrame } from '../embed/EmbedFrame';
import { LessonFigureEmbed } from '../learn/LessonFigureEmbed';
import { LabPage } from '../lab/LabPage';
import { LearnPage } from '../learn/LearnPage';
import { PapersPage } from '../papers/PapersPage';
import { SweepPage } from '../sweep/SweepPage';
import { dropInvalidSaved, LAB_KEY, COMPARE_KEY, SWEEP_KEY, removeSaved, setScenarioCheck } from '../session/persist';
import { formatHash, lessonFigureOf, type View } from '../session/route';
import { useRoute } from '../session/useRoute';
import { validateScenario } from '../sim/pageCore';
import { framed, mayRender } from './frameGuard';
import { codeInLink, refusedInLink, withoutCode } from './linkGate';
import { CodeConsent } from './CodeConsent';
import { LinkRefused } from './LinkRefused';
import { openKeysHelp } from './keys';
import { useTheme, type Theme } from './theme';
import { RouteAnnouncer } from './RouteAnnouncer';
import { ViewBoundary } from './ViewBoundary';

/** Runs once, before the first view reads storage: stored scenarios must pass the simulator. */
function installGates(): true {
  setScenarioCheck(validateScenario);
  dropInvalidSaved();
  return true;
}

/** Forget what `view` saved, so it opens with the default scenario. */
function forgetSaved(view: View): void {
  if (view === 'lab' || view === 'compare' || view === 'sweep') {
    removeSaved(LAB_KEY);
    removeSaved(COMPARE_KEY);
  }
  if (view === 'sweep') removeSaved(SWEEP_KEY);
}

const VIEW_NAMES: Record<View, string> = {
  lab: 'The Lab',
  compare: 'Compare',
  sweep: 'Sweep',
  learn: 'Learn',
  papers: 'Papers',
  embed: 'The embedded lab',
};

const NAV: { view: View; label: string }[] = [
  { view: 'lab', label: 'Lab' },
  { view: 'compare', label: 'Compare' },
  { view: 'sweep', label: 'Sweep' },
  { view: 'learn', label: 'Learn' },
  { view: 'papers', label: 'Papers' },
];

export function App() {
  useState(installGates);
  const route = useRoute();
  const [theme, setTheme] = useTheme();
  // A view opens at its top, never at the offset the previous view was scrolled to (a new lesson
  // or paper figure is a new view; a change of the query, such as the lab's scenario, is not).
  const place = `${route.view}/${route.segments.join('/')}`;
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [place]);
  // A fresh page per hash navigation (and per reset), so each view reads its own URL state.
  const [resets, setResets] = useState(0);
  const visit = `${route.visit}.${resets}`;
  const [openAnyway, setOpenAnyway] = useState<string | null>(null);
  const refused = useMemo(
    () => (openAnyway === visit ? [] : refusedInLink(route.view, route.params, validateScenario)),
    [route, visit, openAnyway],
  );
  // Code a link carries waits for the viewer's yes (CodeConsent); accepted once per visit.
  const [codeAccepted, setCodeAccepted] = useState<string | null>(null);
  const carried = useMemo(
    () => (codeAccepted === visit ? [] : codeInLink(route.view, route.params)),
    [route, visit, codeAccepted],
  );
  const openWithoutCode = () => {
    const hash = formatHash(route.view, withoutCode(route.params, carried), route.segments);
    history.replaceState(null, '', hash);
    setResets((n) => n + 1);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  };
  const reset = () => {
    forgetSaved(route.view);
    const hash = formatHash(route.view, {}, route.view === 'learn' || route.view === 'papers' ? route.segments : []);
    history.replaceState(null, '', hash);
    setResets((n) => n + 1);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  };
  const guard = (view: ReactNode) => {
    if (refused.length > 0)
      return <LinkRefused refused={refused} onReset={reset} onOpenAnyway={() => setOpenAnyway(visit)} />;
    if (carried.length > 0)
      return <CodeConsent carried={carried} onRun={() => setCodeAccepted(visit)} onWithout={openWithoutCode} />;
    return (
      <ViewBoundary key={visit} name={VIEW_NAMES[route.view]} onReset={reset}>
        {view}
      </ViewBoundary>
    );
  };

  // Framing policy: inside another page's frame only the embed view renders (no chrome either).
  if (!mayRender(route.view, framed()))
    return (
      <p role="alert" className="run-error">
        {VIEW_NAMES[route.view]} view of LossLab cannot be shown inside another page’s frame; only the embed view can.{' '}
        <a href={window.location.href} target="_blank" rel="noopener noreferrer">
          Open LossLab in its own tab
        </a>
      </p>
    );
  const lessonFigure = lessonFigureOf(route);
  if (lessonFigure)
    return guard(
      <EmbedFrame key={visit}>
        <LessonFigureEmbed
          lessonId={lessonFigure.lesson}
          figureId={lessonFigure.figure}
          origins={route.params.get('origins')}
        />
      </EmbedFrame>,
    );
  if (route.view === 'embed') return guard(<EmbedPage key={visit} params={route.params} />);
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
      <RouteAnnouncer />
      <div id="main-content" tabIndex={-1} className="main-content">
        {guard(
          <>
            {route.view === 'lab' && <LabPage key={visit} params={route.params} />}
            {route.view === 'compare' && <ComparePage key={visit} params={route.params} />}
            {route.view === 'sweep' && <SweepPage key={visit} params={route.params} />}
            {route.view === 'learn' && <LearnPage key={visit} segments={route.segments} />}
            {route.view === 'papers' && <PapersPage key={visit} segments={route.segments} params={route.params} />}
          </>,
        )}
      </div>
      {/* The list of keys, and the switch for the single-key shortcuts, without pressing `?`. */}
      <footer className="footnote present-hide">
        <button type="button" className="small" onClick={openKeysHelp}>
          Keyboard keys
        </button>
      </footer>
    </div>
  );
}
