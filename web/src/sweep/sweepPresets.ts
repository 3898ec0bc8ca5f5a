/**
 * The sweeps of content/sweeps/ (the same files `losslab sweep` runs; `studies/` too), bundled at
 * build time, and any sweep file the user opens, turned into the Sweep form: the base scenario is
 * looked up among the scenario presets by id, every `vary` entry becomes a varied parameter (a
 * zipped axis one row with its label and paths), the first is the x axis and the second the
 * series, and metrics the page cannot compute are dropped (with a note), so a researcher can
 * rerun a published figure or a whole study in the browser and compare it with the CLI's CSV.
 */
import { PRESETS } from '../scenario/presets';
import type { ScenarioJson } from '../scenario/types';
import { withRoles, type AxisForm, type SweepForm } from './sweepForm';
import { allMetrics, valuesText } from './sweepModel';

export interface SweepPreset {
  id: string;
  title: string;
  description: string;
  base: ScenarioJson;
  form: SweepForm;
  /** What the file asks for that the page does not offer (shown to the user). */
  dropped: string[];
}

const modules = import.meta.glob(['../../../content/sweeps/*.json', '../../../content/sweeps/studies/*.json'], {
  eager: true,
  import: 'default',
}) as Record<string, unknown>;

/** What the form holds of a sweep file; the other keys (`flows`, `groups`, `window`, …) pass on as they are. */
const FORM_KEYS = ['schema', 'id', 'title', 'description', 'base', 'vary', 'replications', 'metrics'];

const NOTHING_VARIED = 'it varies nothing ("vary" lists entries with a "path" and its "values")';

/** A sweep file → a preset, or why it cannot be one (words that follow "… cannot be opened: "). */
export function sweepPreset(
  file: unknown,
  scenarios: readonly { id: string; scenario: ScenarioJson }[],
): SweepPreset | string {
  if (typeof file !== 'object' || file === null) return 'it is not a sweep (a sweep file is one JSON object)';
  const f = file as Record<string, unknown>;
  const id = typeof f.id === 'string' ? f.id : '';
  if (!id) return 'it has no "id" (a sweep file names itself, e.g. "id": "my-sweep")';
  let base: ScenarioJson | undefined;
  if (typeof f.base === 'string') base = scenarios.find((s) => s.id === f.base)?.scenario;
  else if (typeof f.base === 'object' && f.base !== null && Array.isArray((f.base as ScenarioJson).flows))
    base = f.base as ScenarioJson;
  if (!base)
    return `its base scenario ${JSON.stringify(f.base)} is not a preset here (a base is a scenario object or a preset’s id)`;
  const vary: unknown[] = Array.isArray(f.vary) ? f.vary : [];
  const axes: AxisForm[] = [];
  for (const v of vary) {
    const e = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    const entries = Array.isArray(e.zip) ? (e.zip as unknown[]) : [e];
    const paths = entries.map((z) => {
      const p = (typeof z === 'object' && z !== null ? z : {}) as Record<string, unknown>;
      return typeof p.path === 'string' && Array.isArray(p.values)
        ? { path: p.path, values: valuesText(p.values) }
        : null;
    });
    if (paths.length === 0 || paths.some((p) => p === null)) return NOTHING_VARIED;
    axes.push({
      label: Array.isArray(e.zip) ? String(e.label ?? '') || 'zipped' : '',
      paths: paths as AxisForm['paths'],
    });
  }
  if (axes.length === 0) return NOTHING_VARIED;
  const dropped: string[] = [];
  const wanted = Array.isArray(f.metrics)
    ? f.metrics.filter((m): m is string => typeof m === 'string')
    : ['throughput_kbps'];
  const metrics = wanted.filter((m) => allMetrics().includes(m));
  for (const m of wanted) if (!allMetrics().includes(m)) dropped.push(`metric ${m}`);
  const replications =
    typeof f.replications === 'number' && Number.isInteger(f.replications) && f.replications >= 1 ? f.replications : 1;
  return {
    id,
    title: typeof f.title === 'string' ? f.title : id,
    description: typeof f.description === 'string' ? f.description : '',
    base,
    form: withRoles(
      {
        axes,
        x: 0,
        series: null,
        replications,
        duration: undefined,
        metrics: metrics.length > 0 ? metrics : ['throughput_kbps'],
        xScale: 'auto',
        extra: Object.fromEntries(Object.entries(f).filter(([k]) => !FORM_KEYS.includes(k))),
      },
      0,
      axes.length > 1 ? 1 : null,
    ),
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

/** A sweep file the user opened (its text) → the form, or why it cannot be one. */
export function sweepFromText(text: string): SweepPreset | string {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (e) {
    return `it is not JSON (${e instanceof Error ? e.message : String(e)})`;
  }
  return sweepPreset(file, PRESETS);
}
