/**
 * The scenario builder: file and presets, the topology (a dumbbell's two links, or a graph's
 * nodes and links), the flow mix, cross traffic and run settings, every control generated from
 * the catalog and every validator problem shown at the field whose JSON path it names (problems
 * no field claims are listed at the top).
 */
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ProblemList } from '../controls/ProblemList';
import { ProblemWords } from '../controls/problemWords';
import { plainKey } from '../scenario/plainText';
import type { Catalog } from '../scenario/catalog';
import { pathWithin, setPath } from '../scenario/paths';
import type { ScenarioJson } from '../scenario/types';
import { scenarioDefaults, tryResolve } from '../sim/pageCore';
import { splitProblem } from '../sim/protocol';
import { BuilderContext, type Builder } from './BuilderContext';
import { CrossTrafficList } from './CrossTrafficList';
import { CustomCodePanel } from './CustomCodePanel';
import { FlowList } from './FlowList';
import { DumbbellTopology, GraphPanel } from './GraphPanel';
import { linksOf, nodesOf } from './graphModel';
import { LinkPanel } from './LinkPanel';
import { NODE_SELECT_MAX, NodeDatalist, NodeListContext } from './NodeField';
import { RunSettings } from './RunSettings';
import { ScenarioFile } from './ScenarioFile';
import './builder.css';

export interface ScenarioBuilderProps {
  scenario: ScenarioJson;
  onChange(next: ScenarioJson): void;
  problems: readonly string[];
  catalog: Catalog;
  validate(json: string): Promise<string[]>;
  /** Number of fields whose text is not a number (the page disables Run while > 0). */
  onParseErrors?(count: number): void;
  fallback: ScenarioJson;
  /** Sections shown (default all). */
  sections?: readonly Section[];
}

export type Section = 'file' | 'topology' | 'bottleneck' | 'access' | 'flows' | 'cross' | 'code' | 'run';

function Part({
  title,
  open = false,
  children,
  id,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
  id: string;
}) {
  return (
    <details className="builder-part" open={open} data-part={id}>
      <summary>
        <h3>{title}</h3>
      </summary>
      <div className="builder-body">{children}</div>
    </details>
  );
}

export const ScenarioBuilder = memo(function ScenarioBuilder({
  scenario,
  onChange,
  problems,
  catalog,
  validate,
  onParseErrors,
  fallback,
  sections = ['file', 'topology', 'bottleneck', 'access', 'flows', 'cross', 'code', 'run'],
}: ScenarioBuilderProps) {
  const latest = useRef(scenario);
  latest.current = scenario;
  const parseErrors = useRef(new Map<string, string>());
  const reportCount = useRef(onParseErrors);
  reportCount.current = onParseErrors;
  const root = useRef<HTMLDivElement>(null);
  const [unclaimed, setUnclaimed] = useState<string[]>([]);

  const set = useCallback(
    (path: string, value: unknown) => {
      const next = setPath(latest.current, path, value);
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const update = useCallback(
    (fn: (s: ScenarioJson) => ScenarioJson) => {
      const next = fn(latest.current);
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const parseError = useCallback((path: string, message: string | null) => {
    const m = parseErrors.current;
    const had = m.size;
    if (message) m.set(path, message);
    else m.delete(path);
    if (m.size !== had) reportCount.current?.(m.size);
  }, []);

  const builder: Builder = useMemo(
    () => ({ scenario, set, update, problems, parseError, catalog }),
    [scenario, set, update, problems, parseError, catalog],
  );

  // Problems no rendered field claims are listed at the top; fields with problems inside closed
  // sections get their section opened.
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const paths = Array.from(el.querySelectorAll<HTMLElement>('[data-path]')).map((n) => n.dataset.path!);
    const exact = new Set(
      Array.from(el.querySelectorAll<HTMLElement>('[data-path-exact]')).map((n) => n.dataset.pathExact!),
    );
    const rest = problems.filter((p) => {
      const { path } = splitProblem(p);
      return !exact.has(path) && !paths.some((f) => pathWithin(path, f));
    });
    setUnclaimed((old) => (old.length === rest.length && old.every((x, i) => x === rest[i]) ? old : rest));
    for (const bad of Array.from(el.querySelectorAll<HTMLElement>('.field-invalid'))) {
      for (let d = bad.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    }
  }, [problems, scenario]);

  // What the simulator makes of the scenario (profile sizes, parser defaults); its defaults while invalid.
  const resolved = useMemo(() => tryResolve(JSON.stringify(scenario)), [scenario]);
  const defaults = scenarioDefaults();
  const rttMs =
    2 *
    ((scenario.topology?.access?.delay_ms ?? defaults.topology.access!.delay_ms) +
      (scenario.topology?.bottleneck?.delay_ms ?? defaults.topology.bottleneck!.delay_ms));
  const packetBytes = (resolved ?? defaults).flows[0]?.data_packet_bytes ?? defaults.flows[0].data_packet_bytes;
  const graph = scenario.topology?.kind === 'graph';
  const graphNodes = graph ? nodesOf(scenario) : [];
  const nodeListId = `${useId()}-nodes`;
  const longNodeList = graphNodes.length > NODE_SELECT_MAX;
  const has = (s: Section) => sections.includes(s);

  return (
    <BuilderContext.Provider value={builder}>
      <ProblemWords.Provider value={plainKey}>
        <NodeListContext.Provider value={longNodeList ? nodeListId : null}>
          <div className="builder" ref={root}>
            {longNodeList && <NodeDatalist id={nodeListId} nodes={graphNodes} />}
            {unclaimed.length > 0 && (
              <div className="other-problems">
                <p className="other-problems-title">The scenario has problems:</p>
                <ProblemList problems={unclaimed} />
              </div>
            )}
            {has('file') && (
              <Part title="Presets and file" open id="file">
                <ScenarioFile onLoad={(s) => update(() => s)} fallback={fallback} validate={validate} />
              </Part>
            )}
            {has('topology') && (
              <Part
                title={
                  graph
                    ? `Topology (${nodesOf(scenario).length} nodes, ${linksOf(scenario).length} links)`
                    : 'Topology: dumbbell'
                }
                open={graph}
                id="topology"
              >
                {graph ? <GraphPanel packetBytes={packetBytes} /> : <DumbbellTopology />}
              </Part>
            )}
            {!graph && has('bottleneck') && (
              <Part title="Bottleneck link" open id="bottleneck">
                <LinkPanel base="topology.bottleneck" labelPrefix="" rttMs={rttMs} packetBytes={packetBytes} />
              </Part>
            )}
            {!graph && has('access') && (
              <Part title="Access link" id="access">
                <LinkPanel base="topology.access" labelPrefix="Access link " rttMs={rttMs} packetBytes={packetBytes} />
              </Part>
            )}
            {has('flows') && (
              <Part title={`Flows (${scenario.flows.length})`} open id="flows">
                <FlowList />
              </Part>
            )}
            {has('cross') && (
              <Part title={`Cross traffic (${scenario.cross_traffic?.length ?? 0})`} id="cross">
                <CrossTrafficList />
              </Part>
            )}
            {has('code') && (
              <Part title="Your code" open={scenario.code !== undefined} id="code">
                <CustomCodePanel />
              </Part>
            )}
            {has('run') && (
              <Part title="Run settings" open id="run">
                <RunSettings />
              </Part>
            )}
          </div>
        </NodeListContext.Provider>
      </ProblemWords.Provider>
    </BuilderContext.Provider>
  );
});
