/**
 * One reproduction (`#/papers/<paper>/<figure>?r=N`): its set-up and claim, a Run button with the
 * replication count, the sweep fanned out over the worker pool (`useSweep`, as the Sweep view
 * runs it), the chart of LossLab's mean ± 95 % CI per series over the paper's points, and the
 * claims checklist, then the file's time-sequence plots (`TimeSeqPlots`, simulated in their own
 * worker). Everything the figure means — the plan, the cells, the verdicts, the CSV, the
 * time-sequence runs — is the simulator's reproduction engine (`ReproductionModel` here, the same
 * engine in the time-sequence worker), so the page shows what `losslab reproduce` would print for
 * the same replication count.
 */
import { useEffect, useMemo, useState } from 'react';
import { SweepChart, type SweepSeries } from '../charts/SweepChart';
import type { ReferenceSeries } from '../charts/ReferenceMarks';
import { NumberField } from '../controls/NumberField';
import { SweepStatus, useCopyLink } from '../controls/SweepStatus';
import { FLOW_COLORS, flowColor } from '../lib/colors';
import { downloadText } from '../lib/download';
import { axisFormat } from '../lib/numberFormat';
import { encodeScenario, formatHash, pageUrl } from '../session/route';
import { SweepModel } from '../sim/pageCore';
import { ReproductionModel, type ReproductionResult } from '../sim/reproductionCore';
import { recordingLoader, type TimeSeqFile } from '../sim/timeSeqWorker';
import { useSweep } from '../sim/useSweep';
import { ClaimsTable } from './ClaimsTable';
import { ComparisonTable } from './ComparisonTable';
import { resolveResource, type ReproductionFile } from './paperFiles';
import { storeResult } from './papersStore';
import { TimeSeqPlots } from './TimeSeqPlots';
import { itemName, replicationsFrom } from './papersWords';

/** Grey for the paper's series no LossLab series compares with. */
const UNMATCHED = FLOW_COLORS[FLOW_COLORS.length - 1];

/** Reads the file with the engine, keeping what its loader answered for the time-sequence worker. */
function open(file: ReproductionFile): { model: ReproductionModel | null; source: TimeSeqFile; error: string | null } {
  const fileJson = JSON.stringify(file.json);
  const { load, resources } = recordingLoader(resolveResource);
  const source = { fileJson, resources };
  try {
    return { model: new ReproductionModel(fileJson, load), source, error: null };
  } catch (e) {
    return { model: null, source, error: e instanceof Error ? e.message : String(e) };
  }
}

