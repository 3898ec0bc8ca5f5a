// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useSettledLive } from './useSettledLive';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Line({ text }: { text: string }) {
  return (
    <p role="status" aria-live={useSettledLive()}>
      {text}
    </p>
  );
}

describe('useSettledLive', () => {
  it('a status line is silent while the page fills and polite after', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<Line text="Choose your prediction, then run figure 1." />);
    const p = container.querySelector('p')!;
    expect(p.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(SETTLE_MS - 1));
    expect(p.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(1));
    expect(p.getAttribute('aria-live')).toBe('polite');
    // Later changes are read: the region is polite before its words change.
    rerender(<Line text="Now run figure 1 to the end to see the explanation." />);
    expect(p.getAttribute('aria-live')).toBe('polite');
  });
});
