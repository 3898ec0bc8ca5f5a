/**
 * A time-series chart in words, for readers who do not see it (WCAG 2.1 1.1.1 non-text content,
 * docs/accessibility.md): the chart's lines as a table at regular times (`chartTable`), and a short
 * sentence of the latest values a screen reader announces (`chartSummary`). Both read the lines'
 * own samples — the value at a time is the last sample at or before it, as the read-out shows it —
 * and format them as the read-out does (`readoutValue`: the axis' unit, rounded for display).
 */
import { formatChart } from '../lib/numberFormat';
import { readoutValue } from '../lib/readout';
import { drawnAlways, lastAtOrBefore, type ChartLine, type ChartMarker } from './chartLine';
import type { DataTable } from './ChartDataTable';

/** At most this many rows: a table to read, not a dump (the CSV export has every sample). */
export const MAX_TABLE_ROWS = 30;
/**
 * At most this many lines in a table at once: a chart with more offers them a page of this many at
 * a time, so every line it draws is named somewhere (its colours repeat after seven flows).
 */
export const MAX_TABLE_COLUMNS = 8;
const SUMMARY_LINES = 3;

/** Steps between rows, s: the first that keeps the table within `MAX_TABLE_ROWS`. */
const STEPS_S = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 86400];

export interface ChartTable {
  stepS: number;
  columns: { key: string; label: string }[];
  /** One row per time: the time in seconds (formatted) and one cell per column. */
  rows: { time: string; cells: string[] }[];
  /** The pages of lines, in words ("f0 to f7"), when there are more than one; the page shown. */
  pages: string[];
  page: number;
}

/**
 * The lines worth a column: those the chart draws (`drawnAlways`: with many connections the band
 * and median, not each connection) that have samples.
 */
export function tableLines(lines: readonly ChartLine[]): ChartLine[] {
  return drawnAlways(lines).filter((l) => l.data && l.data.length > 0);
}

/** `lines` cut into pages of `MAX_TABLE_COLUMNS`. */
function pagesOf(lines: readonly ChartLine[]): ChartLine[][] {
  const out: ChartLine[][] = [];
  for (let i = 0; i < lines.length; i += MAX_TABLE_COLUMNS) out.push(lines.slice(i, i + MAX_TABLE_COLUMNS));
  return out;
}

function valueAt(l: ChartLine, tMs: number, yLabel: string): string {
  const d = l.data!;
  const i = lastAtOrBefore(d, tMs);
  if (i < 0) return '—';
  const scale = l.scale ?? 1;
  let text = readoutValue(d.v[i] * scale, yLabel);
  if (l.areaTo) {
    const j = lastAtOrBefore(l.areaTo, tMs);
    if (j >= 0) text = `${text} to ${readoutValue(l.areaTo.v[j] * scale, yLabel)}`;
  }
  return text;
}

/** The last sample time of any line, ms (-1: none). */
function lastTime(lines: readonly ChartLine[]): number {
  let end = -1;
  for (const l of lines) if (l.data && l.data.length > 0) end = Math.max(end, l.data.t[l.data.length - 1]);
  return end;
}

/**
 * The lines of page `page` (of `MAX_TABLE_COLUMNS` lines each) at every `stepS` from 0 to the last
 * sample, at most `MAX_TABLE_ROWS` rows. The step is the whole chart's, so pages line up.
 */
export function chartTable(lines: readonly ChartLine[], yLabel: string, page = 0): ChartTable {
  const all = tableLines(lines);
  const endMs = lastTime(all);
  if (all.length === 0 || endMs < 0) return { stepS: 0, columns: [], rows: [], pages: [], page: 0 };
  const pages = pagesOf(all);
  const shown = Math.min(Math.max(0, Math.trunc(page)), pages.length - 1);
  const cols = pages[shown];
  const endS = endMs / 1000;
  const stepS = STEPS_S.find((s) => Math.floor(endS / s) + 1 <= MAX_TABLE_ROWS) ?? STEPS_S[STEPS_S.length - 1];
  const rows: ChartTable['rows'] = [];
  for (let k = 0; k * stepS <= endS + 1e-9 && rows.length < MAX_TABLE_ROWS; k++) {
    const tMs = Math.round(k * stepS * 1000 * 1000) / 1000;
    rows.push({ time: formatChart(tMs / 1000), cells: cols.map((l) => valueAt(l, tMs, yLabel)) });
  }
  return {
    stepS,
    columns: cols.map((l) => ({ key: l.key, label: l.label })),
    rows,
    pages: pages.length > 1 ? pages.map((p) => `${p[0].label} to ${p[p.length - 1].label}`) : [],
    page: shown,
  };
}

/**
 * One sentence of the latest values: "Congestion window at 12.5 s: f0 42 kB, f1 38 kB." (up to
 * three lines, then how many more); null before any sample.
 */
