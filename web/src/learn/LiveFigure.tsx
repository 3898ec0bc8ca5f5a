/**
 * One live figure of a lesson: the Lab's controller (`useSimulation`, its own worker) runs the
 * figure's scenario only once the figure has scrolled into view (IntersectionObserver), and again
 * whenever the reader moves a control; the Lab's charts draw it, the figure's annotations are
 * pinned to their simulated times below, and "Open in lab" carries the same scenario to the Lab.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartSyncProvider } from '../charts/ChartSync';
import { flowIdsOf } from '../run/chartModel';
import { RunCharts } from '../run/RunCharts';
import { STATUS_TEXT } from '../run/RunBar';
import { SPEEDS } from '../run/speeds';
import { axisEndS } from '../run/timeAxis';
import { pageCatalog } from '../scenario/catalog';
import type { Json } from './lessonModel';
import { encodeScenario, formatHash } from '../session/route';
import { flowIdsOf as declaredFlowIds } from '../sim/pageCore';
import { useSimulation } from '../sim/useSimulation';
import { Annotations } from './Annotations';
import { FigureControls } from './FigureControls';
import { figureScenario } from './figureScenario';
import type { FigureSpec } from './lessonModel';

/** Lessons run at 100× real time: fast enough to finish, slow enough to watch slow start. */
const LESSON_SPEED = SPEEDS.find((s) => s.value === 100)?.value ?? 100;

export function LiveFigure({ figure, number, onRunDone }: { figure: FigureSpec; number: number; onRunDone(): void }) {
  const { state, controller } = useSimulation();
  const controls = useMemo(() => figure.controls ?? [], [figure]);
  const [values, setValues] = useState<Json[]>(() => controls.map((c) => c.value));
  const scenario = useMemo(() => figureScenario(figure, values), [figure, values]);
  const json = useMemo(() => (scenario ? JSON.stringify(scenario) : ''), [scenario]);
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);

  // Run when first seen, and again on every control change once seen.
  useEffect(() => {
    if (!seen || !json) return;
    controller.setSpeed(LESSON_SPEED);
    controller.run(json);
  }, [seen, json, controller]);

  const done = state.status === 'done';
  const doneRef = useRef(onRunDone);
  doneRef.current = onRunDone;
  useEffect(() => {
    if (done) doneRef.current();
  }, [done, state.runId]);

  const catalog = pageCatalog();
  const stopS = state.stopMs > 0 ? state.stopMs / 1000 : (scenario?.stop?.time_s ?? 60);
  const axisS = axisEndS(state.nowMs, stopS, done);
  const declared = useMemo(() => (scenario ? declaredFlowIds(scenario) : []), [scenario]);
  const flowIds = useMemo(() => flowIdsOf(state.series, declared), [state.series, declared]);
  const running = state.status === 'running' || state.status === 'loading';
  const titleId = `figure-${figure.id}-title`;

  return (
    <figure
      ref={ref}
      className="lesson-figure"
      aria-labelledby={titleId}
      data-figure={figure.id}
      data-status={seen ? state.status : 'waiting'}
      data-run={state.runId}
    >
      <figcaption id={titleId}>
        <span className="figure-number">Figure {number}.</span> {figure.title}
      </figcaption>
      <div className="figure-bar">
        <FigureControls
          controls={controls}
          values={values}
          onChange={(i, v) => setValues((old) => old.map((x, j) => (j === i ? v : x)))}
        />
        <button type="button" disabled={!json || running} onClick={() => (setSeen(true), controller.run(json))}>
          {done ? 'Run again' : 'Run'}
        </button>
        <span role="status" className={`badge badge-${seen ? state.status : 'idle'}`}>
          {seen ? STATUS_TEXT[state.status] : 'Starts when scrolled into view'}
        </span>
        <span className="figure-time">{(state.nowMs / 1000).toFixed(1)} s simulated</span>
        {scenario && (
          <a className="figure-open" href={formatHash('lab', { s: encodeScenario(scenario) })}>
            Open in lab
          </a>
        )}
      </div>
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
      <ChartSyncProvider>
        <RunCharts
          state={state}
          flowIds={flowIds}
          stopS={axisS}
          catalog={catalog}
          panels={figure.panels}
          height={200}
          fileBase={`losslab-${figure.id}`}
        />
      </ChartSyncProvider>
      <Annotations notes={figure.annotations ?? []} axisS={axisS} nowS={state.nowMs / 1000} />
    </figure>
  );
}
