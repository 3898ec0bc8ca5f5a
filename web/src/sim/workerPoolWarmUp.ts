/**
 * The pool's warm-up sweep (issue 15): a fresh worker runs the simulator's wasm on V8's baseline
 * code, several times slower than the optimized code it is tiered up to once its functions have run
 * enough — which, left to the user's first sweep, made the first sweep of a page the slowest by far.
 * A sweep page's pool (`useSweep({ warm: true })`) therefore gives each worker this small sweep to
 * run in the background (`sweepWarm`): the lab's default scenario, shortened, with and without bit
 * errors' worst case and with and without the checksum classifier, so the hot paths of a typical
 * sweep (TCP, the error model, the queue, the event loop, the summary) are optimized before it runs.
 */
import DEFAULT_SCENARIO from '../../../content/default-scenario.json';

/** Points of the warm-up sweep (2 bit error rates × 2 classifiers). */
export const WARM_POINTS = 4;
/** Longest a worker warms up, in ms of wall time (it stops sooner once a pass is no faster). */
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
