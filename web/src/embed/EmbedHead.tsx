/**
 * The embed's one line of chrome, for one run or a pair: its title, Run / Pause / Reset, the speed,
 * the status, progress and simulated time, and "Open in LossLab" (a new tab at the full view).
 */
import type { ReactNode } from 'react';
import { STATUS_TEXT } from '../run/RunBar';
import type { SimStatus } from '../sim/simController';
import { SpeedSelect } from './SpeedSelect';

/** The link's `autoplay=1` (or `true`): the run starts by itself. */
export function autoplayOf(params: URLSearchParams): boolean {
  return params.get('autoplay') === '1' || params.get('autoplay') === 'true';
}

export interface EmbedHeadProps {
  title: ReactNode;
  /** The run's (or the pair's) status. */
  status: SimStatus;
  canRun: boolean;
  onRun(): void;
  onPause(): void;
  onReset(): void;
  speedIndex: number;
  onSpeed(index: number): void;
  /** The share of the run done, 0–1. */
  progress: number;
  /** Simulated time, ms. */
  nowMs: number;
  /** "Open in LossLab": the lab (or Compare) with this scenario. */
  href: string;
}

export function EmbedHead({
  title,
  status,
  canRun,
  onRun,
  onPause,
  onReset,
  speedIndex,
  onSpeed,
  progress,
  nowMs,
  href,
}: EmbedHeadProps) {
  const running = status === 'running' || status === 'loading';
  return (
    <div className="embed-head">
      <h1>{title}</h1>
      <button type="button" className="primary" disabled={!canRun || running} onClick={onRun}>
        Run
      </button>
      <button type="button" disabled={!running} onClick={onPause}>
        Pause
      </button>
      <button type="button" disabled={status === 'idle'} onClick={onReset}>
        Reset
      </button>
      <SpeedSelect value={speedIndex} onChange={onSpeed} />
      <span className="run-status" data-testid="run-status" data-status={status}>
        <span role="status" className={`badge badge-${status}`}>
          {STATUS_TEXT[status]}
        </span>
      </span>
      <progress aria-label="Simulated time" max={1} value={progress} />
      <span className="progress-text">{(nowMs / 1000).toFixed(1)} s</span>
      <a href={href} target="_blank" rel="noopener noreferrer">
        Open in LossLab
      </a>
    </div>
  );
}
