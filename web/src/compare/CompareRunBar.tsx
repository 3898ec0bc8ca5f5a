/**
 * Compare's run bar: Run / Pause / Step / Reset and the speed for both runs at once, then one
 * status and progress row per side, and the runs' errors. Labels match the lab's `RunBar`.
 */
import { keepsFocus } from '../controls/keepsFocus';
import { SPEEDS, STATUS_TEXT, type RunBarProps } from '../run/RunBar';
import type { SimSnapshot } from '../sim/simController';
import { runProgress } from '../run/timeAxis';
import { simTimeText, type StepPlan } from './compareStep';
import './compare.css';

type Side = 'a' | 'b';
const SIDES: Side[] = ['a', 'b'];

/** The lab's run controls (same callbacks and speed), driving both sides. */
type SharedControls = Pick<
  RunBarProps,
  'canRun' | 'onRun' | 'onPause' | 'onStep' | 'onReset' | 'speedIndex' | 'onSpeed' | 'stopS'
>;

export interface CompareRunBarProps extends SharedControls {
  states: Record<Side, SimSnapshot>;
  /** What Step would do now (see `planStep`). */
  stepPlan: StepPlan;
  /** The step size in ms (A's sample period). */
  sampleMs: number;
  /** Why Run is disabled (problems in a configuration), shown under the bar. */
  blocked?: string | null;
}

function stepTitle(plan: StepPlan, sampleMs: number): string {
  if (plan.kind === 'disabled') return plan.reason;
  if (plan.kind === 'step') return `Advance both runs by one sample period (${sampleMs} ms)`;
  if (plan.kind === 'restart') return `Start both runs paused and advance them by one sample period (${sampleMs} ms)`;
  return `Advance both runs to ${(plan.toMs / 1000).toFixed(2)} s, so they stand at the same time`;
}

export function CompareRunBar({
  states,
  canRun,
  stepPlan,
  sampleMs,
  onRun,
  onPause,
  onStep,
  onReset,
  speedIndex,
  onSpeed,
  stopS,
  blocked,
}: CompareRunBarProps) {
  const running = SIDES.some((s) => states[s].status === 'running' || states[s].status === 'loading');
  const canStep = canRun && stepPlan.kind !== 'disabled';
  const mismatch = stepPlan.kind === 'disabled' && !running && stepPlan.reason.includes('sample period');
  return (
    <div className="runbar">
      <div className="runbar-controls" role="group" aria-label="Both runs">
        {/* Each keeps the focus while the runs turn it off (controls/keepsFocus.ts). */}
        <button type="button" className="primary" {...keepsFocus(!canRun || running, onRun)}>
          Run
        </button>
        <button type="button" {...keepsFocus(!running, onPause)}>
          Pause
        </button>
        <button
          type="button"
          {...keepsFocus(!canStep, onStep)}
          title={stepTitle(stepPlan, sampleMs)}
          aria-describedby={mismatch ? 'compare-step-note' : undefined}
        >
          Step
        </button>
        <button type="button" {...keepsFocus(states.a.status === 'idle' && states.b.status === 'idle', onReset)}>
          Reset
        </button>
        <label className="speed" htmlFor="compare-speed">
          Speed
        </label>
        <select id="compare-speed" value={speedIndex} onChange={(e) => onSpeed(Number(e.target.value))}>
          {SPEEDS.map((sp, i) => (
            <option key={sp.label} value={i}>
              {sp.label}
            </option>
          ))}
        </select>
      </div>
      {SIDES.map((s) => (
        <div className="progress-row" key={s}>
          <span
            className="run-status"
            data-testid={`run-status-${s}`}
            data-status={states[s].status}
            data-run-id={states[s].runId}
            data-now-ms={states[s].nowMs}
          >
            <strong>{s.toUpperCase()}</strong>
            <span role="status" className={`badge badge-${states[s].status}`}>
              {STATUS_TEXT[states[s].status]}
            </span>
          </span>
          <progress
            aria-label={`${s.toUpperCase()} simulated time`}
            max={1}
            value={runProgress(states[s].nowMs, states[s].stopMs / 1000 || stopS, states[s].status === 'done')}
          />
          <span className="progress-text compare-time">{simTimeText(states[s].nowMs, sampleMs)}</span>
        </div>
      ))}
      {mismatch && (
        <p className="muted run-blocked" id="compare-step-note">
          Step needs the same sample period on both sides: {stepPlan.reason.split(';')[0]}.
        </p>
      )}
      {blocked && <p className="muted run-blocked">{blocked}</p>}
      {SIDES.map(
        (s) =>
          states[s].status === 'error' && (
            <div role="alert" className="run-error" key={s}>
              <strong>Run {s.toUpperCase()} stopped:</strong>
              <pre>{states[s].error}</pre>
            </div>
          ),
      )}
    </div>
  );
}
