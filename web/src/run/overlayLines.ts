/**
 * The lines of two runs on one set of axes (Compare's overlay): A solid, B dashed, flows coloured by
 * their position so a flow and its counterpart share a colour. Labels say the side ("A · tcp").
 */
import type { ChartLine } from '../charts/TimeSeriesChart';
import type { SeriesStore } from '../sim/series';
import { runLines, type RunLines } from './chartModel';
import type { OverlayPanel } from '../session/panels';

export type { OverlayPanel };

export interface OverlaySide {
  /** "A" or "B". */
  name: string;
  store: SeriesStore | null;
  flowIds: readonly string[];
}

export interface OverlayLines {
  lines: Record<OverlayPanel, ChartLine[]>;
  /** Both sides' run lines. */
  runs: RunLines[];
}

/** One side's line as drawn in the overlay: its side in key, label and group; B dashed. */
function onSide(l: ChartLine, side: string, dashed: boolean): ChartLine {
  return {
    ...l,
    key: `${side}-${l.key}`,
    label: `${side} · ${l.label}`,
    group: `${side}-${l.flow ?? l.entity ?? l.key}`,
    dashed,
  };
}

export function overlayLines(a: OverlaySide, b: OverlaySide): OverlayLines {
  const runs = [runLines(a.store, a.flowIds), runLines(b.store, b.flowIds)];
  const lines: Record<OverlayPanel, ChartLine[]> = { cwnd: [], throughput: [], queue: [] };
  [a, b].forEach((side, i) => {
    const r = runs[i];
    const dashed = i === 1;
    // ssthresh is dashed in the lab's chart: left out here, where dashes mean B.
    lines.cwnd.push(...r.cwnd.filter((l) => l.series === 'cwnd').map((l) => onSide(l, side.name, dashed)));
    lines.throughput.push(...r.throughput.map((l) => onSide(l, side.name, dashed)));
    // The forward queues only (the reverse, ACK direction is dashed in the lab's chart).
    lines.queue.push(...r.queue.filter((l) => !l.dashed).map((l) => onSide(l, side.name, dashed)));
  });
  return { lines, runs };
}
