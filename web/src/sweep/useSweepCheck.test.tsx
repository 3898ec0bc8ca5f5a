// @vitest-environment jsdom
/**
 * The form's live check of a sweep (`useSweepCheck`): asked a moment after an edit, and not asked
 * again for the file it has just judged (when a sweep ends the check comes back on for the same
 * file). `SweepModel` is counted, not run: each construction is one expansion of the sweep by wasm.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_DELAY_MS, useSweepCheck } from './useSweepCheck';

const built = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('../sim/pageCore', () => ({
  SweepModel: class {
    plan = { points: [{}, {}, {}] };
    constructor(json: string) {
      built.files.push(json);
    }
    free() {}
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  built.files.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('useSweepCheck', () => {
  it('asks the simulator once per file, not again when the check comes back on for the same file', () => {
    const { result, rerender } = renderHook(
      ({ live, file }: { live: boolean; file: string }) => useSweepCheck(live ? () => file : null, [live, file]),
      { initialProps: { live: true, file: 'a' } },
    );
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(result.current).toEqual({ ok: true, points: 3 });
    expect(built.files).toEqual(['a']);
    // A sweep runs (no check) and ends (the check is back on): the same file is not expanded again.
    rerender({ live: false, file: 'a' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    rerender({ live: true, file: 'a' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(result.current).toEqual({ ok: true, points: 3 });
    expect(built.files).toEqual(['a']);
    // An edit is a new file: asked again.
    rerender({ live: true, file: 'b' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(built.files).toEqual(['a', 'b']);
  });
});
