/**
 * A lesson figure's results table (content/lessons/FORMAT.md, "The results table"): rows ×
 * columns, each entry `{ id, label, at?, metric?, flow?, digits? }`. A cell merges its row's and
 * column's `at` (together they fix every control) and reads the one `metric` (and `flow`) they
 * name: the mean of that sweep row over the figure's replications. The sweep is the check's
 * (`sim-core/tests/lessons.rs`): every control over all its values, `replications` runs per point,
 * seeds the scenario's seed + 0, 1, … — run here in the worker pool, with the simulator's own
 * statistics, so a cell is the number the lesson's `expect` claims read. The check reads the same
 * rules from `sim-core/tests/lessons_table/mod.rs`.
 */
import type { ScenarioJson } from '../scenario/types';
import type { RowStats, SweepPointPlan } from '../sim/pageCore';
import { controlValues } from './figureSweep';
import type { FigureSpec, Json } from './lessonModel';
import { sameJson } from './sameJson';

/** One row or column of a table. */
export interface TableEntry {
  id: string;
  label: string;
  /** Control path → value. */
  at?: Record<string, Json>;
  metric?: string;
  flow?: string;
  /** Decimals shown (default 1). */
  digits?: number;
}

export interface FigureTable {
  rows: TableEntry[];
  columns: TableEntry[];
}

export interface TableCell {
  row: string;
  col: string;
  /** `row/col`. */
  key: string;
  /** Every control's path → value. */
  at: Record<string, Json>;
  metric: string;
  flow: string | null;
  digits: number;
}

const ENTRY_FIELDS = ['id', 'label', 'at', 'metric', 'flow', 'digits'];

function entryProblems(where: string, e: TableEntry, fig: FigureSpec): string[] {
  const out: string[] = [];
  const controls = fig.controls ?? [];
  for (const k of Object.keys(e))
    if (!ENTRY_FIELDS.includes(k)) out.push(`${where}: unknown field \`${k}\` (allowed: ${ENTRY_FIELDS.join(', ')})`);
  if (typeof e.id !== 'string' || !/^[A-Za-z0-9-]+$/.test(e.id))
    out.push(`${where}.id: required, letters, digits and \`-\``);
  if (typeof e.label !== 'string' || !e.label) out.push(`${where}.label: required, in words`);
  for (const [path, v] of Object.entries(e.at ?? {})) {
    const c = controls.find((x) => x.path === path);
    if (!c)
      out.push(
        `${where}.at: "${path}" is no control of the figure (controls: ${controls.map((x) => x.path).join(', ')})`,
      );
    else if (!controlValues(c).some((x) => sameJson(x, v)))
      out.push(
        `${where}.at.${path}: ${JSON.stringify(v)} is not one of the control's values (${controlValues(c)
          .map((x) => JSON.stringify(x))
          .join(', ')})`,
      );
  }
  if (e.metric !== undefined && !(fig.metrics ?? []).includes(e.metric))
    out.push(
      `${where}.metric: "${e.metric}" is not one of the figure's \`metrics\` (${(fig.metrics ?? []).join(', ')})`,
    );
  if (e.digits !== undefined && !(Number.isInteger(e.digits) && e.digits >= 0 && e.digits <= 4))
    out.push(`${where}.digits: decimals shown, 0 … 4`);
  return out;
}

