// @vitest-environment jsdom
// A live redraw of the line canvas reads no layout and no computed style, and repaints only the
// strip the new samples touch; a theme change repaints everything with the colours read again.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineCanvas, type CanvasLine } from './LineCanvas';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A 2D context that records clears and path points. */
function fakeContext() {
  const log = { clears: [] as number[][], points: 0, strokes: 0 };
  const ctx = new Proxy(
    {},
    {
      get: (_t, name) => {
        if (name === 'clearRect') return (...a: number[]) => log.clears.push(a);
        if (name === 'moveTo' || name === 'lineTo') return () => log.points++;
        if (name === 'stroke') return () => log.strokes++;
        return () => {};
      },
      set: () => true,
    },
  );
  return { ctx, log };
}

function lines(n: number): CanvasLine[] {
  return Array.from({ length: 30 }, (_, k) => {
    const xy = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      xy[2 * i] = i * 0.5;
      xy[2 * i + 1] = 50 + ((i * (k + 3)) % 40);
    }
    return { xy, color: 'var(--flow-1)', width: 1.8, series: 'cwnd', flow: `f${k}` };
  });
}

describe('LineCanvas', () => {
  it('draws new samples into a narrow strip without reading layout or computed style', () => {
    const { ctx, log } = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const style = vi.spyOn(window, 'getComputedStyle');
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const props = { left: 64, top: 14, width: 600, height: 176, overshoot: 8 };
    const { container, rerender } = render(<LineCanvas lines={lines(1000)} {...props} />);
    expect(log.strokes).toBe(30);
    // The first drawing is a whole one; a strip is not (`data-full-redraws`, read by bench:ui).
    const canvas = container.querySelector('canvas')!;
    expect(canvas.dataset.fullRedraws).toBe('1');
    expect(log.clears).toEqual([[0, 0, 600, 184]]);
    const styleReads = style.mock.calls.length;
    log.points = 0;
    log.clears = [];
    act(() => rerender(<LineCanvas lines={lines(1004)} {...props} />));
    // Only the right end: the new points are at x ≥ 500, the strip starts a few px left of x = 499.5.
    expect(log.clears).toHaveLength(1);
    expect(log.clears[0][0]).toBeGreaterThan(490);
    expect(log.points).toBeLessThan(30 * 24);
    expect(style.mock.calls.length).toBe(styleReads);
    expect(rect).not.toHaveBeenCalled();
    expect(canvas.dataset.fullRedraws).toBe('1');
  });

  it('repaints everything after a theme change', () => {
    const { ctx, log } = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const props = { left: 64, top: 14, width: 600, height: 176, overshoot: 8 };
    render(<LineCanvas lines={lines(1000)} {...props} />);
    log.clears = [];
    const style = vi.spyOn(window, 'getComputedStyle');
    return act(async () => {
      document.documentElement.setAttribute('data-theme', 'dark');
      // The MutationObserver reports after a microtask.
      await Promise.resolve();
    }).then(() => {
      document.documentElement.removeAttribute('data-theme');
      expect(log.clears).toEqual([[0, 0, 600, 184]]);
      expect(style).toHaveBeenCalled();
    });
  });
});
