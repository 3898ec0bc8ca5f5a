/**
 * Sweep: vary one parameter of the lab's scenario (optionally a second one for separate series),
 * replicate each point with seeds seed + r (paired error patterns across points), fan the runs out
 * over a pool of workers, and plot each metric's mean with its 95 % Student-t interval. The
 * simulator plans the sweep, measures each replication and writes the CSV (`SweepModel`, sim-core
 * `sweep/`), so the file is the CLI's
 * `point,<varied paths…>,entity,metric,mean,sd,ci95_low,ci95_high,n` (docs/csv.md), byte for byte.
 */
import { useEffect, useMemo, useState } from 'react';
import { LAB_KEY, loadJson, loadScenario, saveJson, SWEEP_KEY } from '../session/persist';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { SweepChart, type SweepSeries } from '../charts/SweepChart';
import { logPossible, logWorthy } from '../charts/sweepScale';
import { pageCatalog } from '../scenario/catalog';
import { NumberField } from '../controls/NumberField';
import { SelectField } from '../controls/SelectField';
import { TextField } from '../controls/TextField';
import { flowColor } from '../lib/colors';
import { downloadText, safeName } from '../lib/download';
import { isObject, type ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import { SweepStatus, useCopyLink } from '../controls/SweepStatus';
import { SweepModel } from '../sim/pageCore';
import { useSweep } from '../sim/useSweep';
import { CUSTOM, DEFAULT_FORM, formFromLink, formPath, SWEEP_PARAMS, sweepQuery, type SweepForm } from './sweepLink';
import { sweepPresets } from './sweepPresets';
import { allMetrics, parseValues, sweepDocument, type Vary } from './sweepModel';
import { XAxisToggle } from './XAxisToggle';
import { metricText, metricWords, paramText, paramWords, seriesValueText, valueText } from './sweepWords';
import '../builder/builder.css';
import '../run/run.css';
import './sweep.css';

/** `Bottleneck bit error rate` → `bottleneck bit error rate`; `RED max …`, `MSS` stay. */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** The line under each chart: what a point and a bar are. */
const caption = (replications: number, seed: number) =>
  replications === 1
    ? `Each point: one run (seed ${seed}); with one replication there is no confidence interval to draw.`
    : `Each point: mean of ${replications} runs with different error patterns (seeds ${seed} to ${seed + replications - 1}); bars: 95 % confidence interval (Student t).`;

function initial(params: URLSearchParams): {
  base: ScenarioJson;
  baseFromLink: boolean;
  form: SweepForm;
  notices: string[];
} {
  const notices: string[] = [];
  let baseFromLink = false;
  let base = loadScenario(LAB_KEY) ?? (defaultScenario() as ScenarioJson);
  const s = params.get('s');
  if (s !== null) {
    const d = decodeScenario(s);
    if (d.ok) {
      base = d.value;
      baseFromLink = true;
    } else
      notices.push(
        `The scenario in the link could not be opened: ${d.error}. The sweep uses the lab’s current scenario instead.`,
      );
  }
  const saved = loadJson(SWEEP_KEY);
  const start: SweepForm = { ...DEFAULT_FORM, ...(isObject(saved) ? (saved as Partial<SweepForm>) : {}) };
  const { form, problems } = formFromLink(params, start);
  if (problems.length > 0) notices.push(`Parts of the link could not be used: ${problems.join('; ')}.`);
  return { base, baseFromLink, form, notices };
}

export function SweepPage({ params }: { params: URLSearchParams }) {
  const [init] = useState(() => initial(params));
  const [base, setBase] = useState(init.base);
  const [baseSource, setBaseSource] = useState(init.baseFromLink ? 'from the link' : 'the lab’s current scenario');
  const [presetId, setPresetId] = useState('');
  const preset = sweepPresets().find((p) => p.id === presetId);
  const [form, setForm] = useState<SweepForm>(init.form);
  const [problems, setProblems] = useState<string[]>([]);
  const sweep = useSweep({ warm: true });
  const [shown, setShown] = useState(true);
  const run = shown ? sweep.run : null;
  const results = run?.results ?? null;
  const running = run?.state === 'running';
  const { link, copy } = useCopyLink();
  const catalog = pageCatalog();

  useEffect(() => {
    const t = setTimeout(() => saveJson(SWEEP_KEY, form), 250);
    return () => clearTimeout(t);
  }, [form]);

  const loadPreset = (id: string) => {
    setPresetId(id);
    const p = sweepPresets().find((x) => x.id === id);
    if (!p) return;
    if (running) cancel();
    setBase(p.base);
    setBaseSource(`the preset ${p.id}`);
    setForm(p.form);
    setShown(false);
    setProblems([]);
    // The address holds the loaded sweep, so a reload or a bookmark reopens it.
    history.replaceState(null, '', formatHash('sweep', sweepQuery(encodeScenario(p.base), p.form)));
  };

  const set = <K extends keyof SweepForm>(k: K, v: SweepForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const path = formPath(form);
  const values = useMemo(() => parseValues(form.values), [form.values]);
  const values2 = useMemo(() => parseValues(form.values2), [form.values2]);
  const path2 = form.param2.trim();

  const start = () => {
    performance.mark('losslab:sweep:click');
    const local: string[] = [];
    const vary: Vary[] = [{ path, values }];
    if (path2) vary.push({ path: path2, values: values2 });
    if (values.length === 0) local.push('values: enter at least one value');
    if (path2 && values2.length === 0) local.push('series values: enter at least one value');
    if (!(form.replications >= 1 && Number.isInteger(form.replications)))
      local.push('replications: a whole number from 1');
    if (form.metrics.length === 0) local.push('metrics: pick at least one');
    if (local.length > 0) {
      setProblems(local);
      return;
    }
    const baseScenario: ScenarioJson = form.duration
      ? { ...base, stop: { ...base.stop, time_s: form.duration } }
      : base;
    // The simulator validates every point before anything runs (the CLI's messages).
    let model: SweepModel;
    try {
      model = new SweepModel(
        sweepDocument({ base: baseScenario, vary, replications: form.replications, metrics: form.metrics }),
      );
    } catch (e) {
      setProblems((e instanceof Error ? e.message : String(e)).split('\n'));
      return;
    }
    // How many runs the browser takes is the simulator's budget's call (above: its work and memory
    // for the whole sweep), not a fixed count: the pool runs thousands of short runs in seconds.
    setProblems([]);
    setShown(true);
    sweep.start(model);
  };

  const cancel = sweep.cancel;
  const version = run?.version;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- results fill in place; run.version counts the answers shown
  const complete = useMemo(() => results?.completePositions() ?? [], [results, version]);

  const exportCsv = () => {
    if (!results) return;
    downloadText(`${safeName(`${base.id}-sweep`)}.csv`, results.csv(), 'text/csv');
  };

  const copyLink = () => {
    const hash = formatHash('sweep', sweepQuery(encodeScenario(base), form));
    return copy(hash, pageUrl(hash));
  };

  const charts = useMemo(() => {
    if (!results) return [];
    const { points, paths } = results.model.plan;
    const words2 = paramWords(paths[1] ?? '', catalog);
    return form.metrics
      .filter((m) => points[0]?.rows.some((r) => r.metric === m))
      .map((m) => {
        const bySeries = new Map<string, SweepSeries>();
        const second = paths.length > 1;
        for (const [pos, pt] of points.entries()) {
          const agg = results.aggregate(pos);
          if (!agg) continue;
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
            const v2 = second ? String(pt.values[1]) : '';
            const key = `${entity}|${v2}`;
            if (!bySeries.has(key)) {
              const ei = row.entity === 'flow' ? (row.flow ?? -1) : -1;
              const si = second ? values2.findIndex((x) => String(x) === v2) : 0;
              const colorBySecond =
                second && (row.entity !== 'flow' || pt.rows.filter((r) => r.metric === m).length === 1);
              bySeries.set(key, {
                key,
                label:
                  [
                    entity === 'flow' || entity === 'run' ? null : entity,
                    second ? seriesValueText(pt.values[1], words2, catalog) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || metricWords(m).label,
                color: colorBySecond ? flowColor(si) : ei >= 0 ? flowColor(ei) : 'var(--ink)',
                dashed: second && !colorBySecond ? si % 2 === 1 : false,
                points: [],
              });
            }
            bySeries.get(key)!.points.push({ x: pt.values[0], mean: ci.mean, low: ci.low, high: ci.high, n: ci.n });
          });
        }
        return { metric: m, series: [...bySeries.values()] };
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- results fill in place; run.version counts the answers shown
  }, [results, version, form.metrics, values2, catalog]);

  // The x axis every chart shares: the varied parameter in words, linear or log.
  const chartX = useMemo(() => {
    if (!results) return null;
    const { points, paths } = results.model.plan;
    const words = paramWords(paths[0], catalog);
    const values = points.filter((pt) => pt.choice.slice(1).every((j) => j === 0)).map((pt) => pt.values[0]);
    const possible = logPossible(values);
    const kind: 'log' | 'linear' =
      possible && (form.xScale === 'log' || (form.xScale === 'auto' && logWorthy(values))) ? 'log' : 'linear';
    return { words, values, kind, logPossible: possible, text: (v: unknown) => valueText(v, words, catalog) };
  }, [results, form.xScale, catalog]);

  const elapsed = run ? ((run.finishedWall ?? performance.now()) - run.startedWall) / 1000 : 0;

  return (
    <main className="sweep">
      <section className="panel" aria-labelledby="sweep-heading">
        <h2 id="sweep-heading">Sweep</h2>
        <p className="field-desc">
          Base: <strong>{base.title || base.id}</strong> ({baseSource}) · seed {base.seed ?? 1}. Replication r runs with
          seed {base.seed ?? 1}
          {' + r at every point, so all points see the same error patterns. '}
          <a href="#/lab">Edit the scenario in the lab</a>.
        </p>
        {init.notices.map((n) => (
          <p role="alert" className="notice" key={n}>
            {n}
          </p>
        ))}
        <div className="sweep-preset">
          <SelectField
            label="Paper sweep"
            value={presetId}
            options={[
              { value: '', label: 'None (build your own below)' },
              ...sweepPresets().map((p) => ({ value: p.id, label: p.title, title: p.description })),
            ]}
            onChange={loadPreset}
            description={
              preset
                ? preset.description
                : 'Load a published figure’s sweep from content/sweeps/ (the files losslab sweep runs): its base scenario, values, replications and metrics.'
            }
          />
          {preset && preset.dropped.length > 0 && (
            <p role="alert" className="notice">
              Not available in the browser, left out: {preset.dropped.join('; ')}.
            </p>
          )}
        </div>
        <div className="sweep-form">
          <SelectField
            label="Parameter"
            value={form.param}
            options={[
              ...SWEEP_PARAMS.map((p) => ({ value: p.path, label: paramText(paramWords(p.path, catalog)) })),
              { value: CUSTOM, label: 'Another path…' },
            ]}
            onChange={(v) => {
              const known = SWEEP_PARAMS.find((p) => p.path === v);
              setForm((f) => ({ ...f, param: v, values: known ? known.values : f.values }));
            }}
            description={form.param !== CUSTOM ? <code>{form.param}</code> : undefined}
          />
          {form.param === CUSTOM && (
            <TextField
              label="Parameter path"
              value={form.customPath}
              onChange={(v) => set('customPath', v)}
              placeholder="flows[1].start_s"
              hint="Dotted keys and [i] indices into the scenario JSON"
            />
          )}
          <TextField
            label="Values"
            value={form.values}
            onChange={(v) => set('values', v)}
            hint="Separated by commas: numbers, or ids such as new_reno"
          />
          <NumberField
            label="Replications"
            value={form.replications}
            onCommit={(v) => v !== undefined && set('replications', v)}
            hint="Runs per point, seeds seed … seed + n − 1"
          />
          <NumberField
            label="Duration"
            unit="s"
            value={form.duration}
            optional
            placeholder={String(base.stop?.time_s ?? 60)}
            onCommit={(v) => set('duration', v)}
            hint="Simulated time per run (empty: the scenario’s)"
          />
          <TextField
            label="Series parameter"
            value={form.param2}
            onChange={(v) => set('param2', v)}
            placeholder="optional, e.g. flows[0].tcp.classifier"
            hint="A second path: one series per value"
          />
          {path2 && <TextField label="Series values" value={form.values2} onChange={(v) => set('values2', v)} />}
          <fieldset className="checks wide">
            <legend>Metrics</legend>
            <div className="check-grid">
              {allMetrics().map((m) => (
                <label key={m}>
                  <input
                    type="checkbox"
                    checked={form.metrics.includes(m)}
                    onChange={(e) =>
                      set(
                        'metrics',
                        e.target.checked
                          ? allMetrics().filter((x) => x === m || form.metrics.includes(x))
                          : form.metrics.filter((x) => x !== m),
                      )
                    }
                  />
                  {metricText(m)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {problems.length > 0 && (
          <div role="alert" className="field-error">
            <p>The sweep cannot run:</p>
            <ul>
              {problems.slice(0, 30).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="button-row runbar">
          <button type="button" className="primary" disabled={running} onClick={start}>
            Run sweep
          </button>
          <button type="button" disabled={!running} onClick={cancel}>
            Cancel
          </button>
          <button type="button" disabled={complete.length === 0} onClick={exportCsv}>
            Export CSV
          </button>
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <span className="muted">
            {values.length * Math.max(1, path2 ? values2.length : 1)} points × {form.replications} replications ={' '}
            {values.length * Math.max(1, path2 ? values2.length : 1) * form.replications}
            {' runs on '}
            {sweep.workers} workers
          </span>
        </div>
        <SweepStatus
          id="sweep"
          link={link}
          progressLabel="Sweep progress"
          progress={
            run && {
              done: run.done,
              total: run.total,
              state: run.state,
              text: `${run.done} of ${run.total} runs · ${elapsed.toFixed(1)} s${run.state === 'cancelled' ? ' · cancelled' : ''}`,
            }
          }
          errors={run?.errors ?? []}
        />
      </section>
      {results && (
        <section className="results sweep-results" aria-label="Sweep results">
          {chartX && chartX.logPossible && (
            <XAxisToggle
              label={chartX.words.label}
              value={chartX.kind}
              onChange={(v) => {
                set('xScale', v);
                const q = sweepQuery(encodeScenario(base), { ...form, xScale: v });
                history.replaceState(null, '', formatHash('sweep', q));
              }}
            />
          )}
          <div className="charts">
            {chartX &&
              charts.map((c) => {
                const w = metricWords(c.metric);
                const yLabel = metricText(c.metric);
                return (
                  <SweepChart
                    key={c.metric}
                    title={`${yLabel} vs ${lowerFirst(chartX.words.label)}`}
                    xLabel={paramText(chartX.words)}
                    xUnit={chartX.words.unit}
                    xText={chartX.text}
                    yLabel={yLabel}
                    yUnit={w.unit}
                    yFactor={w.factor}
                    yRange={w.range}
                    xValues={chartX.values}
                    xScale={chartX.kind}
                    series={c.series}
                    caption={caption(results.replications, base.seed ?? 1)}
                    fileName={`sweep-${c.metric}`}
                  />
                );
              })}
          </div>
          {complete.length < results.points.length && !running && (
            <p className="muted">
              Export CSV includes only the {complete.length} points whose replications all finished.
            </p>
          )}
        </section>
      )}
    </main>
  );
}
