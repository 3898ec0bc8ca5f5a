/**
 * The one-line "what am I looking at?" caption of each run chart (Lab, Compare, Embed), in the
 * reader's terms. The throughput caption names the trailing window the simulator averages over
 * (`observe.throughput_window_ms`, read from the resolved scenario) and why the line can read above
 * the link rate: the series counts bytes delivered *in order* to the receiving application
 * (sim-core `metrics.rs`: receiver `delivered()` over the window), so when a retransmission fills a
 * gap, everything the receiver held behind it counts at once.
 */
import { tryResolve } from '../sim/pageCore';

/** The throughput series' averaging window of a run's scenario, ms (null before a run or when invalid). */
export function throughputWindowMs(scenarioJson: string | null | undefined): number | null {
  if (!scenarioJson) return null;
  const o = tryResolve(scenarioJson)?.observe;
  // The engine never takes the window shorter than one sample (sim-core engine: max(window, sample)).
  return o ? Math.max(o.throughput_window_ms, o.sample_ms) : null;
}

/** "500 ms", "1.5 s". */
export function windowText(ms: number): string {
  return ms < 1000 ? `${+ms.toPrecision(3)} ms` : `${+(ms / 1000).toPrecision(3)} s`;
}

export const CWND_CAPTION =
  'How much data each sender may have in flight; it is cut whenever the sender takes a loss for congestion.';

/** The throughput caption; `windowMs` lists the window of each run shown (one value, or A and B). */
export function throughputCaption(windowMs: readonly (number | null)[]): string {
  const known = windowMs.filter((w): w is number => w !== null);
  const same = known.length > 0 && known.every((w) => w === known[0]);
  const window =
    known.length === 0
      ? 'over a trailing window'
      : same
        ? `over the last ${windowText(known[0])}`
        : `over the last ${windowMs.map((w, i) => `${w === null ? '—' : windowText(w)} (${'AB'[i] ?? i + 1})`).join(' / ')}`;
  return `Data each receiver got in order, averaged ${window}.`;
}

/** The note under the throughput caption: why the line can read above the link rate. */
export const THROUGHPUT_NOTE =
  'A resend that fills a gap releases the data held behind it at once, so the line can briefly read above the link rate.';

export const QUEUE_CAPTION =
  'Packets waiting in each link’s buffer; a full buffer drops arriving packets (congestion losses).';

export const FAIRNESS_CAPTION =
  'How evenly the flows share the link: Jain’s index is 1 when every flow gets the same throughput.';

export const SEQUENCE_CAPTION =
  'One flow’s packets by sequence number over time: a steady climb is smooth sending, gaps are losses.';

export const CLASSIFIER_CAPTION =
  'What each classifier said about every loss (congestion or wireless), against the true cause.';
