/**
 * One live figure of a lesson: a run on the page like the Lab's (`usePageRun`, its own worker)
 * runs the figure's scenario once the figure has scrolled into view (IntersectionObserver), and again
 * whenever the reader moves a control. A figure that answers a prediction does not start on its
 * own: while `wait` says what to do it stays idle with Run disabled, and once the prediction is
 * committed the reader runs it (`onRunDone` reports the control values the finished run had); the Lab's charts draw it, the figure's annotations are
 * pinned to their simulated times below, and "Open in lab" carries the same scenario to the Lab.
 * A figure with the `sweep` panel also runs its sweep over the worker pool (`SweepPanel`); with
 * only that panel there is no single run, and the x control is the chart's axis, not a control.
 * The figure keeps its finished runs (up to four, named by their setting, `keptRuns.ts`) and draws
 * them on the same axes; a figure with a `table` shows the means its prose quotes
 * (`ResultsTable`), each cell once its setting has run here.
 */
import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ChartSyncProvider } from '../charts/ChartSync';
import { ZoomBar } from '../charts/ZoomBar';
import { RunCharts } from '../run/RunCharts';
import { keepsFocus } from '../controls/keepsFocus';
import { Announce } from '../controls/Announce';
import { SharingNote } from '../run/SharingNote';
import { STATUS_TEXT } from '../run/RunBar';
import { SPEEDS } from '../run/speeds';
import { usePageRun } from '../run/usePageRun';
import type { SimController } from '../sim/simController';
import { pageCatalog } from '../scenario/catalog';
import type { Json } from './lessonModel';
import { formatHash, pageUrl } from '../session/route';
import { useEncodedScenario } from '../session/useEncodedScenario';
import { FigureControllerContext } from '../session/embedMessages';
import { Annotations } from './Annotations';
import { FigureControls } from './FigureControls';
import { figureScenario } from './figureScenario';
import type { FigureSpec } from './lessonModel';
import { figureSweep, theoryModels, xControlIndex } from './figureSweep';
import { SlideChartHeight } from './slideChartHeight';
import { SweepPanel } from './SweepPanel';
import { useFigureSweep } from './useFigureSweep';
import { cellSettingRan, tableCells, tableSweepJson, type TableCell } from './figureTable';
import { useFigureTable } from './useFigureTable';
import { ResultsTable } from './ResultsTable';
import { KeptRuns } from './KeptRuns';
import { keepRun, settingName, type KeptRun } from './keptRuns';
import type { Panel } from '../session/route';

/**
 * What a lesson figure's embed drives from outside (`useFigureCommands.ts`): the figure's run, its
 * control values, and its Run button.
 */
export interface FigureHandle {
  controller: SimController;
  /** The scenario the controls give now, as the simulator reads it (null: none). */
  json: string | null;
  /** Whether the figure has a run of its own (a sweep-only figure has not). */
  hasRun: boolean;
  values: readonly Json[];
  setValues(values: Json[]): void;
  /** What Run does: the first run, or a run again. */
  run(): void;
}

/** Lessons run at 100× real time: fast enough to finish, slow enough to watch slow start. */
const LESSON_SPEED = Math.max(
  0,
  SPEEDS.findIndex((s) => s.value === 100),
);

