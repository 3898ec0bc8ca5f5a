// @vitest-environment jsdom
/**
 * The form's live check of a sweep (`useSweepCheck`): asked a moment after an edit, and not asked
 * again for the file it has just judged (when a sweep ends the check comes back on for the same
 * file). `SweepModel` is counted, not run: each construction is one expansion of the sweep by wasm.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_DELAY_MS, useSweepCheck } from './useSweepCheck';

const built = vi.hoisted(() => ({ files: [] as string[], freed: [] as string[] }));
vi.mock('../sim/pageCore', () => ({
  SweepModel: class {
    plan = { points: [{}, {}, {}] };
    constructor(readonly json: string) {
      built.files.push(json);
    }
    free() {
      built.freed.push(this.json);
    }
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  built.files.length = 0;
  built.freed.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('useSweepCheck', () => {
  it('asks the simulator once per file, not again when the check comes back on for the same file', () => {
    const { result, rerender } = renderHook(
      ({ live, file }: { live: boolean; file: string }) => useSweepCheck(live ? () => file : null, [live, file]),
      { initialProps: { live: true, file: 'a' } },
    );
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(result.current.check).toEqual({ ok: true, points: 3 });
    expect(built.files).toEqual(['a']);
    // A sweep runs (no check) and ends (the check is back on): the same file is not expanded again.
    rerender({ live: false, file: 'a' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    rerender({ live: true, file: 'a' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(result.current.check).toEqual({ ok: true, points: 3 });
    expect(built.files).toEqual(['a']);
    // An edit is a new file: asked again.
    rerender({ live: true, file: 'b' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(built.files).toEqual(['a', 'b']);
  });

  it('hands the model it checked to Run sweep once, for that file only, and frees what is not taken', () => {
    const { result, rerender, unmount } = renderHook(
      ({ file }: { file: string }) => useSweepCheck(() => file, [file]),
      { initialProps: { file: 'a' } },
    );
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(result.current.take('b')).toBeNull();
    const model = result.current.take('a') as unknown as { json: string } | null;
    expect(model?.json).toBe('a');
    expect(result.current.take('a')).toBeNull();
    expect(built.freed).toEqual([]);
    // An edit: the new file's model replaces nothing taken; unmounting frees the one still held.
    rerender({ file: 'b' });
    act(() => vi.advanceTimersByTime(CHECK_DELAY_MS));
    unmount();
    expect(built.files).toEqual(['a', 'b']);
    expect(built.freed).toEqual(['b']);
  });
});
