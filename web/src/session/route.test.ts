import { describe, expect, it } from 'vitest';
import { decodeJson, decodeScenario, encodeScenario, formatHash, pageUrl, parseHash, parsePanels } from './route';
import { defaultScenario } from '../scenario/defaultScenario';

describe('hash routes', () => {
  it('parse views and parameters; anything else is the lab', () => {
    expect(parseHash('#/compare?a=1&b=2').view).toBe('compare');
    expect(parseHash('#/compare?a=1&b=2').params.get('b')).toBe('2');
    expect(parseHash('#/embed?autoplay=1').params.get('autoplay')).toBe('1');
    expect(parseHash('').view).toBe('lab');
    expect(parseHash('#/nope').view).toBe('lab');
    expect(parseHash('#/sweep/').view).toBe('sweep');
    expect(parseHash('#/learn').view).toBe('learn');
    expect(parseHash('#/learn/ber-to-per').segments).toEqual(['ber-to-per']);
    expect(parseHash('#/learn/ber-to-per').view).toBe('learn');
  });

  it('carry path segments after the view (the Papers view’s figure)', () => {
    const r = parseHash('#/papers/gb04/fig4?r=10');
    expect(r.view).toBe('papers');
    expect(r.segments).toEqual(['gb04', 'fig4']);
    expect(r.params.get('r')).toBe('10');
    expect(parseHash('#/papers').segments).toEqual([]);
    expect(parseHash('#/nope/x').segments).toEqual([]);
    expect(formatHash('papers', { r: '10' }, ['gb04', 'fig4'])).toBe('#/papers/gb04/fig4?r=10');
  });

  it('format hashes that parse back', () => {
    const h = formatHash('embed', { s: 'abc', autoplay: '1', panels: 'cwnd,queue' });
    expect(h).toBe('#/embed?s=abc&autoplay=1&panels=cwnd%2Cqueue');
    expect(parseHash(h).params.get('panels')).toBe('cwnd,queue');
    expect(formatHash('lab')).toBe('#/lab');
    expect(pageUrl('#/lab?s=x', { origin: 'http://h', pathname: '/app/', search: '' })).toBe('http://h/app/#/lab?s=x');
  });

  it('round-trip a scenario through the compressed, URL-safe form', () => {
    const s = defaultScenario();
    const text = encodeScenario(s);
    expect(text).toMatch(/^[A-Za-z0-9+\-$]+$/);
    expect(text.length).toBeLessThan(JSON.stringify(s).length);
    const d = decodeScenario(text);
    expect(d).toEqual({ ok: true, value: s });
  });

  it('reject damaged or non-scenario links with a message', () => {
    expect(decodeScenario('%%%').ok).toBe(false);
    expect(decodeJson('').ok).toBe(false);
    const notScenario = decodeScenario(encodeScenario({ hello: '<img src=x onerror=alert(1)>' }));
    expect(notScenario).toEqual({ ok: false, error: 'it does not hold a scenario (no "flows" list)' });
  });

  it('call a link cut short damaged, wherever it was cut', () => {
    const text = encodeScenario(defaultScenario());
    for (const n of [1, 4, 20, 40, Math.floor(text.length / 2), text.length - 3]) {
      const d = decodeScenario(text.slice(0, n));
      expect(d.ok, `cut at ${n}`).toBe(false);
      if (!d.ok) expect(d.error).toMatch(/^it is damaged or cut short \(/);
    }
  });

  it('parse embed panels, dropping unknown ones', () => {
    expect(parsePanels('throughput,bogus,cwnd')).toEqual(['cwnd', 'throughput']);
    expect(parsePanels('')).toEqual(['cwnd', 'throughput']);
    expect(parsePanels('classifier')).toEqual(['classifier']);
  });
});
