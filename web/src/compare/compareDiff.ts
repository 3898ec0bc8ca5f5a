/**
 * What differs between Compare's two configurations, in words: every field of the scenario JSON
 * whose value is not the same on both sides, as "TCP variant — Westwood (A: NewReno)". Ids of
 * variants, classifiers, queues, error models, profiles and cross-traffic kinds read as the
 * simulator's catalog titles (through wasm); knobs by the builder's labels (`paramLabel`); numbers
 * with their unit. The seed is left out: B always runs on A's seed.
 */
import { formatBitRate, formatEng } from '../lib/numberFormat';
import { paramLabel, titleOf, type Catalog, type CatalogSection } from '../scenario/catalog';
import type { ScenarioJson } from '../scenario/types';

export interface FieldDiff {
  /** The JSON path (`flows[0].tcp.cc`). */
  path: string;
  /** The field in words (`TCP variant`, `Flow f1: Start`). */
  label: string;
  /** A's and B's values in words (`not set` when a side leaves the field out). */
  a: string;
  b: string;
  /** The values are catalog titles (a variant, a classifier, …), which name themselves. */
  titled: boolean;
}

/** Fields named by the builder's words rather than their knob label. */
const FIELD_WORDS: Record<string, string> = {
  cc: 'TCP variant',
  classifier: 'Loss classifier',
  profile: 'Stack profile',
  bytes: 'Transfer size',
  start_s: 'Start',
  count: 'Connections',
  id: 'Id',
  title: 'Title',
  summary: 'Description',
  rate_bps: 'Bandwidth',
  delay_ms: 'One-way delay',
  limit_pkts: 'Buffer',
  time_s: 'Duration',
  when_transfers_done: 'Stop when the transfers are done',
  sample_ms: 'Sample period',
  throughput_window_ms: 'Throughput window',
  shadow_classifiers: 'Classifiers judging alongside',
  from: 'From node',
  to: 'To node',
};

/** Where an id field's values are listed in the catalog, by the field's name and its parent's. */
function sectionOf(key: string, parent: string): CatalogSection | null {
  if (key === 'cc') return 'variants';
  if (key === 'classifier') return 'classifiers';
  if (key === 'profile') return 'profiles';
  if (key === 'kind' && parent === 'queue') return 'queues';
  if (key === 'kind' && parent === 'errors') return 'errors';
  if (key === 'kind' && parent === 'cross_traffic') return 'cross_traffic';
  return null;
}

/** Places in the scenario, in words (the part of a label before the field). */
function placeWords(parts: string[], scenario: ScenarioJson): string[] {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const flow = /^flows\[(\d+)\]$/.exec(p);
    if (flow) {
      if (scenario.flows.length > 1)
        out.push(`Flow ${String(scenario.flows[Number(flow[1])]?.id ?? Number(flow[1]) + 1)}`);
      continue;
    }
    const cross = /^cross_traffic\[(\d+)\]$/.exec(p);
    if (cross) out.push(`Cross traffic ${Number(cross[1]) + 1}`);
    else if (p === 'bottleneck') out.push('Bottleneck');
    else if (p === 'access') out.push('Access links');
    else if (p === 'queue' && parts[i + 1] === 'kind') out.push('Queue');
    else if (p === 'errors' && parts[i + 1] === 'kind') out.push('Errors');
  }
  return out;
}

function fieldLabel(path: string, scenario: ScenarioJson): string {
  const parts = path.split('.');
  const key = parts[parts.length - 1].replace(/\[\d+\]$/, '');
  const parent = parts.length > 1 ? parts[parts.length - 2] : '';
  let field = FIELD_WORDS[key] ?? paramLabel(key);
  if (key === 'kind') field = parent === 'queue' ? 'discipline' : parent === 'errors' ? 'model' : 'Kind';
  const place = placeWords(parts.slice(0, -1), scenario);
  if (key === 'kind' && place.length > 0) return `${place.join(': ')} ${field}`;
  return [...place, field].join(': ');
}

