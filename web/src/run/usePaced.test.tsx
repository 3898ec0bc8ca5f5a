// @vitest-environment jsdom
/** A live summary reaches the table at most once per interval, and the last one always does. */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaced } from './usePaced';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('usePaced', () => {
  it('holds changes inside the interval while paced, then shows the latest', async () => {
    const { result, rerender } = renderHook(({ v, paced }) => usePaced(v, 300, paced), {
      initialProps: { v: 1, paced: true },
    });
    rerender({ v: 2, paced: true }); // the first change passes at once
    expect(result.current).toBe(2);
    rerender({ v: 3, paced: true });
    rerender({ v: 4, paced: true });
    expect(result.current).toBe(2); // within the interval: not yet
    await act(() => sleep(450));
    expect(result.current).toBe(4); // the latest, not the one in between
  });

  it('passes every value at once when not paced (paused, finished)', () => {
    const { result, rerender } = renderHook(({ v, paced }) => usePaced(v, 10_000, paced), {
      initialProps: { v: 1, paced: false },
    });
    rerender({ v: 2, paced: false });
    rerender({ v: 3, paced: false });
    expect(result.current).toBe(3);
  });
});
