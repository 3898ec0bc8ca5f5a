/**
 * The CSV files of DESIGN §6, written exactly as the CLI writes them (sim-core `csv.rs`,
 * `sweep.rs`): one header row, RFC 4180 quoting, numbers in Rust's `{}` form
 * ({@link formatRustF64}), empty cells for undefined values.
 */
import { formatJsonNumber, formatRustF64 } from './numberFormat';

export const SUMMARY_COLUMNS = [
  'scenario_id',
  'seed',
  'flow_id',
  'cc',
  'classifier',
  'bytes_delivered',
  'start_s',
  'completion_s',
  'throughput_kbps',
  'goodput_kbps',
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
] as const;

export const SERIES_HEADER = 'scenario_id,seed,time_s,entity,metric,value';

/** Quotes a field holding a comma, quote or line break (RFC 4180 §2). */
export function csvField(s: string): string {
  return /[,"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A cell value as the CLI prints it: numbers Rust-style, null/undefined empty, strings quoted. */
export function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return formatRustF64(v);
  return csvField(String(v));
}

export interface SummaryLike {
  scenario_id: string;
  seed: number;
  flows: Record<string, unknown>[];
}

/** The summary file: one row per connection. */
export function summaryCsv(s: SummaryLike): string {
  const lines = [SUMMARY_COLUMNS.join(',')];
  for (const f of s.flows) {
    lines.push(
      SUMMARY_COLUMNS.map((c) => (c === 'scenario_id' ? csvValue(s.scenario_id) : c === 'seed' ? csvValue(s.seed) : csvValue(f[c]))).join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface SeriesSource {
  names: readonly { entity: string; metric: string }[];
  /** The frames' flat `[seriesId, tMs, value, …]` arrays, in arrival order. */
  chunks: readonly Float64Array[];
}

/**
 * The series file, rows in the order the simulator emitted the samples (the CLI's order), as an
 * array of string parts (one per chunk) ready for a Blob, so long runs never build one huge string.
 */
export function seriesCsvParts(scenarioId: string, seed: number, src: SeriesSource): string[] {
  const id = csvField(scenarioId);
  const seedText = formatRustF64(seed);
  const prefix = src.names.map((n) => `,${csvField(n.entity)},${n.metric},`);
  const parts = [`${SERIES_HEADER}\n`];
  for (const c of src.chunks) {
    let out = '';
    const n = c.length - (c.length % 3);
    for (let i = 0; i < n; i += 3) {
      const p = prefix[c[i]];
      if (p === undefined) continue;
      out += `${id},${seedText},${formatRustF64(c[i + 1] / 1000)}${p}${formatRustF64(c[i + 2])}\n`;
    }
    if (out) parts.push(out);
  }
  return parts;
}

export function seriesCsv(scenarioId: string, seed: number, src: SeriesSource): string {
  return seriesCsvParts(scenarioId, seed, src).join('');
}

/** A varied value as the sweep CSV shows it: strings bare, everything else as JSON (serde_json). */
export function showValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatJsonNumber(v);
  return JSON.stringify(v);
}

export interface SweepRow {
  point: number;
  values: unknown[];
  metric: string;
  stats: { mean: number; low: number; high: number; n: number } | undefined;
}

/** `point,<varied paths…>,metric,mean,ci95_low,ci95_high,n`. */
export function sweepCsv(paths: readonly string[], rows: readonly SweepRow[]): string {
  const lines = [['point', ...paths.map(csvField), 'metric', 'mean', 'ci95_low', 'ci95_high', 'n'].join(',')];
  for (const r of rows) {
    const lead = [String(r.point), ...r.values.map((v) => csvField(showValue(v)))];
    const stats = r.stats
      ? [formatRustF64(r.stats.mean), formatRustF64(r.stats.low), formatRustF64(r.stats.high), String(r.stats.n)]
      : ['', '', '', '0'];
    lines.push([...lead, csvField(r.metric), ...stats].join(','));
  }
  return `${lines.join('\n')}\n`;
}
