/**
 * The Sweep view's own part: what the form says. Everything a sweep *means* — its points (the
 * cartesian product, first path slowest), the seed of each replication, the rows of each point,
 * the measured values, the mean and 95 % Student-t interval and the CSV — is the simulator's
 * (sim-core `sweep/`, through `SweepModel` in sim/pageCore.ts and the worker's `runJob`), so the
 * browser's file equals `losslab sweep`'s by construction.
 *
 * Here: the metrics' labels and order (UI hints keyed by the simulator's metric ids; a metric the
 * simulator adds appears after these, under its id), the values typed in the form, and the sweep
 * document (DESIGN §4) the form describes.
 */
import { sweepMetrics } from '../sim/pageCore';
import type { ScenarioJson } from '../scenario/types';

/** Labels of the metrics, in the order the form lists them. */
export const METRIC_LABELS: Record<string, string> = {
  throughput_kbps: 'Throughput (kbit/s)',
  goodput_kbps: 'Goodput (kbit/s)',
  bytes_delivered: 'Delivered (bytes)',
  completion_s: 'Completion (s)',
  segments_sent: 'Segments sent',
  retransmissions: 'Retransmissions',
  fast_retransmits: 'Fast retransmits',
  timeouts: 'Timeouts',
  losses_queue: 'Queue losses',
  losses_corruption: 'Corruption losses',
  losses_other: 'Other losses',
  verdicts_congestion: 'Verdicts C',
  verdicts_wireless: 'Verdicts W',
  accuracy_congestion: 'Ac',
  accuracy_wireless: 'Aw',
  spurious_retransmissions: 'Needless retransmissions',
  jain_index: 'Jain index',
  end_s: 'End (s)',
  events: 'Events',
  aggregate_throughput_kbps: 'All flows’ throughput (kbit/s)',
  aggregate_goodput_kbps: 'All flows’ goodput (kbit/s)',
};

let metrics: string[] | null = null;

/** Every metric the simulator's sweeps report, labelled ones first in the form's order. */
export function allMetrics(): string[] {
  if (!metrics) {
    const known = Object.keys(METRIC_LABELS);
    const core = sweepMetrics();
    metrics = [...known.filter((m) => core.includes(m)), ...core.filter((m) => !known.includes(m))];
  }
  return metrics;
}

export interface Vary {
  path: string;
  values: unknown[];
}

/** The sweep file (DESIGN §4) of a form: the simulator validates and plans it. */
export function sweepDocument(spec: {
  base: ScenarioJson;
  vary: Vary[];
  replications: number;
  metrics: string[];
}): string {
  return JSON.stringify({
    schema: 1,
    base: spec.base,
    vary: spec.vary,
    replications: spec.replications,
    metrics: spec.metrics,
  });
}

/**
 * Parses a list of values typed by the user: `0, 1e-6, 1e-5` → numbers; `reno, cubic` → strings;
 * JSON literals (`true`, `null`, `"x"`) as JSON.
 */
export function parseValues(text: string): unknown[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return Number(s);
      if (
        s === 'true' ||
        s === 'false' ||
        s === 'null' ||
        s.startsWith('"') ||
        s.startsWith('[') ||
        s.startsWith('{')
      ) {
        try {
          return JSON.parse(s);
        } catch {
          return s;
        }
      }
      return s;
    });
}
