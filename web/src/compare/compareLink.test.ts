import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../session/route';
import { setPath } from '../scenario/paths';
import type { ScenarioJson } from '../scenario/types';
import { defaultScenario } from '../scenario/defaultScenario';
import { compareQuery, defaultB, initialPair } from './compareLink';

const LAB = defaultScenario() as ScenarioJson;
const A = setPath(setPath(LAB, 'flows[0].tcp.cc', 'veno'), 'seed', 7);
const B = setPath(
  setPath(setPath(LAB, 'flows[0].tcp.cc', 'cubic'), 'topology.bottleneck.errors', { kind: 'ber', ber: 1e-5 }),
  'seed',
  3,
);
const SAVED = { a: setPath(LAB, 'id', 'saved-a'), b: setPath(LAB, 'id', 'saved-b') };

const paramsOf = (q: Record<string, string>) => parseHash(formatHash('compare', q)).params;

describe('compare share links', () => {
  it('restore both sides, B on A’s seed, whatever this browser saved', () => {
    const got = initialPair(paramsOf(compareQuery(A, B)), SAVED, LAB);
    expect(got).toEqual({ a: A, b: { ...B, seed: 7 }, notice: null });
    expect(got.b.flows[0].tcp?.cc).toBe('cubic');
  });

  it('without a link: the last comparison, else the lab’s scenario against the other variant', () => {
    expect(initialPair(new URLSearchParams(), SAVED, LAB)).toEqual({ ...SAVED, notice: null });
    const fresh = initialPair(new URLSearchParams(), null, LAB);
    expect(fresh.a).toBe(LAB);
    expect(fresh.b.flows[0].tcp?.cc).toBe(LAB.flows[0].tcp?.cc === 'westwood' ? 'new_reno' : 'westwood');
    expect(fresh.notice).toBeNull();
  });

  it('replace a truncated A by the last comparison and say so; a readable B is kept', () => {
    const q = compareQuery(A, B);
    const got = initialPair(paramsOf({ a: q.a.slice(0, 40), b: q.b }), SAVED, LAB);
    expect(got.a).toBe(SAVED.a);
    expect(got.b.flows[0].tcp?.cc).toBe('cubic');
    expect(got.b.seed).toBe(SAVED.a.seed);
    expect(got.notice).toMatch(
      /^Configuration A in the link could not be opened: it is damaged or cut short \(.+\)\. A is your last comparison’s A instead\.$/,
    );
  });

  it('in a fresh browser a damaged pair falls back to the lab’s scenario and its default B', () => {
    const got = initialPair(paramsOf({ a: 'N4Ig', b: 'not-a-scenario' }), null, LAB);
    expect(got.a).toBe(LAB);
    expect(got.b).toEqual(defaultB(LAB));
    expect(got.notice).toMatch(
      /^Configuration A in the link could not be opened: .+\. A is the lab’s scenario instead\. Configuration B in the link could not be opened: .+\. B is A with the other variant instead\.$/,
    );
  });

  it('replace a damaged B by A with the other variant', () => {
    const got = initialPair(paramsOf({ a: compareQuery(A, B).a, b: '' }), SAVED, LAB);
    expect(got.a).toEqual(A);
    expect(got.b).toEqual(defaultB(A));
    expect(got.notice).toBe(
      'Configuration B in the link could not be opened: it is damaged or cut short (it does not decompress). B is A with the other variant instead.',
    );
  });
});
