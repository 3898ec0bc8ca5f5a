/** Catalog descriptions and JSON keys in the form's words. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { plainHint, plainKey } from './plainText';

beforeAll(() => loadCoreForTests());

describe('plainHint', () => {
  it('drops SPEC references', () => {
    expect(plainHint('The packet being transmitted counts against the limit and the averages.')).toBe(
      'The packet being transmitted counts against the limit and the averages.',
    );
    expect(plainHint('Gain of the EWMA of the transmission rate B_TX (1/8).')).toBe(
      'Gain of the EWMA of the transmission rate B_TX (1/8).',
    );
  });
  it('names JSON keys by their labels', () => {
    expect(plainHint('Average queue where early drops start (null = limit_pkts/4); below max_th_pkts.')).toBe(
      'Average queue where early drops start (empty = Buffer/4); below RED max threshold.',
    );
    expect(plainHint('First datagram; at most stop.time_s.')).toBe('First datagram; at most Duration.');
  });
});

describe('plainKey', () => {
  it('names paths by their field', () => {
    expect(plainKey('topology.bottleneck.rate_bps')).toBe('Bandwidth');
    expect(plainKey('flows[0].count')).toBe('Connections');
    expect(plainKey('flows[0].tcp.mss_bytes')).toBe('MSS');
  });
});
