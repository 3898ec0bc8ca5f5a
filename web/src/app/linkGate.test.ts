import { describe, expect, it } from 'vitest';
import { mayRender, framed } from './frameGuard';
import { decodeScenario, encodeScenario } from '../session/route';
import { codeInLink, refusedInLink, withoutCode, withoutRefused } from './linkGate';

const bad = (json: string) => (json.includes('"bad"') ? ['flows[0].id: bad'] : []);

describe('linkGate', () => {
  it('refuses the scenarios of a link the validator rejects, and only those', () => {
    const good = encodeScenario({ flows: [{ id: 'ok' }] });
    const wrong = encodeScenario({ flows: [{ id: 'bad' }] });
    const params = new URLSearchParams({ a: good, b: wrong });
    const r = refusedInLink('compare', params, bad);
    expect(r).toEqual([{ param: 'b', what: 'Configuration B', problems: ['flows[0].id: bad'] }]);
    expect(withoutRefused(params, r).has('b')).toBe(false);
    expect(refusedInLink('lab', new URLSearchParams({ s: good }), bad)).toEqual([]);
    // A link that does not decode is the view's business (it says so and falls back).
    expect(refusedInLink('lab', new URLSearchParams({ s: 'not-a-link' }), bad)).toEqual([]);
  });
});

describe('frameGuard', () => {
  it('renders every view at the top and only the embed view in a frame', () => {
    expect(mayRender('lab', false)).toBe(true);
    expect(mayRender('lab', true)).toBe(false);
    expect(mayRender('embed', true)).toBe(true);
    const top = {} as Window;
    expect(framed({ self: top, top } as unknown as Window)).toBe(false);
    expect(framed({ self: top, top: {} } as unknown as Window)).toBe(true);
  });

  it('holds the scenarios of a link that carry code, and takes the code out on request', () => {
    const code = { classifier: 'class Classifier { on_loss() { return "wireless"; } }' };
    const plain = encodeScenario({ flows: [{ id: 'a' }] });
    const coded = encodeScenario({ flows: [{ id: 'b' }], code });
    const params = new URLSearchParams({ a: plain, b: coded });
    const carried = codeInLink('compare', params);
    expect(carried).toEqual([{ param: 'b', what: 'Configuration B', code }]);
    const clean = withoutCode(params, carried);
    expect(clean.get('a')).toBe(plain);
    const b = decodeScenario(clean.get('b')!);
    expect(b.ok && b.value).toEqual({ flows: [{ id: 'b' }] });
    expect(codeInLink('compare', clean)).toEqual([]);
    expect(codeInLink('lab', new URLSearchParams({ s: 'not-a-link' }))).toEqual([]);
  });
});
