/**
 * A lesson's class challenge (content/lessons/FORMAT.md, "challenge"): the sweep it names
 * (content/sweeps/, the file `losslab sweep --scoreboard` runs) made ready for the page, and the
 * words of its scoreboard.
 *
 * The page's sweeps take a scenario object as their base, so the preset the file names is put in.
 * When the reader has written a classifier, the scoreboard's `by` path — the first `vary` entry —
 * gets one more value, `custom`, and the base carries the code (`code.classifier`). Being the last
 * value of the slowest axis, the reader's points come after every built-in one: the built-in
 * points keep their numbers, their scenarios and so their results, and the aggregate CSV's rows
 * for them are the CLI's bytes. The scoreboard itself is computed by the simulator
 * (`SweepModel.scoreboard`, sim-core `sweep/scoreboard.rs`).
 */
import { PRESETS } from '../scenario/presets';
import type { SweepPlan } from '../sim/pageCore';

/** The id under which the reader's code runs (sim-model `tcp::custom::ID`). */
export const CUSTOM = 'custom';

const files = import.meta.glob('../../../content/sweeps/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The challenge's sweep file with its base scenario put in, or why it cannot run. */
export function challengeFile(id: string): Obj | string {
  const file = Object.entries(files).find(([path]) => path.endsWith(`/${id}.json`))?.[1];
  if (!isObj(file)) return `no sweep "${id}" in content/sweeps`;
  const board = file.scoreboard;
  const vary = Array.isArray(file.vary) ? file.vary : [];
  const first = vary[0];
  if (!isObj(board) || !isObj(first) || board.by !== first.path || !Array.isArray(first.values))
    return `the sweep "${id}" has no scoreboard ranking its first varied path`;
  let base = file.base;
  if (typeof base === 'string') base = PRESETS.find((p) => p.id === base)?.scenario;
  if (!isObj(base)) return `the base scenario of "${id}" is not a preset here`;
  return { ...file, base };
}

/**
 * The sweep to run (JSON text): the file as it is, or with the reader's classifier as one more
 * value of the ranked path and its code in the base.
 */
export function challengeSweepJson(file: Obj, code: string | null): string {
  if (code === null) return JSON.stringify(file);
  const [first, ...rest] = file.vary as Obj[];
  const base = file.base as Obj;
  const others = isObj(base.code) ? base.code : {};
  return JSON.stringify({
    ...file,
    base: { ...base, code: { ...others, classifier: code } },
    vary: [{ ...first, values: [...(first.values as unknown[]), CUSTOM] }, ...rest],
  });
}

/**
 * The finished built-in points of a run, by point index (all their replications' flat values),
 * to be reused by the next run: the reader's points are left out, so only they run again.
 */
export function builtinResults(plan: SweepPlan, flat: (pos: number) => Float64Array | null): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>();
  plan.points.forEach((p, pos) => {
    if (p.values[0] === CUSTOM) return;
    const v = flat(pos);
    if (v) out.set(p.index, v.slice());
  });
  return out;
}

/** Words and display of a scoreboard column, from its metric (the row name's last part). */
export interface ColumnWords {
  label: string;
  /** The value as shown (the CSV keeps every digit). */
  show(x: number): string;
}

const percent = (x: number) => `${Math.round(x * 100)} %`;

const COLUMN_WORDS: Record<string, ColumnWords> = {
  accuracy_congestion: { label: 'Congestion losses called congestion', show: percent },
  accuracy_wireless: { label: 'Wireless losses called wireless', show: percent },
  throughput_kbps: { label: 'Throughput of the judged downloads (kbit/s)', show: (x) => Math.round(x).toString() },
  jain_index: { label: 'Fairness on the router link (Jain’s index, 1 = equal shares)', show: (x) => x.toFixed(2) },
};

/** The words of column `row` (a row name such as `judged.accuracy_wireless`). */
export function columnWords(row: string): ColumnWords {
  const metric = row.slice(row.lastIndexOf('.') + 1);
  return COLUMN_WORDS[metric] ?? { label: row, show: (x) => x.toPrecision(3) };
}

/** The score's words: the mean of the two accuracies. */
export const SCORE_WORDS: ColumnWords = { label: 'Score: both accuracies’ mean', show: percent };

/** "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
