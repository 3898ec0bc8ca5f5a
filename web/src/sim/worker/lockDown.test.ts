/** The worker's lock-down: what it takes is gone from the scope and its prototypes. */
import { describe, expect, it } from 'vitest';
import { lockDown, TAKEN } from './lockDown';

describe('lockDown', () => {
  it('takes network, storage and script loading from a scope and its prototypes', () => {
    class Base {
      fetch() {
        return 'request';
      }
      get indexedDB() {
        return {};
      }
    }
    const scope = Object.assign(new Base(), { importScripts: () => undefined, WebSocket: class {}, keep: 1 });
    expect(lockDown(scope)).toEqual([]);
    const s = scope as unknown as Record<string, unknown>;
    for (const name of TAKEN) expect(s[name], name).toBeUndefined();
    expect(s.keep).toBe(1);
    expect(new Base().fetch).toBeUndefined();
  });

  it('says what it could not take', () => {
    const scope = {};
    Object.defineProperty(scope, 'fetch', { value: () => 0, configurable: false });
    expect(lockDown(scope)).toEqual(['fetch']);
  });
});
