/**
 * Each flow's description for legends, "TCP NewReno + Checksum notification", from a run
 * summary's variant and classifier ids and the catalog's titles (the value of `charts/flowNames.ts`'s
 * `FlowNames`, in the same form as its `flowDescription`). The default classifier (every loss is congestion, `always_congestion`) is left out:
 * a plain "TCP NewReno" is what it means.
 */
import type { RunSummary } from '../sim/protocol';
import { titleOf, type Catalog } from './catalog';

export function flowNamesOf(summary: RunSummary | null | undefined, catalog: Catalog): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of summary?.flows ?? []) {
    if (f.flow_id === undefined || f.flow_id === null) continue;
    const cc = String(f.cc ?? '');
    const cls = String(f.classifier ?? '');
    const variant = titleOf(catalog, 'variants', cc);
    out.set(
      String(f.flow_id),
      cls && cls !== 'always_congestion' ? `${variant} + ${titleOf(catalog, 'classifiers', cls)}` : variant,
    );
  }
  return out;
}
