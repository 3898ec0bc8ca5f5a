/**
 * Sweep: vary any number of parameters of the lab's scenario (the axes of a cartesian product,
 * zipped axes from sweep files included), replicate each point with seeds seed + r (paired error
 * patterns across points), fan the runs out over a pool of workers, and plot each metric's mean
 * with its 95 % Student-t interval (`SweepCharts.tsx`: one axis along x, one as series, the others
 * picked). The simulator plans the sweep, checks it against its budget (as the form grows), measures
 * each replication and writes the CSV (`SweepModel`, sim-core `sweep/`), so the file is the CLI's
 * `point,<varied paths…>,entity,metric,mean,sd,ci95_low,ci95_high,n` (docs/csv.md), byte for byte.
 */
import { useEffect, useState } from 'react';
import { LAB_KEY, loadJson, loadScenario, saveJson, SWEEP_KEY } from '../session/persist';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { pageCatalog } from '../scenario/catalog';
import { FilePicker } from '../controls/FilePicker';
import { SelectField } from '../controls/SelectField';
import { downloadText, safeName } from '../lib/download';
import type { ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import { SweepStatus, useCopyLink } from '../controls/SweepStatus';
import { SweepModel } from '../sim/pageCore';
import { useSweep } from '../sim/useSweep';
import { SweepCharts } from './SweepCharts';
import {
  axisLength,
  formFromSaved,
  isZip,
  pointCount,
  varyOf,
  withShow,
  type AxisForm,
  type SweepForm,
} from './sweepForm';
import { formFromLink, sweepQuery } from './sweepLink';
import { sweepFromText, sweepPresets, type SweepPreset } from './sweepPresets';
import { fieldOf, problemsInWords } from './sweepProblems';
import { sweepDocument, valueProblems } from './sweepModel';
import { LIVE_CHECK_MAX_POINTS, useSweepCheck } from './useSweepCheck';
import { SweepFormFields } from './SweepFormFields';
import '../builder/builder.css';
import '../run/run.css';
import './sweep.css';
import { usePageTitle } from '../session/pageTitle';

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
  const { form, problems } = formFromLink(params, formFromSaved(loadJson(SWEEP_KEY)));
  if (problems.length > 0) notices.push(`Parts of the link could not be used: ${problems.join('; ')}.`);
  return { base, baseFromLink, form, notices };
}

/** The sweep file (docs/design.md §D4) of the form on `base`. */
function documentOf(base: ScenarioJson, form: SweepForm): string {
  const baseScenario: ScenarioJson = form.duration ? { ...base, stop: { ...base.stop, time_s: form.duration } } : base;
  return sweepDocument({
    base: baseScenario,
    vary: varyOf(form),
    replications: form.replications,
    metrics: form.metrics,
    extra: form.extra,
  });
}

const count = (n: number) => n.toLocaleString('en-US');

