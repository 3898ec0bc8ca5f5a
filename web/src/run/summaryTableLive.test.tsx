// @vitest-environment jsdom
// While a run plays, a refresh of the summary table rewrites only the cells whose shown (rounded)
// text changed, and only their text: the exact cells (`data-value`, the tooltip) change with every
// refresh, so a live cell gets its exact value as a tooltip when the pointer comes over it, and a
// finished run's cells carry it (30 flows changed ~510 DOM nodes a second).
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunSummary } from '../sim/protocol';
import { LIVE_REFRESH_MS, SummaryTable } from './SummaryTable';

// Variants and classifiers by their ids (the page's catalog comes from the simulator's wasm).
vi.mock('../scenario/catalog', () => ({
  pageCatalog: () => ({}),
  titleOf: (_c: unknown, _k: string, id: string) => id,
}));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const summaryOf = (throughput: number[]): RunSummary =>
  ({
    scenario_id: 'live',
    seed: 1,
    flows: throughput.map((t, i) => ({
      flow_id: `f${i}`,
      cc: 'new_reno',
      classifier: 'always_congestion',
      throughput_kbps: t,
      timeouts: 2,
    })),
  }) as unknown as RunSummary;

/** The DOM changes `change` makes inside `root` (text, attributes, children). */
async function mutationsOf(root: Element, change: () => void): Promise<MutationRecord[]> {
  const seen: MutationRecord[] = [];
  const obs = new MutationObserver((records) => seen.push(...records));
  obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  change();
  await Promise.resolve();
  seen.push(...obs.takeRecords());
  obs.disconnect();
  return seen;
}

describe('SummaryTable while a run plays', () => {
  it('a refresh rewrites only the text of cells whose shown value changed', async () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<SummaryTable summary={summaryOf([1234.56, 500.01])} live />);
    const table = container.querySelector('table')!;
    const refresh = (t: number[]) => () =>
      act(() => {
        rerender(<SummaryTable summary={summaryOf(t)} live />);
        vi.advanceTimersByTime(LIVE_REFRESH_MS);
      });
    // f1's throughput changes on screen (500.0 → 612.3), f0's only in its last digits (1,234.6).
    const changed = await mutationsOf(table, refresh([1234.5612, 612.3]));
    expect(changed.map((m) => [m.type, m.target.parentElement?.getAttribute('data-column')])).toEqual([
      ['characterData', 'throughput_kbps'],
    ]);
    expect(container.querySelector('tr[data-flow="f1"] td[data-column="throughput_kbps"]')!.textContent).toBe('612.3');
  });

  it('gives a live cell its exact value as the tooltip when the pointer comes over it', () => {
    const { container } = render(<SummaryTable summary={summaryOf([1234.5612, 5])} live />);
    const cell = container.querySelector<HTMLElement>('tr[data-flow="f0"] td[data-column="throughput_kbps"]')!;
    expect(cell.hasAttribute('data-value')).toBe(false);
    fireEvent.pointerOver(cell);
    expect(cell.title).toBe('1234.5612');
  });

  it('a finished run’s cells carry their exact values', () => {
    const { container } = render(<SummaryTable summary={summaryOf([1234.5612, 5])} />);
    const cell = container.querySelector('tr[data-flow="f0"] td[data-column="throughput_kbps"]')!;
    expect(cell.getAttribute('data-value')).toBe('1234.5612');
    expect(cell.getAttribute('title')).toBe('1234.5612');
  });
});