export function LiveFigure({
  figure,
  number,
  onRunDone,
  tools,
  embedded = false,
  gated = false,
  wait,
  hint,
  handle,
}: {
  figure: FigureSpec;
  number: number;
  /** A run finished, with these control values (one per control). */
  onRunDone(values: readonly Json[]): void;
  /** The figure answers a prediction: it never starts on its own. */
  gated?: boolean;
  /** What the reader must do first (the prediction is not committed yet): Run waits, saying so. */
  wait?: string;
  /** The next step once committed ("Now run figure 1 with …"), shown on the figure. */
  hint?: string;
  /** More buttons for the figure's bar (the lesson page's "Embed"). */
  tools?: ReactNode;
  /** In an embed: "Open in lab" opens a new tab at the full address. */
  embedded?: boolean;
  /** Filled with the figure's {@link FigureHandle} after every render (a lesson figure's embed). */
  handle?: { current: FigureHandle | null };
}) {
  const controls = useMemo(() => figure.controls ?? [], [figure]);
  const [values, setValues] = useState<Json[]>(() => controls.map((c) => c.value));
  const scenario = useMemo(() => figureScenario(figure, values), [figure, values]);
  // The figure's presets are the project's own: the page does not ask the validator about them.
  const {
    state,
    controller,
    json,
    stopS,
    axisS,
    flowIds,
    running,
    done: runDone,
  } = usePageRun(scenario, {
    validate: false,
    speedIndex: LESSON_SPEED,
  });
  // A lesson-figure embed reports this figure's runs to its host page (session/embedMessages.ts).
  const handUp = useContext(FigureControllerContext);
  useEffect(() => handUp?.(controller), [handUp, controller]);
  const chartHeight = useContext(SlideChartHeight) ?? 200;
  const hasSweep = figure.panels?.includes('sweep') ?? false;
  const runPanels = useMemo(
    () => (figure.panels ? figure.panels.filter((p): p is Panel => p !== 'sweep') : undefined),
    [figure.panels],
  );
  const hasRun = runPanels === undefined || runPanels.length > 0;
  const xIndex = hasSweep ? xControlIndex(figure) : -1;
  const encoded = useEncodedScenario(scenario);
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || seen || gated) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen, gated]);

  // The control values of the run under way, reported when it finishes.
  const ranValues = useRef<readonly Json[]>(values);
  const start = () => {
    ranValues.current = values;
    controller.run(json);
  };
  const startRef = useRef(start);
  startRef.current = start;
  const waitRef = useRef(wait);
  waitRef.current = wait;
  // Run when first seen (or first run by hand), and again on every control change after that —
  // never while a prediction about the figure waits for its answer (committing it does not start
  // a run either: the reader presses Run).
  useEffect(() => {
    if (!seen || !json || !hasRun || waitRef.current) return;
    startRef.current();
  }, [seen, json, hasRun]);

  const sweep = useMemo(
    () => (hasSweep && scenario ? figureSweep(figure, scenario) : null),
    [hasSweep, figure, scenario],
  );
  const sweepState = useFigureSweep(sweep?.json ?? null, seen && !wait);
  const models = useMemo(() => theoryModels(figure), [figure]);

  const done = hasRun ? runDone : sweepState.status === 'done';
  const doneRef = useRef(onRunDone);
  doneRef.current = onRunDone;
  // Finished runs: kept for drawing (up to four), and every setting run here (the table's reveal).
  const [kept, setKept] = useState<KeptRun[]>([]);
  const [ranSettings, setRanSettings] = useState<readonly (readonly Json[])[]>([]);
  useEffect(() => {
    if (!done) return;
    const ran = hasRun ? ranValues.current : values;
    doneRef.current(ran);
    setRanSettings((old) => [...old, ran]);
    if (hasRun && state.series) {
      const store = state.series;
      setKept((old) =>
        keepRun(old, {
          name: settingName(controls, ran),
          values: ran,
          store,
          flowIds,
          serial: state.runId,
        }),
      );
    }
    // Report once per finished run, with the values it ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done, state.runId]);
  const status = hasRun ? state.status : sweepState.status === 'error' ? 'error' : sweepState.status;

  const table = useMemo(() => (figure.table ? tableCells(figure).cells : []), [figure]);
  const tableJson = useMemo(() => {
    const base = figure.table
      ? figureScenario(
          figure,
          controls.map((c) => c.value),
        )
      : null;
    return base ? tableSweepJson(figure, base) : null;
  }, [figure, controls]);
  const tableState = useFigureTable(tableJson, table, seen && !wait);
  const ran = (cell: TableCell) => ranSettings.some((v) => cellSettingRan(cell, controls, v));

  const runNow = () => (seen && hasRun ? start() : setSeen(true));
  const runNowRef = useRef(runNow);
  runNowRef.current = runNow;
  useEffect(() => {
    if (handle) handle.current = { controller, json, hasRun, values, setValues, run: () => runNowRef.current() };
  }, [handle, controller, json, hasRun, values]);

  const catalog = pageCatalog();
  const titleId = `figure-${figure.id}-title`;

  return (
    <figure
      ref={ref}
      className="lesson-figure"
      aria-labelledby={titleId}
      data-figure={figure.id}
      data-status={seen && !wait ? status : 'waiting'}
      data-run={state.runId}
    >
      <figcaption id={titleId}>
        <span className="figure-number">Figure {number}.</span> {figure.title}
      </figcaption>
      <div className="figure-bar">
        <FigureControls
          controls={controls}
          values={values}
          hidden={hasRun ? -1 : xIndex}
          onChange={(i, v) => setValues((old) => old.map((x, j) => (j === i ? v : x)))}
        />
        {(hasRun || gated) && (
          <button type="button" {...keepsFocus(!json || running || !!wait || (!hasRun && seen), runNow)}>
            {done ? 'Run again' : 'Run'}
          </button>
        )}
        <span className={`badge badge-${seen && !wait ? status : 'idle'}`}>
          {seen && !wait ? STATUS_TEXT[status] : gated ? 'Waits for your prediction' : 'Starts when scrolled into view'}
        </span>
        {/* A screen reader hears the run's course; the waiting and next-step words are the prediction's to say. */}
        <Announce text={seen && !wait && status !== 'idle' ? STATUS_TEXT[status] : ''} />
        {hasRun && <span className="figure-time">{(state.nowMs / 1000).toFixed(1)} s simulated</span>}
        {scenario && (
          <a
            className="figure-open"
            href={embedded ? pageUrl(formatHash('lab', { s: encoded ?? '' })) : formatHash('lab', { s: encoded ?? '' })}
            {...(embedded ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            Open in lab
          </a>
        )}
        {tools}
      </div>
      <SharingNote scenario={scenario} />
      {(wait || hint) && (
        <p className="figure-wait" data-testid="figure-wait">
          {wait ?? hint}
        </p>
      )}
      {!scenario && (
        <p role="alert" className="run-error">
          This figure’s scenario “{String(figure.scenario)}” is not among the presets.
        </p>
      )}
      {state.status === 'error' && state.error && (
        <p role="alert" className="run-error">
          {state.error}
        </p>
      )}
      {sweep && scenario && xIndex >= 0 && (
        <SweepPanel
          figureId={figure.id}
          sweep={sweep}
          state={sweepState}
          scenario={scenario}
          xControl={controls[xIndex]}
          models={models}
        />
      )}
      {hasRun && (
        <>
          <ChartSyncProvider>
            <ZoomBar maxS={axisS} drawn={state.series !== null} compact />
            <RunCharts
              state={state}
              flowIds={flowIds}
              stopS={axisS}
              catalog={catalog}
              panels={runPanels}
              height={chartHeight}
              fileBase={`losslab-${figure.id}`}
              explain={false}
              flowLabels={figure.flow_names}
            />
          </ChartSyncProvider>
          <Annotations notes={figure.annotations ?? []} axisS={axisS} nowS={state.nowMs / 1000} />
          {kept.length > 0 && (
            <KeptRuns
              figureId={figure.id}
              kept={kept}
              stopS={stopS}
              height={Math.min(chartHeight, 180)}
              flowNames={figure.flow_names}
              onRemove={(serial) => setKept((old) => old.filter((k) => k.serial !== serial))}
              onClear={() => setKept([])}
            />
          )}
        </>
      )}
      {figure.table && table.length > 0 && (
        <ResultsTable
          figureId={figure.id}
          table={figure.table}
          cells={table}
          state={tableState}
          ran={ran}
          replications={figure.replications ?? 4}
        />
      )}
    </figure>
  );
}
