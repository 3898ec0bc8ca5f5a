/**
 * The linked charts of one run (Lab, Compare, Embed): congestion window (+ ssthresh), throughput (+ aggregate),
 * queue occupancy with drop markers, fairness (Jain index and each flow's share) and classifier
 * accuracy, and the packet view (`packets/PacketView`), each with a one-line caption (`chartCaptions`) and a "What am I looking at?" disclosure
 * (`ChartExplain`, off in lessons and embeds). Which panels show is a prop (the embed
 * view picks them from its URL).
 */
import { Fragment, memo, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useContainerWidth } from '../charts/useContainerWidth';
import { useZoomDetail } from '../sim/useZoomDetail';
import { useThrottledRevision } from '../charts/useThrottledRevision';
import { FlowNames } from '../charts/flowNames';
import { flowNamesOf } from '../scenario/flowNames';
import { ClassifierChart } from '../charts/ClassifierChart';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { PANELS, panelEntry, type Panel } from '../session/panels';
import { titleOf, type Catalog } from '../scenario/catalog';
import { windowed } from '../sim/series';
import { incrementalReducer } from '../charts/incrementalReduce';
import type { SimSnapshot } from '../sim/simController';
import { TimeSequenceChart } from '../charts/TimeSequenceChart';
import { useChartSync } from '../charts/ChartSync';
import { flowColor } from '../lib/colors';
import type { ClassifierFlow } from '../charts/ClassifierChart';
import {
  causeColor,
  classifierFlows,
  DROP_CAUSES,
  dropMarkers,
  flowJudgements,
  namedLines,
  runLines,
  traceFlowId,
  wholeRunJainLine,
} from './chartModel';
import {
  CLASSIFIER_CAPTION,
  CWND_CAPTION,
  FAIRNESS_CAPTION,
  QUEUE_CAPTION,
  SEQUENCE_CAPTION,
  THROUGHPUT_NOTE,
  throughputCaption,
  throughputWindowMs,
  windowText,
} from './chartCaptions';
import { ChartExplain } from './ChartExplain';
import { PacketView } from '../packets/PacketView';

export interface RunChartsProps {
  state: SimSnapshot;
  flowIds: readonly string[];
  stopS: number;
  catalog: Catalog;
  panels?: readonly Panel[];
  figureProps?: Record<`data-${string}`, string | number | undefined>;
  /** Chart height in px. */
  height?: number;
  /** File-name prefix for saved charts. */
  fileBase?: string;
  /** Appended to every chart title (Compare: " (A)"). */
  titleSuffix?: string;
  /** Fixed y ranges (Compare: one scale for both sides). */
  yDomains?: Partial<Record<'cwnd' | 'throughput' | 'queue', [number, number]>>;
  /** "What am I looking at?" under each chart, linked to a lesson (default on; off in lessons and embeds). */
  explain?: boolean;
  /** Flow id → the name a lesson's prose uses ("plain flow 1"), for legends. */
  flowLabels?: Readonly<Record<string, string>>;
}

export function RunCharts(props: RunChartsProps) {
  // Draw at a pace the machine keeps up with (every frame for a few flows, less often for many).
  const { state } = props;
  const revision = useThrottledRevision(state.revision, `${state.runId}:${state.status}`);
  // The snapshot as of the drawn revision (and the latest summary for the classifier panel).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the snapshot is frozen at the drawn (throttled) revision: changes between drawn revisions are deliberately not drawn
  const frozen = useMemo(() => state, [revision, state.runId, state.status, state.summary, state.series]);
  return <RunChartsAt {...props} state={frozen} revision={revision} />;
}

