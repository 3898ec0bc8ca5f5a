/**
 * A validator problem (`"<json path>: <message>"`, the simulator's and the CLI's wording) in the
 * terms of the form: the field's label, its range converted to the unit the field shows (a rate
 * typed in Mbit/s gets its range in Mbit/s), plain words for JSON keys. The raw problem stays
 * available for a details line.
 */
import { format } from 'd3-format';

/** How a field shows its value: its label, unit and the conversion from the JSON value. */
export interface FieldTerms {
  label: string;
  unit?: string;
  /** JSON value → the number the field shows (default: as is). */
  toShown?(x: number): number;
}

export interface PlainProblem {
  /** The sentence people read. */
  text: string;
  /** The JSON path (empty when the problem has none). */
  path: string;
  /** The problem as the simulator words it (`path: message`). */
  raw: string;
}

/** `"path: message"` → path and message (a message without a path keeps `path` empty). */
export function splitPathMessage(problem: string): { path: string; message: string } {
  const i = problem.indexOf(': ');
  if (i < 0) return { path: '', message: problem };
  const path = problem.slice(0, i);
  // Only a JSON path counts as one (`flows[0].count`, `topology.links`), not prose before a colon.
  return /^[A-Za-z0-9_.[\]-]+$/.test(path) ? { path, message: problem.slice(i + 2) } : { path: '', message: problem };
}

const sig = format('.6~g');
const grouped = format(',~f');

/** A number for a sentence: grouped digits for large values, at most 6 significant digits. */
export function plainNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 1e4 && a < 1e15) return grouped(Number(x.toPrecision(6)));
  return sig(x);
}

/** The last key of a JSON path in words (`topology.bottleneck.rate_bps` → `Rate`). */
export function humanizeKey(path: string): string {
  const last =
    path
      .replace(/\[\d+\]$/, '')
      .split('.')
      .pop() ?? path;
  return (
    last
      .replace(/_(s|ms|pkts|bytes|bps|kbps)$/, '')
      .replace(/_/g, ' ')
      .replace(/^./, (c) => c.toUpperCase()) || path
  );
}

const NUM = '(-?[0-9][0-9.eE+-]*)';

/**
 * The problem in the field's terms: `Bandwidth must be between 0.000001 and 100,000 Mbit/s (you
 * entered 0)` for `topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got 0)`.
 * `words` names JSON keys met in the message (default: humanized).
 */
export function plainProblem(
  problem: string,
  terms?: FieldTerms,
  words: (key: string) => string = humanizeKey,
): PlainProblem {
  const { path, message } = splitPathMessage(problem);
  const label = terms?.label ?? (path ? words(path) : '');
  const conv = terms?.toShown ?? ((x: number) => x);
  const unit = terms?.unit ? ` ${terms.unit}` : '';
  const n = (s: string) => {
    const x = Number(s);
    return Number.isFinite(x) ? plainNumber(conv(x)) : s;
  };
  // A bound is in the field's unit only when the message is about the field's own value ("must be
  // at most 100"); "would record 90000000 series points (at most 50000000)" bounds a count.
  const ownValue = /^(must|is|should)\b/.test(message);
  let m = message
    .replace(new RegExp(`between ${NUM} and ${NUM}`), (_, a: string, b: string) => `between ${n(a)} and ${n(b)}${unit}`)
    .replace(
      new RegExp(`(at least|at most|above|below|more than|less than) ${NUM}(?![\\w.])`),
      (_, w: string, a: string) => (ownValue ? `${w} ${n(a)}${unit}` : `${w} ${plainNumber(Number(a))}`),
    )
    .replace(new RegExp(`\\(got ${NUM}\\)`), (_, a: string) => `(you entered ${n(a)})`)
    .replace(/\bnull\b/g, 'empty')
    .replace(/(?<![\w.[])\d{5,}(?![\w.\]])/g, (d) => (ownValue ? d : plainNumber(Number(d))));
  // JSON keys and paths in the message (`limit_pkts`, `stop.time_s`) by their names in the form.
  m = m.replace(/\b[a-z][a-z0-9]*(?:\[\d+\])?(?:[._][a-z0-9]+(?:\[\d+\])?)*_[a-z0-9]+\b/g, (k) => words(k));
  const text = !label
    ? cap(m)
    : /^(must|is|are|has|needs|cannot|can't|should)\b/.test(m)
      ? `${label} ${m}`
      : `${label}: ${m}`;
  return { text, path, raw: problem };
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());
