/**
 * The Sweep view's results: one chart per metric, the x axis's values along it, one series per
 * value of the series axis (and per flow or group where the sweep has several), each point the
 * mean of its replications with its 95 % interval (the simulator's statistics, `SweepResults`).
 *
 * Every other varied parameter is fixed at one value by a picker above the charts ("Show:
 * Bottleneck rate [64,000 bit/s ▾]"), and the charts' titles name that slice in words. A picker,
 * not small multiples: the GB04 study's rate × delay makes 9 slices × 2 metrics = 18 charts, too
 * many to read side by side at 390 px and each redrawn while the workers run; one full-size chart
 * per metric stays comparable with the paper's figures (each of which is one such slice), and
 * stepping through the picker compares slices on the same axes. The picked slice is the form's
 * (`SweepForm.show`), so the share link carries it.
 */
import { useMemo } from 'react';
import { SweepChart, type SweepSeries } from '../charts/SweepChart';
import { logPossible, logWorthy } from '../charts/sweepScale';
import { SelectField } from '../controls/SelectField';
import { flowColor } from '../lib/colors';
import type { Catalog } from '../scenario/catalog';
import type { SweepResults } from '../sim/workerPoolResults';
import { axisViews, sliceTitle, slicePoints } from './sweepAxes';
import type { AxisForm, SweepForm, XAxisChoice } from './sweepForm';
import { metricText, metricWords, paramText, valueText } from './sweepWords';
import { XAxisToggle } from './XAxisToggle';

/** `Bottleneck bit error rate` → `bottleneck bit error rate`; `RED max …`, `MSS` stay. */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** The line under each chart: what a point and a bar are. */
const caption = (replications: number, seed: number) =>
  replications === 1
    ? `Each point: one run (seed ${seed}); with one replication there is no confidence interval to draw.`
    : `Each point: mean of ${replications} runs with different error patterns (seeds ${seed} to ${seed + replications - 1}); bars: 95 % confidence interval (Student t).`;

export function SweepCharts({
  results,
  version,
  axes,
  form,
  seed,
  catalog,
  onXScale,
  onShow,
}: {
  results: SweepResults;
  /** Changes whenever `results` has new answers (they fill in place). */
  version: number | undefined;
  /** The varied parameters the sweep ran with (the form may have changed since). */
  axes: readonly AxisForm[];
  /** The roles (x, series), metrics and x scale: the form's. */
  form: SweepForm;
  seed: number;
  catalog: Catalog;
  onXScale(v: XAxisChoice): void;
  /** The "Show" picker fixed axis `k` at its value index `j`. */
  onShow(k: number, j: number): void;
}) {
  const plan = results.model.plan;
  const views = useMemo(() => axisViews(plan, axes, catalog), [plan, axes, catalog]);
  const n = views.length;
  const x = Math.min(form.x, n - 1);
  const second = form.series !== null && form.series < n && form.series !== x ? form.series : null;
  const facets = views.map((_, k) => k).filter((k) => k !== x && k !== second);
  // The form's slice, each pick within its axis's values (else the first value).
  const picked = useMemo(() => {
    const out: Record<number, number> = {};
    for (const k of facets) {
      const j = form.show?.[k] ?? 0;
      out[k] = j < views[k].texts.length ? j : 0;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- facets is derived from views and the roles
  }, [form.show, views, facets.join()]);
  const xv = views[x];
  const sv = second === null ? null : views[second];

  const charts = useMemo(() => {
    const slice = slicePoints(plan, views, facets, picked);
    // The metrics as the simulator reports them (a sum of flows' rates is its aggregate metric).
    return [...new Set(plan.points[0]?.rows.map((r) => r.metric) ?? [])].map((m) => {
      const bySeries = new Map<string, SweepSeries>();
      for (const { position, point: pt } of slice) {
        const agg = results.aggregate(position);
        if (!agg) continue;
        const j = sv ? pt.choice[sv.column] : 0;
        pt.rows.forEach((row, i) => {
          if (row.metric !== m) return;
          const ci = agg[i];
          if (ci.n === 0 || ci.mean === null || ci.low === null || ci.high === null) return;
          const entity =
            row.entity === 'flow' || row.entity === 'group'
              ? row.name === m
                ? 'flow'
                : row.name.slice(0, -(m.length + 1))
              : row.entity;
          const key = `${entity}|${j}`;
          if (!bySeries.has(key)) {
            const ei = row.entity === 'flow' ? (row.flow ?? -1) : -1;
            const colorBySecond =
              sv !== null && (row.entity !== 'flow' || pt.rows.filter((r) => r.metric === m).length === 1);
            bySeries.set(key, {
              key,
              label:
                [entity === 'flow' || entity === 'run' ? null : entity, sv ? sv.names[j] : null]
                  .filter(Boolean)
                  .join(' · ') || metricWords(m).label,
              color: colorBySecond ? flowColor(j) : ei >= 0 ? flowColor(ei) : 'var(--ink)',
              dashed: sv !== null && !colorBySecond ? j % 2 === 1 : false,
              points: [],
            });
          }
          const xi = pt.choice[xv.column];
          bySeries.get(key)!.points.push({ x: xv.values[xi], mean: ci.mean, low: ci.low, high: ci.high, n: ci.n });
        });
      }
      return { metric: m, series: [...bySeries.values()] };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- results fill in place; version counts the answers shown
  }, [results, version, plan, views, xv, sv, picked]);

  // The x axis every chart shares: the varied parameter in words, linear or log.
  const possible = logPossible(xv.values);
  const kind: 'log' | 'linear' =
    possible && (form.xScale === 'log' || (form.xScale === 'auto' && logWorthy(xv.values))) ? 'log' : 'linear';
  const xText = useMemo(() => {
    const texts = new Map(xv.values.map((v, j) => [JSON.stringify(v), xv.texts[j]]));
    return (v: unknown) => texts.get(JSON.stringify(v)) ?? valueText(v, xv.words, catalog);
  }, [xv, catalog]);
  const slice = sliceTitle(views, facets, picked);

  return (
    <>
      {facets.length > 0 && (
        <fieldset className="sweep-facets">
          <legend>Show</legend>
          {facets.map((k) => (
            <SelectField
              key={k}
              label={paramText(views[k].words)}
              value={String(picked[k] ?? 0)}
              options={views[k].texts.map((t, j) => ({ value: String(j), label: t }))}
              onChange={(v) => onShow(k, Number(v))}
            />
          ))}
        </fieldset>
      )}
      {possible && <XAxisToggle label={xv.words.label} value={kind} onChange={onXScale} />}
      <div className="charts">
        {charts.map((c) => {
          const w = metricWords(c.metric);
          const yLabel = metricText(c.metric);
          const title = `${yLabel} vs ${lowerFirst(xv.words.label)}${slice ? ` — ${slice}` : ''}`;
          return (
            <SweepChart
              key={c.metric}
              title={title}
              xLabel={paramText(xv.words)}
              xUnit={xv.words.unit}
              xText={xText}
              yLabel={yLabel}
              yUnit={w.unit}
              yFactor={w.factor}
              yRange={w.range}
              xValues={xv.values}
              xScale={kind}
              series={c.series}
              caption={caption(results.replications, seed)}
              fileName={`sweep-${c.metric}`}
            />
          );
        })}
      </div>
    </>
  );
}
