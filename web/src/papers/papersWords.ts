/**
 * The Papers view's words: item ids as people read them (`fig5a` → `Fig. 5(a)`), verdict counts as
 * a sentence, and the replication count a link asks for, within what the file allows.
 */

/** `fig4` → `Fig. 4`, `fig5a` → `Fig. 5(a)`, `table1` → `Table 1`; other ids as they are. */
export function itemName(id: string): string {
  const m = /^(fig|table)(\d+)([a-z])?$/.exec(id);
  if (!m) return id.replace(/-/g, ' ');
  return `${m[1] === 'fig' ? 'Fig.' : 'Table'} ${m[2]}${m[3] ? `(${m[3]})` : ''}`;
}

/** `3 reproduced · 1 direction only · 2 not reproduced`. */
export function countsText([ok, dir, miss]: readonly number[]): string {
  return `${ok} reproduced · ${dir} direction only · ${miss} not reproduced`;
}

/** The `r` of a link as a replication count: a whole number 1 … max, else the default. */
export function replicationsFrom(param: string | null, fallback: number, max: number): number {
  if (param === null || !/^\d+$/.test(param)) return fallback;
  const n = Number(param);
  return n >= 1 && n <= max ? n : fallback;
}
