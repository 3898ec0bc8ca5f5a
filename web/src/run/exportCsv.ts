/**
 * "Export CSV": the run's summary and series files, written by the simulator's own CSV code
 * (sim-core `csv.rs` through wasm), so they equal `losslab run --summary / --series` by
 * construction (DESIGN §6). The summary file comes with the summary from the worker; the series
 * file is written here from the samples the page keeps.
 */
import { downloadText, safeName } from '../lib/download';
import { seriesCsvParts } from '../sim/pageCore';
import type { SimSnapshot } from '../sim/simController';

export function exportRunCsv(state: SimSnapshot, scenarioId: string, seed: number): void {
  const id = state.summary?.scenario_id ?? scenarioId;
  const runSeed = state.summary?.seed ?? seed;
  const base = safeName(`${id}-seed${runSeed}`);
  const summaryCsv = state.summary?.csv;
  if (summaryCsv) downloadText(`${base}-summary.csv`, summaryCsv, 'text/csv');
  if (state.series) {
    const parts = seriesCsvParts(id, runSeed, state.series.names, state.series.chunks);
    // A second download from the same click: give the first a moment to start.
    setTimeout(() => downloadText(`${base}-series.csv`, parts, 'text/csv'), summaryCsv ? 150 : 0);
  }
}
