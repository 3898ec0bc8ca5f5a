/**
 * The embed view of a pair (`#/embed?s=<A>&b=<B>&autoplay=1&speed=10&panels=cwnd,throughput`), as
 * Compare's "Embed" makes it: both runs on the same seed, A solid and B dashed on one set of axes.
 * Status messages report the pair (running while either runs, done when both are); each side's
 * summary is posted with its `side`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartSyncProvider } from '../charts/ChartSync';
import { flowIdsOf } from '../run/chartModel';
import { OverlayCharts } from '../run/OverlayCharts';
import type { OverlayPanel } from '../run/overlayLines';
import { STATUS_TEXT } from '../run/RunBar';
import { SPEEDS, speedIndexOf } from '../run/speeds';
import { axisEndS, runProgress } from '../run/timeAxis';
import { decodeScenario, encodeScenario, formatHash, pageUrl, parsePanels } from '../session/route';
import type { ScenarioJson } from '../scenario/types';
import { flowIdsOf as declaredFlowIds } from '../sim/pageCore';
import type { SimSnapshot, SimStatus } from '../sim/simController';
import { useSimulation } from '../sim/useSimulation';
import { postToParent, useHeightReports } from '../session/embedMessages';
import { SpeedSelect } from './SpeedSelect';
import './embed.css';

const OVERLAY: readonly OverlayPanel[] = ['cwnd', 'throughput', 'queue'];

/** The pair's status: an error or a run in progress on either side wins; done when both are. */
function pairStatus(a: SimStatus, b: SimStatus): SimStatus {
  for (const s of ['error', 'loading', 'running', 'paused'] as SimStatus[]) if (a === s || b === s) return s;
  return a === 'done' && b === 'done' ? 'done' : a === 'idle' && b === 'idle' ? 'idle' : 'done';
}

