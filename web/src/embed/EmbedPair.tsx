/**
 * The embed view of a pair (`#/embed?s=<A>&b=<B>&autoplay=1&speed=10&panels=cwnd,throughput`), as
 * Compare's "Embed" makes it: both runs on the same seed, A solid and B dashed on one set of axes.
 * Status messages report the pair (running while either runs, done when both are); each side's
 * summary is posted with its `side`. With `origins=` it takes the two-way protocol's commands for
 * both configurations (session/embedProtocol.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartSyncProvider } from '../charts/ChartSync';
import { ZoomBar } from '../charts/ZoomBar';
import { OverlayCharts } from '../run/OverlayCharts';
import { speedIndexOf } from '../run/speeds';
import { usePageRun } from '../run/usePageRun';
import { runPair } from '../run/runPair';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { OVERLAY_PANELS, parsePanels } from '../session/panels';
import type { ScenarioJson } from '../scenario/types';
import { useHeightReports, useStatusReports } from '../session/embedMessages';
import { autoplayOf, EmbedHead } from './EmbedHead';
import { useEmbedCommands } from './useEmbedCommands';
import './embed.css';

export function EmbedPair({ params }: { params: URLSearchParams }) {
  const [loaded] = useState(() => {
    const da = decodeScenario(params.get('s') ?? '');
    const db = decodeScenario(params.get('b') ?? '');
    if (!da.ok) return { a: null, b: null, error: `configuration A ${da.error}` };
    if (!db.ok) return { a: null, b: null, error: `configuration B ${db.error}` };
    return { a: da.value, b: { ...db.value, seed: da.value.seed } as ScenarioJson, error: null as string | null };
  });
  // A course page may change either side (embed/useEmbedCommands.ts); B always runs on A's seed.
  const [scenarios, setScenarios] = useState({ a: loaded.a, b: loaded.b });
  const setA = (s: ScenarioJson) =>
    setScenarios((cur) => ({ a: s, b: cur.b && ({ ...cur.b, seed: s.seed } as ScenarioJson) }));
  const setB = (s: ScenarioJson) =>
    setScenarios((cur) => ({ a: cur.a, b: { ...s, seed: cur.a?.seed ?? s.seed } as ScenarioJson }));
  // Not checked before it runs: a side whose scenario the simulator refuses stops with its error.
  const speedIndex = speedIndexOf(params.get('speed'));
  const runA = usePageRun(scenarios.a, { speedIndex, validate: false });
  const runB = usePageRun(scenarios.b, { speedIndex, validate: false });
  const pair = runPair(runA, runB);
  const panels = useMemo(() => parsePanels(params.get('panels'), OVERLAY_PANELS), [params]);
  const autoplay = autoplayOf(params);
  const [a, b] = [runA.state, runB.state];

  const started = useRef(false);
  useEffect(() => {
    if (autoplay && runA.json && !started.current) {
      started.current = true;
      pair.play();
    }
  });

  // Commands from a listed host page (first: the listed origins also decide where every message
  // goes); status to it (the pair's), summaries once per side, and the height.
  useEmbedCommands(params.get('origins'), [
    { run: runA, scenario: scenarios.a, setScenario: setA },
    { run: runB, scenario: scenarios.b, setScenario: setB },
  ]);
  useStatusReports(runA.controller, runB.controller);
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);

  const compareUrl = useMemo(
    () =>
      scenarios.a
        ? pageUrl(
            formatHash('compare', { a: encodeScenario(scenarios.a), b: encodeScenario(scenarios.b), view: 'overlay' }),
          )
        : pageUrl('#/compare'),
    [scenarios],
  );
  const name = (s: ScenarioJson | null) => s?.title || s?.id || '—';

  return (
    <main className="embed">
      <div className="embed-body" ref={bodyRef}>
        <EmbedHead
          title={
            <>
              A: {name(scenarios.a)} · B: {name(scenarios.b)}
            </>
          }
          status={pair.status}
          canRun={!!runA.json}
          onRun={pair.play}
          onPause={pair.pause}
          onReset={pair.reset}
          speedIndex={runA.speedIndex}
          onSpeed={pair.setSpeed}
          progress={pair.progress}
          nowMs={Math.max(a.nowMs, b.nowMs)}
          href={compareUrl}
        />
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
          <ZoomBar maxS={pair.axisS} drawn={a.series !== null || b.series !== null} compact />
          <OverlayCharts
            a={a}
            b={b}
            flowIdsA={runA.flowIds}
            flowIdsB={runB.flowIds}
            stopS={pair.axisS}
            panels={panels}
            height={220}
            fileBase="losslab-embed"
          />
        </ChartSyncProvider>
      </div>
    </main>
  );
}
