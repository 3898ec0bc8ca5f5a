/**
 * Two runs on one set of axes (Compare's overlay, the view a teacher projects): congestion window,
 * throughput and queue, A solid and B dashed, a flow and its counterpart in one colour; each with
 * its one-line caption (`chartCaptions`).
 */
import { useMemo } from 'react';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { useThrottledRevision } from '../charts/useThrottledRevision';
import { decimateWindow } from '../sim/series';
import type { SimSnapshot } from '../sim/simController';
import { overlayLines } from './overlayLines';
import { OVERLAY_PANELS, panelEntry, type OverlayPanel } from '../session/panels';
import { CWND_CAPTION, QUEUE_CAPTION, THROUGHPUT_NOTE, throughputCaption, throughputWindowMs } from './chartCaptions';

export interface OverlayChartsProps {
  a: SimSnapshot;
  b: SimSnapshot;
  flowIdsA: readonly string[];
  flowIdsB: readonly string[];
  /** Right end of the time axis, s. */
  stopS: number;
  panels?: readonly OverlayPanel[];
  yDomains?: Partial<Record<OverlayPanel, [number, number]>>;
  height?: number;
  fileBase?: string;
}

const TITLES: Record<OverlayPanel, { yLabel: string; note: string }> = {
  cwnd: { yLabel: 'cwnd (kB)', note: 'Solid: A · dashed: B (same colour: the same flow).' },
  throughput: {
    yLabel: 'throughput (kbit/s)',
    note: `${THROUGHPUT_NOTE} Solid: A · dashed: B.`,
  },
  queue: { yLabel: 'queue (packets)', note: 'Packets waiting per forward link. Solid: A · dashed: B.' },
};

export function OverlayCharts({
  a,
  b,
  flowIdsA,
  flowIdsB,
  stopS,
  panels = OVERLAY_PANELS,
  yDomains = {},
  height = 260,
  fileBase = 'compare-overlay',
}: OverlayChartsProps) {
  const revision = useThrottledRevision(a.revision + b.revision, `${a.runId}:${a.status}:${b.runId}:${b.status}`);
  const keyA = flowIdsA.join('\u0000');
  const keyB = flowIdsB.join('\u0000');
  const overlay = useMemo(
    () =>
      overlayLines(
        { name: 'A', store: a.series, flowIds: flowIdsA },
        { name: 'B', store: b.series, flowIds: flowIdsB },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys stand for the flow id arrays (a new array of the same ids must not rebuild the lines)
    [a.series, b.series, keyA, keyB],
  );
  const windowA = useMemo(() => throughputWindowMs(a.scenarioJson), [a.scenarioJson]);
  const windowB = useMemo(() => throughputWindowMs(b.scenarioJson), [b.scenarioJson]);
  const captions: Record<OverlayPanel, string> = {
    cwnd: CWND_CAPTION,
    throughput: throughputCaption([windowA, windowB]),
    queue: QUEUE_CAPTION,
  };
  return (
    <div className="charts">
      {panels.map((p) => (
        <TimeSeriesChart
          key={p}
          title={`${panelEntry(p).label} (A and B)`}
          yLabel={TITLES[p].yLabel}
          lines={overlay.lines[p]}
          yDomain={yDomains[p]}
          xMaxS={stopS}
          revision={revision}
          reduce={decimateWindow}
          height={height}
          caption={captions[p]}
          note={TITLES[p].note}
          fileName={`${fileBase}-${p}`}
          figureProps={{ 'data-view': 'overlay' }}
        />
      ))}
    </div>
  );
}
