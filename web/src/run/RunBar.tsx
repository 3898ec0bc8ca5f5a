/**
 * Run / Pause / Step / Reset, the speed, and progress: simulated time and events per second.
 */
import { format } from 'd3-format';
import type { ReactNode } from 'react';
import { SPEEDS } from './speeds';
import type { SimSnapshot, SimStatus } from '../sim/simController';
import { runProgress } from './timeAxis';
import { keepsFocus } from '../controls/keepsFocus';
import './run.css';

export { SPEEDS };

export const STATUS_TEXT: Record<SimStatus, string> = {
  idle: 'Ready',
  loading: 'Starting',
  running: 'Running',
  paused: 'Paused',
  done: 'Finished',
  error: 'Error',
};

const evFmt = format('.3~s');

/**
 * Decimals that show one step of `stepMs` (Step advances one sample period): 100 ms → 1
 * ("4.2 s"), 10 ms → 2 ("4.21 s"), 1 ms → 3; never fewer than 1.
 */
export function stepDecimals(stepMs: number): number {
  if (!(stepMs > 0)) return 1;
  return Math.min(6, Math.max(1, Math.ceil(-Math.log10(stepMs / 1000) - 1e-9)));
}

/**
 * "4.2 s of 60 s simulated" (as many decimals as one step of `stepMs` needs, so each Step shows),
 * or, for a run that ended before its stop time, why it ended early.
 */
export function simulatedText(nowMs: number, stopS: number, done: boolean, stepMs = 100): string {
  const now = (nowMs / 1000).toFixed(stepDecimals(stepMs));
  if (done && nowMs > 0 && nowMs < stopS * 1000 - 1)
    return `${now} s simulated: all transfers complete (stop time ${stopS} s)`;
  return `${now} s of ${stopS} s simulated`;
}

export interface RunBarProps {
  state: SimSnapshot;
  canRun: boolean;
  onRun(): void;
  onPause(): void;
  onStep(): void;
  onReset(): void;
  speedIndex: number;
  onSpeed(index: number): void;
  stopS: number;
  /** How far one Step advances, ms (the sample period): sets the simulated time's decimals. */
  stepMs?: number;
  /** Text after the status badge (run parameters). */
  params?: ReactNode;
  /** Extra buttons (export, share). */
  children?: ReactNode;
  /** Label prefix for the controls (compare: "Both"). */
  runLabel?: string;
  idPrefix?: string;
}

export function RunBar({
  state,
  canRun,
  onRun,
  onPause,
  onStep,
  onReset,
  speedIndex,
  onSpeed,
  stopS,
  stepMs = 100,
  params,
  children,
  runLabel = 'Run',
  idPrefix = 'run',
}: RunBarProps) {
  const running = state.status === 'running' || state.status === 'loading';
  const progress = runProgress(state.nowMs, stopS, state.status === 'done');
  return (
    <div className="runbar">
      <div className="runbar-controls">
        {/* Each keeps the focus while the run turns it off (controls/keepsFocus.ts). */}
        <button type="button" className="primary" {...keepsFocus(!canRun || running, onRun)}>
          {runLabel}
        </button>
        <button type="button" {...keepsFocus(!running, onPause)}>
          Pause
        </button>
        <button
          type="button"
          {...keepsFocus(!canRun || running || state.status === 'done', onStep)}
          title="Advance by one sample period"
        >
          Step
        </button>
        <button type="button" {...keepsFocus(state.status === 'idle' && !state.series, onReset)}>
          Reset
        </button>
        <label className="speed" htmlFor={`${idPrefix}-speed`}>
          Speed
        </label>
        <select id={`${idPrefix}-speed`} value={speedIndex} onChange={(e) => onSpeed(Number(e.target.value))}>
          {SPEEDS.map((s, i) => (
            <option key={s.label} value={i}>
              {s.label}
            </option>
          ))}
        </select>
        {children}
      </div>
      <div className="runbar-status">
        <p
          className="run-status"
          data-testid="run-status"
          data-run-id={state.runId}
          data-status={state.status}
          data-worker-paused={state.workerPaused}
          data-revision={state.revision}
        >
          <span role="status" className={`badge badge-${state.status}`}>
            {STATUS_TEXT[state.status]}
          </span>
          {state.runId > 0 && state.status !== 'idle' && params && <span className="run-params">{params}</span>}
        </p>
        <div className="progress-row">
          <progress aria-label="Simulated time" max={1} value={progress} />
          <span className="progress-text" data-testid="sim-time">
            {simulatedText(state.nowMs, stopS, state.status === 'done', stepMs)}
          </span>
          <span className="progress-text" data-testid="events-rate">
            {state.eventsDone > 0 ? `${evFmt(state.eventsDone)} events` : ''}
            {running && state.eventsPerSec > 0 ? ` · ${evFmt(state.eventsPerSec)} events/s` : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
