/**
 * The lab: four bottleneck knobs, Run / Pause / Reset, live cwnd and throughput charts and the
 * per-flow summary. Every edit is validated by the simulator's own validator (in the worker); a
 * valid edit made while a run is in progress restarts the run with the new value.
 */
import { useEffect, useMemo, useState } from 'react';
import { TimeSeriesChart, type ChartLine } from '../charts/TimeSeriesChart';
import { NumberField } from '../controls/NumberField';
import { flowColor } from '../lib/colors';
import { defaultScenario, type Scenario } from '../sim/defaultScenario';
import { AS_FAST_AS_POSSIBLE } from '../sim/protocol';
import { decimate, type SeriesStore } from '../sim/series';
import { useSimulation, type SimStatus } from '../sim/useSimulation';
import { applyFields, FIELDS, formatBer, initialFieldValues, routeProblems, type FieldValues } from './labFields';
import { SummaryTable } from './SummaryTable';

const BASE: Scenario = defaultScenario();

const SPEEDS: { label: string; value: number }[] = [
  { label: 'As fast as possible', value: AS_FAST_AS_POSSIBLE },
  { label: '10× real time', value: 10 },
  { label: 'Real time', value: 1 },
];

const STATUS_TEXT: Record<SimStatus, string> = {
  idle: 'Ready',
  loading: 'Starting',
  running: 'Running',
  paused: 'Paused',
  done: 'Finished',
  error: 'Error',
};