export function FigurePage({ file, params }: { file: ReproductionFile; params: URLSearchParams }) {
  const [{ model, source, error }] = useState(() => open(file));
  if (!model)
    return (
      <main className="papers">
        <section className="panel">
          <p>
            <a href="#/papers">← All papers</a>
          </p>
          <h2>{file.title}</h2>
          <div role="alert" className="field-error">
            <p>This reproduction file cannot be read:</p>
            <ul>
              {(error ?? '').split('\n').map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        </section>
      </main>
    );
  return <Figure model={model} source={source} params={params} />;
}

function Figure({ model, source, params }: { model: ReproductionModel; source: TimeSeqFile; params: URLSearchParams }) {
  const info = model.info;
  const key = `${info.paper}/${info.id}`;
  const [reps, setReps] = useState(() => replicationsFrom(params.get('r'), info.replications_test, info.replications));
  const sweep = useSweep({ warm: true });
  const run = sweep.run;
  const results = run?.results ?? null;
  const { link, copy } = useCopyLink();
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    let plan: SweepModel;
    try {
      plan = new SweepModel(model.sweepJson(reps));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
      return;
    }
    setProblem(null);
    history.replaceState(null, '', formatHash('papers', { r: String(reps) }, [info.paper, info.id]));
    // Replication-major (useSweep): every point gets its first replication early, so the checklist's rounds come in order.
    sweep.start(plan);
  };

  const cancel = sweep.cancel;
  const state = run?.state ?? 'idle';
  // The figure: every sample so far (points fill in as replications finish); before a run, the paper's points.
  const live: ReproductionResult = useMemo(
    () =>
      results
        ? model.evaluate(
            results.replications,
            results.points.map((_, i) => results.samples(i)),
          )
        : model.evaluate(reps, []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- results fill in place; run.version counts the answers shown
    [model, results, run?.version, reps],
  );
  // The checklist: the engine's verdicts after the last complete round of replications (what
  // `losslab reproduce --replications <round>` prints).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- results fill in place; run.version counts the answers shown
  const round = useMemo(() => results?.completeRound() ?? 0, [results, run?.version]);
  const checked: ReproductionResult | null = useMemo(
    () =>
      results && round > 0
        ? model.evaluate(
            round,
            results.points.map((_, i) => results.samples(i, round)),
          )
        : null,
    [model, results, round],
  );
  useEffect(() => {
    if (results && state === 'done' && checked && round === results.replications && run?.errors.length === 0)
      storeResult(key, {
        counts: [
          checked.tally.reproduced,
          checked.tally.direction_only,
          checked.tally.inconclusive,
          checked.tally.not_reproduced,
        ],
        replications: round,
      });
  }, [results, run, state, checked, round, key]);

  const xValues = useMemo(
    () => [...new Set(info.plot.series.flatMap((s) => s.cells.map((c) => c.x)))].sort((a, b) => a - b),
    [info],
  );
  const xs = info.plot.log_x ? xValues.filter((x) => x > 0) : xValues;
  const series: SweepSeries[] = live.plot.series.map((s, i) => ({
    key: info.plot.series[i]?.id ?? String(i),
    label: s.label,
    color: flowColor(i),
    points: s.points
      .filter((p) => !info.plot.log_x || p.x > 0)
      .map((p) => ({ x: p.x, mean: p.mean, low: p.low, high: p.high, n: p.n })),
  }));
  const reference: ReferenceSeries[] = live.plot.reference.map((r, j) => {
    const i = live.plot.series.findIndex((s) => s.reference === j);
    return {
      key: r.id,
      label: `Paper: ${r.label}`,
      color: i >= 0 ? flowColor(i) : UNMATCHED,
      points: r.points.filter((p) => !info.plot.log_x || p.x > 0),
    };
  });
  const refCount = reference.reduce((n, r) => n + r.points.length, 0);
  // A printed table with many columns (LJ Table 1: 30 of LossLab's and 30 of the paper's) reads as
  // a table; as a chart its lines could not be told apart.
  const asTable = live.plot.series.length + live.plot.reference.length > 20;

  const exportCsv = () => {
    if (!run) return;
    downloadText(`${info.paper}-${info.id}.csv`, live.csv, 'text/csv');
  };
  const copyLink = () => {
    const hash = formatHash('papers', { r: String(reps) }, [info.paper, info.id]);
    return copy(hash, pageUrl(hash));
  };
  const labLinks = useMemo(() => {
    const out = new Map<number, string | null>();
    for (const s of info.plot.series)
      for (const c of s.cells)
        if (!out.has(c.point))
          try {
            out.set(c.point, formatHash('lab', { s: encodeScenario(model.pointScenario(c.point)) }));
          } catch {
            out.set(c.point, null);
          }
    return out;
  }, [model, info]);

  const unit = info.plot.x_unit;
  const points = live.runs / Math.max(1, live.replications);
  // One notation along the axis, the paper's points and LossLab's alike (1e-4 … 1e-1).
  const xNumber = axisFormat(xValues);
  const xText = (v: unknown) => (typeof v === 'number' ? xNumber(v) : String(v));

  return (
    <main className="papers">
      <section className="panel" aria-labelledby="figure-heading">
        <p className="crumbs">
          <a href="#/papers">← All papers</a>
        </p>
        <h2 id="figure-heading">
          {itemName(info.id)}: {info.title}
        </h2>
        <p className="figure-source">Source: {info.source}</p>
        <dl className="figure-summary">
          <dt>Set-up</dt>
          <dd>{info.setup}</dd>
          <dt>Claim</dt>
          <dd>{info.claim}</dd>
        </dl>
        <div className="button-row runbar">
          <NumberField
            label="Replications"
            value={reps}
            onCommit={(v) => v !== undefined && setReps(Math.max(1, Math.min(info.replications, Math.round(v))))}
            hint={`per point, 1 to ${info.replications}`}
          />
          <button type="button" className="primary" disabled={state === 'running'} onClick={start}>
            Run
          </button>
          <button type="button" disabled={state !== 'running'} onClick={cancel}>
            Cancel
          </button>
          <button type="button" disabled={state !== 'done'} onClick={exportCsv}>
            Export CSV
          </button>
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <span className="muted" data-testid="papers-runs">
            {points} points × {reps} replication{reps === 1 ? '' : 's'} = {points * reps} runs. The paper used{' '}
            {info.replications} per point.
          </span>
        </div>
        {problem && (
          <p role="alert" className="field-error">
            The reproduction cannot run: {problem}
          </p>
        )}
        <SweepStatus
          id="papers"
          link={link}
          progressLabel="Reproduction progress"
          progress={
            run && {
              done: run.done,
              total: run.total,
              state: run.state,
              text: `${run.done} of ${run.total} runs${run.state === 'cancelled' ? ' · cancelled' : ''}${
                round > 0 ? ` · ${round} of ${run.results.replications} replication rounds complete` : ''
              }`,
            }
          }
          errors={run?.errors ?? []}
        />
      </section>
      <section className="results papers-results" aria-label="Figure and claims">
        {asTable ? (
          <p className="muted" data-testid="papers-table-note">
            This item is a printed table of {live.plot.reference.length} columns: it is shown as a table, the paper’s
            numbers beside LossLab’s, rather than as a chart.
            {live.comparison.length === 0 && ' Press Run: the cells fill in as each round of replications finishes.'}
          </p>
        ) : (
          <div className="charts" data-testid="papers-chart" data-reference-points={refCount}>
            <SweepChart
              title={`${itemName(info.id)}: ${info.plot.y_label} vs ${info.plot.x_label.toLowerCase()}`}
              xLabel={live.plot.x_label}
              xUnit={unit}
              xText={xText}
              yLabel={live.plot.y_label}
              yUnit={info.plot.y_unit}
              xValues={xs}
              xScale={info.plot.log_x ? 'log' : 'linear'}
              series={series}
              reference={reference}
              caption={`${
                !results
                  ? 'Press Run: LossLab’s means with 95 % confidence intervals fill in here.'
                  : results.replications === 1
                    ? 'Dots: LossLab, one run per point (no confidence interval with one replication).'
                    : `Dots: LossLab’s mean of up to ${results.replications} runs per point; bars: 95 % confidence interval.`
              } ${
                refCount > 0
                  ? 'Hollow squares: the paper’s numbers, with their reading uncertainty.'
                  : 'No paper points on this figure (see the note below).'
              }`}
              fileName={`${info.paper}-${info.id}`}
            />
          </div>
        )}
        {live.comparison.length > 0 && (
          <>
            <h3>The paper’s numbers beside LossLab’s</h3>
            <ComparisonTable
              rows={live.comparison}
              units={live.units}
              xLabel={live.plot.x_label.replace(/ \(.*\)$/, '')}
            />
          </>
        )}
        <p className="muted reference-note">
          {live.reference_note}
          {refCount === 0 && live.plot.reference.length === 0 ? ' No paper points are drawn on this figure.' : ''}
        </p>
        <h3>Claims</h3>
        <ClaimsTable info={info} result={checked} round={round} />
        <TimeSeqPlots model={model} source={source} />
        <details className="open-points">
          <summary>Open a point in the lab</summary>
          <p className="muted">Each point’s scenario (replication 1’s seed), loaded into the Lab.</p>
          <ul>
            {info.plot.series.map((s) => (
              <li key={s.id}>
                {s.label}:{' '}
                {s.cells.map((c, k) => {
                  const href = labLinks.get(c.point);
                  return (
                    <span key={c.point}>
                      {k > 0 && ' · '}
                      {href ? (
                        <a href={href} data-point={c.point}>
                          {xText(c.x)}
                          {unit ? ` ${unit}` : ''}
                        </a>
                      ) : (
                        xText(c.x)
                      )}
                    </span>
                  );
                })}
              </li>
            ))}
          </ul>
        </details>
      </section>
    </main>
  );
}
