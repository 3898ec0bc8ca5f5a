/**
 * The embed view (`#/embed?s=<scenario>&autoplay=1&speed=10&panels=cwnd,throughput`): minimal chrome —
 * a title, Run / Pause / Reset, the speed (`speed=max|100|10|1`, the lab's speeds; as fast as possible
 * when absent), progress and the chosen charts. With `b=<scenario>` it shows a pair instead
 * (`EmbedPair`: A and B on one set of axes). It tells the page that embeds it
 * what it is doing with `postMessage` (format in README, "Embedding"):
 *
 *   { type: "losslab:status",  state: "idle"|"loading"|"running"|"paused"|"done"|"error", nowMs }
 *   { type: "losslab:summary", summary }   // the run's summary, once it has finished
 *
 * Status is posted on every state change and at most twice a second while running.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { decodeScenario, formatHash, pageUrl, parsePanels } from '../session/route';
import { useEncodedScenario } from '../session/useEncodedScenario';
import { useValidation } from '../scenario/useValidation';
import { ChartSyncProvider } from '../charts/ChartSync';
import { flowIdsOf } from '../run/chartModel';
import { RunCharts } from '../run/RunCharts';
import { STATUS_TEXT } from '../run/RunBar';
import { SPEEDS, speedIndexOf } from '../run/speeds';
import { EmbedPair } from './EmbedPair';
import { useHeightReports, useStatusReports } from '../session/embedMessages';
import { SpeedSelect } from './SpeedSelect';
import { axisEndS, runProgress } from '../run/timeAxis';
import { pageCatalog, type Catalog } from '../scenario/catalog';
import type { ScenarioJson } from '../scenario/types';
import { flowIdsOf as declaredFlowIds } from '../sim/pageCore';
import { defaultScenario } from '../scenario/defaultScenario';
import { useSimulation } from '../sim/useSimulation';
import './embed.css';

export type { EmbedMessage } from './postToParent';

export function EmbedPage({ params }: { params: URLSearchParams }) {
  return params.has('b') ? <EmbedPair params={params} /> : <EmbedOne params={params} />;
}

function EmbedOne({ params }: { params: URLSearchParams }) {
  const { state, controller } = useSimulation();
  const [speedIndex, setSpeedIndex] = useState(() => speedIndexOf(params.get('speed')));
  const catalog: Catalog = pageCatalog();
  const [loaded] = useState(() => {
    const s = params.get('s');
    if (!s) return { scenario: defaultScenario() as ScenarioJson, error: null as string | null };
    const d = decodeScenario(s);
    return d.ok ? { scenario: d.value, error: null } : { scenario: null, error: d.error };
  });
  const panels = useMemo(() => parsePanels(params.get('panels')), [params]);
  const autoplay = params.get('autoplay') === '1' || params.get('autoplay') === 'true';
  const scenario = loaded.scenario;
  const json = useMemo(() => (scenario ? JSON.stringify(scenario) : ''), [scenario]);
  const validate = useMemo(
    () => (j: string) => (j ? controller.validate(j) : Promise.resolve(['(root): no scenario'])),
    [controller],
  );
  const validation = useValidation(validate, json);
  const valid = scenario !== null && validation.validated && validation.problems.length === 0;
  const started = useRef(false);

  useEffect(() => {
    if (valid && autoplay && !started.current) {
      started.current = true;
      controller.setSpeed(SPEEDS[speedIndex].value);
      controller.run(json);
    }
  }, [valid, autoplay, controller, json, speedIndex]);

  // Status and summary to the host page, as every embed reports them (session/embedMessages.ts).
  useStatusReports(controller);
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);

  const running = state.status === 'running' || state.status === 'loading';
  const stopS = state.stopMs > 0 ? state.stopMs / 1000 : (scenario?.stop?.time_s ?? 60);
  const done = state.status === 'done';
  const axisS = axisEndS(state.nowMs, stopS, done);
  const declared = useMemo(() => (scenario ? declaredFlowIds(scenario) : []), [scenario]);
  const flowIds = useMemo(() => flowIdsOf(state.series, declared), [state.series, declared]);
  const encoded = useEncodedScenario(scenario);
  const labUrl = encoded ? pageUrl(formatHash('lab', { s: encoded })) : pageUrl('#/lab');

  return (
    <main className="embed">
      <div className="embed-body" ref={bodyRef}>
        <div className="embed-head">
          <h1>{scenario?.title || scenario?.id || 'LossLab'}</h1>
          <button
            type="button"
            className="primary"
            disabled={!valid || running}
            onClick={() => {
              controller.setSpeed(SPEEDS[speedIndex].value);
              if (state.status === 'paused') controller.resume();
              else controller.run(json);
            }}
          >
            Run
          </button>
          <button type="button" disabled={!running} onClick={() => controller.pause()}>
            Pause
          </button>
          <button type="button" disabled={state.status === 'idle'} onClick={() => controller.reset()}>
            Reset
          </button>
          <SpeedSelect
            value={speedIndex}
            onChange={(i) => {
              setSpeedIndex(i);
              controller.setSpeed(SPEEDS[i].value);
            }}
          />
          <span className="run-status" data-testid="run-status" data-status={state.status}>
            <span role="status" className={`badge badge-${state.status}`}>
              {STATUS_TEXT[state.status]}
            </span>
          </span>
          <progress aria-label="Simulated time" max={1} value={runProgress(state.nowMs, stopS, done)} />
          <span className="progress-text">{(state.nowMs / 1000).toFixed(1)} s</span>
          <a href={labUrl} target="_blank" rel="noopener noreferrer">
            Open in LossLab
          </a>
        </div>
        {loaded.error && (
          <p role="alert" className="run-error">
            This embed’s scenario could not be opened: {loaded.error}.
          </p>
        )}
        {validation.validated && validation.problems.length > 0 && scenario && (
          <div role="alert" className="run-error">
            <strong>The scenario has problems:</strong>
            <ul>
              {validation.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {state.status === 'error' && state.error && (
          <div role="alert" className="run-error">
            <pre>{state.error}</pre>
          </div>
        )}
        <h2 className="sr-only">Charts</h2>
        <ChartSyncProvider>
          <RunCharts
            state={state}
            flowIds={flowIds}
            stopS={axisS}
            catalog={catalog}
            panels={panels}
            height={220}
            fileBase="losslab-embed"
            explain={false}
          />
        </ChartSyncProvider>
      </div>
    </main>
  );
}
