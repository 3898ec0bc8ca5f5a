import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  decodeJson,
  decodeScenario,
  encodeScenario,
  formatHash,
  linkScenario,
  pageUrl,
  parseHash,
  parsePanels,
  TRACE_LINK_CHARS,
} from './route';
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

describe('traces in links', () => {
  // The generated LTE-like trace: 15 933 delivery opportunities, about 51 000 characters compressed.
  const lte = readFileSync(new URL('../../../content/traces/lte-like.mahi', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map(Number);
  const withTraces = (name: string | undefined, ms: number[]) => ({
    ...defaultScenario(),
    topology: {
      kind: 'dumbbell',
      bottleneck: {
        delay_ms: 20,
        rate_trace: { format: 'mahimahi', ms, ...(name ? { name } : {}) },
        errors: { kind: 'loss_trace', ms: [1000, 2000], hit: 'corruption', period_ms: 5000, name: 'events.csv' },
      },
    },
  });

  it('a small trace travels whole', () => {
    const s = withTraces('short.mahi', [1, 2, 3, 4]);
    const { text, leftOut } = linkScenario(s);
    expect(leftOut).toEqual([]);
    expect(decodeJson(text)).toEqual({ ok: true, value: s });
  });

  it('a trace too big for a link leaves by its file name, with every other value kept', () => {
    const s = withTraces('lte-like.mahi', lte);
    const { text, leftOut } = linkScenario(s);
    expect(leftOut).toEqual(['lte-like.mahi', 'events.csv']);
    expect(text.length).toBeLessThan(TRACE_LINK_CHARS);
    const d = decodeJson(text);
    if (!d.ok) throw new Error(d.error);
    const back = d.value as ReturnType<typeof withTraces>;
    expect(back.topology.bottleneck.rate_trace).toEqual({ file: 'lte-like.mahi' });
    expect(back.topology.bottleneck.errors).toEqual({
      kind: 'loss_trace',
      hit: 'corruption',
      period_ms: 5000,
      file: 'events.csv',
    });
    expect({ ...back, topology: null }).toEqual({ ...s, topology: null });
    expect(encodeScenario(s)).toBe(text);
  });

  it('a big trace without a file name stays in the link', () => {
    const s = withTraces(undefined, lte);
    const { text, leftOut } = linkScenario(s);
    expect(leftOut).toEqual(['events.csv']);
    expect(text.length).toBeGreaterThan(TRACE_LINK_CHARS);
  });
});