export function EmbedPair({ params }: { params: URLSearchParams }) {
  const simA = useSimulation();
  const simB = useSimulation();
  const [speedIndex, setSpeedIndex] = useState(() => speedIndexOf(params.get('speed')));
  const [loaded] = useState(() => {
    const da = decodeScenario(params.get('s') ?? '');
    const db = decodeScenario(params.get('b') ?? '');
    if (!da.ok) return { a: null, b: null, error: `configuration A ${da.error}` };
    if (!db.ok) return { a: null, b: null, error: `configuration B ${db.error}` };
    return { a: da.value, b: { ...db.value, seed: da.value.seed } as ScenarioJson, error: null as string | null };
  });
  const panels = useMemo(() => {
    const wanted = parsePanels(params.get('panels')).filter((p): p is OverlayPanel =>
      (OVERLAY as readonly string[]).includes(p),
    );
    return wanted.length > 0 ? wanted : (['cwnd', 'throughput'] as OverlayPanel[]);
  }, [params]);
  const autoplay = params.get('autoplay') === '1' || params.get('autoplay') === 'true';
  const jsonA = useMemo(() => (loaded.a ? JSON.stringify(loaded.a) : ''), [loaded]);
  const jsonB = useMemo(() => (loaded.b ? JSON.stringify(loaded.b) : ''), [loaded]);
  const [a, b] = [simA.state, simB.state];
  const status = pairStatus(a.status, b.status);
  const running = status === 'running' || status === 'loading';

  const play = () => {
    if (!jsonA) return;
    for (const sim of [simA, simB]) sim.controller.setSpeed(SPEEDS[speedIndex].value);
    if (status === 'paused') {
      simA.controller.resume();
      simB.controller.resume();
      return;
    }
    simA.controller.run(jsonA);
    simB.controller.run(jsonB);
  };
  const started = useRef(false);
  useEffect(() => {
    if (autoplay && jsonA && !started.current) {
      started.current = true;
      play();
    }
  });

  // Status to the host page on every change of the pair's status; summaries once per side; height.
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);
  useEffect(() => {
    postToParent({ type: 'losslab:status', state: status, nowMs: Math.min(a.nowMs, b.nowMs) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one message per change of the pair's status
  }, [status]);
  const sent = useRef<Record<'a' | 'b', unknown>>({ a: null, b: null });
  useEffect(() => {
    for (const [side, st] of [
      ['a', a],
      ['b', b],
    ] as ['a' | 'b', SimSnapshot][])
      if (st.status === 'done' && st.summary && sent.current[side] !== st.summary) {
        sent.current[side] = st.summary;
        postToParent({ type: 'losslab:summary', summary: st.summary, side });
      }
  }, [a, b]);

  const stopOf = (st: SimSnapshot, sc: ScenarioJson | null) =>
    st.stopMs > 0 ? st.stopMs / 1000 : (sc?.stop?.time_s ?? 60);
  const sideEnd = (st: SimSnapshot, sc: ScenarioJson | null) =>
    st.nowMs > 0 ? axisEndS(st.nowMs, stopOf(st, sc), st.status === 'done') : 0;
  const axisS = Math.max(sideEnd(a, loaded.a), sideEnd(b, loaded.b)) || stopOf(a, loaded.a);
  const progress = Math.min(
    runProgress(a.nowMs, stopOf(a, loaded.a), a.status === 'done'),
    runProgress(b.nowMs, stopOf(b, loaded.b), b.status === 'done'),
  );
  const idsA = useMemo(() => flowIdsOf(a.series, loaded.a ? declaredFlowIds(loaded.a) : []), [a.series, loaded]);
  const idsB = useMemo(() => flowIdsOf(b.series, loaded.b ? declaredFlowIds(loaded.b) : []), [b.series, loaded]);
  const compareUrl = useMemo(
    () =>
      loaded.a
        ? pageUrl(formatHash('compare', { a: encodeScenario(loaded.a), b: encodeScenario(loaded.b), view: 'overlay' }))
        : pageUrl('#/compare'),
    [loaded],
  );
  const name = (s: ScenarioJson | null) => s?.title || s?.id || '—';

  return (
    <main className="embed">
      <div className="embed-body" ref={bodyRef}>
        <div className="embed-head">
          <h1>
            A: {name(loaded.a)} · B: {name(loaded.b)}
          </h1>
          <button type="button" className="primary" disabled={!jsonA || running} onClick={play}>
            Run
          </button>
          <button
            type="button"
            disabled={!running}
            onClick={() => {
              simA.controller.pause();
              simB.controller.pause();
            }}
          >
            Pause
          </button>
          <button
            type="button"
            disabled={status === 'idle'}
            onClick={() => {
              simA.controller.reset();
              simB.controller.reset();
            }}
          >
            Reset
          </button>
          <SpeedSelect
            value={speedIndex}
            onChange={(i) => {
              setSpeedIndex(i);
              simA.controller.setSpeed(SPEEDS[i].value);
              simB.controller.setSpeed(SPEEDS[i].value);
            }}
          />
          <span className="run-status" data-testid="run-status" data-status={status}>
            <span role="status" className={`badge badge-${status}`}>
              {STATUS_TEXT[status]}
            </span>
          </span>
          <progress aria-label="Simulated time" max={1} value={progress} />
          <span className="progress-text">{(Math.max(a.nowMs, b.nowMs) / 1000).toFixed(1)} s</span>
          <a href={compareUrl} target="_blank" rel="noopener noreferrer">
            Open in LossLab
          </a>
        </div>
        {loaded.error && (
          <p role="alert" className="run-error">
            This embed’s comparison could not be opened: {loaded.error}.
          </p>
        )}
        {[a, b].map(
          (st, i) =>
            st.status === 'error' &&
            st.error && (
              <div role="alert" className="run-error" key={i}>
                <strong>Run {i === 0 ? 'A' : 'B'} stopped:</strong>
                <pre>{st.error}</pre>
              </div>
            ),
        )}
        <h2 className="sr-only">Charts</h2>
        <ChartSyncProvider>
          <OverlayCharts
            a={a}
            b={b}
            flowIdsA={idsA}
            flowIdsB={idsB}
            stopS={axisS}
            panels={panels}
            height={220}
            fileBase="losslab-embed"
          />
        </ChartSyncProvider>
      </div>
    </main>
  );
}
