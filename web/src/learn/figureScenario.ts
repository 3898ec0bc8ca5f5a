/**
 * A lesson figure's scenario: its preset (from content/scenarios/) or inline scenario, its `set`
 * overrides, then the reader's control values — each applied by path, as a sweep applies them.
 */
import { PRESETS } from '../scenario/presets';
import { setPath } from '../scenario/paths';
import type { ScenarioJson } from '../scenario/types';
import type { FigureControl, FigureSpec, Json } from './lessonModel';
import { sameJson } from './sameJson';

export function figureScenario(fig: FigureSpec, values: readonly Json[]): ScenarioJson | null {
  const base =
    typeof fig.scenario === 'string'
      ? PRESETS.find((p) => p.id === fig.scenario)?.scenario
      : (fig.scenario as unknown as ScenarioJson);
  if (!base) return null;
  let s = structuredClone(base) as ScenarioJson;
  for (const [path, v] of Object.entries(fig.set ?? {})) s = setPath(s, path, v);
  (fig.controls ?? []).forEach((c, i) => {
    s = setPath(s, c.path, values[i] ?? c.value);
  });
  return s;
}

/** The words a control's value is shown with: its `value_labels` entry, else the number and unit. */
export function valueText(c: FigureControl, v: Json): string {
  const i = c.values?.findIndex((x) => sameJson(x, v)) ?? -1;
  if (i >= 0 && c.value_labels?.[i]) return c.value_labels[i];
  const unit = c.unit ? ` ${c.unit}` : '';
  if (typeof v === 'number') {
    const t =
      v !== 0 && (Math.abs(v) < 1e-3 || Math.abs(v) >= 1e6) ? v.toExponential(2).replace(/\.?0+e/, 'e') : String(v);
    return `${t}${unit}`;
  }
  return `${String(v)}${unit}`;
}
