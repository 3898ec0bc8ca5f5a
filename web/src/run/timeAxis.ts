/**
 * How far the time axis of a run's charts reaches: what was simulated, not the stop time. A run that
 * ends early (its transfers are done at 9.9 s of a 1800 s limit) is drawn across the whole width.
 *
 * While a run plays, the axis ends at the next "nice" bound above the simulated time (1, 2, 5 × 10ⁿ s,
 * never past the stop time), so it grows in a few steps instead of rescaling on every frame; once the
 * run has finished it ends exactly where the simulation stopped.
 */

/** The smallest 1, 2, 5 × 10ⁿ seconds at or above `s` (at least 1 s). */
export function niceBoundS(s: number): number {
  if (!(s > 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(s));
  for (const k of [1, 2, 5, 10]) if (k * p >= s - 1e-9) return k * p;
  return 10 * p;
}

/**
 * The end of the time axis in seconds. `stopS` is the run's stop time; `nowMs` the simulated time;
 * a finished run (`done`) ends where it stopped; a run not started yet shows the stop time.
 */
export function axisEndS(nowMs: number, stopS: number, done: boolean): number {
  const nowS = nowMs / 1000;
  if (!(nowS > 0)) return stopS;
  if (done) return Math.min(stopS, nowS);
  return Math.min(stopS, niceBoundS(nowS));
}

/** The share of the run that is done (for a progress bar): 1 once it has finished, early or not. */
export function runProgress(nowMs: number, stopS: number, done: boolean): number {
  if (done) return 1;
  return stopS > 0 ? Math.min(1, nowMs / 1000 / stopS) : 0;
}
