/**
 * The Sweep view's own part: what the form says. Everything a sweep *means* — its points (the
 * cartesian product, first path slowest), the seed of each replication, the rows of each point,
 * the measured values, the mean and 95 % Student-t interval and the CSV — is the simulator's
 * (sim-core `sweep/`, through `SweepModel` in sim/pageCore.ts and the pool's `worker/sweepJobs.ts`), so the
 * browser's file equals `losslab sweep`'s by construction.
 *
 * Here: the metrics' order (UI hints keyed by the simulator's metric ids; a metric the simulator
 * adds appears after these), the values typed in the form, and the sweep
 * document (DESIGN §4) the form describes.
 */
import { formatEng } from '../lib/numberFormat';
import { sweepMetrics } from '../sim/pageCore';
import type { ScenarioJson } from '../scenario/types';

/** The metrics in the order the form lists them (their words: `sweepWords.ts`). */
export const METRIC_ORDER: readonly string[] = [
  'throughput_kbps',
  'goodput_kbps',
  'bytes_delivered',
  'completion_s',
  'segments_sent',
  'retransmissions',
  'fast_retransmits',
  'timeouts',
  'losses_queue',
  'losses_corruption',
  'losses_other',
  'verdicts_congestion',
  'verdicts_wireless',
  'accuracy_congestion',
  'accuracy_wireless',
  'spurious_retransmissions',
  'jain_index',
  'end_s',
  'events',
  'aggregate_throughput_kbps',
  'aggregate_goodput_kbps',
];

let metrics: string[] | null = null;

/** Every metric the simulator's sweeps report, labelled ones first in the form's order. */
export function allMetrics(): string[] {
  if (!metrics) {
    const known = METRIC_ORDER;
    const core = sweepMetrics();
    metrics = [...known.filter((m) => core.includes(m)), ...core.filter((m) => !known.includes(m))];
  }
  return metrics;
}

/** One `vary` entry: a plain path, or a zipped axis (several paths set together). */
export type Vary = { path: string; values: unknown[] } | { label: string; zip: { path: string; values: unknown[] }[] };

/** The sweep file (DESIGN §4) of a form: the simulator validates and plans it. */
export function sweepDocument(spec: {
  base: ScenarioJson;
  vary: Vary[];
  replications: number;
  metrics: string[];
  /** The file's other settings (`flows`, `groups`, `window`), as they are. */
  extra?: Record<string, unknown>;
}): string {
  return JSON.stringify({
    ...spec.extra,
    schema: 1,
    base: spec.base,
    vary: spec.vary,
    replications: spec.replications,
    metrics: spec.metrics,
  });
}

/**
 * Parses a list of values typed by the user: `0, 1e-6, 1e-5` → numbers; `reno, cubic` → strings;
 * JSON literals (`true`, `null`, `"x"`, objects and lists, whose own commas do not split) as JSON.
 */
export function parseValues(text: string): unknown[] {
  return splitTop(text)
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

/** `text` split at the commas, semicolons and newlines outside brackets and JSON strings. */
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && depth > 0) depth--;
    else if (depth === 0 && (c === ',' || c === ';' || c === '\n')) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** A list of values as the form shows it (the inverse of {@link parseValues}). */
export function valuesText(values: readonly unknown[]): string {
  return values
    .map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? formatEng(v) : JSON.stringify(v)))
    .join(', ');
}
