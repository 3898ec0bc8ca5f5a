import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaultScenario';
import { loadCoreForTests } from './loadCoreForTests';
import { readFileSync } from 'node:fs';
import {
  flowIdsOf,
  packetErrorRate,
  resolveScenario,
  scenarioDefaults,
  seriesCsvParts,
  traceFromFile,
  tryResolve,
} from './pageCore';

beforeAll(loadCoreForTests);

describe('the resolved scenario, from the simulator', () => {
  it('expands connection counts into flow ids, in scenario order', () => {
    const s = { ...defaultScenario(), flows: [{ id: 'ld', count: 3 }, { id: 'x' }, {}] };
    expect(flowIdsOf(s)).toEqual(['ld.0', 'ld.1', 'ld.2', 'x', 'f2']);
    expect(resolveScenario(JSON.stringify(s)).flows.map((f) => f.group)).toEqual([0, 0, 0, 1, 2]);
  });

  it('fills in profile defaults and says what is wrong, as the CLI does', () => {
    const r = resolveScenario(JSON.stringify({ ...defaultScenario(), flows: [{ tcp: { profile: 'linux24' } }] }));
    expect(r.flows[0].tcp).toMatchObject({ profile: 'linux24', timestamps: false, min_rto_ms: 200 });
    expect(() => resolveScenario(JSON.stringify({ ...defaultScenario(), flows: [{ tcp: { cc: 'renoo' } }] }))).toThrow(
      /^flows\[0\]\.tcp\.cc: unknown/,
    );
    expect(tryResolve('{')).toBeNull();
    expect(flowIdsOf({ flows: 'nope' })).toEqual([]);
  });

  it('keeps the last few resolved scenarios: the same text is not resolved again (a thousand connections take 0.1–0.5 s)', () => {
    const text = (n: number) => JSON.stringify({ ...defaultScenario(), seed: 1000 + n });
    const first = tryResolve(text(0));
    expect(first).not.toBeNull();
    expect(tryResolve(text(0))).toBe(first); // the kept answer, not a second resolve
    expect(tryResolve(text(1))).not.toBe(first);
    expect(tryResolve(text(1))!.seed).toBe(1001);
    for (let n = 2; n < 8; n++) tryResolve(text(n));
    const again = tryResolve(text(0)); // forgotten after newer ones: resolved afresh, the same facts
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('gives the parser defaults the builder shows as placeholders', () => {
    const d = scenarioDefaults();
    expect(d.stop.time_s).toBeGreaterThan(0);
    expect(d.observe.sample_ms).toBeGreaterThan(0);
    expect(d.topology.access!.rate_bps).toBeGreaterThan(d.topology.bottleneck!.rate_bps);
    expect(d.topology.bottleneck!.queue.limit_pkts).toBeGreaterThan(0);
  });
});

describe('the series CSV, written by the simulator', () => {
  it('writes the header once and one row per sample, chunk by chunk', () => {
    const names = [
      { entity: 'f0', metric: 'cwnd_bytes' },
      { entity: 'a,b', metric: 'queue_pkts' },
    ];
    const parts = seriesCsvParts(names, [
      new Float64Array([0, 10, 2920, 1, 1500, 1e-7, 0, 20, Number.NaN]),
      new Float64Array([]),
    ]);
    // No scenario id or seed on the rows; an undefined value is an empty cell.
    expect(parts.join('')).toBe(
      'time_s,entity,metric,value\n0.01,f0,cwnd_bytes,2920\n1.5,"a,b",queue_pkts,0.0000001\n0.02,f0,cwnd_bytes,\n',
    );
    expect(() => seriesCsvParts(names, [new Float64Array([5, 0, 1])])).toThrow(/series id 5/);
  });
});

describe('packet error rate from BER, by the simulator', () => {
  it('is 1 − (1 − BER)^(8·bytes), keeping the digits of tiny rates', () => {
    expect(packetErrorRate(1e-5, 1500)).toBeCloseTo(1 - (1 - 1e-5) ** 12000, 12);
    expect(packetErrorRate(4.274e-6, 1500)).toBeCloseTo(0.04999, 4); // ~5 % for 1500-byte packets
    expect(packetErrorRate(0, 1500)).toBe(0);
    // 1 − (1 − p)^n ≈ n·p − n(n − 1)/2·p² for tiny p (the naive form loses these digits).
    expect(packetErrorRate(1e-12, 1500) / (12000e-12 - ((12000 * 11999) / 2) * 1e-24)).toBeCloseTo(1, 12);
    expect(packetErrorRate(0.5, 1)).toBeCloseTo(1 - 0.5 ** 8, 12);
    expect(packetErrorRate(-1, 1500)).toBeNaN();
    expect(packetErrorRate(Number.NaN, 1500)).toBeNaN();
  });
});

describe('trace files read by the simulator (the builder\'s "Load a trace file")', () => {
  const traces = new URL('../../../content/traces/', import.meta.url);
  const text = (f: string) => readFileSync(new URL(f, traces), 'utf8');

  it('reads a capacity trace by its name and keeps the name; the scenario runs with its mean rate', () => {
    const wifi = traceFromFile('rate', 'wifi-like.csv', text('wifi-like.csv'));
    expect(wifi).toMatchObject({ format: 'steps', name: 'wifi-like.csv' });
    expect(wifi.time_s).toHaveLength(60);
    const lte = traceFromFile('rate', 'lte-like.mahi', text('lte-like.mahi'));
    expect(lte.format).toBe('mahimahi');
    expect(lte.ms).toHaveLength(15_933);
    const s = { ...defaultScenario(), topology: { bottleneck: { rate_trace: lte, delay_ms: 20 } } };
    // Mean rate = opportunities × 12 000 bit ÷ loop length.
    const loop = lte.ms![lte.ms!.length - 1] / 1000;
    expect(resolveScenario(JSON.stringify(s)).topology.bottleneck!.rate_bps).toBeCloseTo((15_933 * 12_000) / loop, 6);
  });

  it('reads loss events, or the lost packets of a packet log', () => {
    const log = text('bursty-losses.csv');
    const lost = log.split('\n').filter((l) => l.endsWith(',1')).length;
    expect(traceFromFile('loss', 'bursty-losses.csv', log)).toHaveLength(lost);
    expect(traceFromFile('loss', 'e.csv', 'time_ms\n5\n9\n')).toEqual([5, 9]);
  });

  it("refuses a bad file with its name and line, in the command line's words", () => {
    expect(() => traceFromFile('rate', 'bad.mahi', '1\n2\nthree\n')).toThrow(
      'bad.mahi: line 3: expected a whole number of milliseconds (got "three")',
    );
    expect(() => traceFromFile('loss', 'e.csv', 'when\n1\n')).toThrow(
      'e.csv: line 1: the header must name one time column, time_ms or time_s (it has: when)',
    );
  });
});
