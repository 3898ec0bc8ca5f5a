// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Announce, CLEAR_MS } from './Announce';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const region = (c: HTMLElement) => c.querySelector('[aria-live="polite"]')!;

describe('Announce', () => {
  it('is silent while the page fills, says each change, then lets it go', () => {
    vi.useFakeTimers();
    const first = 'Choose your prediction, then run figure 1.';
    const { container, rerender } = render(
      <StrictMode>
        <Announce text={first} />
      </StrictMode>,
    );
    const live = region(container);
    // Born empty: the line's first words are the page's, not news (even under StrictMode's double effects).
    expect(live.textContent).toBe('');
    rerender(
      <StrictMode>
        <Announce text="Now run figure 1 to the end to see the explanation." />
      </StrictMode>,
    );
    expect(region(container)).toBe(live);
    expect(live.textContent).toBe('Now run figure 1 to the end to see the explanation.');
    act(() => vi.advanceTimersByTime(CLEAR_MS - 1));
    expect(live.textContent).toBe('Now run figure 1 to the end to see the explanation.');
    act(() => vi.advanceTimersByTime(1));
    expect(live.textContent).toBe('');
    // Going back to the first words is a change too.
    rerender(
      <StrictMode>
        <Announce text={first} />
      </StrictMode>,
    );
    expect(live.textContent).toBe(first);
  });
});
