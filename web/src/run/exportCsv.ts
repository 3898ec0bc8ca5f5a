/**
 * "Export CSV": the run's summary and series files, written by the simulator's own CSV code
 * (sim-core `csv.rs` through wasm), so they equal `losslab run --summary / --series` by
 * construction (docs/design.md §D6). The series file has every sample: the worker re-simulates the run with
 * its seed and writes it (the page keeps only a downsampled copy for drawing). One click gives one
 * download: a zip of the files (`fflate`), for one run (the lab) or a pair (Compare: `a-…` and
 * `b-…` files). The series rows carry no scenario id or seed: they are in every file
 * name and in a `…-meta.json` beside the CSVs (the scenario exactly as it ran, the core's version;
 * `docs/csv.md`, section "lab-meta").
 */
import { strToU8, zipSync } from 'fflate';
import { downloadBlob, safeName } from '../lib/download';
import type { SimSnapshot } from '../sim/simController';

export interface CsvFile {
  name: string;
  text: string;
}

/** The `…-meta.json` of a run's export (`docs/csv.md`, "lab-meta"). */
export interface RunMeta {
  schema: 1;
  kind: 'lab-run';
  files: string[];
  losslab: { version: string | null; commit: null };
  scenario: { id: string; seed: number; document: unknown };
}

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/**
 * A run's files: `<prefix><scenario>-seed<n>-summary.csv`, `…-series.csv` and `…-meta.json` (the
 * id and seed once, with the scenario that ran), so the CSVs need no per-row id.
 */
export async function runCsvFiles(
  state: SimSnapshot,
  scenarioId: string,
  seed: number,
  prefix = '',
): Promise<CsvFile[]> {
  const id = state.summary?.scenario_id ?? scenarioId;
  const runSeed = state.summary?.seed ?? seed;
  const base = `${prefix}${safeName(`${id}-seed${runSeed}`)}`;
  const files: CsvFile[] = [];
  if (state.summary?.csv) files.push({ name: `${base}-summary.csv`, text: state.summary.csv });
  if (state.series && state.seriesCsv)
    files.push({ name: `${base}-series.csv`, text: (await state.seriesCsv()).join('') });
  if (files.length === 0) return files;
  const meta: RunMeta = {
    schema: 1,
    kind: 'lab-run',
    files: files.map((f) => f.name),
    losslab: { version: state.coreVersion, commit: null },
    scenario: { id, seed: runSeed, document: parsed(state.scenarioJson) },
  };
  files.push({ name: `${base}-meta.json`, text: `${JSON.stringify(meta, null, 2)}\n` });
  return files;
}

/** The files as one zip archive (deflated: CSV shrinks several times). */
export function zipFiles(files: readonly CsvFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((f) => [f.name, strToU8(f.text)])), { level: 6 });
}

function downloadZip(name: string, files: readonly CsvFile[]): void {
  if (files.length === 0) return;
  const bytes = zipFiles(files);
  downloadBlob(name, new Blob([bytes.buffer as ArrayBuffer], { type: 'application/zip' }));
}

/** The lab's export: `<scenario>-seed<n>-csv.zip` with the summary and series files. */
export async function exportRunCsv(state: SimSnapshot, scenarioId: string, seed: number): Promise<void> {
  const id = state.summary?.scenario_id ?? scenarioId;
  const runSeed = state.summary?.seed ?? seed;
  downloadZip(`${safeName(`${id}-seed${runSeed}`)}-csv.zip`, await runCsvFiles(state, scenarioId, seed));
}

/** Compare's export: one zip with A's files (`a-…`) and B's (`b-…`). */
export async function exportPairCsv(
  a: { state: SimSnapshot; id: string },
  b: { state: SimSnapshot; id: string },
  seed: number,
): Promise<void> {
  const files = [...(await runCsvFiles(a.state, a.id, seed, 'a-')), ...(await runCsvFiles(b.state, b.id, seed, 'b-'))];
  downloadZip(`${safeName(`compare-${a.id}-vs-${b.id}-seed${seed}`)}-csv.zip`, files);
}
