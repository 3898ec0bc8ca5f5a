// @vitest-environment jsdom
/**
 * The Data table under a chart: built only once opened, and, for a chart with more lines than a
 * table shows at once, a "Lines shown" list that brings each page of lines in turn.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartDataTable } from './ChartDataTable';
import type { ChartLine } from './chartLine';
import { timeSeriesTable } from './chartTable';

afterEach(cleanup);

const flat = (v: number) => ({ t: new Float64Array([0, 1000]), v: new Float64Array([v, v]), length: 2 });
const lines: ChartLine[] = Array.from({ length: 11 }, (_, i) => ({
  key: `f${i}`,
  series: 'throughput',
  flow: `f${i}`,
  label: `f${i}`,
  color: '#000',
  data: flat(100 + i),
}));

function open() {
  const { container } = render(
    <ChartDataTable
      build={(page) => timeSeriesTable('Throughput', lines, 'throughput (kbit/s)', undefined, page)}
      revision={1}
    />,
  );
  const details = container.querySelector('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return container;
}

const heads = (c: HTMLElement) => [...c.querySelectorAll('thead th')].map((th) => th.textContent);

describe('ChartDataTable', () => {
  it('names every line of an eleven-flow chart, a page of eight at a time', () => {
    const c = open();
    const pick = screen.getByLabelText('Lines shown') as HTMLSelectElement;
    expect([...pick.options].map((o) => o.text)).toEqual(['f0 to f7 (1 of 2)', 'f8 to f10 (2 of 2)']);
    expect(heads(c)).toEqual(['time (s)', 'f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
    fireEvent.change(pick, { target: { value: '1' } });
    expect(heads(c)).toEqual(['time (s)', 'f8', 'f9', 'f10']);
    expect(c.querySelector('tbody td')!.textContent).toMatch(/^108/);
  });

  it('offers no choice when the lines fit', () => {
    const { container } = render(
      <ChartDataTable
        build={() => timeSeriesTable('Throughput', lines.slice(0, 3), 'throughput (kbit/s)')}
        revision={1}
      />,
    );
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(heads(container)).toEqual(['time (s)', 'f0', 'f1', 'f2']);
    expect(screen.queryByLabelText('Lines shown')).toBeNull();
  });
});
