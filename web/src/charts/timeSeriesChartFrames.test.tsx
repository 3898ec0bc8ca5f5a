// @vitest-environment jsdom
// A frame that only brings new samples redraws the lines, not the axes or the legend (the drop
// marks are on a canvas, dropMarks.test.tsx): those re-render when their inputs change (the axis range, the legend's
// entries, the highlight), not on every frame.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TimeSeriesChart, type ChartLine, type ChartMarker } from './TimeSeriesChart';
import { stubResizeObserver, sampleSeries } from './chartTestKit';

const renders = vi.hoisted(() => ({ axis: 0, legend: 0 }));
vi.mock('./Axis', () => ({
  Axis: () => {
    renders.axis++;
    return null;
  },
}));
vi.mock('./Legend', () => ({
  Legend: () => {
    renders.legend++;
    return null;
  },
}));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const series = (n: number) => sampleSeries(n);

function lines(n: number): ChartLine[] {
  return [
    { key: 'a', series: 'cwnd', flow: 'f0', label: 'f0', color: '#d33', data: series(n) },
    { key: 'b', series: 'cwnd', flow: 'f1', label: 'f1', color: '#33d', data: series(Math.max(0, n - 5)) },
  ];
}

describe('TimeSeriesChart frames', () => {
  it('re-renders lines, not axes or legend, when only samples arrived', () => {
    // The lines array keeps its identity while the buffers grow in place (as `runLines` gives it).
    const stable = lines(400);
    const grow = (n: number) => void stable.splice(0, stable.length, ...lines(n));
    const markers: ChartMarker[] = [{ tMs: 500, color: '#f00', cause: 'corruption', flow: 'f0' }];
    const chart = (rev: number, ms: ChartMarker[]) => (
      <TimeSeriesChart
        title="Congestion window"
        yLabel="cwnd (kB)"
        xMaxS={60}
        lines={stable}
        revision={rev}
        markers={ms}
      />
    );
    // jsdom has no 2D context: the drop marks' canvas draws on one that does nothing.
    const ctx = new Proxy({}, { get: () => () => {}, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const { container, rerender } = render(chart(1, markers));
    grow(500);
    act(() => rerender(chart(2, markers)));
    const axis = renders.axis;
    const legend = renders.legend;
    const d = container.querySelector('path.line')?.getAttribute('d');

    // New samples below the axis' top, and a new drop: the lines are drawn again, the rest kept.
    grow(800);
    act(() => rerender(chart(3, [...markers, { tMs: 7000, color: '#f00', cause: 'corruption', flow: 'f1' }])));
    expect(container.querySelector('path.line')?.getAttribute('d')).not.toBe(d);
    expect(container.querySelector('canvas.mark-canvas')?.getAttribute('data-marks')).toBe('2');
    expect(renders.axis).toBe(axis);
    expect(renders.legend).toBe(legend);

    // A value above the axis' top changes the y axis.
    const tall = lines(800);
    (tall[0].data!.v as Float64Array)[799] = 500;
    stable.splice(0, stable.length, ...tall);
    act(() => rerender(chart(4, markers)));
    expect(renders.axis).toBeGreaterThan(axis);
  });
});
