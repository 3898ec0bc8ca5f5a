/**
 * A lesson figure as a sweep, as `sim-core/tests/lessons.rs` builds it for the CI check: the x is
 * the first control whose values are all numbers, taking every value (`values`, or a slider's
 * `min`, `value`, `max`), `replications` runs each (seeds: the scenario's seed + 0, 1, … — the
 * simulator's sweep planning), and every other control held where the reader put it. The sweep
 * panel plots the first metric; the theory lines are evaluated at the same x values.
 */
import type { ScenarioJson } from '../scenario/types';
import { THEORY_MODELS, type TheoryModel } from '../sim/theoryCore';
import type { FigureControl, FigureSpec, Json } from './lessonModel';

/** The values a control takes in the check's sweep (lessons.rs `control_values`). */
export function controlValues(c: FigureControl): Json[] {
  if (c.values) return c.values;
  if (c.min === undefined || c.max === undefined) return [];
  const v = typeof c.value === 'number' && c.value > c.min && c.value < c.max ? [c.value] : [];
  return [c.min, ...v, c.max];
}

/** Index of the figure's x control (first all-numeric control), or -1. */
export function xControlIndex(fig: FigureSpec): number {
  return (fig.controls ?? []).findIndex((c) => {
    const v = controlValues(c);
    return v.length > 0 && v.every((x) => typeof x === 'number');
  });
}

/** The figure's theory models, in the order given (unknown names dropped). */
export function theoryModels(fig: FigureSpec): TheoryModel[] {
  const t = fig.theory === undefined ? [] : Array.isArray(fig.theory) ? fig.theory : [fig.theory];
  return t.filter((m): m is TheoryModel => THEORY_MODELS.includes(m));
}

export interface FigureSweep {
  /** The sweep document (docs/design.md §D4) the worker pool runs. */
  json: string;
  xPath: string;
  xValues: number[];
  metric: string;
  replications: number;
}

/** The sweep of `fig` with the reader's scenario `scenario` (controls applied), or null without an x. */
export function figureSweep(fig: FigureSpec, scenario: ScenarioJson): FigureSweep | null {
  const xi = xControlIndex(fig);
  if (xi < 0) return null;
  const x = fig.controls![xi];
  const xValues = controlValues(x) as number[];
  const metric = fig.metrics?.[0] ?? 'throughput_kbps';
  const replications = fig.replications ?? 4;
  const json = JSON.stringify({
    schema: 1,
    base: scenario,
    vary: [{ path: x.path, values: xValues }],
    replications,
    metrics: [metric],
    flows: fig.flows ?? 'sum',
  });
  return { json, xPath: x.path, xValues, metric, replications };
}
