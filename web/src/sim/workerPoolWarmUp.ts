/**
 * The pool's warm-up sweep: a fresh worker runs the simulator's wasm on V8's baseline
 * code, several times slower than the optimized code it is tiered up to once its functions have run
 * enough — which, left to the user's first sweep, made the first sweep of a page the slowest by far.
 * A sweep page's pool (`useSweep({ warm: true })`) therefore gives each worker this small sweep to
 * run in the background (`sweepWarm`): the lab's default scenario, shortened, with and without bit
 * errors' worst case and with and without the checksum classifier, so the hot paths of a typical
 * sweep (TCP, the error model, the queue, the event loop, the summary) are optimized before it runs.
 *
 * It runs a fixed number of passes, `WARM_PASSES` (800 runs): Chromium 156's V8 optimizes a wasm
 * function only after it has run about 13 MB of baseline code (`--wasm-tiering-budget`). Measured
 * on the 2-core machine, two workers sharing the page's module, then GB04 Fig. 4 in passes of 70
 * runs: after the old rule (stop when a pass is no faster twice: 4–8 passes, 40–70 ms) the first
 * passes took 40–83 ms; after 100, 150 or 300 passes (0.2–0.45 s of each worker's time) 17–22 ms,
 * as fast as they get (docs/performance.md, "Browser sweeps").
 */
import DEFAULT_SCENARIO from '../../../content/default-scenario.json';

/** Points of the warm-up sweep (2 bit error rates × 2 classifiers). */
export const WARM_POINTS = 4;
/** Passes of the warm-up sweep each worker runs (each pass runs every point once). */
export const WARM_PASSES = 200;
/** Longest a worker warms up, in ms of wall time (a slow machine stops here, with fewer passes). */
export const WARM_MAX_MS = 4000;

/** The warm-up sweep's JSON. */
export function warmUpSweepJson(): string {
  return JSON.stringify({
    schema: 1,
    id: 'losslab-warm-up',
    base: { ...DEFAULT_SCENARIO, stop: { time_s: 20, when_transfers_done: true } },
    vary: [
      { path: 'topology.bottleneck.errors.ber', values: [1e-6, 1e-5] },
      { path: 'flows[0].tcp.classifier', values: ['always_congestion', 'checksum'] },
    ],
    replications: 1000,
    metrics: ['throughput_kbps', 'timeouts', 'retransmissions'],
  });
}
