import { describe, expect, it } from 'vitest';
import { encodeScenario } from '../session/route';
import { mayRender, framed } from './frameGuard';
import { refusedInLink, withoutRefused } from './linkGate';

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
});
