/**
 * A lesson figure's sweep panel: the figure's first metric, mean ± 95 % CI of its replications at
 * every value of the x control (`useFigureSweep`, the worker pool), drawn with the Sweep view's
 * chart (`charts/SweepChart.tsx`), and the figure's theory lines (Mathis, Padhye) computed by the
 * simulator (`sim/theoryCore.ts`) from the same scenario at the same x values.
 */
import { useMemo } from 'react';
import { SweepChart, type SweepSeries } from '../charts/SweepChart';
import { logWorthy } from '../charts/sweepScale';
import type { TheoryLine } from '../charts/TheoryLines';
import { flowColor } from '../lib/colors';
import { SUMMARY_COLUMNS } from '../run/summaryColumns';
import type { ScenarioJson } from '../scenario/types';
import { theoryCurve, type TheoryModel } from '../sim/theoryCore';
import type { FigureSweep } from './figureSweep';
import type { FigureControl } from './lessonModel';
import { valueText } from './figureScenario';
import type { SweepState } from './useFigureSweep';

const THEORY_WORDS: Record<TheoryModel, { label: string; color: string; dash: string }> = {
  mathis: { label: 'Mathis et al. 1997', color: 'var(--ink)', dash: '6 4' },
  padhye: { label: 'Padhye et al. 1998', color: 'var(--muted)', dash: '2 3' },
};

/** `Throughput (kbit/s)` → label and unit, from the summary table's column (the one copy). */
function metricText(metric: string): { label: string; unit: string } {
  const col = SUMMARY_COLUMNS.find((c) => c.key === metric);
  const plain = (col?.label ?? metric).replaceAll('\u00ad', '');
  const m = /^(.*?) \(([^)]*)\)$/.exec(plain);
  return m ? { label: m[1], unit: m[2] } : { label: plain, unit: '' };
}

export function SweepPanel({
  figureId,
  sweep,
  state,
  scenario,
  xControl,
  models,
}: {
  figureId: string;
  sweep: FigureSweep;
  state: SweepState;
  scenario: ScenarioJson;
  xControl: FigureControl;
  models: readonly TheoryModel[];
}) {
  const words = metricText(sweep.metric);
  const series: SweepSeries[] = [
    {
      key: 'sim',
      label: `LossLab (mean of ${sweep.replications} runs)`,
      color: flowColor(0),
      points: state.points
        .filter((p) => p.stats && p.stats.mean !== null && p.stats.low !== null && p.stats.high !== null)
        .map((p) => ({ x: p.x, mean: p.stats!.mean!, low: p.stats!.low!, high: p.stats!.high!, n: p.stats!.n })),
    },
  ];
  const scenarioJson = useMemo(() => JSON.stringify(scenario), [scenario]);
  const theory = useMemo(() => {
    const out: { lines: TheoryLine[]; error: string | null } = { lines: [], error: null };
    if (models.length === 0 || sweep.metric !== 'throughput_kbps') return out;
    // A smooth line: the x values plus points between them (log-spaced when the axis is log).
    const xs = sweep.xValues;
    const dense: number[] = [];
    const log = logWorthy(xs) && xs.every((x) => x > 0);
    xs.forEach((x, i) => {
      dense.push(x);
      const next = xs[i + 1];
      if (next === undefined) return;
      for (let k = 1; k < 8; k++) dense.push(log ? x * Math.pow(next / x, k / 8) : x + ((next - x) * k) / 8);
    });
    for (const m of models)
      try {
        const ys = theoryCurve(scenarioJson, m, sweep.xPath, dense);
        out.lines.push({
          key: m,
          label: THEORY_WORDS[m].label,
          color: THEORY_WORDS[m].color,
          dash: THEORY_WORDS[m].dash,
          points: dense.map((x, i) => ({ x, y: ys[i] })),
        });
      } catch (e) {
        out.error = e instanceof Error ? e.message : String(e);
      }
    return out;
  }, [models, scenarioJson, sweep]);
  const log = logWorthy(sweep.xValues) && sweep.xValues.every((x) => x > 0);
  const xLabel = xControl.unit ? `${xControl.label} (${xControl.unit})` : xControl.label;

  return (
    <div className="figure-sweep" data-testid="figure-sweep" data-status={state.status}>
      <p className="figure-sweep-progress" role="status">
        {state.status === 'idle'
          ? 'The sweep starts when the figure is scrolled into view.'
          : state.status === 'running'
            ? `Running the sweep: ${state.done} of ${state.total} runs`
            : state.status === 'done'
              ? `${state.total} runs done (${sweep.xValues.length} values × ${sweep.replications} runs each).`
              : `The sweep failed: ${state.error ?? 'unknown error'}`}
      </p>
      <SweepChart
        title={`${words.label} against ${xControl.label.toLowerCase()}`}
        xLabel={xLabel}
        xUnit={xControl.unit ?? ''}
        xText={(v) => valueText(xControl, v as number)}
        yLabel={words.unit ? `${words.label} (${words.unit})` : words.label}
        yUnit={words.unit}
        yRange={{ min: 0, max: null }}
        xValues={sweep.xValues}
        series={series}
        xScale={log ? 'log' : 'linear'}
        theory={theory.lines}
        height={300}
        fileName={`losslab-${figureId}-sweep`}
        caption={
          <>
            Each dot is the mean of {sweep.replications} runs (seeds {String(scenario.seed ?? 1)} to{' '}
            {(scenario.seed ?? 1) + sweep.replications - 1}); bars are 95 % confidence intervals.
            {theory.lines.length > 0 &&
              ' Lines: the formulas, computed by the simulator from this scenario’s segment size, base round trip, minimum timeout and receiver window (no queueing, no capacity limit).'}
          </>
        }
      />
      {theory.error && (
        <p role="alert" className="run-error">
          The theory line cannot be drawn: {theory.error}
        </p>
      )}
    </div>
  );
}
