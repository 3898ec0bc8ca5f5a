// @vitest-environment jsdom
// The Queue chart's drop marks are painted on a canvas, not kept as SVG elements: a frame that
// brings a new drop paints that one mark, the SVG holds no element per mark, and a saved SVG (and
// the PNG drawn from it) still has every mark as a path with its cause, flow and colours.
import { act, cleanup, render } from '@testing-library/react';
import { scaleLinear } from 'd3-scale';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TimeSeriesChart, type ChartLine, type ChartMarker } from './TimeSeriesChart';
import { addMarkPaths, drawMarks, markShapes, marksKept, type MarkContext } from './markDraw';
import { sampleSeries, stubResizeObserver } from './chartTestKit';

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A 2D context that records the marks' fills (with their colour) and clears. */
function recorder() {
  const log = { fills: [] as string[], clears: 0, strokes: 0 };
  const ctx = {
    setTransform() {},
    clearRect: () => void log.clears++,
    beginPath() {},
    moveTo() {},
    lineTo() {},
    closePath() {},
    fill() {
      log.fills.push(String(ctx.fillStyle));
    },
    stroke: () => void log.strokes++,
    fillStyle: '' as MarkContext['fillStyle'],
    strokeStyle: '' as MarkContext['strokeStyle'],
    lineWidth: 1,
  };
  return { ctx, log };
}

const drop = (tMs: number, cause = 'queue', color = '#D55E00', flow = 'f0'): ChartMarker => ({
  tMs,
  cause,
  color,
  flow,
  entity: 'bottleneck',
});

describe('drop marks on a canvas', () => {
  it('keep one mark per pixel column, cause and flow, and paint only the marks a frame added', () => {
    const x = scaleLinear().domain([0, 10]).range([0, 100]);
    const first = markShapes([drop(1000), drop(1001), drop(1000, 'corruption', '#CC79A7')], x, [0, 10_000]);
    expect(first.map((s) => [s.x, s.cause])).toEqual([
      [10, 'queue'],
      [10, 'corruption'],
    ]);
    const next = markShapes([drop(1000), drop(1000, 'corruption', '#CC79A7'), drop(5000)], x, [0, 10_000]);
    expect(marksKept(first, next)).toBe(2);
    const { ctx, log } = recorder();
    drawMarks(ctx, next, 2, { w: 200, h: 24, dpr: 2 }, '#fff');
    expect(log).toEqual({ fills: ['#D55E00'], clears: 0, strokes: 1 });
    // A new scale moves every mark: all are drawn again on a cleared canvas.
    const zoomed = markShapes([drop(1000), drop(5000)], x.copy().domain([0, 5]), [0, 10_000]);
    expect(marksKept(next, zoomed)).toBe(0);
  });

  it('a chart with drops has no SVG element per mark and paints a new drop alone', () => {
    const { ctx, log } = recorder();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const lines: ChartLine[] = [
      {
        key: 'q',
        series: 'queue_pkts',
        entity: 'bottleneck',
        label: 'bottleneck',
        color: '#222',
        data: sampleSeries(800),
      },
    ];
    const chart = (rev: number, ms: ChartMarker[]) => (
      <TimeSeriesChart title="Queue" yLabel="queue (packets)" xMaxS={8} lines={lines} revision={rev} markers={ms} />
    );
    const marks = [drop(500), drop(2500, 'corruption', '#CC79A7', 'f1')];
    const { container, rerender } = render(chart(1, marks));
    const canvas = container.querySelector<HTMLCanvasElement>('canvas.mark-canvas')!;
    expect(canvas).not.toBeNull();
    expect(canvas.getAttribute('aria-hidden')).toBe('true');
    expect(canvas.dataset.marks).toBe('2');
    expect(canvas.dataset.causes).toBe('queue corruption');
    expect(canvas.dataset.flows).toBe('f0 f1');
    expect(log.fills).toEqual(['#D55E00', '#CC79A7']);
    expect(container.querySelectorAll('svg path[data-cause]')).toHaveLength(0);

    log.fills = [];
    log.clears = 0;
    act(() => rerender(chart(2, [...marks, drop(6000)])));
    expect(log.fills).toEqual(['#D55E00']);
    expect(log.clears).toBe(0);
    expect(canvas.dataset.marks).toBe('3');
    expect(canvas.dataset.fullRedraws).toBe('1');
  });

  it('a saved SVG gets the marks as paths, outlined in the panel colour', () => {
    document.body.innerHTML = '<svg><g data-lines-layer=""><path class="line"></path></g></svg>';
    const svg = document.querySelector('svg')!;
    const css = { getPropertyValue: (name: string) => (name === '--panel' ? '#fafafa' : '') };
    const x = scaleLinear().domain([0, 10]).range([0, 100]);
    addMarkPaths(svg, markShapes([drop(1000), drop(2000, 'corruption', '#CC79A7', 'f1')], x, [0, 10_000]), css);
    const paths = [...svg.querySelectorAll('path[data-cause]')];
    expect(paths.map((p) => p.getAttribute('d'))).toEqual(['M6,-6 L14,-6 L10,2 Z', 'M16,-6 L24,-6 L20,2 Z']);
    expect(paths.map((p) => [p.getAttribute('data-cause'), p.getAttribute('data-flow')])).toEqual([
      ['queue', 'f0'],
      ['corruption', 'f1'],
    ]);
    expect(paths[1].getAttribute('style')).toBe('fill:#CC79A7;stroke:#fafafa;stroke-width:0.6');
    // On top of the lines.
    expect(svg.querySelector('g')!.firstElementChild!.getAttribute('class')).toBe('line');
  });
});
