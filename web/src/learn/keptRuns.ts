/**
 * The runs a lesson figure keeps (up to four), each named by its setting in words ("buffer
 * 5 packets", "Plain TCP · 10 % of packets"): a finished run is kept with its series; running the
 * same setting again replaces its earlier run, and a fifth setting pushes out the oldest. Their
 * lines on one set of axes: one colour per run, the newest solid and wide, older ones thinner and
 * dashed (faded), one legend entry per run.
 */
import type { ChartLine } from '../charts/TimeSeriesChart';
import { flowColor } from '../lib/colors';
import { runLines } from '../run/chartModel';
import type { SeriesStore } from '../sim/series';
import { labelInProse, valueText } from './figureScenario';
import type { FigureControl, Json } from './lessonModel';

export const MAX_KEPT = 4;

export interface KeptRun {
  /** The setting in words: the run's name. */
  name: string;
  values: readonly Json[];
  store: SeriesStore;
  flowIds: readonly string[];
  /** The run's number on the figure (its colour stays with it). */
  serial: number;
}

/** A value in a few words: its label up to a colon ("Plain TCP: treat it …" → "Plain TCP"). */
function shortValue(c: FigureControl, v: Json): string {
  const t = valueText(c, v);
  const head = t.split(':')[0].trim();
  if (c.value_labels) return head;
  // A bare number: say which control it is ("router buffer 5 packets").
  return `${labelInProse(c.label)} ${head}`;
}

/** The setting of a run in words: every control's value, joined by " · ". */
export function settingName(controls: readonly FigureControl[], values: readonly Json[]): string {
  if (controls.length === 0) return 'the run';
  return controls.map((c, i) => shortValue(c, values[i] ?? c.value)).join(' · ');
}

/** `kept` with `run` added: same setting replaced, at most MAX_KEPT (oldest out). */
export function keepRun(kept: readonly KeptRun[], run: KeptRun): KeptRun[] {
  const others = kept.filter((k) => k.name !== run.name);
  return [...others, run].slice(-MAX_KEPT);
}

/** The kept runs' lines of one chart: throughput per flow, or the congestion window per flow. */
export function keptLines(
  kept: readonly KeptRun[],
  panel: 'throughput' | 'cwnd',
  flowNames: Readonly<Record<string, string>> | undefined,
): ChartLine[] {
  const out: ChartLine[] = [];
  kept.forEach((k, i) => {
    const newest = i === kept.length - 1;
    const lines = runLines(k.store, k.flowIds)[panel].filter((l) => l.series === panel);
    lines.forEach((l, j) => {
      const flow = l.flow ? (flowNames?.[l.flow] ?? l.flow) : '';
      out.push({
        ...l,
        key: `run${k.serial}-${l.key}`,
        label: lines.length > 1 ? `${k.name} · ${flow}` : k.name,
        entity: `run${k.serial}`,
        group: `run${k.serial}`,
        color: flowColor(k.serial),
        dashed: !newest,
        width: newest ? 2.2 : 1.2,
        legend: j === 0,
        ...(j === 0 && lines.length > 1 ? { label: k.name } : {}),
      });
    });
  });
  return out;
}
