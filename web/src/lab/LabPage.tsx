/**
 * The lab: the scenario builder on the left; on the right Run / Pause / Step / Reset with
 * progress, export and sharing, the five linked charts, and the per-flow summary.
 *
 * The run comes first in the document (the builder is placed on the left by the grid, app.css),
 * so Run is a few Tab presses from the top, and in one column the run is on the first screen with
 * the builder below it; on a phone (≤ 600 px) the builder starts folded behind "Edit scenario".
 *
 * Every edit is validated by the simulator's own validator (in the worker) and its problems are
 * shown at the fields; a valid edit made while a run is in progress restarts the run with the new
 * scenario (frames of the old run are dropped by run id). The scenario lives in the URL hash
 * (`#/lab?s=…`, compressed) and in localStorage, so a reload or a shared link restores it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { encodeScenario, formatHash, decodeScenario } from '../session/route';
import { LAB_KEY, loadScenario, saveJson } from '../session/persist';
import { pageCatalog, type Catalog } from '../scenario/catalog';
import { formatBitRate, formatEng } from '../lib/numberFormat';
import type { ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import { sampleMsOf } from '../sim/protocol';
import { tryResolve } from '../sim/pageCore';
import { ScenarioBuilder } from '../builder/ScenarioBuilder';
import { exportRunCsv } from '../run/exportCsv';
import { ExportCsvButton } from '../run/ExportCsvButton';
import { RunBar } from '../run/RunBar';
import { RunView } from '../run/RunView';
import { usePageRun } from '../run/usePageRun';
import { PairLinks } from '../run/PairLinks';
import { PresentButton } from '../run/PresentButton';
import { playKeyHint, usePlayKeys, usePresentation, usePresentChartHeight } from '../run/presentation';
import { ShareControls } from './ShareControls';
import { StartHere } from './StartHere';
import { SharingNote } from '../run/SharingNote';
import { SummaryTable } from '../run/SummaryTable';
import { useShownInTurn } from '../charts/frameTurns';
import './lab.css';
import { usePageTitle } from '../session/pageTitle';

/** A phone: the lab opens with the run and its charts, the scenario folded. */
const PHONE_QUERY = '(max-width: 600px)';
/** One column (app.css): the scenario panel sits below the run. */
const ONE_COLUMN_QUERY = '(max-width: 900px)';

