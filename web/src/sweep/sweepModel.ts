/**
 * The Sweep view's own part: what the form says. Everything a sweep *means* — its points (the
 * cartesian product, first path slowest), the seed of each replication, the rows of each point,
 * the measured values, the mean and 95 % Student-t interval and the CSV — is the simulator's
 * (sim-core `sweep/`, through `SweepModel` in sim/pageCore.ts and the pool's `worker/sweepJobs.ts`), so the
 * browser's file equals `losslab sweep`'s by construction.
 *
 * Here: the metrics' order (UI hints keyed by the simulator's metric ids; a metric the simulator
 * adds appears after these), the values typed in the form, and the sweep
 * document (docs/design.md §D4) the form describes.
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

/** The sweep file (docs/design.md §D4) of a form: the simulator validates and plans it. */
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
  return piecesOf(text).pieces.map((p) => p.text);
}

/** One value as typed and where it starts in the text. */
interface Piece {
  text: string;
  at: number;
}

/**
 * The values of `text` with their offsets, split at the commas, semicolons and newlines outside
 * brackets and JSON strings; `open`: the offset of a bracket or a quote never closed (else null),
 * `stray`: that of a closing bracket with nothing open (else null).
 */
function piecesOf(text: string): { pieces: Piece[]; open: number | null; stray: number | null } {
  const pieces: Piece[] = [];
  const opened: number[] = [];
  let quoted: number | null = null;
  let stray: number | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted !== null) {
      if (c === '\\') i++;
      else if (c === '"') quoted = null;
    } else if (c === '"') quoted = i;
    else if (c === '[' || c === '{') opened.push(i);
    else if (c === ']' || c === '}') {
      if (opened.length > 0) opened.pop();
      else stray ??= i;
    } else if (opened.length === 0 && (c === ',' || c === ';' || c === '\n')) {
      pieces.push({ text: text.slice(from, i), at: from });
      from = i + 1;
    }
  }
  pieces.push({ text: text.slice(from), at: from });
  return { pieces, open: quoted ?? opened[0] ?? null, stray };
}

/** `line 3, column 5` of an offset into `text`. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/**
 * What is wrong with a list of values as typed, in words (`value 2 is not valid JSON: Expected
 * ',' or '}' after property value, at line 3, column 12`): a JSON value (an object, a list, a
 * quoted string) that does not parse, a bracket or quote never closed, a stray closing bracket.
 * Plain numbers and ids are never wrong here (the simulator judges them). Empty: nothing wrong.
 */
export function valueProblems(text: string): string[] {
  const { pieces, open, stray } = piecesOf(text);
  const out: string[] = [];
  const values = pieces.filter((p) => p.text.trim() !== '');
  const numberOf = (offset: number) => values.filter((p) => p.at <= offset).length || 1;
  if (open !== null)
    out.push(
      `value ${numberOf(open)}: the ${text[open] === '"' ? 'quote' : `“${text[open]}”`} at ${lineColumn(text, open)} is never closed`,
    );
  if (stray !== null)
    out.push(`value ${numberOf(stray)}: the “${text[stray]}” at ${lineColumn(text, stray)} closes nothing`);
  if (open !== null || stray !== null) return out;
  values.forEach((p, i) => {
    const t = p.text.trim();
    if (!/^["[{]/.test(t)) return;
    try {
      JSON.parse(t);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const lead = p.at + p.text.indexOf(t);
      const pos = /at position (\d+)/.exec(message);
      const reason = message
        .replace(/ in JSON at position \d+.*$/, '')
        .replace(/, ".*" is not valid JSON$/s, '')
        .replace(/^Unexpected end of JSON input$/, 'it ends too early');
      out.push(
        `value ${i + 1} is not valid JSON: ${reason}${pos ? `, at ${lineColumn(text, lead + Number(pos[1]))}` : ''}`,
      );
    }
  });
  return out;
}

/** True when some value of `text` is an object or a list (typed as JSON). */
export function hasJsonValues(text: string): boolean {
  return piecesOf(text).pieces.some((p) => /^\s*[[{]/.test(p.text));
}

/** The values one per line, objects and lists laid out over lines (parsed back by {@link parseValues}). */
export function valuesLaidOut(values: readonly unknown[]): string {
  return values
    .map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v, null, 2) : valuesText([v])))
    .join(',\n');
}

/** A list of values as the form shows it (the inverse of {@link parseValues}). */
export function valuesText(values: readonly unknown[]): string {
  return values
    .map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? formatEng(v) : JSON.stringify(v)))
    .join(', ');
}
