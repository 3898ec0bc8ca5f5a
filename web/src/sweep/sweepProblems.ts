/**
 * The simulator's refusals of a sweep (`path: message`, one per line, as `losslab sweep` words
 * them; its budget's too: sim-core `budget.rs` through wasm) said with the form's field named in
 * words: `vary[2].values[1]` → "Varied parameter 3 (Bottleneck one-way delay), value 2",
 * `replications` → "Replications", `base.stop.time_s` → "Duration". The message stays the
 * simulator's.
 */
import type { Catalog } from '../scenario/catalog';
import { isZip, type SweepForm } from './sweepForm';
import { paramWords } from './sweepWords';

/** The form's field a simulator path points at, in words (null: no field of the form). */
export function fieldOf(path: string, form: SweepForm, catalog: Catalog): string | null {
  const v = /^vary\[(\d+)\](?:\.zip\[(\d+)\])?(?:\.values\[(\d+)\])?/.exec(path);
  if (v) {
    const k = Number(v[1]);
    const a = form.axes[k];
    if (!a) return `Varied parameter ${k + 1}`;
    const p = a.paths[v[2] !== undefined ? Number(v[2]) : 0];
    const name = isZip(a) ? a.label : paramWords(a.paths[0].path, catalog).label;
    const within = isZip(a) && p ? `, ${paramWords(p.path, catalog).label}` : '';
    return `Varied parameter ${k + 1} (${name})${within}${v[3] !== undefined ? `, value ${Number(v[3]) + 1}` : ''}`;
  }
  if (path === 'vary') return 'Varied parameters';
  if (path === 'replications') return 'Replications';
  if (path.startsWith('metrics')) return 'Metrics';
  if (path === 'base.stop.time_s' || path === 'base.stop')
    return form.duration ? 'Duration' : 'Duration (the scenario’s)';
  if (path.startsWith('base')) return 'The base scenario';
  return null;
}

/** Each `path: message` line with its field in words (`Replications: 7 points × …`). */
export function problemsInWords(lines: readonly string[], form: SweepForm, catalog: Catalog): string[] {
  return lines.map((line) => {
    const m = /^([^\s:]+): (.*)$/s.exec(line);
    if (!m) return line;
    const field = fieldOf(m[1], form, catalog);
    if (!field) return line;
    // The path stays after the words for those who know the file format.
    return `${field}: ${m[2]}${m[1].startsWith('base.') ? ` (${m[1].slice(5)})` : ''}`;
  });
}