const RunChartsAt = memo(function RunChartsAt({
  state,
  flowIds,
  stopS,
  catalog,
  panels = PANELS,
  figureProps,
  height = 230,
  fileBase = 'losslab',
  titleSuffix = '',
  yDomains = {},
  explain = true,
  flowLabels,
  revision,
}: RunChartsProps & { revision: number }) {
  const held = state.series;
  // Zoomed into a window the held (downsampled) series cannot resolve: its every sample, re-simulated.
  const sync = useChartSync();
  const box = useContainerWidth(960);
  const detail = useZoomDetail(state, sync.domain, box.value);
  const source = useId();
  const { setDetail } = sync;
  useEffect(() => {
    setDetail(source, detail.status === 'off' ? null : { status: detail.status, text: detail.note });
  }, [setDetail, source, detail.status, detail.note]);
  useEffect(() => () => setDetail(source, null), [setDetail, source]);
  const store = detail.store ?? held;
  const flowKey = flowIds.join('\u0000');
  const windowMs = useMemo(() => throughputWindowMs(state.scenarioJson), [state.scenarioJson]);
  const lines = useMemo(
    () => namedLines(runLines(store, flowIds, windowMs), flowLabels),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flowKey stands for flowIds (a new array of the same ids must not rebuild the lines)
    [store, flowKey, windowMs, flowLabels],
  );
  const markers = useMemo(
    () => dropMarkers(store, state.trace, flowIds),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the store's contents (mutated in place); flowKey for flowIds
    [store, state.trace, revision, flowKey],
  );
  // The first cwnd line's points inside the window (`data-cwnd-window-points`, for the stories).
  const cwndData = lines.cwnd.find((l) => l.series === 'cwnd')?.data;
  const windowPoints = cwndData
    ? sync.domain
      ? windowed(cwndData, sync.domain[0], sync.domain[1]).length
      : cwndData.length
    : 0;
  const presentCauses = useMemo(() => {
    const seen = new Set(markers.map((m) => m.cause));
    return DROP_CAUSES.filter((c) => seen.has(c.cause));
  }, [markers]);
  // What the flows are (their names, the classifier panel's legend) does not change while a run
  // plays: read from the run's first summary with flows, not from each summary (a thousand flows
  // once a second redrew every legend). A new run starts without a summary.
  const flowsKey = `${state.runId}\u0001${flowKey}\u0001${state.summary?.flows.length ?? 0}`;
  const judged = useMemo(
    () => classifierFlows(state.summary, flowIds, (id) => titleOf(catalog, 'variants', id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flowsKey stands for the summary's flows (the same during a run) and flowIds
    [flowsKey, catalog],
  );
  // The judgements change with each summary; the panel reads those of the flows it shows.
  const summary = state.summary;
  const judge = useCallback((f: ClassifierFlow) => flowJudgements(summary, f), [summary]);
  const classifierTitle = useCallback((id: string) => titleOf(catalog, 'classifiers', id), [catalog]);
  const show = (p: Panel) => panels.includes(p);
  // Decimation that remembers finished pixel columns per series (a live run only appends).
  const reduce = useMemo(() => incrementalReducer(), []);
  const common = { xMaxS: stopS, revision: revision, reduce, figureProps, height };
  // Legends name each flow by its variant and classifier ("f1 · TCP NewReno + Checksum notification").
  // eslint-disable-next-line react-hooks/exhaustive-deps -- flowsKey stands for the summary's flows (see above)
  const names = useMemo(() => flowNamesOf(state.summary, catalog), [flowsKey, catalog]);
  // The whole-run index (each flow's average throughput over its run), once the summary has it.
  const wholeJain = (state.summary as { jain_index?: number | null } | null)?.jain_index;

  // Each panel of the table (session/panels.ts), drawn: the compiler holds this to the table.
  const render: Record<Panel, () => ReactNode> = {
    cwnd: () => (
      <div className="run-chart">
        <TimeSeriesChart
          title={`${panelEntry('cwnd').label}${titleSuffix}`}
          yDomain={yDomains.cwnd}
          yLabel="cwnd (kB)"
          lines={lines.cwnd}
          fileName={`${fileBase}-cwnd`}
          caption={CWND_CAPTION}
          legendExtra={<p className="legend-note">solid: cwnd · dashed: ssthresh</p>}
          {...common}
        />
        {explain && <ChartExplain panel="cwnd" />}
      </div>
    ),
    throughput: () => (
      <div className="run-chart">
        <TimeSeriesChart
          title={`${panelEntry('throughput').label}${titleSuffix}`}
          staggerMs={flowIds.length > 8 ? 12 : 0}
          yDomain={yDomains.throughput}
          yLabel="throughput (kbit/s)"
          lines={lines.throughput}
          fileName={`${fileBase}-throughput`}
          caption={throughputCaption([windowMs])}
          note={`${THROUGHPUT_NOTE}${
            lines.throughput.some((l) => l.areaTo)
              ? ' The shaded band spans all connections (lowest to highest), the thick line is their median; point at the plot to see one connection.'
              : flowIds.length > 1
                ? ' The thick line is the aggregate.'
                : ''
          }`}
          {...common}
        />
        {explain && <ChartExplain panel="throughput" />}
      </div>
    ),
    queue: () => (
      <div className="run-chart">
        <TimeSeriesChart
          title={`${panelEntry('queue').label}${titleSuffix}`}
          staggerMs={flowIds.length > 8 ? 24 : 0}
          yDomain={yDomains.queue}
          yLabel="queue (packets)"
          lines={lines.queue}
          markers={markers}
          markerLegend={presentCauses}
          fileName={`${fileBase}-queue`}
          caption={QUEUE_CAPTION}
          note={
            presentCauses.length > 0
              ? 'Packets waiting per link direction; triangles mark drops, coloured by their true cause.'
              : 'Packets waiting per link direction (dashed: reverse, ACK direction).'
          }
          {...common}
        />
        {explain && <ChartExplain panel="queue" />}
      </div>
    ),
    fairness: () => (
      <div className="run-chart">
        <TimeSeriesChart
          title={`${panelEntry('fairness').label}${titleSuffix}`}
          staggerMs={flowIds.length > 8 ? 36 : 0}
          yLabel="Jain index · share"
          lines={
            typeof wholeJain === 'number' && state.status === 'done' && flowIds.length > 1
              ? [...lines.fairness, wholeRunJainLine(wholeJain, stopS * 1000)]
              : lines.fairness
          }
          yDomain={[0, 1]}
          fileName={`${fileBase}-fairness`}
          caption={FAIRNESS_CAPTION}
          note={`Thick: Jain’s index of the flows’ throughputs in each ${windowMs ? windowText(windowMs) : 'throughput'} window (1 = perfectly fair). Thin: each flow’s share of the aggregate throughput.${
            typeof wholeJain === 'number' && state.status === 'done'
              ? ` Dashed: the whole run (each flow’s average throughput): ${wholeJain.toFixed(2)}.`
              : ''
          }`}
          {...common}
        />
        {explain && <ChartExplain panel="fairness" />}
      </div>
    ),
    sequence: () =>
      state.trace.length > 0 && (
        <div className="run-chart">
          <SequencePanel state={state} flowIds={flowIds} stopS={stopS} revision={revision} />
          {explain && <ChartExplain panel="sequence" />}
        </div>
      ),
    classifier: () => (
      <div className="run-chart">
        <ClassifierChart
          title={`${panelEntry('classifier').label}${titleSuffix}`}
          flows={judged}
          judge={judge}
          classifierTitle={classifierTitle}
          caption={CLASSIFIER_CAPTION}
          figureProps={figureProps}
        />
        {explain && <ChartExplain panel="classifier" />}
      </div>
    ),
    packets: () => (
      <div className="run-chart">
        <PacketView scenarioJson={state.scenarioJson} classifierTitle={classifierTitle} titleSuffix={titleSuffix} />
      </div>
    ),
  };

  return (
    <FlowNames.Provider value={names}>
      <div
        className="charts"
        ref={box.ref}
        data-detail={detail.status}
        data-cwnd-window-points={windowPoints}
        data-detail-ms={detail.wallMs}
      >
        {PANELS.filter(show).map((p) => (
          <Fragment key={p}>{render[p]()}</Fragment>
        ))}
      </div>
    </FlowNames.Provider>
  );
});

/** The time–sequence diagram of one flow: the highlighted one, or one picked in its own select. */
function SequencePanel({
  state,
  flowIds,
  stopS,
  revision,
}: {
  state: SimSnapshot;
  flowIds: readonly string[];
  stopS: number;
  revision: number;
}) {
  const sync = useChartSync();
  const [picked, setPicked] = useState<string | null>(null);
  const flow =
    sync.highlight && flowIds.includes(sync.highlight)
      ? sync.highlight
      : picked && flowIds.includes(picked)
        ? picked
        : flowIds[0];
  const index = flowIds.indexOf(flow);
  const events = useMemo(
    () =>
      state.trace
        .filter((e) => traceFlowId(e.flow, flowIds) === flow)
        .map((e) => ({ tMs: e.t_ms, kind: e.kind, seq: e.seq, cause: e.cause, verdict: e.verdict })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- state.trace is appended in place: its length and the revision stand for its contents
    [state.trace, state.trace.length, revision, flow, flowIds],
  );
  return (
    <TimeSequenceChart
      flows={flowIds}
      flow={flow}
      onFlow={(f) => {
        setPicked(f);
        if (sync.highlight) sync.setHighlight(f);
      }}
      events={events}
      color={flowColor(index < 0 ? 0 : index)}
      xMaxS={stopS}
      causeColor={causeColor}
      revision={revision}
      caption={SEQUENCE_CAPTION}
    />
  );
}
