// @vitest-environment jsdom
/**
 * Pressing Run sweep and the progress of a running sweep re-render the page's run bar and progress,
 * not its form (`SweepFormFields`, memoised): the varied parameters' rows render again only when
 * the form changes. The charts stay mounted from one sweep to the next (a new sweep fills them in
 * place; they were built anew for each). The same sweep run again keeps its model (the click
 * expands nothing). The sweep itself is a stand-in (`useSweep` mocked, its
 * results never answered; the simulator's wasm is real, for the catalog, the sweep's validation
 * and its plan).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../charts/chartTestKit';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import type { SweepModel } from '../sim/pageCore';
import type { SweepControl, SweepRun } from '../sim/useSweep';
import { SweepResults } from '../sim/workerPoolResults';
import type * as VaryRowsModule from './VaryRows';

/** Renders of the varied parameters' rows. */
const rows = vi.hoisted(() => ({ renders: 0 }));
/** The stand-in sweep's last run, and a way to publish its progress. */
const fake = vi.hoisted(() => ({
  started: [] as SweepModel[],
  progress: null as ((done: number) => void) | null,
}));

vi.mock('./VaryRows', async (importOriginal) => {
  const m = await importOriginal<typeof VaryRowsModule>();
  return {
    ...m,
    VaryRows: (props: Parameters<typeof m.VaryRows>[0]) => {
      rows.renders += 1;
      return m.VaryRows(props);
    },
  };
});

vi.mock('../sim/useSweep', () => ({
  useSweep: (): SweepControl => {
    const [run, setRun] = useState<SweepRun | null>(null);
    const start = (model: SweepModel) => {
      fake.started.push(model);
      const results = new SweepResults(model);
      const startedWall = fake.started.length;
      const at = (done: number): SweepRun => ({
        results,
        done,
        total: 12,
        errors: [],
        state: done < 12 ? 'running' : 'done',
        startedWall,
        finishedWall: done < 12 ? null : startedWall + 1,
        version: done,
        workerMs: 0,
      });
      fake.progress = (done) => setRun(at(done));
    };
    return { run, start, cancel: () => {}, workers: 2 };
  },
}));

beforeAll(() => {
  stubResizeObserver();
  loadCoreForTests();
});
afterEach(() => {
  cleanup();
  for (const m of new Set(fake.started.splice(0))) m.free();
});

/** The Sweep view rendered, and a sweep run to its end with Run sweep (the stand-in's 12 runs). */
async function renderPage() {
  const { SweepPage } = await import('./SweepPage');
  render(<SweepPage params={new URLSearchParams()} />);
  return () => {
    fireEvent.click(screen.getByRole('button', { name: 'Run sweep' }));
    act(() => fake.progress!(12));
  };
}

describe('the Sweep view’s form', () => {
  it('does not re-render when Run sweep is pressed or the sweep’s progress comes in', async () => {
    const { SweepPage } = await import('./SweepPage');
    render(<SweepPage params={new URLSearchParams()} />);
    const before = rows.renders;
    expect(before).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Run sweep' }));
    expect(fake.started).toHaveLength(1);
    act(() => fake.progress!(5));
    act(() => fake.progress!(12));
    // The page did re-render: its progress says so.
    expect(screen.getByTestId('sweep-progress').textContent).toContain('12 of 12 runs');
    expect(rows.renders).toBe(before);

    // The form re-renders when it changes.
    fireEvent.click(screen.getByRole('checkbox', { name: /^Retransmissions/ }));
    expect(rows.renders).toBeGreaterThan(before);
  });

  it('runs the same sweep again on the model it already has, a changed one on a new model', async () => {
    const run = await renderPage();
    run();
    run();
    expect(fake.started).toHaveLength(2);
    expect(fake.started[1]).toBe(fake.started[0]);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Retransmissions/ }));
    run();
    expect(fake.started).toHaveLength(3);
    expect(fake.started[2]).not.toBe(fake.started[0]);
    expect(fake.started[2].json).toContain('"retransmissions"');
  });

  it('keeps its charts mounted from one sweep to the next', async () => {
    const run = await renderPage();
    run();
    const charts = [...document.querySelectorAll('figure.chart')];
    expect(charts.length).toBeGreaterThan(0);
    run();
    expect(fake.started).toHaveLength(2);
    // The same elements, not equal new ones.
    const after = [...document.querySelectorAll('figure.chart')];
    expect(after).toHaveLength(charts.length);
    after.forEach((c, i) => expect(c).toBe(charts[i]));
  });
});
