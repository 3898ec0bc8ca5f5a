// @vitest-environment jsdom
// With many flows (their lines on a canvas) each flow's line is a 1 px hairline, which a canvas
// rasterises about ten times faster than a 1.8 px stroke; the highlighted flow and the lines that
// stand for all flows keep their width. A few flows (SVG paths) keep theirs.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CanvasLine } from './LineCanvas';
import { TimeSeriesChart, type ChartLine } from './TimeSeriesChart';
import { stubResizeObserver, sampleSeries } from './chartTestKit';

const drawn = vi.hoisted(() => ({ lines: [] as readonly CanvasLine[] }));
vi.mock('./LineCanvas', async (original) => ({
  ...(await original<typeof import('./LineCanvas')>()),
  LineCanvas: ({ lines }: { lines: readonly CanvasLine[] }) => {
    drawn.lines = lines;
    return null;
  },
}));

beforeAll(stubResizeObserver);
afterEach(cleanup);

const series = (n: number, k: number) => sampleSeries(n, k + 3);

function throughputLines(flows: number): ChartLine[] {
  const out: ChartLine[] = Array.from({ length: flows }, (_, k) => ({
    key: `t-${k}`,
    series: 'throughput',
    flow: `f${k}`,
    label: `f${k}`,
    color: '#d33',
    width: k === 0 ? 1.4 : undefined,
    data: series(300, k),
  }));
  out.push({
    key: 'agg',
    series: 'aggregate',
    entity: 'aggregate',
    label: 'aggregate',
    color: '#000',
    width: 2.4,
    data: series(300, 99),
  });
  return out;
}

describe('many flows on a canvas', () => {
  it("draws each flow's line 1 px wide and the aggregate at its own width", () => {
    render(<TimeSeriesChart title="Throughput" yLabel="Mbit/s" xMaxS={3} lines={throughputLines(30)} revision={1} />);
    const widths = new Map(drawn.lines.map((l) => [l.flow ?? l.series, l.width]));
    expect(drawn.lines).toHaveLength(31);
    expect(widths.get('f0')).toBe(1);
    expect(widths.get('f29')).toBe(1);
    expect(widths.get('aggregate')).toBe(2.4);
  });

  it('keeps the widths of a few flows drawn as SVG paths', () => {
    const { container } = render(
      <TimeSeriesChart title="Throughput" yLabel="Mbit/s" xMaxS={3} lines={throughputLines(3)} revision={1} />,
    );
    const w = [...container.querySelectorAll('path.line')].map((p) => p.getAttribute('stroke-width'));
    expect(w).toEqual(['1.4', '1.8', '1.8', '2.4']);
  });
});
