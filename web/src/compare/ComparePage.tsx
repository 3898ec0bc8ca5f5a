/**
 * Compare: two configurations side by side on the same seed, so both see identical error
 * patterns (the error process belongs to the link, not to the traffic). Each side has its own
 * builder and its own worker; Run plays both and Step advances both by the same simulated time
 * (`compareStep.ts`); the charts are paired on one time window and one y scale per panel; the
 * table lists every difference (B − A, and as a percentage of A).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { COMPARE_KEY, LAB_KEY, loadJson, loadScenario, saveJson } from '../session/persist';
import { encodeScenario, formatHash, pageUrl } from '../session/route';
import { ChartSyncProvider } from '../charts/ChartSync';
import { ZoomBar } from '../charts/ZoomBar';
import { ScenarioBuilder } from '../builder/ScenarioBuilder';
import { RunCharts } from '../run/RunCharts';
import { OverlayCharts } from '../run/OverlayCharts';
import { PresentButton } from '../run/PresentButton';
import { playKeyHint, usePlayKeys, usePresentation, usePresentChartHeight } from '../run/presentation';
import { EmbedDialog } from '../run/EmbedDialog';
import { exportPairCsv } from '../run/exportCsv';
import { ExportCsvButton } from '../run/ExportCsvButton';
import { SharingNote } from '../run/SharingNote';
import { PAIRS, pairTitle } from '../scenario/pairs';
import { variantsSharingLink } from '../scenario/sharingNotes';
import { usePageRun } from '../run/usePageRun';
import { runPair } from '../run/runPair';
import { pageCatalog, type Catalog } from '../scenario/catalog';
import { setPath } from '../scenario/paths';
import { asScenario, isObject, type ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import { sampleMsOf } from '../sim/protocol';
import type { SeriesStore } from '../sim/series';
import type { SimSnapshot } from '../sim/simController';
import { compareQuery, initialPair } from './compareLink';
import { diffRows, formatMetric, formatPercent, matchFlows } from './compareModel';
import { diffWords, paneTitles, scenarioDiffs } from './compareDiff';
import { CompareRunBar } from './CompareRunBar';
import { planStep, type StepSide } from './compareStep';
import './compare.css';
import { usePageTitle } from '../session/pageTitle';

/** What "Load preset" falls back to: the default lab scenario. */
const FALLBACK = defaultScenario() as ScenarioJson;

type Side = 'a' | 'b';

/** The pair to open with: the link's, else this browser's last comparison, else the lab's scenario. */
function openingPair(params: URLSearchParams) {
  const saved = loadJson(COMPARE_KEY);
  const a = isObject(saved) ? asScenario(saved.a) : null;
  const b = isObject(saved) ? asScenario(saved.b) : null;
  return initialPair(params, a && b ? { a, b } : null, loadScenario(LAB_KEY) ?? (defaultScenario() as ScenarioJson));
}

/** Largest value of `metric` over `entities` in both stores (and of their per-sample sum when `sum`). */
function sharedMax(stores: (SeriesStore | null)[], metric: string, scale = 1, sum = false): number {
  let max = 0;
  for (const st of stores) {
    if (!st) continue;
    const parts = st.entitiesWith(metric).map((e) => st.get(e, metric)!);
    for (const p of parts) for (let i = 0; i < p.length; i++) if (p.v[i] > max) max = p.v[i];
    if (sum && parts.length > 1) {
      const n = Math.min(...parts.map((p) => p.length));
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (const p of parts) s += p.v[i];
        if (s > max) max = s;
      }
    }
  }
  return max * scale;
}

function niceTop(x: number): [number, number] | undefined {
  if (!(x > 0)) return undefined;
  const m = x * 1.05;
  const p = 10 ** Math.floor(Math.log10(m));
  const step = [1, 2, 2.5, 5, 10].find((k) => k * p >= m / 5)! * p;
  return [0, Math.ceil(m / step) * step];
}

