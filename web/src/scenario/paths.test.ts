import { describe, expect, it } from 'vitest';
import { getPath, parsePath, pathWithin, setPath } from './paths';

describe('JSON paths', () => {
  it('parse keys and indices in both spellings', () => {
    expect(parsePath('a.b[2].c')).toEqual(['a', 'b', 2, 'c']);
    expect(parsePath('flows.0.tcp')).toEqual(['flows', 0, 'tcp']);
  });

  it('get and set without mutating, creating missing keys', () => {
    const s = { flows: [{ id: 'a', tcp: { cc: 'reno' } }] };
    const t = setPath(s, 'flows[0].tcp.cc', 'cubic');
    expect(getPath(t, 'flows[0].tcp.cc')).toBe('cubic');
    expect(s.flows[0].tcp.cc).toBe('reno');
    expect(t.flows[0].id).toBe('a');
    const u = setPath(t, 'topology.bottleneck.errors.ber', 1e-6);
    expect(getPath(u, 'topology.bottleneck.errors')).toEqual({ ber: 1e-6 });
    expect(() => setPath(s, 'flows[3].id', 'x')).toThrow(/out of range/);
  });

  it('delete with undefined, including array elements', () => {
    const s = { a: { b: 1, c: 2 }, l: [1, 2, 3] };
    expect(setPath(s, 'a.b', undefined)).toEqual({ a: { c: 2 }, l: [1, 2, 3] });
    expect(setPath(s, 'l[1]', undefined)).toEqual({ a: { b: 1, c: 2 }, l: [1, 3] });
  });

  it('decide whether a problem lies within a field', () => {
    expect(pathWithin('flows[0].tcp', 'flows[0]')).toBe(true);
    expect(pathWithin('flows[0].tcp', 'flows[0].tc')).toBe(false);
    expect(pathWithin('flows[10]', 'flows[1]')).toBe(false);
  });
});
