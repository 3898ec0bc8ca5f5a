/** Validator problems in the field's terms: label, unit, converted range; the raw text kept. */
import { describe, expect, it } from 'vitest';
import { plainProblem } from './problemText';

describe('plainProblem', () => {
  it('states a rate range in the unit the field shows', () => {
    const p = plainProblem('topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got 0)', {
      label: 'Bandwidth',
      unit: 'Mbit/s',
      toShown: (bps) => bps / 1e6,
    });
    expect(p.text).toBe('Bandwidth must be between 0.000001 and 100,000 Mbit/s (you entered 0)');
    expect(p.path).toBe('topology.bottleneck.rate_bps');
    expect(p.raw).toBe('topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got 0)');
  });
  it('names the field without terms from its key', () => {
    expect(plainProblem('flows[0].count: must be between 0 and 1000 (got 10000)').text).toBe(
      'Count must be between 0 and 1000 (you entered 10,000)',
    );
  });
  it('keeps a problem without a path as it is', () => {
    expect(plainProblem('the scenario needs at least one flow').text).toBe('The scenario needs at least one flow');
  });
  it('names JSON keys in the message', () => {
    expect(
      plainProblem('topology.bottleneck.queue.min_th_pkts: must be below max_th_pkts', { label: 'RED min threshold' })
        .text,
    ).toBe('RED min threshold must be below Max th');
  });
});

describe('a bound on something other than the field', () => {
  it('keeps its own meaning: no field unit, grouped digits', () => {
    const p = plainProblem(
      'observe.sample_ms: would record 90000000 series points (at most 50000000); raise sample_ms or shorten stop.time_s',
      { label: 'Sample period', unit: 'ms' },
    );
    expect(p.text).toBe(
      'Sample period: would record 90,000,000 series points (at most 50,000,000); raise Sample or shorten Time',
    );
  });
});
