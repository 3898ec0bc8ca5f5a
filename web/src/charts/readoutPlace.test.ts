/**
 * Where the read-out box goes and what it holds (WCAG 1.4.13, content on hover): it stays when the
 * pointer heads for it (`headingFor`), and it keeps within the plot's height (`rowsThatFit`), so a
 * pointer can reach every part of it without the hover ending.
 */
import { describe, expect, it } from 'vitest';
import { rowsThatFit } from './ChartReadout';
import { headingFor } from './useChartPointer';

const box = { left: 100, right: 300, top: 20, bottom: 180 };

describe('headingFor', () => {
  it('is true for a pointer coming at the box from below, from the side or slantwise', () => {
    expect(headingFor({ x: 200, y: 250 }, { x: 0, y: -6 }, box)).toBe(true);
    expect(headingFor({ x: 500, y: 100 }, { x: -6, y: 0 }, box)).toBe(true);
    // From the lower right, aimed at the box's middle (a long, shallow approach).
    expect(headingFor({ x: 700, y: 240 }, { x: -500, y: -140 }, box)).toBe(true);
  });

  it('is false for a pointer sweeping along the time axis below it, moving away, or still', () => {
    expect(headingFor({ x: 500, y: 230 }, { x: -6, y: 0 }, box)).toBe(false);
    expect(headingFor({ x: 200, y: 250 }, { x: 0, y: 6 }, box)).toBe(false);
    expect(headingFor({ x: 500, y: 100 }, { x: 6, y: 0 }, box)).toBe(false);
    expect(headingFor({ x: 200, y: 250 }, { x: 0, y: 0 }, box)).toBe(false);
    // A slight rise that passes under the box's foot.
    expect(headingFor({ x: 500, y: 240 }, { x: -60, y: -5 }, box)).toBe(false);
  });
});

describe('rowsThatFit', () => {
  // A box of eight 18 px rows, a 20 px time line and 10 px of padding and border: 174 px.
  const eight = { boxPx: 174, rowPx: 18, shown: 8, morePx: 0 };

  it('keeps all eight rows when the plot is tall enough', () => {
    expect(rowsThatFit(200, eight, 8)).toBe(8);
    expect(rowsThatFit(174, eight, 8)).toBe(8);
  });

  it('in a shorter plot, shows fewer rows and keeps a line for how many more, within the height', () => {
    const n = rowsThatFit(120, eight, 8);
    expect(n).toBe(4);
    expect(30 + n * 18 + 18).toBeLessThanOrEqual(120);
    // Measured again with four rows and the "more" line, it keeps four.
    expect(rowsThatFit(120, { boxPx: 120, rowPx: 18, shown: 4, morePx: 18 }, 8)).toBe(4);
  });

  it('with more lines than eight, keeps the "more" line even when eight rows would fit', () => {
    expect(rowsThatFit(500, eight, 30)).toBe(8);
    expect(rowsThatFit(174, eight, 30)).toBe(7);
  });

  it('shows at least one row', () => {
    expect(rowsThatFit(10, eight, 8)).toBe(1);
  });
});