export function SweepPage({ params }: { params: URLSearchParams }) {
  usePageTitle('Sweep');
  const [init] = useState(() => initial(params));
  const [base, setBase] = useState(init.base);
  const [baseSource, setBaseSource] = useState(init.baseFromLink ? 'from the link' : 'the lab’s current scenario');
  const [presetId, setPresetId] = useState('');
  const [opened, setOpened] = useState<SweepPreset | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const preset = opened ?? sweepPresets().find((p) => p.id === presetId);
  const [form, setForm] = useState<SweepForm>(init.form);
  const [problems, setProblems] = useState<string[]>([]);
  const sweep = useSweep({ warm: true });
  const [shown, setShown] = useState(true);
  /** The varied parameters the shown results ran with. */
  const [ranAxes, setRanAxes] = useState<readonly AxisForm[]>(form.axes);
  const run = shown ? sweep.run : null;
  const results = run?.results ?? null;
  const running = run?.state === 'running';
  const { link, copy } = useCopyLink();
  const catalog = pageCatalog();

  useEffect(() => {
    const t = setTimeout(() => saveJson(SWEEP_KEY, form), 250);
    return () => clearTimeout(t);
  }, [form]);

  // As the form grows: its points and runs, and whether the simulator (its caps and budget) takes it.
  const points = pointCount(form);
  const runs = points * (Number.isInteger(form.replications) && form.replications >= 1 ? form.replications : 0);
  // Values typed that do not read (JSON that does not parse): said at their field, and the
  // simulator is not asked about a sweep the form cannot yet describe.
  const valueIssues = form.axes.flatMap((a, k) =>
    a.paths.flatMap((p, j) =>
      valueProblems(p.values).map(
        (m) => `${fieldOf(`vary[${k}]${isZip(a) ? `.zip[${j}]` : ''}`, form, catalog)}: ${m}`,
      ),
    ),
  );
  const live = !running && points > 0 && points <= LIVE_CHECK_MAX_POINTS && valueIssues.length === 0;
  const { check, take: takeChecked } = useSweepCheck(live ? () => documentOf(base, form) : null, [base, form, live]);
  const refusal = live && check && !check.ok ? problemsInWords(check.problems, form, catalog) : [];

  const load = (p: SweepPreset, source: string) => {
    if (running) cancel();
    setBase(p.base);
    setBaseSource(source);
    setForm(p.form);
    setShown(false);
    setProblems([]);
    // The address holds the loaded sweep, so a reload or a bookmark reopens it.
    history.replaceState(null, '', formatHash('sweep', sweepQuery(encodeScenario(p.base), p.form)));
  };

  const loadPreset = (id: string) => {
    setPresetId(id);
    setOpened(null);
    setOpenError(null);
    const p = sweepPresets().find((x) => x.id === id);
    if (p) load(p, `the preset ${p.id}`);
  };

  const openFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOpenError(`${file.name} cannot be opened: the browser could not read it.`);
      return;
    }
    const p = sweepFromText(text);
    if (typeof p === 'string') {
      setOpenError(`${file.name} cannot be opened: ${p}.`);
      return;
    }
    setOpenError(null);
    setPresetId('');
    setOpened(p);
    load(p, `the file ${file.name}`);
  };

  const start = () => {
    performance.mark('losslab:sweep:click');
    const local: string[] = [];
    local.push(...valueIssues);
    form.axes.forEach((a, k) => {
      if (a.paths.some((p) => p.path.trim() === '')) local.push(`Varied parameter ${k + 1}: enter a path`);
      else if (points === 0 && a.paths.some((p) => p.values.trim() === ''))
        local.push(`Varied parameter ${k + 1}: enter at least one value`);
    });
    if (!(form.replications >= 1 && Number.isInteger(form.replications)))
      local.push('Replications: a whole number from 1');
    if (form.metrics.length === 0) local.push('Metrics: pick at least one');
    if (local.length > 0) {
      setProblems(local);
      return;
    }
    // The simulator validates every point before anything runs (the CLI's messages) and checks the
    // sweep against the browser's budget (its work and memory for the whole sweep).
    // The form's check has usually expanded this very file already: its model is taken, not rebuilt;
    // the same file run again keeps the model of its last run. Either way the click runs none of the
    // simulator's code on the page, whose first calls would set V8 optimising it on the cores the
    // workers are about to need.
    const json = documentOf(base, form);
    const previous = sweep.run?.results.model;
    let model: SweepModel;
    try {
      model = takeChecked(json) ?? (previous?.json === json ? previous : new SweepModel(json));
    } catch (e) {
      setProblems(problemsInWords((e instanceof Error ? e.message : String(e)).split('\n'), form, catalog));
      return;
    }
    setProblems([]);
    setShown(true);
    setRanAxes(form.axes);
    sweep.start(model);
  };

  const cancel = sweep.cancel;
  const complete = results?.completePositions().length ?? 0;

  const exportCsv = () => {
    if (!results) return;
    downloadText(`${safeName(`${preset?.id ?? base.id}-sweep`)}.csv`, results.csv(), 'text/csv');
  };

  const copyLink = () => {
    const hash = formatHash('sweep', sweepQuery(encodeScenario(base), form));
    return copy(hash, pageUrl(hash));
  };

  /** A choice about the charts (x scale, the slice shown) into the form and the address at once. */
  const keepInAddress = (next: SweepForm) => {
    setForm(next);
    history.replaceState(null, '', formatHash('sweep', sweepQuery(encodeScenario(base), next)));
  };

  const elapsed = run ? ((run.finishedWall ?? performance.now()) - run.startedWall) / 1000 : 0;

  return (
    <main className="sweep">
      <section className="panel" aria-labelledby="sweep-heading">
        <h2 id="sweep-heading">Sweep</h2>
        <p className="field-desc">
          Scenario: <strong>{base.title || base.id}</strong> ({baseSource}). Every point runs with the same seeds (
          {base.seed ?? 1}, {(base.seed ?? 1) + 1}, …), so all points see the same error patterns.{' '}
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
                : 'Load the sweep behind a published figure or study — the same file the losslab command-line tool runs: its scenario, varied parameters, replications and metrics.'
            }
          />
          <FilePicker
            className="sweep-open"
            label="Open sweep file…"
            accept=".json,application/json"
            onFile={(f) => void openFile(f)}
            description="A sweep file of your own (its base: a scenario object or a preset’s id)"
          />
          {openError && (
            <p role="alert" className="notice">
              {openError}
            </p>
          )}
          {preset && preset.dropped.length > 0 && (
            <p role="alert" className="notice">
              Not available in the browser, left out: {preset.dropped.join('; ')}.
            </p>
          )}
        </div>
        <SweepFormFields
          form={form}
          setForm={setForm}
          seed={base.seed ?? 1}
          baseDuration={base.stop?.time_s ?? 60}
          catalog={catalog}
        />
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
          <button type="button" disabled={complete === 0} onClick={exportCsv}>
            Export CSV
          </button>
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <span className="muted" data-testid="sweep-size">
            {form.axes.length > 1 &&
              form.axes.map((a, k) => <span key={k}>{`${k > 0 ? ' × ' : ''}${count(axisLength(a))}`}</span>)}
            {`${form.axes.length > 1 ? ' = ' : ''}${count(points)} point${points === 1 ? '' : 's'} × ${form.replications} replication${form.replications === 1 ? '' : 's'} = ${count(runs)} run${runs === 1 ? '' : 's'} on ${sweep.workers} workers`}
            {points > LIVE_CHECK_MAX_POINTS && ' (the simulator checks a sweep this large when you press Run sweep)'}
          </span>
        </div>
        {problems.length === 0 && refusal.length > 0 && (
          <div className="field-error" data-testid="sweep-refusal" aria-live="polite">
            <p>The simulator will not run this sweep as it stands:</p>
            <ul>
              {refusal.slice(0, 10).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
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
          <SweepCharts
            results={results}
            version={run?.version}
            axes={ranAxes}
            form={form}
            seed={base.seed ?? 1}
            catalog={catalog}
            onXScale={(v) => keepInAddress({ ...form, xScale: v })}
            onShow={(k, j) => keepInAddress(withShow(form, k, j))}
          />
          {complete < results.points.length && !running && (
            <p className="muted">Export CSV includes only the {complete} points whose replications all finished.</p>
          )}
        </section>
      )}
    </main>
  );
}