export function ComparePage({ params }: { params: URLSearchParams }) {
  usePageTitle('Compare');
  const catalog: Catalog = pageCatalog();
  const [init] = useState(() => openingPair(params));
  const [a, setA] = useState<ScenarioJson>(init.a);
  const [b, setB] = useState<ScenarioJson>(init.b);
  const [notice, setNotice] = useState(init.notice);
  const [tab, setTab] = useState<Side>('b');
  const [parseErrors, setParseErrors] = useState<Record<Side, number>>({ a: 0, b: 0 });
  const [link, setLink] = useState<string | null>(null);
  // Side by side (two columns of charts) or overlaid (one set of axes: A solid, B dashed).
  const [overlay, setOverlay] = useState(() => params.get('view') === 'overlay');
  const [pairIndex, setPairIndex] = useState('');
  const [embedOpen, setEmbedOpen] = useState(false);
  const [configsOpen, setConfigsOpen] = useState(true);
  const [presenting, setPresenting] = usePresentation(params.get('present') === '1');
  const chartsRef = useRef<HTMLDivElement>(null);
  const overlayHeight = usePresentChartHeight(presenting, 250, chartsRef);
  const pairHeight = usePresentChartHeight(presenting, 210, chartsRef);
  const resultsRef = useRef<HTMLElement>(null);

  // Same seed, duration and sample period on both sides (identical errors, aligned charts and
  // Step sizes): an edit of any of them on one side applies to both.
  const onChange = (side: Side) => (next: ScenarioJson) => {
    const [setThis, setOther] = side === 'a' ? [setA, setB] : [setB, setA];
    setThis(next);
    setOther((o) => {
      let out = o;
      if (out.seed !== next.seed) out = { ...out, seed: next.seed };
      if (out.stop?.time_s !== next.stop?.time_s) out = setPath(out, 'stop.time_s', next.stop?.time_s);
      if (out.observe?.sample_ms !== next.observe?.sample_ms)
        out = setPath(out, 'observe.sample_ms', next.observe?.sample_ms);
      return out;
    });
  };

  // B runs on A's seed.
  const bOnSeed = useMemo(() => ({ ...b, seed: a.seed }), [a.seed, b]);
  const runA = usePageRun(a);
  const runB = usePageRun(bOnSeed);
  const pair = runPair(runA, runB);
  const { json: jsonA, validation: vA } = runA;
  const { json: jsonB, validation: vB } = runB;
  const simA = runA.controller;
  const simB = runB.controller;
  const validate = useMemo(() => (j: string) => simA.validate(j), [simA]);
  const validA = runA.valid && parseErrors.a === 0;
  const validB = runB.valid && parseErrors.b === 0;
  const canRun = validA && validB;

  useEffect(() => {
    const t = setTimeout(() => saveJson(COMPARE_KEY, { a, b }), 250);
    return () => clearTimeout(t);
  }, [a, b]);

  const states: Record<Side, SimSnapshot> = { a: runA.state, b: runB.state };
  const { play: run, pause, reset } = pair;
  // Step: both runs by the same simulated time (see planStep).
  const sampleA = useMemo(() => sampleMsOf(jsonA), [jsonA]);
  const sampleB = useMemo(() => sampleMsOf(jsonB), [jsonB]);
  const stepSide = (st: SimSnapshot, json: string, sampleMs: number, scenario: ScenarioJson): StepSide => ({
    status: st.status,
    current: st.scenarioJson === json,
    nowMs: st.nowMs,
    sampleMs,
    stopMs: (scenario.stop?.time_s ?? 60) * 1000,
  });
  const stepPlan = planStep(stepSide(states.a, jsonA, sampleA, a), stepSide(states.b, jsonB, sampleB, b));
  const step = () => {
    if (!canRun || stepPlan.kind === 'disabled') return;
    if (stepPlan.kind === 'step') {
      simA.step(jsonA);
      simB.step(jsonB);
      return;
    }
    if (stepPlan.kind === 'stepTo') {
      // Apart after Pause: both forward to the same grid time (a finished run ignores it).
      simA.step(jsonA, stepPlan.toMs);
      simB.step(jsonB, stepPlan.toMs);
      return;
    }
    // A fresh pair of paused runs, one step each.
    simA.run(jsonA, false);
    simB.run(jsonB, false);
    simA.step(jsonA);
    simB.step(jsonB);
  };
  const { running } = pair;
  const playKeys = {
    toggle: () => (running ? pause() : canRun && run()),
    step,
    reset,
    leave: presenting ? () => setPresenting(false) : undefined,
  };
  // The play keys work always; `?` lists them (app/keys.ts).
  usePlayKeys(true, playKeys);
  // Entering presentation moves focus off the button, so Space runs instead of pressing it again.
  useEffect(() => {
    if (presenting) resultsRef.current?.focus();
  }, [presenting]);
  // The charts span what either side simulated (growing in nice steps), not the stop time.
  const { stopS, axisS } = pair;
  const [idsA, idsB] = [runA.flowIds, runB.flowIds];
  const stores = [states.a.series, states.b.series];
  const rev = states.a.revision + states.b.revision;
  const yDomains = useMemo(
    () => ({
      cwnd: niceTop(sharedMax(stores, 'cwnd_bytes', 1 / 1000)),
      throughput: niceTop(sharedMax(stores, 'throughput_kbps', 1, true)),
      queue: niceTop(sharedMax(stores, 'queue_pkts')),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stores is a new array each render of the two listed series stores; rev stands for their contents, mutated in place
    [states.a.series, states.b.series, rev],
  );
  // What B changes, in words (the seed is shared): the line at the top and the list below it.
  const diffs = useMemo(() => scenarioDiffs(a, b, catalog), [a, b, catalog]);
  const titles = useMemo(() => paneTitles(a, b, diffs), [a, b, diffs]);
  const rows = useMemo(() => diffRows(states.a.summary, states.b.summary), [states.a.summary, states.b.summary]);
  const byPosition = useMemo(
    () => matchFlows(states.a.summary, states.b.summary).byPosition,
    [states.a.summary, states.b.summary],
  );

  /** Opens a pair of presets: A and B as the content files have them (B on A's seed). */
  const loadPair = (value: string) => {
    setPairIndex(value);
    const p = PAIRS[Number(value)];
    if (value === '' || !p) return;
    reset();
    setA(structuredClone(p.a.scenario));
    setB({ ...structuredClone(p.b.scenario), seed: p.a.scenario.seed });
    setNotice(null);
  };

  // The Embed dialog's query, compressed once per change of A or B (not on every frame).
  const embedQuery = useMemo(() => ({ s: encodeScenario(a), b: encodeScenario({ ...b, seed: a.seed }) }), [a, b]);

  const copyLink = async () => {
    const hash = formatHash('compare', {
      ...compareQuery(a, b),
      ...(overlay ? { view: 'overlay' } : {}),
      ...(presenting ? { present: '1' } : {}),
    });
    history.replaceState(null, '', hash);
    const url = pageUrl(hash);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* the link is shown for copying by hand */
    }
  };

  const side = (s: Side) => (
    <div key={s}>
      <ScenarioBuilder
        scenario={s === 'a' ? a : b}
        onChange={onChange(s)}
        problems={s === 'a' ? vA.problems : vB.problems}
        catalog={catalog}
        validate={validate}
        onParseErrors={(n) => setParseErrors((old) => ({ ...old, [s]: n }))}
        fallback={FALLBACK}
      />
    </div>
  );

  // Both configurations mix the same variants: one note says it for both.
  const sameVariants = useMemo(
    () => variantsSharingLink(a).sort().join(' ') === variantsSharingLink(b).sort().join(' '),
    [a, b],
  );
  return (
    <main className={`lab${configsOpen && !presenting ? '' : ' lab-wide'}`}>
      <section className="results" aria-labelledby="compare-heading" ref={resultsRef} tabIndex={-1}>
        <div className="results-head">
          <button
            type="button"
            className="small present-hide"
            aria-expanded={configsOpen}
            aria-controls="compare-configs"
            onClick={() => setConfigsOpen((o) => !o)}
          >
            {configsOpen ? 'Hide configurations' : 'Show configurations'}
          </button>
          <h2 id="compare-heading">A versus B</h2>
          <span className="runbar-spacer" />
          <div className="view-toggle" role="group" aria-label="Charts">
            <button type="button" className="small" aria-pressed={!overlay} onClick={() => setOverlay(false)}>
              Side by side
            </button>
            <button type="button" className="small" aria-pressed={overlay} onClick={() => setOverlay(true)}>
              Overlay
            </button>
          </div>
          <PresentButton presenting={presenting} onChange={setPresenting} />
          <ExportCsvButton
            disabled={!states.a.series && !states.b.series}
            exportCsv={() => exportPairCsv({ state: states.a, id: a.id }, { state: states.b, id: b.id }, a.seed ?? 1)}
          />
          <button type="button" className="present-hide" onClick={() => void copyLink()}>
            Copy link
          </button>
          <button type="button" className="present-hide" onClick={() => setEmbedOpen(true)}>
            Embed
          </button>
        </div>
        <CompareDiffs diffs={diffs} />
        {sameVariants ? (
          <SharingNote scenario={a} label="A and B" />
        ) : (
          <>
            <SharingNote scenario={a} label="A" />
            <SharingNote scenario={b} label="B" />
          </>
        )}
        {presenting && (
          <p className="present-hint" data-testid="present-hint">
            {playKeyHint()}
          </p>
        )}
        <EmbedDialog
          open={embedOpen}
          onClose={() => setEmbedOpen(false)}
          query={embedQuery}
          frameTitle={`LossLab: ${a.title || a.id} versus ${b.title || b.id}`}
          panels={['cwnd', 'throughput', 'queue']}
          note="The embed runs both configurations on the same seed and draws them on one set of axes: A solid, B dashed."
        />
        {link && (
          <div className="share-link">
            <label htmlFor="compare-link">Share link</label>
            <input id="compare-link" readOnly value={link} data-testid="share-link" />
          </div>
        )}
        <CompareRunBar
          states={states}
          canRun={canRun}
          stepPlan={stepPlan}
          sampleMs={sampleA}
          onRun={run}
          onPause={pause}
          onStep={step}
          onReset={reset}
          speedIndex={runA.speedIndex}
          onSpeed={pair.setSpeed}
          stopS={stopS}
          blocked={
            !canRun && (vA.validated || vB.validated)
              ? `Fix the problems marked in configuration ${!validA ? 'A' : 'B'} to run.`
              : null
          }
        />
        <ChartSyncProvider>
          <ZoomBar maxS={axisS} drawn={states.a.series !== null || states.b.series !== null} />
          <div ref={chartsRef}>
            {overlay ? (
              <OverlayCharts
                a={states.a}
                b={states.b}
                flowIdsA={idsA}
                flowIdsB={idsB}
                stopS={axisS}
                yDomains={yDomains}
                height={overlayHeight}
              />
            ) : (
              <div className="pair">
                {(['a', 'b'] as Side[]).map((s) => (
                  <div key={s} data-side={s}>
                    <h3 className="pair-title">
                      {s.toUpperCase()}: {titles[s]}
                    </h3>
                    <RunCharts
                      state={states[s]}
                      flowIds={s === 'a' ? idsA : idsB}
                      stopS={axisS}
                      catalog={catalog}
                      titleSuffix={` (${s.toUpperCase()})`}
                      yDomains={yDomains}
                      height={pairHeight}
                      fileBase={`compare-${s}`}
                      figureProps={{ 'data-side': s }}
                    />
                  </div>
                ))}
              </div>
            )}
          </div>
        </ChartSyncProvider>
        {rows.length > 0 && (
          <div className="summary" role="region" aria-label="Differences" tabIndex={0}>
            <table>
              <caption>
                B versus A{states.a.status === 'done' && states.b.status === 'done' ? '' : ' (so far)'}: Δ = B − A,
                rounded (the unit is in the metric’s name; hover a value for every digit)
                {byPosition &&
                  '. The two runs name their flows differently, so flows are matched by position (A’s first with B’s first, …).'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Flow</th>
                  <th scope="col">Metric</th>
                  <th scope="col" className="num">
                    A
                  </th>
                  <th scope="col" className="num">
                    B
                  </th>
                  <th scope="col" className="num">
                    Δ
                  </th>
                  <th scope="col" className="num">
                    Δ%
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.flow}-${r.metric}`} data-flow={r.flow} data-metric={r.metric}>
                    <td>{r.flowB ? `${r.flow} ↔ ${r.flowB}` : r.flow}</td>
                    <td>{r.label}</td>
                    <td className="num" data-column="a" title={r.a === null ? undefined : String(r.a)}>
                      {formatMetric(r.kind, r.a)}
                    </td>
                    <td className="num" data-column="b" title={r.b === null ? undefined : String(r.b)}>
                      {formatMetric(r.kind, r.b)}
                    </td>
                    <td
                      className={`num${r.verdict > 0 ? ' better' : r.verdict < 0 ? ' worse' : ''}`}
                      data-column="delta"
                    >
                      {formatMetric(r.kind, r.delta, true)}
                    </td>
                    <td className="num" data-column="delta_pct">
                      {formatPercent(r.deltaPct)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <aside
        id="compare-configs"
        className="panel builder-panel"
        aria-labelledby="compare-builder-heading"
        hidden={!configsOpen || presenting}
      >
        <h2 id="compare-builder-heading">Configurations</h2>
        <p className="field-desc">
          Both run with seed {a.seed ?? 1} for {a.stop?.time_s ?? 60} s, so they see identical error patterns. Seed,
          duration and sample period (the Step size) edited on either side apply to both.
        </p>
        {notice && (
          <div role="alert" className="notice">
            <p>{notice}</p>
            <button type="button" className="small" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
        <div className="field compare-pair">
          <label htmlFor="compare-pair">Paired presets</label>
          <select id="compare-pair" value={pairIndex} onChange={(e) => loadPair(e.target.value)}>
            <option value="">Choose a pair to load into A and B…</option>
            {PAIRS.map((p, i) => (
              <option key={`${p.a.id}-${p.b.id}`} value={i}>
                {pairTitle(p)}
              </option>
            ))}
          </select>
        </div>
        <div className="tabs" role="tablist" aria-label="Configuration">
          {(['a', 'b'] as Side[]).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              id={`tab-${s}`}
              aria-selected={tab === s}
              aria-controls={`panel-${s}`}
              tabIndex={tab === s ? 0 : -1}
              onClick={() => setTab(s)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                  const next = s === 'a' ? 'b' : 'a';
                  setTab(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }
              }}
            >
              Configuration {s.toUpperCase()}
              {(s === 'a' ? !validA : !validB) && (s === 'a' ? vA : vB).validated ? ' (!)' : ''}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          <div className="button-row">
            <button
              type="button"
              className="small"
              onClick={() => (tab === 'b' ? setB(structuredClone(a)) : setA({ ...structuredClone(b), seed: a.seed }))}
            >
              {tab === 'b' ? 'Copy A into B' : 'Copy B into A'}
            </button>
          </div>
          {side(tab)}
        </div>
      </aside>
    </main>
  );
}

/**
 * What B changes, at the top of the results: the first difference in one line ("B differs from A
 * in: TCP variant — Westwood (A: NewReno)"), every difference in a list when there are more.
 */
function CompareDiffs({ diffs }: { diffs: ReturnType<typeof scenarioDiffs> }) {
  if (diffs.length === 0)
    return (
      <p className="compare-differs" data-testid="compare-differs">
        A and B are the same configuration: change B (or A) to see what the change does.
      </p>
    );
  return (
    <div className="compare-differs" data-testid="compare-differs">
      <p>
        <strong>B differs from A in:</strong> {diffWords(diffs[0])}
        {diffs.length > 1 && ` and ${diffs.length - 1} more setting${diffs.length > 2 ? 's' : ''}`}
      </p>
      {diffs.length > 1 && (
        <details>
          <summary>Every difference ({diffs.length})</summary>
          <ul data-testid="compare-diff-list">
            {diffs.map((d) => (
              <li key={d.path} data-path={d.path}>
                {diffWords(d)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
