import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../sim/defaultScenario';
import { applyFields, formatBer, initialFieldValues, routeProblems } from './labFields';

describe('lab fields', () => {
  it('start from the default scenario', () => {
    expect(initialFieldValues(defaultScenario())).toEqual({ bandwidth: '1', delay: '10', ber: '1e-6', buffer: '99' });
  });

  it('map onto the scenario with unit conversion, leaving the base untouched', () => {
    const base = defaultScenario();
    const { scenario, parseErrors } = applyFields(base, { bandwidth: '2.5', delay: '40', ber: '1e-5', buffer: '20' });
    expect(parseErrors).toEqual({});
    expect(scenario.topology.bottleneck).toMatchObject({
      rate_bps: 2_500_000,
      delay_ms: 40,
      errors: { kind: 'bit_error', ber: 1e-5 },
      queue: { kind: 'drop_tail', limit_pkts: 20 },
    });
    expect(base.topology.bottleneck.rate_bps).toBe(1_000_000);
  });

  it('report text that is not a number, keeping the base value', () => {
    const { scenario, parseErrors } = applyFields(defaultScenario(), { bandwidth: '', delay: 'abc', ber: '1e-6', buffer: '99' });
    expect(Object.keys(parseErrors).sort()).toEqual(['bandwidth', 'delay']);
    expect(scenario.topology.bottleneck.delay_ms).toBe(10);
  });

  it('route validator problems to their field', () => {
    const r = routeProblems([
      'topology.bottleneck.errors.ber: must be between 0 and 1 (got 2)',
      'topology.bottleneck.queue.limit_pkts: must be at least 1 (got 0)',
      'flows[0].tcp.cc: unknown variant "renoo"',
    ]);
    expect(r.byField.ber).toEqual(['topology.bottleneck.errors.ber: must be between 0 and 1 (got 2)']);
    expect(r.byField.buffer).toHaveLength(1);
    expect(r.byField.bandwidth).toBeUndefined();
    expect(r.other).toEqual(['flows[0].tcp.cc: unknown variant "renoo"']);
  });

  it('format bit error rates in engineering style', () => {
    expect(formatBer(1e-6)).toBe('1e-6');
    expect(formatBer(4.27e-6)).toBe('4.27e-6');
    expect(formatBer(0)).toBe('0');
    expect(formatBer(0.01)).toBe('0.01');
  });
});
