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
 * Status is posted on every state change and at most twice a second while running. With
 * `origins=<origin>,…` the embed also takes commands from a page at one of those origins — set a
 * scenario field, run, pause, step, reset, get and set its state, subscribe to finished runs as
 * xAPI statements (session/embedProtocol.ts, docs/embedding.md) — and posts only to those origins.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { decodeScenario, formatHash, pageUrl } from '../session/route';
import { parsePanels } from '../session/panels';
import { useEncodedScenario } from '../session/useEncodedScenario';
import { RunView } from '../run/RunView';
import { usePageRun } from '../run/usePageRun';
import { speedIndexOf } from '../run/speeds';
import { EmbedPair } from './EmbedPair';
import { useEmbedCommands } from './useEmbedCommands';
import { autoplayOf, EmbedHead } from './EmbedHead';
import { useHeightReports, useStatusReports } from '../session/embedMessages';
import { pageCatalog } from '../scenario/catalog';
import type { ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import './embed.css';

export type { EmbedMessage } from './postToParent';

export function EmbedPage({ params }: { params: URLSearchParams }) {
  return params.has('b') ? <EmbedPair params={params} /> : <EmbedOne params={params} />;
}

function EmbedOne({ params }: { params: URLSearchParams }) {
  const [loaded] = useState(() => {
    const s = params.get('s');
    if (!s) return { scenario: defaultScenario() as ScenarioJson, error: null as string | null };
    const d = decodeScenario(s);
    return d.ok ? { scenario: d.value, error: null } : { scenario: null, error: d.error };
  });
  // A course page may change the scenario (embed/useEmbedCommands.ts, `set` and `setState`).
  const [scenario, setScenario] = useState<ScenarioJson | null>(loaded.scenario);
  const run = usePageRun(scenario, { speedIndex: speedIndexOf(params.get('speed')) });
  const { state, controller, validation, valid } = run;
  const panels = useMemo(() => parsePanels(params.get('panels')), [params]);
  const autoplay = autoplayOf(params);
  const started = useRef(false);

  useEffect(() => {
    if (valid && autoplay && !started.current) {
      started.current = true;
      run.play();
    }
  });

  // Commands from the host page when the address lists its origin (first: the listed origins also
  // decide where every message goes); status and summary to it, as every embed reports them
  // (session/embedMessages.ts).
  useEmbedCommands(params.get('origins'), [{ run, scenario, setScenario }]);
  useStatusReports(controller);
  const bodyRef = useRef<HTMLDivElement>(null);
  useHeightReports(bodyRef);

  const encoded = useEncodedScenario(scenario);
  const labUrl = encoded ? pageUrl(formatHash('lab', { s: encoded })) : pageUrl('#/lab');

  return (
    <main className="embed">
      <div className="embed-body" ref={bodyRef}>
        <EmbedHead
          title={scenario?.title || scenario?.id || 'LossLab'}
          status={state.status}
          canRun={valid}
          onRun={run.play}
          onPause={() => controller.pause()}
          onReset={() => controller.reset()}
          speedIndex={run.speedIndex}
          onSpeed={run.setSpeed}
          progress={run.progress}
          nowMs={state.nowMs}
          href={labUrl}
        />
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
        <RunView
          run={run}
          heading={<h2 className="sr-only">Charts</h2>}
          catalog={pageCatalog()}
          panels={panels}
          height={220}
          fileBase="losslab-embed"
          explain={false}
          zoom="compact"
        />
      </div>
    </main>
  );
}