/** The table's cells, row by row, or every problem (each naming its path). */
export function tableCells(fig: FigureSpec): { cells: TableCell[]; problems: string[] } {
  const t = fig.table;
  const at = `figure "${fig.id}": table`;
  if (!t) return { cells: [], problems: [] };
  const problems: string[] = [];
  for (const side of ['rows', 'columns'] as const) {
    const list = t[side];
    if (!Array.isArray(list) || list.length === 0) {
      problems.push(`${at}.${side}: a non-empty list`);
      continue;
    }
    list.forEach((e, i) => problems.push(...entryProblems(`${at}.${side}[${i}]`, e, fig)));
  }
  if (problems.length > 0) return { cells: [], problems };
  const cells: TableCell[] = [];
  for (const r of t.rows)
    for (const c of t.columns) {
      const key = `${r.id}/${c.id}`;
      const where = `${at} cell ${key}`;
      const merged: Record<string, Json> = { ...(r.at ?? {}) };
      for (const [path, v] of Object.entries(c.at ?? {})) {
        if (path in merged && merged[path] !== v)
          problems.push(`${where}: its row and column set "${path}" differently`);
        merged[path] = v;
      }
      const missing = (fig.controls ?? []).filter((x) => !(x.path in merged)).map((x) => x.path);
      if (missing.length > 0)
        problems.push(`${where}: its row and column together must fix every control; missing: ${missing.join(', ')}`);
      const metrics = [r.metric, c.metric].filter((m): m is string => m !== undefined);
      if (metrics.length !== 1) problems.push(`${where}: exactly one of its row and column names a \`metric\``);
      const flows = [r.flow, c.flow].filter((f): f is string => f !== undefined);
      if (flows.length > 1) problems.push(`${where}: only one of its row and column may name a \`flow\``);
      cells.push({
        row: r.id,
        col: c.id,
        key,
        at: merged,
        metric: metrics[0] ?? '',
        flow: flows[0] ?? null,
        digits: (metrics[0] === r.metric ? r.digits : c.digits) ?? r.digits ?? c.digits ?? 1,
      });
    }
  return problems.length > 0 ? { cells: [], problems } : { cells, problems };
}

/** The check's sweep document: every control over all its values, the figure's replications. */
export function tableSweepJson(fig: FigureSpec, scenario: ScenarioJson): string {
  return JSON.stringify({
    schema: 1,
    base: scenario,
    vary: (fig.controls ?? []).map((c) => ({ path: c.path, values: controlValues(c) })),
    replications: fig.replications ?? 4,
    metrics: fig.metrics ?? ['throughput_kbps'],
    flows: fig.flows ?? 'sum',
  });
}

/** The sweep row a cell reads (`completion_s`, `single.throughput_kbps`, `sum.timeouts`). */
export function cellRowName(cell: TableCell): string {
  return cell.flow ? `${cell.flow}.${cell.metric}` : cell.metric;
}

/** Position (in `points`) of the sweep point a cell reads, or -1. `paths` are the sweep's varied paths. */
export function cellPoint(cell: TableCell, paths: readonly string[], points: readonly SweepPointPlan[]): number {
  return points.findIndex((p) => paths.every((path, k) => sameJson(p.values[k], cell.at[path])));
}

/** The cell's mean from its point's statistics (null until a replication defined it). */
export function cellMean(cell: TableCell, stats: readonly RowStats[] | null): number | null {
  return stats?.find((s) => s.name === cellRowName(cell))?.mean ?? null;
}

/** True when every control is at the cell's value (a run with the cell's setting). */
export function cellSettingRan(
  cell: TableCell,
  controls: readonly { path: string }[],
  values: readonly Json[],
): boolean {
  return controls.every((c, i) => sameJson(cell.at[c.path], values[i]));
}

/** `#cell:figure/row/col` → its parts, or null. */
export function parseCellHref(href: string | null | undefined): { figure: string; cell: string } | null {
  const m = /^#cell:([A-Za-z0-9-]+)\/([A-Za-z0-9-]+\/[A-Za-z0-9-]+)$/.exec(href ?? '');
  return m ? { figure: m[1], cell: m[2] } : null;
}

/** The number a link's text quotes and its decimals ("about 13 s" → 13, 0), as the check reads it. */
export function quotedNumber(text: string): { value: number; decimals: number } | null {
  const m = /\d+(?:\.\d+)?/.exec(text);
  if (!m) return null;
  return { value: Number(m[0]), decimals: m[0].split('.')[1]?.length ?? 0 };
}

/** "mean of 4 runs" / "one run". */
export function meanWords(replications: number): string {
  return replications === 1 ? 'one run' : `mean of ${replications} runs`;
}