/** A value in words: catalog titles for ids, units for numbers, on/off for switches. */
function valueWords(path: string, v: unknown, catalog: Catalog): string {
  if (v === undefined) return 'not set';
  const parts = path.split('.');
  const key = parts[parts.length - 1].replace(/\[\d+\]$/, '');
  const parent = parts.length > 1 ? parts[parts.length - 2].replace(/\[\d+\]$/, '') : '';
  if (key === 'bytes' && v === null) return 'bulk (never ends)';
  if (v === null) return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'string') {
    const section = sectionOf(key, parent);
    return section ? titleOf(catalog, section, v) : v;
  }
  if (typeof v === 'number') {
    if (key === 'ber' || key === 'per') return formatEng(v);
    if (key.endsWith('_bps')) return formatBitRate(v);
    const unit = /_(ms|s|pkts|bytes)$/.exec(key)?.[1];
    const words: Record<string, string> = { ms: 'ms', s: 's', pkts: 'packets', bytes: 'bytes' };
    // Whole numbers exactly (a transfer's bytes), others to 6 significant digits.
    const n = (Number.isInteger(v) ? v : Number(v.toPrecision(6))).toLocaleString('en', { maximumFractionDigits: 6 });
    if (key === 'bytes') return `${n} bytes`;
    return unit ? `${n} ${words[unit]}` : n;
  }
  if (Array.isArray(v)) {
    const section = key === 'shadow_classifiers' ? 'classifiers' : null;
    const each = v.map((x) =>
      section && typeof x === 'string' ? titleOf(catalog, section, x) : valueWords(path, x, catalog),
    );
    return each.join(', ') || 'none';
  }
  return JSON.stringify(v);
}

/** Leaves of a JSON value by path (`a.b[0].c`); arrays of plain values are one leaf. */
function leaves(v: unknown, path: string, out: Map<string, unknown>): void {
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) out.set(path, v);
    else v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
    return;
  }
  if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
    return;
  }
  out.set(path, v);
}

/** Whether a path's values read as catalog titles. */
function isTitled(path: string): boolean {
  const parts = path.split('.');
  const key = parts[parts.length - 1];
  const parent = parts.length > 1 ? parts[parts.length - 2].replace(/\[\d+\]$/, '') : '';
  return sectionOf(key, parent) !== null;
}

/** Every field that differs between `a` and `b` (B runs on A's seed, so the seed is left out), in A's order. */
export function scenarioDiffs(a: ScenarioJson, b: ScenarioJson, catalog: Catalog): FieldDiff[] {
  const la = new Map<string, unknown>();
  const lb = new Map<string, unknown>();
  leaves(a, '', la);
  leaves(b, '', lb);
  const paths = [...la.keys(), ...[...lb.keys()].filter((p) => !la.has(p))];
  const out: FieldDiff[] = [];
  for (const path of paths) {
    if (path === 'seed' || path === 'schema') continue;
    const va = la.get(path);
    const vb = lb.get(path);
    if (JSON.stringify(va) === JSON.stringify(vb)) continue;
    out.push({
      path,
      label: fieldLabel(path, lb.has(path) ? b : a),
      a: valueWords(path, va, catalog),
      b: valueWords(path, vb, catalog),
      titled: isTitled(path),
    });
  }
  return out;
}

/** One difference as the page writes it: `TCP variant — Westwood (A: NewReno)`. */
export function diffWords(d: FieldDiff): string {
  return `${d.label} — ${d.b} (A: ${d.a})`;
}

/**
 * The two panes' titles: each configuration's own title when they differ, else what tells them
 * apart (the first difference's value on each side: `TCP Westwood`, `Buffer 5 packets`), else the
 * shared title.
 */
export function paneTitles(a: ScenarioJson, b: ScenarioJson, diffs: FieldDiff[]): { a: string; b: string } {
  const ta = a.title || a.id;
  const tb = b.title || b.id;
  if (ta !== tb) return { a: ta, b: tb };
  const d = diffs.find((x) => x.path !== 'title' && x.path !== 'id' && x.path !== 'summary');
  if (!d) return { a: ta, b: `${tb} (the same as A)` };
  if (d.titled) return { a: d.a, b: d.b };
  return { a: `${d.label} ${d.a}`, b: `${d.label} ${d.b}` };
}
