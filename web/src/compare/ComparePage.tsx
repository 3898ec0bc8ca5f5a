/**
 * Compare: two configurations side by side on the same seed, so both see identical error
 * patterns (the error process belongs to the link, not to the traffic). Each side has its own
 * builder and its own worker; Run plays both; the charts are paired on one time window and one y
 * scale per panel; the table lists every difference (B − A, and as a percentage of A).
 */
import { format } from 'd3-format';
import { useEffect, useMemo, useState } from 'react';
import { COMPARE_KEY, LAB_KEY, loadJson, loadScenario, saveJson } from '../app/persist';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../app/route';
import { useValidation } from '../app/useValidation';
import { ChartSyncProvider } from '../charts/ChartSync';
import { ZoomBar } from '../charts/ZoomBar';
import { ScenarioBuilder } from '../lab/builder/ScenarioBuilder';
import { flowIdsOf } from '../lab/chartModel';
import { LabCharts } from '../lab/LabCharts';
import { SPEEDS, STATUS_TEXT } from '../lab/RunBar';
import { formatRustF64 } from '../lib/numberFormat';
import { mergeCatalog, type Catalog } from '../scenario/catalog';
import { setPath } from '../scenario/paths';
import { asScenario, expandFlowIds, isObject, type ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../sim/defaultScenario';
import type { SeriesStore } from '../sim/series';
import type { SimSnapshot } from '../sim/simController';
import { useSimulation } from '../sim/useSimulation';
import { diffRows } from './compareModel';

/** What "Load preset" falls back to: the default lab scenario. */
const FALLBACK = defaultScenario() as ScenarioJson;

type Side = 'a' | 'b';

/** B starts as A with the other classic variant, so the first comparison says something. */
export function defaultB(a: ScenarioJson): ScenarioJson {
  const b = structuredClone(a);
  b.flows = b.flows.map((f) => ({ ...f, tcp: { ...f.tcp, cc: f.tcp?.cc === 'westwood' ? 'new_reno' : 'westwood' } }));
  return b;
}

function initialPair(params: URLSearchParams): { a: ScenarioJson; b: ScenarioJson; notice: string | null } {
  const fromUrl = (k: string) => {
    const t = params.get(k);
    return t ? decodeScenario(t) : null;
  };
  const ua = fromUrl('a');
  const ub = fromUrl('b');
  if (ua?.ok) return { a: ua.value, b: ub?.ok ? ub.value : defaultB(ua.value), notice: ub && !ub.ok ? `Configuration B in the link could not be opened: ${ub.error}.` : null };
  const saved = loadJson(COMPARE_KEY);
  if (isObject(saved)) {
    const a = asScenario(saved.a);
    const b = asScenario(saved.b);
    if (a && b) return { a, b, notice: ua && !ua.ok ? `The link could not be opened: ${ua.error}.` : null };
  }
  const a = loadScenario(LAB_KEY) ?? (defaultScenario() as ScenarioJson);
  return { a, b: defaultB(a), notice: ua && !ua.ok ? `The link could not be opened: ${ua.error}.` : null };
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

const pctFmt = format('+.1f');

export function ComparePage({ params }: { params: URLSearchParams }) {
  const simA = useSimulation();
  const simB = useSimulation();
  const catalog: Catalog = useMemo(() => mergeCatalog(simA.state.catalog as Partial<Catalog> | null), [simA.state.catalog]);
  const [init] = useState(() => initialPair(params));
  const [a, setA] = useState<ScenarioJson>(init.a);
  const [b, setB] = useState<ScenarioJson>(init.b);
  const [notice, setNotice] = useState(init.notice);
  const [tab, setTab] = useState<Side>('b');
  const [parseErrors, setParseErrors] = useState<Record<Side, number>>({ a: 0, b: 0 });
  const [speedIndex, setSpeedIndex] = useState(0);
  const [link, setLink] = useState<string | null>(null);

  // Same seed and duration on both sides: an edit of either on one side applies to both.
  const onChange = (side: Side) => (next: ScenarioJson) => {
    const [setThis, setOther] = side === 'a' ? [setA, setB] : [setB, setA];
    setThis(next);
    setOther((o) => {
      let out = o;
      if (out.seed !== next.seed) out = { ...out, seed: next.seed };
      if (out.stop?.time_s !== next.stop?.time_s) out = setPath(out, 'stop.time_s', next.stop?.time_s);
      return out;
    });
  };

  const jsonA = useMemo(() => JSON.stringify(a), [a]);
  const jsonB = useMemo(() => JSON.stringify({ ...b, seed: a.seed }), [a.seed, b]);
  const validate = useMemo(() => (j: string) => simA.controller.validate(j), [simA.controller]);
  const vA = useValidation(validate, jsonA);
  const vB = useValidation(validate, jsonB);
  const validA = vA.validated && vA.problems.length === 0 && parseErrors.a === 0;
  const validB = vB.validated && vB.problems.length === 0 && parseErrors.b === 0;
  const canRun = validA && validB;

  useEffect(() => {
    const t = setTimeout(() => saveJson(COMPARE_KEY, { a, b }), 250);
    return () => clearTimeout(t);
  }, [a, b]);

  const states: Record<Side, SimSnapshot> = { a: simA.state, b: simB.state };
  const running = [states.a, states.b].some((s) => s.status === 'running' || s.status === 'loading');
  const bothPaused = states.a.status === 'paused' && states.b.status === 'paused' && states.a.scenarioJson === jsonA && states.b.scenarioJson === jsonB;

  const run = () => {
    if (bothPaused) {
      simA.controller.resume();
      simB.controller.resume();
      return;
    }
    simA.controller.run(jsonA);
    simB.controller.run(jsonB);
  };
  const pause = () => {
    simA.controller.pause();
    simB.controller.pause();
  };
  const reset = () => {
    simA.controller.reset();
    simB.controller.reset();
  };
  const setSpeed = (i: number) => {
    setSpeedIndex(i);
    simA.controller.setSpeed(SPEEDS[i].value);
    simB.controller.setSpeed(SPEEDS[i].value);
  };

  const stopS = Math.max(states.a.stopMs, states.b.stopMs) / 1000 || Math.max(a.stop?.time_s ?? 60, b.stop?.time_s ?? 60);
  const idsA = useMemo(() => flowIdsOf(states.a.series, expandFlowIds(a)), [states.a.series, a]);
  const idsB = useMemo(() => flowIdsOf(states.b.series, expandFlowIds(b)), [states.b.series, b]);
  const stores = [states.a.series, states.b.series];
  const rev = states.a.revision + states.b.revision;
  const yDomains = useMemo(
    () => ({
      cwnd: niceTop(sharedMax(stores, 'cwnd_bytes', 1 / 1000)),
      throughput: niceTop(sharedMax(stores, 'throughput_kbps', 1, true)),
      queue: niceTop(sharedMax(stores, 'queue_pkts')),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [states.a.series, states.b.series, rev],
  );
  const rows = useMemo(() => diffRows(states.a.summary, states.b.summary), [states.a.summary, states.b.summary]);

  const copyLink = async () => {
    const hash = formatHash('compare', { a: encodeScenario(a), b: encodeScenario({ ...b, seed: a.seed }) });
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

  return (
    <main className="lab">
      <aside className="panel builder-panel" aria-labelledby="compare-builder-heading">
        <h2 id="compare-builder-heading">Configurations</h2>
        <p className="field-desc">
          Both run with seed {a.seed ?? 1} for {a.stop?.time_s ?? 60} s, so they see identical error patterns. Seed and duration edited on either side apply to
          both.
        </p>
        {notice && (
          <div role="alert" className="notice">
            <p>{notice}</p>
            <button type="button" className="small" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
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
            <button type="button" className="small" onClick={() => (tab === 'b' ? setB(structuredClone(a)) : setA({ ...structuredClone(b), seed: a.seed }))}>
              {tab === 'b' ? 'Copy A into B' : 'Copy B into A'}
            </button>
          </div>
          {side(tab)}
        </div>
      </aside>
      <section className="results" aria-labelledby="compare-heading">
        <div className="results-head">
          <h2 id="compare-heading">A versus B</h2>
          <span className="runbar-spacer" />
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
        </div>
        {link && (
          <div className="share-link">
            <label htmlFor="compare-link">Share link</label>
            <input id="compare-link" readOnly value={link} data-testid="share-link" />
          </div>
        )}
        <div className="runbar">
          <div className="runbar-controls">
            <button type="button" className="primary" disabled={!canRun || running} onClick={run}>
              Run
            </button>
            <button type="button" disabled={!running} onClick={pause}>
              Pause
            </button>
            <button type="button" onClick={reset} disabled={states.a.status === 'idle' && states.b.status === 'idle'}>
              Reset
            </button>
            <label className="speed" htmlFor="compare-speed">
              Speed
            </label>
            <select id="compare-speed" value={speedIndex} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((sp, i) => (
                <option key={sp.label} value={i}>
                  {sp.label}
                </option>
              ))}
            </select>
          </div>
          {(['a', 'b'] as Side[]).map((s) => (
            <div className="progress-row" key={s}>
              <span className="run-status" data-testid={`run-status-${s}`} data-status={states[s].status} data-run-id={states[s].runId}>
                <strong>{s.toUpperCase()}</strong>
                <span role="status" className={`badge badge-${states[s].status}`}>
                  {STATUS_TEXT[states[s].status]}
                </span>
              </span>
              <progress aria-label={`${s.toUpperCase()} simulated time`} max={1} value={stopS > 0 ? Math.min(1, states[s].nowMs / 1000 / stopS) : 0} />
              <span className="progress-text">{(states[s].nowMs / 1000).toFixed(1)} s</span>
            </div>
          ))}
          {!canRun && (vA.validated || vB.validated) && (
            <p className="muted run-blocked">Fix the problems marked in configuration {!validA ? 'A' : 'B'} to run.</p>
          )}
          {(['a', 'b'] as Side[]).map(
            (s) =>
              states[s].status === 'error' && (
                <div role="alert" className="run-error" key={s}>
                  <strong>Run {s.toUpperCase()} stopped:</strong>
                  <pre>{states[s].error}</pre>
                </div>
              ),
          )}
        </div>
        <ChartSyncProvider>
          <ZoomBar maxS={stopS} />
          <div className="pair">
            {(['a', 'b'] as Side[]).map((s) => (
              <div key={s} data-side={s}>
                <h3 className="pair-title">
                  {s.toUpperCase()}: {(s === 'a' ? a : b).title || (s === 'a' ? a : b).id}
                </h3>
                <LabCharts
                  state={states[s]}
                  flowIds={s === 'a' ? idsA : idsB}
                  stopS={stopS}
                  catalog={catalog}
                  titleSuffix={` (${s.toUpperCase()})`}
                  yDomains={yDomains}
                  height={210}
                  fileBase={`compare-${s}`}
                  figureProps={{ 'data-side': s }}
                />
              </div>
            ))}
          </div>
        </ChartSyncProvider>
        {rows.length > 0 && (
          <div className="summary" role="region" aria-label="Differences" tabIndex={0}>
            <table>
              <caption>
                B versus A{states.a.status === 'done' && states.b.status === 'done' ? '' : ' (so far)'}: Δ = B − A
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
                    <td>{r.flow}</td>
                    <td>{r.label}</td>
                    <td className="num">{r.a === null ? '—' : formatRustF64(r.a)}</td>
                    <td className="num">{r.b === null ? '—' : formatRustF64(r.b)}</td>
                    <td className={`num${r.verdict > 0 ? ' better' : r.verdict < 0 ? ' worse' : ''}`}>
                      {r.delta === null ? '—' : formatRustF64(Number(r.delta.toPrecision(12)))}
                    </td>
                    <td className="num" data-column="delta_pct">
                      {r.deltaPct === null ? '—' : `${pctFmt(r.deltaPct)} %`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
