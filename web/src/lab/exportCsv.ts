/** "Export CSV": the run's summary and series files, exactly as the CLI writes them (DESIGN §6). */
import { seriesCsvParts, summaryCsv } from '../lib/csv';
import { downloadText, safeName } from '../lib/download';
import type { SimSnapshot } from '../sim/simController';

export function exportRunCsv(state: SimSnapshot, scenarioId: string, seed: number): void {
  const base = safeName(`${state.summary?.scenario_id ?? scenarioId}-seed${state.summary?.seed ?? seed}`);
  if (state.summary) downloadText(`${base}-summary.csv`, summaryCsv(state.summary), 'text/csv');
  if (state.series) {
    const parts = seriesCsvParts(state.summary?.scenario_id ?? scenarioId, state.summary?.seed ?? seed, state.series);
    // A second download from the same click: give the first a moment to start.
    setTimeout(() => downloadText(`${base}-series.csv`, parts, 'text/csv'), state.summary ? 150 : 0);
  }
}
