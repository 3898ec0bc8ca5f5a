// @vitest-environment jsdom
// When the time axis steps to its next bound, the charts take the new bound one per animation
// frame (frameTurns.ts), so their full redraws do not all land in one long task.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeTurn, useShownInTurn } from './frameTurns';
import { TimeSeriesChart, type ChartLine } from './TimeSeriesChart';
import { stubResizeObserver, sampleSeries } from './chartTestKit';

beforeAll(stubResizeObserver);

/** Animation frames run only when the test says so. */
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
function frame() {
  const due = frames;
  frames = [];
  act(() => due.forEach((cb) => cb(performance.now())));
}

const series = (n: number) => sampleSeries(n);

describe('frame turns', () => {
  it('grants one turn per animation frame, in order, and drops a cancelled one', () => {
    const seen: string[] = [];
    takeTurn(() => seen.push('a'));
    const cancel = takeTurn(() => seen.push('b'));
    takeTurn(() => seen.push('c'));
    cancel();
    expect(seen).toEqual([]);
    frame();
    expect(seen).toEqual(['a']);
    frame();
    expect(seen).toEqual(['a', 'c']);
    frame();
    expect(frames).toHaveLength(0);
  });

  it("charts take a new time-axis bound in turns, one chart's redraw per frame", () => {
    const lines: ChartLine[] = [
      { key: 'a', series: 'cwnd', flow: 'f0', label: 'f0', color: '#d33', data: series(900) },
    ];
    const charts = (xMaxS: number) => (
      <>
        {['Congestion window', 'Throughput', 'Queue'].map((title) => (
          <TimeSeriesChart key={title} title={title} yLabel="y" xMaxS={xMaxS} lines={lines} revision={1} />
        ))}
      </>
    );
    const { container, rerender } = render(charts(5));
    const ends = () => [...container.querySelectorAll('svg[data-x-max-s]')].map((s) => s.getAttribute('data-x-max-s'));
    expect(ends()).toEqual(['5', '5', '5']);
    act(() => rerender(charts(10)));
    // Not all at once: the first chart in the next frame, the others in the frames after it.
    expect(ends()).toEqual(['5', '5', '5']);
    frame();
    expect(ends()).toEqual(['10', '5', '5']);
    frame();
    expect(ends()).toEqual(['10', '10', '5']);
    frame();
    expect(ends()).toEqual(['10', '10', '10']);
  });

  it('a panel shown with the first summary mounts in a frame of its own, and clears at once', () => {
    function Panel({ summary }: { summary?: string }) {
      const shown = useShownInTurn(summary);
      return <p data-testid="panel">{shown ?? 'none'}</p>;
    }
    const { getByTestId, rerender } = render(<Panel />);
    expect(getByTestId('panel').textContent).toBe('none');
    act(() => rerender(<Panel summary="first" />));
    // Not in the render that brings the summary (the charts' first drawing): in the next frame.
    expect(getByTestId('panel').textContent).toBe('none');
    frame();
    expect(getByTestId('panel').textContent).toBe('first');
    act(() => rerender(<Panel summary="second" />));
    frame();
    expect(getByTestId('panel').textContent).toBe('second');
    // A new run has no summary yet: the last run's is gone at once, not a frame later.
    act(() => rerender(<Panel />));
    expect(getByTestId('panel').textContent).toBe('none');
  });
});