export function chartSummary(title: string, lines: readonly ChartLine[], yLabel: string): string | null {
  // The main lines (not each flow's ssthresh beside its window).
  const drawn = tableLines(lines);
  const main = drawn.filter((l) => !l.secondary);
  const cols = main.length > 0 ? main : drawn;
  const endMs = lastTime(cols);
  if (cols.length === 0 || endMs < 0) return null;
  const parts = cols.slice(0, SUMMARY_LINES).map((l) => `${l.label} ${valueAt(l, endMs, yLabel)}`);
  const more = cols.length - SUMMARY_LINES;
  return `${title} at ${formatChart(endMs / 1000)} s: ${parts.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`;
}

/** A chart's event marks and the words for their causes (the marks' legend). */
export interface TableMarks {
  markers: readonly ChartMarker[];
  causes: readonly { cause: string; label: string }[];
}

/**
 * The marks of each row in words, by cause in the legend's order: those after the row before's
 * time up to the row's own (the first row: up to its time; the last: to the end), "none" without.
 * The marks tell causes apart by colour only (WCAG 2.1 1.4.1): this column says it in words.
 */
function markWords(marks: TableMarks, rowMs: readonly number[]): string[] {
  const counts = rowMs.map(() => new Map<string, number>());
  for (const m of marks.markers) {
    let k = rowMs.findIndex((t) => m.tMs <= t);
    if (k < 0) k = rowMs.length - 1;
    counts[k].set(m.cause, (counts[k].get(m.cause) ?? 0) + 1);
  }
  return counts.map((c) => {
    const words = marks.causes.filter((x) => c.has(x.cause)).map((x) => `${c.get(x.cause)} ${x.label}`);
    return words.length > 0 ? words.join(', ') : 'none';
  });
}

/**
 * The table `ChartDataTable` shows for a time-series chart; with `marks`, a last column of the
 * drops each row stands for, by cause.
 */
export function timeSeriesTable(
  title: string,
  lines: readonly ChartLine[],
  yLabel: string,
  marks?: TableMarks,
  page = 0,
): DataTable | null {
  const t = chartTable(lines, yLabel, page);
  if (t.rows.length === 0) return null;
  const withMarks = marks && marks.markers.length > 0 ? marks : null;
  const drops = withMarks
    ? markWords(
        withMarks,
        t.rows.map((_, k) => Math.round(k * t.stepS * 1000 * 1000) / 1000),
      )
    : [];
  return {
    caption: `${title}, every ${formatChart(t.stepS)} s (the CSV export has every sample)`,
    columns: ['time (s)', ...t.columns.map((c) => c.label), ...(withMarks ? ['drops since the row before'] : [])],
    rows: t.rows.map((r, k) => ({ head: r.time, cells: withMarks ? [...r.cells, drops[k]] : r.cells })),
    pages: t.pages.length > 1 ? { labels: t.pages, page: t.page } : undefined,
  };
}

/** At most this many events in a time–sequence chart's table. */
export const MAX_EVENT_ROWS = 200;

const EVENT_WORDS: Record<string, (cause?: string | null, verdict?: string | null) => string> = {
  drop: (cause) => `lost${cause ? ` (${cause.replace(/_/g, ' ')})` : ''}`,
  retransmit: () => 'sent again',
  timeout: () => 'retransmission timeout',
  verdict: (_c, verdict) => `judged ${verdict ?? 'unknown'}`,
};

/**
 * The time–sequence chart as a table: its flow's losses, resends, timeouts and verdicts in the shown
 * window (not every segment and acknowledgement: the trace CSV has those), at most
 * `MAX_EVENT_ROWS`.
 */
export function sequenceTable(
  flow: string,
  events: readonly { tMs: number; kind: string; seq: number; cause?: string | null; verdict?: string | null }[],
  domainMs: readonly [number, number],
): DataTable | null {
  const rows: DataTable['rows'] = [];
  let more = 0;
  for (const e of events) {
    const words = EVENT_WORDS[e.kind];
    if (!words || e.tMs < domainMs[0] || e.tMs > domainMs[1]) continue;
    if (rows.length >= MAX_EVENT_ROWS) {
      more++;
      continue;
    }
    rows.push({ head: formatChart(e.tMs / 1000), cells: [words(e.cause, e.verdict), String(e.seq)] });
  }
  if (rows.length === 0) return null;
  const shown = more > 0 ? `the first ${MAX_EVENT_ROWS} of ${MAX_EVENT_ROWS + more}` : 'all';
  return {
    caption: `Losses, resends, timeouts and verdicts of ${flow}: ${shown} in the shown time (the trace CSV has every event)`,
    columns: ['time (s)', 'event', 'sequence number (bytes)'],
    rows,
  };
}
