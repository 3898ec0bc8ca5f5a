/**
 * Legend entries for many flows: above {@link GROUP_ABOVE} entries, the connections of one flow
 * row (`ld.0` … `ld.499`) become one entry with a count, "ld × 500 · TCP NewReno + Checksum
 * notification", so a legend stays a few lines long whatever the number of connections.
 */
import { rowOf } from './flowNames';

/** Entries a legend lists one by one; more are grouped by flow row. */
export const GROUP_ABOVE = 40;

export interface EntryIn {
  id: string;
  label: string;
  color: string;
  dashed?: boolean;
}

export interface LegendEntry extends EntryIn {
  /** Connections this entry stands for (1 for a single flow or series). */
  count: number;
  /** Ids of the grouped connections (only when `count` > 1). */
  members?: string[];
}

/** `label` with the flow's description appended when the label is only the id. */
export function described(item: EntryIn, names: ReadonlyMap<string, string>): string {
  const d = names.get(item.id);
  return d && item.label === item.id ? `${item.label} · ${d}` : item.label;
}

/** The entries to draw: one per item, or, above the threshold, one per flow row. */
export function legendEntries(items: readonly EntryIn[], names: ReadonlyMap<string, string>): LegendEntry[] {
  const single = (it: EntryIn): LegendEntry => ({ ...it, label: described(it, names), count: 1 });
  if (items.length <= GROUP_ABOVE) return items.map(single);
  const out: LegendEntry[] = [];
  const rows = new Map<string, LegendEntry>();
  for (const it of items) {
    const row = rowOf(it.id);
    if (row === null) {
      out.push(single(it));
      continue;
    }
    const g = rows.get(row);
    if (g) {
      g.count += 1;
      g.members!.push(it.id);
      continue;
    }
    // The first connection's text after its id ("· TCP NewReno + …") describes the row.
    const text = described(it, names);
    const rest = text.startsWith(it.id) ? text.slice(it.id.length) : '';
    const entry: LegendEntry = { ...it, id: row, label: rest, count: 1, members: [it.id] };
    rows.set(row, entry);
    out.push(entry);
  }
  for (const e of out)
    if (e.members) e.label = e.count > 1 ? `${e.id} × ${e.count}${e.label}` : `${e.members[0]}${e.label}`;
  return out;
}
