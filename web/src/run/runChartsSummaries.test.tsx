// @vitest-environment jsdom
// A new summary of the same run (once a second with many flows) changes the classifier panel's
// numbers only: no legend is rebuilt (the flows' names and the panel's legend come from the run's
// flows, which do not change while it plays), and the panel reads the judgements of the flows it
// shows, not of all of them.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../scenario/catalog';
import { IDLE_SNAPSHOT, type SimSnapshot } from '../sim/simController';
import type { RunSummary } from '../sim/protocol';
import { RunCharts } from './RunCharts';
import { stubResizeObserver } from '../charts/chartTestKit';

const legendCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../charts/legendGroups', async (importOriginal) => {
  const real = await importOriginal<typeof import('../charts/legendGroups')>();
  return {
    ...real,
    legendEntries: (...args: Parameters<typeof real.legendEntries>) => {
      legendCalls.n += 1;
      return real.legendEntries(...args);
    },
  };
});

beforeAll(stubResizeObserver);
afterEach(cleanup);

const FLOWS = 200;
const catalog = {
  variants: [{ id: 'new_reno', title: 'TCP NewReno', description: '', reference: '', params: [] }],
  classifiers: [{ id: 'oracle', title: 'Oracle', description: '', reference: '', params: [] }],
  queues: [],
  errors: [],
  profiles: [],
  cross_traffic: [],
} as unknown as Catalog;

/** A summary of FLOWS flows whose accuracy is `acc`; counts the flows whose judgements were read. */
function summaryOf(acc: number, read: Set<string>): RunSummary {
  return {
    scenario_id: 's',
    seed: 1,
    flows: Array.from({ length: FLOWS }, (_, i) => {
      const id = `f${i}`;
      const flow = {
        flow_id: id,
        cc: 'new_reno',
        classifier: 'oracle',
        accuracy_congestion: acc,
        accuracy_wireless: acc,
        verdicts_congestion: 1,
        verdicts_wireless: 1,
      };
      Object.defineProperty(flow, 'shadows', {
        enumerable: true,
        get() {
          read.add(id);
          return [];
        },
      });
      return flow;
    }),
  } as unknown as RunSummary;
}

function snapshot(summary: RunSummary, revision: number): SimSnapshot {
  return { ...IDLE_SNAPSHOT, status: 'running', runId: 1, nowMs: 1000, stopMs: 10_000, revision, summary };
}

describe('RunCharts with a new summary of the same run', () => {
  it('redraws no legend and reads only the shown flows’ judgements', () => {
    const flowIds = Array.from({ length: FLOWS }, (_, i) => `f${i}`);
    const first = new Set<string>();
    const props = { flowIds, stopS: 10, catalog, panels: ['classifier'] as const, explain: false };
    const { container, rerender } = render(<RunCharts {...props} state={snapshot(summaryOf(0.5, first), 1)} />);
    const bars = () =>
      [...container.querySelectorAll('[data-metric="accuracy_congestion"]')].map((e) => e.getAttribute('data-value'));
    expect(bars()).toEqual(['0.5', '0.5', '0.5', '0.5']);
    expect(container.querySelectorAll('[data-legend-flow]').length).toBe(FLOWS);
    expect(container.textContent).toContain('f7 · TCP NewReno + Oracle');

    const calls = legendCalls.n;
    const second = new Set<string>();
    act(() => rerender(<RunCharts {...props} state={snapshot(summaryOf(0.75, second), 2)} />));
    // The numbers follow the new summary …
    expect(bars()).toEqual(['0.75', '0.75', '0.75', '0.75']);
    // … read for the four flows shown, and no legend entry was worked out again.
    expect([...second].sort()).toEqual(['f0', 'f1', 'f2', 'f3']);
    expect(legendCalls.n).toBe(calls);
    expect(container.textContent).toContain('f7 · TCP NewReno + Oracle');
  });
});
