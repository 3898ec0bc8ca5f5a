/**
 * What the Papers view remembers in this browser (localStorage): for each reproduction run here to
 * its end, the engine's verdict counts and the replication count, so the list of papers can say
 * how each figure came out. Stored text is shape-checked on the way back in.
 */
import { loadJson, saveJson } from '../session/persist';

export const PAPERS_KEY = 'losslab.papers.results';

export interface StoredResult {
  /** Claims reproduced, direction only, inconclusive, not reproduced (sanity checks apart). */
  counts: [number, number, number, number];
  replications: number;
}

function isResult(v: unknown): v is StoredResult {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as StoredResult;
  return (
    Array.isArray(r.counts) &&
    // Four classes; a result stored before "inconclusive" existed (three numbers) is not shown.
    r.counts.length === 4 &&
    r.counts.every((n) => Number.isInteger(n) && n >= 0) &&
    Number.isInteger(r.replications) &&
    r.replications >= 1
  );
}

/** Every stored result by `<paper>/<id>`. */
export function storedResults(): Record<string, StoredResult> {
  const raw = loadJson(PAPERS_KEY);
  const out: Record<string, StoredResult> = {};
  if (typeof raw === 'object' && raw !== null) for (const [k, v] of Object.entries(raw)) if (isResult(v)) out[k] = v;
  return out;
}

export function storeResult(key: string, result: StoredResult): void {
  saveJson(PAPERS_KEY, { ...storedResults(), [key]: result });
}
