// @vitest-environment jsdom
/**
 * The lab's summary says fairness and verdicts plainly, from a real run's summary (the simulator's,
 * through the same wasm the page's worker runs): with several flows it gives Jain's index over the
 * whole run; when fewer losses were judged than lost it says why. A check of the table's words
 * against the run's numbers, so it needs no browser (it was a Playwright story).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaultScenario';
import { loadCoreForTests } from './loadCoreForTests';
import type { RunSummary } from './protocol';
import { wasmCore } from './worker/wasmCore';
import { SummaryTable } from '../run/SummaryTable';

beforeAll(loadCoreForTests);
afterEach(cleanup);

/** The summary of `scenario` run to its end. */
function runToEnd(scenario: unknown): RunSummary {
  const sim = wasmCore().createSim(JSON.stringify(scenario));
  while (!sim.runUntil(sim.stopMs(), 50_000)) sim.takePoints();
  const summary = sim.summary() as RunSummary;
  sim.free();
  return summary;
}

const sum = (s: RunSummary, key: string) =>
  s.flows.reduce((n, f) => n + (typeof f[key] === 'number' ? (f[key] as number) : 0), 0);

describe('the summary of a finished run', () => {
  it('several flows: the whole-run Jain index of the flows’ throughputs', () => {
    const summary = runToEnd({
      schema: 1,
      id: 'three-flows',
      seed: 3,
      stop: { time_s: 10 },
      topology: {
        kind: 'dumbbell',
        bottleneck: {
          rate_bps: 2_000_000,
          delay_ms: 20,
          queue: { kind: 'drop_tail', limit_pkts: 50 },
          errors: { kind: 'bit_error', ber: 1e-6 },
        },
      },
      flows: [{ id: 'f', count: 3, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
    });
    render(<SummaryTable summary={summary} />);
    const jain = screen.getByTestId('whole-run-jain');
    expect(jain.textContent).toContain('Fairness over the whole run: Jain’s index');
    // The index shown equals (Σx)² / (n·Σx²) of the flows' exact throughputs, to its two decimals.
    const x = summary.flows.map((f) => f.throughput_kbps);
    expect(x).toHaveLength(3);
    const expected = x.reduce((a, b) => a + b, 0) ** 2 / (x.length * x.reduce((a, b) => a + b * b, 0));
    expect(expected).toBeLessThan(1);
    expect(Math.abs(Number(jain.querySelector('strong')!.textContent) - expected)).toBeLessThanOrEqual(0.005);
  });

  it('fewer judged than lost: the summary says why, with the run’s counts', () => {
    const summary = runToEnd(defaultScenario());
    const losses = sum(summary, 'losses_queue') + sum(summary, 'losses_corruption');
    const judged = sum(summary, 'verdicts_congestion') + sum(summary, 'verdicts_wireless');
    expect(judged).toBeLessThan(losses);
    // NewReno with no classifier of its own: one verdict per fast retransmit.
    expect(sum(summary, 'fast_retransmits')).toBe(judged);
    render(<SummaryTable summary={summary} />);
    const note = screen.getByTestId('judged-note');
    expect(note.textContent).toContain(
      `Why ${judged.toLocaleString('en')} judged of ${losses.toLocaleString('en')} lost packets`,
    );
    expect(note.textContent).toContain('once per recovery, when it starts a fast retransmit');
  });
});
