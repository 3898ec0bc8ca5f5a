// @vitest-environment jsdom
/** The route follows the address a navigation went to, even if the hash was rewritten meanwhile. */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRoute } from './useRoute';

describe('useRoute', () => {
  it('reads the route from the navigation, not from a hash a view rewrote before the handler ran', () => {
    history.replaceState(null, '', '#/lab?s=old');
    const { result } = renderHook(() => useRoute());
    expect(result.current.view).toBe('lab');
    expect(result.current.visit).toBe(0);
    // A link to Compare is opened; before the event is handled, the Lab's pending write puts its
    // own scenario back in the hash.
    history.replaceState(null, '', '#/lab?s=old');
    act(() => {
      window.dispatchEvent(
        new HashChangeEvent('hashchange', { oldURL: location.href, newURL: `${location.origin}/#/compare?a=new` }),
      );
    });
    expect(result.current.view).toBe('compare');
    expect(result.current.params.get('a')).toBe('new');
    expect(result.current.visit).toBe(1);
  });

  it('a synthetic event without an address (the reset) reads the location', () => {
    history.replaceState(null, '', '#/sweep');
    const { result } = renderHook(() => useRoute());
    history.replaceState(null, '', '#/learn');
    act(() => {
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(result.current.view).toBe('learn');
  });
});
