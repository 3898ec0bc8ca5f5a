import { describe, expect, it } from 'vitest';
import { formatPercent, formatRate, packetErrorRate } from './per';

describe('packet error rate from BER', () => {
  it('matches 1 − (1 − BER)^(8·bytes)', () => {
    expect(packetErrorRate(1e-5, 1500)).toBeCloseTo(1 - (1 - 1e-5) ** 12000, 12);
    expect(packetErrorRate(4.274e-6, 1500)).toBeCloseTo(0.04999, 4); // GB04: ~5 % for 1500-byte packets
    expect(packetErrorRate(0, 1500)).toBe(0);
    // Tiny rates keep their digits: 1 − (1 − p)^n ≈ n·p − n(n − 1)/2·p² (the naive form loses them).
    expect(packetErrorRate(1e-12, 1500) / (12000e-12 - ((12000 * 11999) / 2) * 1e-24)).toBeCloseTo(1, 12);
    expect(packetErrorRate(0.5, 1)).toBeCloseTo(1 - 0.5 ** 8, 12);
    expect(packetErrorRate(-1, 1500)).toBeNaN();
  });

  it('formats rates and percentages', () => {
    expect(formatRate(1e-6)).toBe('1e-6');
    expect(formatRate(4.27e-6)).toBe('4.27e-6');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(0.01)).toBe('0.01');
    expect(formatPercent(0.1133)).toBe('11.3 %');
    expect(formatPercent(1.2e-5)).toBe('0.0012 %');
    expect(formatPercent(0)).toBe('0 %');
  });
});