export function LabPage() {
  const { state, controller } = useSimulation();
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(BASE));
  const [speedIndex, setSpeedIndex] = useState(0);
  const [validation, setValidation] = useState<{ json: string; problems: string[] } | null>(null);

  const applied = useMemo(() => applyFields(BASE, values), [values]);
  const scenarioJson = useMemo(() => JSON.stringify(applied.scenario), [applied]);
  const hasParseErrors = Object.keys(applied.parseErrors).length > 0;

  // Validate every edit with the simulator's validator (answers for older edits are ignored).
  useEffect(() => {
    let current = true;
    controller.validate(scenarioJson).then((problems) => {
      if (current) setValidation({ json: scenarioJson, problems });
    });
    return () => {
      current = false;
    };
  }, [controller, scenarioJson]);

  const validated = validation !== null && validation.json === scenarioJson;
  const valid = validated && validation.problems.length === 0 && !hasParseErrors;
  const routed = useMemo(() => routeProblems(validation?.problems ?? []), [validation]);

  // A valid change while a run is in progress restarts the run with the new scenario.
  useEffect(() => {
    if (!valid) return;
    const s = controller.getSnapshot();
    const inProgress = s.status === 'running' || s.status === 'paused' || s.status === 'loading';
    if (inProgress && s.scenarioJson !== scenarioJson) controller.run(scenarioJson);
  }, [controller, valid, scenarioJson]);

  const running = state.status === 'running' || state.status === 'loading';
  const onRun = () => {
    if (state.status === 'paused' && state.scenarioJson === scenarioJson) controller.resume();
    else controller.run(scenarioJson);
  };

  const runScenario = useMemo<Scenario | null>(
    () => (state.scenarioJson ? (JSON.parse(state.scenarioJson) as Scenario) : null),
    [state.scenarioJson],
  );
  const shown = runScenario ?? applied.scenario;
  const stopS = state.stopMs > 0 ? state.stopMs / 1000 : shown.stop.time_s;
  const flowIds = useFlowIds(state.series, shown);
  const lines = useChartLines(state.series, flowIds);
  const ber = shown.topology.bottleneck.errors.ber;
  const progress = stopS > 0 ? Math.min(1, state.nowMs / 1000 / stopS) : 0;
  const chartAttrs = {
    'data-run-id': state.runId,
    'data-status': state.status,
    'data-ber': String(ber),
  };

  return (
    <div className="page">
      <header className="masthead">
        <h1>LossLab</h1>
        <p className="tagline">
          TCP over a lossy link, packet by packet. Standard TCP reads every corrupted packet as congestion and
          halves its window; turn up the bit error rate and watch throughput fall.
        </p>
      </header>

      <main className="lab">
        <section className="panel controls" aria-labelledby="controls-heading">
          <h2 id="controls-heading">Bottleneck link</h2>
          <p className="panel-note">
            One bulk {BASE.flows[0].tcp.cc === 'new_reno' ? 'NewReno' : BASE.flows[0].tcp.cc} flow through a
            drop-tail queue, {BASE.stop.time_s} s, seed {BASE.seed}.
          </p>
          <form
            className="fields"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid && !running) onRun();
            }}
          >
            {FIELDS.map((f) => (
              <NumberField
                key={f.key}
                name={f.key}
                label={f.label}
                unit={f.unit}
                hint={f.hint}
                value={values[f.key]}
                onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
                problems={
                  applied.parseErrors[f.key] ? [applied.parseErrors[f.key]!] : (routed.byField[f.key] ?? [])
                }
              />
            ))}
            <div className="field">
              <label htmlFor="speed">Speed</label>
              <select id="speed" value={speedIndex} onChange={(e) => {
                const i = Number(e.target.value);
                setSpeedIndex(i);
                controller.setSpeed(SPEEDS[i].value);
              }}>
                {SPEEDS.map((s, i) => (
                  <option key={s.label} value={i}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="buttons">
              <button type="submit" className="primary" disabled={!valid || running}>
                Run
              </button>
              <button type="button" onClick={() => controller.pause()} disabled={!running}>
                Pause
              </button>
              <button
                type="button"
                onClick={() => controller.reset()}
                disabled={state.status === 'idle' && !state.series}
              >
                Reset
              </button>
            </div>
          </form>
          {routed.other.length > 0 && (
            <div role="alert" className="field-error other-problems">
              {routed.other.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          )}
          {state.status === 'error' && state.error && (
            <div role="alert" className="run-error">
              <strong>The run stopped:</strong>
              <pre>{state.error}</pre>
            </div>
          )}
        </section>

        <section className="panel results" aria-labelledby="results-heading">
          <div className="results-head">
            <h2 id="results-heading">Live run</h2>
            <p className="run-status" data-testid="run-status" data-run-id={state.runId} data-status={state.status}>
              <span role="status" className={`badge badge-${state.status}`}>
                {STATUS_TEXT[state.status]}
              </span>
              {state.runId > 0 && state.status !== 'idle' && (
                <span className="run-params">
                  run {state.runId} · {formatRate(shown.topology.bottleneck.rate_bps)} ·{' '}
                  {shown.topology.bottleneck.delay_ms} ms · BER {formatBer(ber)} · buffer{' '}
                  {shown.topology.bottleneck.queue.limit_pkts} pkts
                </span>
              )}
            </p>
          </div>
          <div className="progress-row">
            <progress aria-label="Simulated time" max={1} value={progress} />
            <span className="progress-text" data-testid="sim-time">
              {(state.nowMs / 1000).toFixed(1)} s of {stopS} s simulated
            </span>
          </div>
          <TimeSeriesChart
            title="Congestion window"
            yLabel="cwnd (kB)"
            xMaxS={stopS}
            lines={lines.cwnd}
            revision={state.revision}
            reduce={decimate}
            figureProps={chartAttrs}
          />
          <TimeSeriesChart
            title="Throughput"
            yLabel="throughput (kbit/s)"
            xMaxS={stopS}
            lines={lines.throughput}
            revision={state.revision}
            reduce={decimate}
            figureProps={chartAttrs}
          />
          {state.summary && <SummaryTable summary={state.summary} />}
          {state.coreVersion && <p className="footnote">Simulator {state.coreVersion}</p>}
        </section>
      </main>
    </div>
  );
}

function formatRate(bps: number): string {
  if (bps >= 1e6) return `${+(bps / 1e6).toPrecision(4)} Mbit/s`;
  return `${+(bps / 1e3).toPrecision(4)} kbit/s`;
}

/** Flow ids to plot: from the run's series once known, else from the scenario. */
function useFlowIds(store: SeriesStore | null, scenario: Scenario): string[] {
  return useMemo(() => {
    if (store) return store.entitiesWith('cwnd_bytes');
    const ids: string[] = [];
    for (const f of scenario.flows) {
      if (f.count > 1) for (let i = 0; i < f.count; i++) ids.push(`${f.id}.${i}`);
      else ids.push(f.id);
    }
    return ids;
  }, [store, scenario]);
}

function useChartLines(store: SeriesStore | null, flowIds: string[]): { cwnd: ChartLine[]; throughput: ChartLine[] } {
  return useMemo(() => {
    const cwnd: ChartLine[] = [];
    const throughput: ChartLine[] = [];
    flowIds.forEach((flow, i) => {
      const color = flowColor(i);
      cwnd.push({
        key: `cwnd-${flow}`,
        series: 'cwnd',
        flow,
        label: `${flow} cwnd`,
        color,
        data: store?.get(flow, 'cwnd_bytes'),
        scale: 1 / 1000,
      });
      cwnd.push({
        key: `ssthresh-${flow}`,
        series: 'ssthresh',
        flow,
        label: `${flow} ssthresh`,
        color,
        dashed: true,
        data: store?.get(flow, 'ssthresh_bytes'),
        scale: 1 / 1000,
        fitY: false,
      });
      throughput.push({
        key: `throughput-${flow}`,
        series: 'throughput',
        flow,
        label: `${flow} throughput`,
        color,
        data: store?.get(flow, 'throughput_kbps'),
      });
    });
    return { cwnd, throughput };
  }, [store, flowIds]);
}
