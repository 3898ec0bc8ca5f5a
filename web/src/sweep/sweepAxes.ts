/**
 * The axes of a sweep that ran, for its charts: each varied parameter (a plain path, or a zipped
 * axis of several paths) with its words, its values as plotted and as read, found from the
 * simulator's plan (`SweepPlan`: one column per path, the paths of a zipped axis sharing their
 * choice), and the slice of points a chart shows: the x axis along the chart, the series axis as
 * one line per value, every other axis fixed at the value the facet picker shows.
 */
import type { Catalog } from '../scenario/catalog';
import type { SweepPlan, SweepPointPlan } from '../sim/pageCore';
import { isZip, type AxisForm } from './sweepForm';
import { objectTexts, paramWords, seriesValueText, shownIn, valueText, type ParamWords } from './sweepWords';

export interface AxisView {
  /** Index of the first plan column of this axis (its choice index is `point.choice[column]`). */
  column: number;
  words: ParamWords;
  /** Per value index: what is plotted (a number or a name). */
  values: unknown[];
  /** Per value index: the value in words (`1e-6`, `TCP NewReno`, `n = (5, 10)`'s `(5, 10)`). */
  texts: string[];
  /** Per value index: the value naming a series or a facet (`Bottleneck rate 64 kbit/s`). */
  names: string[];
}

const same = (xs: readonly unknown[]) => xs.every((x) => JSON.stringify(x) === JSON.stringify(xs[0]));

/** The axes of `plan`, whose columns were laid out by `axes` (the form the sweep ran from). */
export function axisViews(plan: SweepPlan, axes: readonly AxisForm[], catalog: Catalog): AxisView[] {
  let column = 0;
  return axes.map((a) => {
    const cols = a.paths.map((_, i) => column + i);
    column += a.paths.length;
    // Each value index's values, one per path, read off the first point that takes it.
    const byChoice: unknown[][] = [];
    for (const pt of plan.points) {
      const j = pt.choice[cols[0]];
      byChoice[j] ??= cols.map((c) => pt.values[c]);
    }
    const perPath = cols.map((_, i) => byChoice.map((vs) => vs[i]));
    // Each path's words in the unit its values read best in; a zipped axis's paths of one unit
    // share its prefix (picked on all their values), so the axis speaks one unit.
    const own = a.paths.map((p) => paramWords(p.path, catalog));
    const oneUnit = same(own.map((w) => w.unit));
    const pathWords = own.map((w, i) => shownIn(w, oneUnit ? perPath.flat() : perPath[i]));
    const textsOf = (i: number) => {
      const vs = perPath[i];
      return vs.some((v) => typeof v === 'object' && v !== null)
        ? objectTexts(a.paths[i].path, vs, catalog)
        : vs.map((v) => valueText(v, pathWords[i], catalog));
    };
    if (!isZip(a)) {
      const texts = textsOf(0);
      const objects = perPath[0].some((v) => typeof v === 'object' && v !== null);
      return {
        column: cols[0],
        words: pathWords[0],
        values: objects ? texts : perPath[0],
        texts,
        names: objects ? texts : perPath[0].map((v) => seriesValueText(v, pathWords[0], catalog)),
      };
    }
    const unit = same(pathWords.map((w) => w.unit)) ? pathWords[0].unit : '';
    const section = same(pathWords.map((w) => w.section)) ? pathWords[0].section : null;
    const words: ParamWords = { label: a.label, unit, factor: unit ? pathWords[0].factor : undefined, section };
    // Paths of different units each carry theirs: `(1e-6, 30 packets)`, not `(1e-6, 30)`.
    const withUnit = (i: number, j: number, t: string) =>
      !unit && pathWords[i].unit && typeof perPath[i][j] === 'number' ? `${t} ${pathWords[i].unit}` : t;
    const all = perPath.map((_, i) => textsOf(i).map((t, j) => withUnit(i, j, t)));
    const agree = byChoice.map((vs) => same(vs));
    const texts = byChoice.map((_, j) => (agree[j] ? all[0][j] : `(${all.map((t) => t[j]).join(', ')})`));
    return {
      column: cols[0],
      words,
      values: agree.every(Boolean) && perPath[0].every((v) => typeof v === 'number') ? perPath[0] : texts,
      texts,
      names: texts.map((t) => `${a.label} = ${t}${unit ? ` ${unit}` : ''}`),
    };
  });
}

/** The points of `plan` a chart shows: those whose facet axes take the picked value index. */
export function slicePoints(
  plan: SweepPlan,
  views: readonly AxisView[],
  facets: readonly number[],
  picked: Readonly<Record<number, number>>,
): { position: number; point: SweepPointPlan }[] {
  const out: { position: number; point: SweepPointPlan }[] = [];
  plan.points.forEach((point, position) => {
    if (facets.every((k) => point.choice[views[k].column] === (picked[k] ?? 0))) out.push({ position, point });
  });
  return out;
}

/** The slice in words, for a chart's title: `Bottleneck rate 1 Mbit/s · Bottleneck one-way delay 10 ms`. */
export function sliceTitle(
  views: readonly AxisView[],
  facets: readonly number[],
  picked: Readonly<Record<number, number>>,
) {
  return facets.map((k) => views[k].names[picked[k] ?? 0]).join(' · ');
}