function matchesMedia(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** What "Load preset" falls back to: the default lab scenario. */
const FALLBACK = defaultScenario() as ScenarioJson;

type Source = 'link' | 'saved' | 'default';

/** The scenario to open with: the link's, else the last one, else the default. */
export function initialScenario(params: URLSearchParams): {
  scenario: ScenarioJson;
  source: Source;
  notice: string | null;
} {
  const s = params.get('s');
  if (s) {
    const d = decodeScenario(s);
    if (d.ok) return { scenario: d.value, source: 'link', notice: null };
    const saved = loadScenario(LAB_KEY);
    return {
      scenario: saved ?? (defaultScenario() as ScenarioJson),
      source: saved ? 'saved' : 'default',
      notice: `The scenario in the link could not be opened: ${d.error}.`,
    };
  }
  const saved = loadScenario(LAB_KEY);
  return saved
    ? { scenario: saved, source: 'saved', notice: null }
    : { scenario: defaultScenario() as ScenarioJson, source: 'default', notice: null };
}

export function LabPage({ params }: { params: URLSearchParams }) {
  usePageTitle('Lab');
  const catalog: Catalog = pageCatalog();
  const [initial] = useState(() => initialScenario(params));
  const [scenario, setScenario] = useState<ScenarioJson>(initial.scenario);
  const run = usePageRun(scenario);
  const { state, controller, json, validation } = run;
  // The summary table takes each summary in a frame of its own: its first rows and the charts'
  // first drawing were one long task at 30 flows. A new run clears it at once.
  const shownSummary = useShownInTurn(state.summary);
  const [notice, setNotice] = useState<string | null>(initial.notice);
  // What is wrong with a link is said in the scenario panel, so a folded panel opens to say it.
  useEffect(() => {
    if (notice) setBuilderOpen(true);
  }, [notice]);
  const [parseErrors, setParseErrors] = useState(0);
  // On a phone the run comes first: the scenario starts folded behind "Edit scenario".
  const [builderOpen, setBuilderOpen] = useState(() => !matchesMedia(PHONE_QUERY));
  const builderHeadingRef = useRef<HTMLHeadingElement>(null);
  const [builderAsked, setBuilderAsked] = useState(0);
  const [presenting, setPresenting] = usePresentation(params.get('present') === '1');
  const chartsRef = useRef<HTMLDivElement>(null);
  const chartHeight = usePresentChartHeight(presenting, 230, chartsRef);
  const resultsRef = useRef<HTMLElement>(null);
  const validate = useMemo(() => (j: string) => controller.validate(j), [controller]);
  const valid = run.valid && parseErrors === 0;

  // A link whose scenario the validator rejects: say so once (its problems show at the fields).
  useEffect(() => {
    if (
      initial.source === 'link' &&
      validation.validated &&
      validation.problems.length > 0 &&
      json === JSON.stringify(initial.scenario)
    ) {
      setNotice('The scenario in the link has problems; they are shown at the fields below.');
    }
  }, [initial, validation, json]);

  // In one column the scenario panel sits below the run: opening it takes the reader there.
  useEffect(() => {
    if (builderAsked === 0 || !matchesMedia(ONE_COLUMN_QUERY)) return;
    builderHeadingRef.current?.scrollIntoView({ block: 'start' });
    builderHeadingRef.current?.focus({ preventScroll: true });
  }, [builderAsked]);

  // Persist: the hash always holds the current scenario (reload, share), localStorage the last one.
  useEffect(() => {
    const t = setTimeout(() => {
      saveJson(LAB_KEY, scenario);
      const present = presenting ? '1' : undefined;
      history.replaceState(null, '', formatHash('lab', { s: encodeScenario(scenario), present }));
    }, 250);
    return () => clearTimeout(t);
  }, [scenario, presenting]);

  // A valid change while a run is in progress restarts the run with the new scenario.
  useEffect(() => {
    if (!valid) return;
    const s = controller.getSnapshot();
    if (s.scenarioJson === json) return;
    if (s.status === 'running' || s.status === 'loading') controller.run(json);
    else if (s.status === 'paused') controller.run(json, false);
  }, [controller, valid, json]);

  const { running } = run;
  const playKeys = useMemo(
    () => ({
      toggle: () => (running ? controller.pause() : valid && run.play()),
      step: () => valid && !running && state.status !== 'done' && controller.step(json),
      reset: () => controller.reset(),
      leave: presenting ? () => setPresenting(false) : undefined,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run.play reads the same state, status and json listed here
    [controller, running, valid, json, state.status, state.scenarioJson, presenting, setPresenting],
  );
  // The play keys work always; `?` lists them (app/keys.ts).
  usePlayKeys(true, playKeys);
  // Entering presentation moves focus off the button, so Space runs instead of pressing it again.
  useEffect(() => {
    if (presenting) resultsRef.current?.focus();
  }, [presenting]);

  const shown = run.shown ?? scenario;
  const bn = shown.topology?.bottleneck;
  const ber = bn?.errors?.kind === 'bit_error' ? Number(bn.errors.ber) : 0;
  // A traced rate: its mean, as the simulator computes it.
  const traceMean = bn?.rate_trace ? tryResolve(JSON.stringify(shown))?.topology.bottleneck?.rate_bps : undefined;
  const chartAttrs = useMemo(
    () => ({ 'data-run-id': state.runId, 'data-status': state.status, 'data-ber': String(ber) }),
    [state.runId, state.status, ber],
  );

  return (
    <main className={`lab${builderOpen && !presenting ? '' : ' lab-wide'}`}>
      <section className="results" aria-labelledby="results-heading" ref={resultsRef} tabIndex={-1}>
        <div className="results-head">
          <button
            type="button"
            className="small present-hide"
            aria-expanded={builderOpen}
            aria-controls="builder-panel"
            onClick={() => {
              if (!builderOpen) setBuilderAsked((n) => n + 1);
              setBuilderOpen((o) => !o);
            }}
          >
            {builderOpen ? 'Hide scenario' : 'Edit scenario'}
          </button>
          <h2 id="results-heading">Live run</h2>
          <span className="muted scenario-name">{scenario.title || scenario.id}</span>
          <span className="runbar-spacer" />
          <PresentButton presenting={presenting} onChange={setPresenting} />
          <ExportCsvButton disabled={!state.series} exportCsv={() => exportRunCsv(state, shown.id, shown.seed ?? 1)} />
          <div className="present-hide present-group">
            <ShareControls scenario={scenario} />
          </div>
        </div>
        {presenting ? (
          <p className="present-hint" data-testid="present-hint">
            {playKeyHint()}
          </p>
        ) : (
          <PairLinks presetId={scenario.id} />
        )}
        <RunBar
          state={state}
          canRun={valid}
          onRun={run.play}
          onPause={() => controller.pause()}
          onStep={() => controller.step(json)}
          onReset={() => controller.reset()}
          speedIndex={run.speedIndex}
          onSpeed={run.setSpeed}
          stopS={run.stopS}
          stepMs={sampleMsOf(json)}
          params={
            <>
              run {state.runId} ·{' '}
              {bn?.rate_trace ? `trace, mean ${formatBitRate(traceMean)}` : formatBitRate(bn?.rate_bps)} ·{' '}
              {bn?.delay_ms ?? '—'} ms · BER {formatEng(ber)}
              {' · buffer '}
              {bn?.queue?.limit_pkts ?? '—'} pkts
            </>
          }
        />
        {/* After Run, so Run comes a few Tab presses from the top. */}
        {!presenting && <StartHere onLoad={setScenario} />}
        <SharingNote scenario={shown} />
        {!valid && validation.validated && (validation.problems.length > 0 || parseErrors > 0) && (
          <p className="muted run-blocked">Fix the problems marked in the scenario to run it.</p>
        )}
        {/* The charts span what was simulated (growing in nice steps while running), not the stop time. */}
        <RunView
          run={run}
          errorTitle="The run stopped:"
          zoom
          chartsRef={chartsRef}
          catalog={catalog}
          figureProps={chartAttrs}
          fileBase={shown.id || 'losslab'}
          height={chartHeight}
        />
        {shownSummary && <SummaryTable summary={shownSummary} live={state.status !== 'done'} />}
        {state.coreVersion && <p className="footnote">Simulator {state.coreVersion}</p>}
      </section>
      <aside
        id="builder-panel"
        className="panel builder-panel"
        aria-labelledby="builder-heading"
        hidden={!builderOpen || presenting}
      >
        <div className="panel-head">
          <h2 id="builder-heading" ref={builderHeadingRef} tabIndex={-1}>
            Scenario
          </h2>
        </div>
        {notice && (
          <div role="alert" className="notice">
            <p>{notice}</p>
            <button type="button" className="small" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
        <ScenarioBuilder
          scenario={scenario}
          onChange={setScenario}
          problems={validation.problems}
          catalog={catalog}
          validate={validate}
          onParseErrors={setParseErrors}
          fallback={FALLBACK}
        />
      </aside>
    </main>
  );
}
