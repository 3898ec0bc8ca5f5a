import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { referenceExtent } from './ReferenceMarks';
import { SweepChart } from './SweepChart';

describe('reference marks', () => {
  it('reach as far as their uncertainty bars', () => {
    expect(
      referenceExtent([
        {
          key: 'a',
          label: 'a',
          color: '#000',
          points: [
            { x: 1, y: 10, uncertainty: 2 },
            { x: 2, y: 5, uncertainty: 0 },
          ],
        },
      ]),
    ).toEqual({ min: 5, max: 12 });
    expect(referenceExtent([])).toBeNull();
  });

  it('draw over a sweep chart: a hollow square per point in its series’ colour, a bar where uncertain', () => {
    const html = renderToStaticMarkup(
      <SweepChart
        title="t"
        xLabel="x"
        xUnit=""
        xText={String}
        yLabel="y"
        yUnit="kbit/s"
        xValues={[0, 1, 2]}
        xScale="linear"
        caption="c"
        series={[
          { key: 's', label: 'LossLab', color: '#0072B2', points: [{ x: 1, mean: 100, low: 90, high: 110, n: 3 }] },
        ]}
        reference={[
          {
            key: 'r',
            label: 'Paper: s',
            color: '#0072B2',
            points: [
              { x: 1, y: 120, uncertainty: 10 },
              { x: 2, y: 300, uncertainty: 0 },
            ],
          },
        ]}
      />,
    );
    expect(html.match(/class="reference-point"/g)).toHaveLength(2);
    // One uncertainty bar (the printed value has none), and the legend names the paper's series.
    expect(html.match(/<rect[^>]*fill="var\(--panel, #fff\)"/g)).toHaveLength(2);
    expect(html).toContain('Paper: s');
    // The y axis reaches the highest reference point (300), not only LossLab's 110: every square is inside the plot.
    const ys = [...html.matchAll(/<rect x="[^"]*" y="([^"]*)"[^>]*fill="var\(--panel/g)].map((m) => Number(m[1]));
    expect(ys).toHaveLength(2);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(-4);
  });
});
