/**
 * What a time-series chart draws: its lines (one series of samples each, with a colour, a legend
 * group and how it counts for the y range) and its event marks (a drop, a timeout), and the
 * look-ups on a line's samples the chart's parts share.
 */
import type { SeriesView } from '../lib/seriesView';

export interface ChartLine {
  /** Stable React key. */
  key: string;
  /** `data-series` of the path, e.g. `cwnd`. */
  series: string;
  /** `data-flow` of the path (flow id), when the line belongs to a flow. */
  flow?: string;
  /** `data-entity` of the path (link id, `all`, …), when it belongs to something else. */
  entity?: string;
  /** Highlight group (flow or entity id); defaults to flow ?? entity ?? key. */
  group?: string;
  /** Legend and read-out text. */
  label: string;
  color: string;
  dashed?: boolean;
  /** Stroke width (default 1.8). */
  width?: number;
  data: SeriesView | undefined;
  /** Multiplier from sample value to plotted value (e.g. 1/1000 for bytes → kB). */
  scale?: number;
  /** Whether this line sets the y range (false: clipped to the others' range). Default true. */
  fitY?: boolean;
  /** Whether the line gets a legend entry (lines of one group share one). Default true. */
  legend?: boolean;
  /** A secondary line (ssthresh): with many lines only the highlighted group's is drawn. */
  secondary?: boolean;
  /** Drawn as the shaded area between `data` and this series (a band: min to max across flows). */
  areaTo?: SeriesView;
  /** A hidden secondary line the pointer can reveal: hovering the plot draws the nearest one. */
  pick?: boolean;
}

/** A discrete event drawn on the top rail (a drop, a timeout, …). */
export interface ChartMarker {
  tMs: number;
  color: string;
  /** `data-cause` (true cause of a drop). */
  cause: string;
  flow?: string;
  entity?: string;
}

/** The line's highlight group: its group, else its flow, entity or key. */
export function groupOf(l: ChartLine): string {
  return l.group ?? l.flow ?? l.entity ?? l.key;
}

/** Above this many lines, a chart draws secondary lines only for the highlighted or hovered group. */
export const MANY_LINES = 24;

/** The lines a chart draws whatever is highlighted or hovered (`MANY_LINES`). */
export function drawnAlways(lines: readonly ChartLine[]): readonly ChartLine[] {
  return lines.length > MANY_LINES ? lines.filter((l) => !l.secondary) : lines;
}

/** Index of the last sample at or before `t`, or −1. */
export function lastAtOrBefore(d: SeriesView, t: number): number {
  let lo = 0;
  let hi = d.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (d.t[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The group of the pickable line whose value at time `tMs` is nearest `value` (in plotted units),
 * or null when there is none.
 */
export function nearestPick(lines: readonly ChartLine[], tMs: number, value: number): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (!l.pick || !l.data || l.data.length === 0) continue;
    const i = lastAtOrBefore(l.data, tMs);
    if (i < 0) continue;
    const d = Math.abs(l.data.v[i] * (l.scale ?? 1) - value);
    if (d < bestD) {
      bestD = d;
      best = groupOf(l);
    }
  }
  return best;
}
