/**
 * The paper sweeps of content/sweeps/ (the same files `losslab sweep` runs), bundled at build time
 * and turned into the Sweep form: the base scenario is looked up among the scenario presets by id,
 * the first varied path becomes the parameter, a second one the series, and metrics the page
 * cannot compute are dropped (with a note), so a researcher can rerun a published figure in the
 * browser and compare it with the CLI's CSV.
 */
import { formatEng } from '../lib/numberFormat';
import { PRESETS } from '../scenario/presets';
import type { ScenarioJson } from '../scenario/types';
import { CUSTOM, SWEEP_PARAMS, type SweepForm } from './sweepLink';
import { allMetrics } from './sweepModel';

export interface SweepPreset {
  id: string;
  title: string;
  description: string;
  base: ScenarioJson;
  form: SweepForm;
  /** What the file asks for that the page does not offer (shown to the user). */
  dropped: string[];
}

const modules = import.meta.glob('../../../content/sweeps/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

/** A sweep file → a preset, or why it cannot be one. */
export function sweepPreset(
  file: unknown,
  scenarios: readonly { id: string; scenario: ScenarioJson }[],
): SweepPreset | string {
  if (typeof file !== 'object' || file === null) return 'not an object';
  const f = file as Record<string, unknown>;
  const id = typeof f.id === 'string' ? f.id : '';
  if (!id) return 'no id';
  let base: ScenarioJson | undefined;
  if (typeof f.base === 'string') base = scenarios.find((s) => s.id === f.base)?.scenario;
  else if (typeof f.base === 'object' && f.base !== null && Array.isArray((f.base as ScenarioJson).flows))
    base = f.base as ScenarioJson;
  if (!base) return `${id}: base scenario ${JSON.stringify(f.base)} not found`;
  const vary = Array.isArray(f.vary) ? (f.vary as { path?: unknown; values?: unknown }[]) : [];
  // A zipped axis (`{ label, zip }`, content/sweeps/README.md) sets several paths at once; the
  // form varies one path per axis, so such a file is named with its axis, not half-loaded.
  const isZip = (v: unknown) => typeof v === 'object' && v !== null && 'zip' in v;
  const zipped = vary.find(isZip) as { label?: unknown; zip?: unknown } | undefined;
  if (zipped) {
    const zip: unknown[] = Array.isArray(zipped.zip) ? zipped.zip : [];
    const paths = zip.map((z) => String((z as { path?: unknown } | null)?.path));
    return `${id}: zipped axis "${String(zipped.label)}" (${paths.join(' + ')}) — the form varies one path per axis; run it with losslab sweep`;
  }
  if (vary.length === 0 || vary.some((v) => typeof v.path !== 'string' || !Array.isArray(v.values)))
    return `${id}: no usable "vary"`;
  const dropped: string[] = [];
  if (vary.length > 2)
    dropped.push(
      `varied paths beyond the second (${vary
        .slice(2)
        .map((v) => v.path)
        .join(', ')})`,
    );
  const wanted = Array.isArray(f.metrics)
    ? f.metrics.filter((m): m is string => typeof m === 'string')
    : ['throughput_kbps'];
  const metrics = wanted.filter((m) => allMetrics().includes(m));
  for (const m of wanted) if (!allMetrics().includes(m)) dropped.push(`metric ${m}`);
  const path = vary[0].path as string;
  const known = SWEEP_PARAMS.some((p) => p.path === path);
  const list = (values: unknown[]) =>
    values
      .map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? formatEng(v) : JSON.stringify(v)))
      .join(', ');
  const replications =
    typeof f.replications === 'number' && Number.isInteger(f.replications) && f.replications >= 1 ? f.replications : 1;
  return {
    id,
    title: typeof f.title === 'string' ? f.title : id,
    description: typeof f.description === 'string' ? f.description : '',
    base,
    form: {
      param: known ? path : CUSTOM,
      customPath: known ? '' : path,
      values: list(vary[0].values as unknown[]),
      param2: vary.length > 1 ? (vary[1].path as string) : '',
      values2: vary.length > 1 ? list(vary[1].values as unknown[]) : '',
      replications,
      duration: undefined,
      metrics: metrics.length > 0 ? metrics : ['throughput_kbps'],
      xScale: 'auto',
    },
    dropped,
  };
}

let presets: readonly SweepPreset[] | null = null;

/** Every usable sweep of content/sweeps/, by id (read once the simulator has loaded: it names the metrics). */
export function sweepPresets(): readonly SweepPreset[] {
  presets ??= Object.values(modules)
    .map((m) => sweepPreset(m, PRESETS))
    .filter((p): p is SweepPreset => typeof p !== 'string')
    .sort((a, b) => a.id.localeCompare(b.id));
  return presets;
}
