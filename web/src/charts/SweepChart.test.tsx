// @vitest-environment jsdom
/**
 * A sweep chart stays mounted from one sweep to the next (the Sweep view fills it in place), so the
 * point it reads out is kept while the same x values fill in, and dropped when the chart is given
 * other x values (another sweep's): a pick by index among other values would read out a point
 * nobody picked.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from './chartTestKit';
import { SweepChart, type SweepChartProps } from './SweepChart';

beforeAll(stubResizeObserver);
afterEach(cleanup);

const props = (xValues: number[], mean: number): SweepChartProps => ({
  title: 'Throughput vs delay',
  xLabel: 'Delay (ms)',
  xUnit: 'ms',
  xText: (v) => String(v),
  yLabel: 'Throughput (kbit/s)',
  yUnit: 'kbit/s',
  xValues,
  xScale: 'linear',
  caption: 'Each point: one run.',
  series: [
    {
      key: 'a',
      label: 'Throughput',
      color: 'black',
      points: xValues.map((x) => ({ x, mean, low: mean, high: mean, n: 1 })),
    },
  ],
});

const readout = () => screen.getByTestId('sweep-readout').textContent;

describe('the point a sweep chart reads out', () => {
  it('stays while the same values fill in, and goes when the x values change', () => {
    const { rerender } = render(<SweepChart {...props([10, 20, 50], 100)} />);
    fireEvent.focus(screen.getByRole('group', { name: /Throughput vs delay/ }));
    expect(readout()).toContain('Delay: 10 ms');
    expect(readout()).toContain('100 kbit/s');
    rerender(<SweepChart {...props([10, 20, 50], 120)} />);
    expect(readout()).toContain('120 kbit/s');
    rerender(<SweepChart {...props([5, 80], 90)} />);
    expect(readout()).toMatch(/^Point at the chart/);
  });

  it('speaks the values, not the help it is born with', () => {
    render(<SweepChart {...props([10, 20, 50], 100)} />);
    const live = screen.getByTestId('sweep-readout').querySelector('[aria-live="polite"]')!;
    expect(readout()).toMatch(/^Point at the chart/);
    expect(live.textContent).toBe('');
    fireEvent.focus(screen.getByRole('group', { name: /Throughput vs delay/ }));
    expect(live.textContent).toContain('Delay: 10 ms');
  });
});
