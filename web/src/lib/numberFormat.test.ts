import { describe, expect, it } from 'vitest';
import {
  axisFormat,
  formatBitRate,
  formatBytes,
  formatChart,
  formatEng,
  formatNumber,
  formatPercent,
  rateUnit,
} from './numberFormat';

describe('formatNumber (table cells)', () => {
  it('shows 12 significant digits without trailing zeros', () => {
    expect(formatNumber(1234.567890123456)).toBe('1234.56789012');
    expect(formatNumber(5)).toBe('5');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });
});

describe('formatChart', () => {
  it('keeps four significant digits below 10 000', () => {
    expect(formatChart(1234.56)).toBe('1235');
    expect(formatChart(0.012345)).toBe('0.01235');
    expect(formatChart(0)).toBe('0');
  });
  it('groups thousands instead of using exponents for large everyday values', () => {
    expect(formatChart(14000)).toBe('14,000');
    expect(formatChart(-123456.7)).toBe('−123,457');
  });
  it('writes every value below 0.001 with an exponent, so a bit-error axis reads 2e-6 beside 1e-5, never 0.000002', () => {
    expect(formatChart(0.000002)).toBe('2e-6');
    expect(formatChart(8.78e-6)).toBe('8.78e-6');
    expect(formatChart(-0.0005)).toBe('−5e-4');
    expect(formatChart(0.001)).toBe('0.001');
  });
  it('keeps the exponent for extremes', () => {
    expect(formatChart(1e-7)).toBe('1e-7');
    expect(formatChart(3e13)).toBe('3e+13');
  });
});

describe('axisFormat', () => {
  it('writes every tick of an axis that reaches below 0.001 with an exponent', () => {
    const f = axisFormat([0.0001, 0.001, 0.01, 0.1]);
    expect([0, 0.0001, 0.001, 0.01, 0.1].map(f)).toEqual(['0', '1e-4', '1e-3', '1e-2', '1e-1']);
  });
  it('keeps everyday notation when no value is tiny', () => {
    const f = axisFormat([0.001, 0.01, 0.1, 14000]);
    expect([0.001, 0.1, 14000].map(f)).toEqual(['0.001', '0.1', '14,000']);
  });
});

describe('rates (the simulator’s bit/s as the lab writes them)', () => {
  it('takes the largest prefix a rate reaches', () => {
    expect(formatBitRate(10e6)).toBe('10 Mbit/s');
    expect(formatBitRate(500e3)).toBe('500 kbit/s');
    expect(formatBitRate(2.5e9)).toBe('2.5 Gbit/s');
    expect(formatBitRate(1_544_000)).toBe('1.544 Mbit/s');
    expect(formatBitRate(800)).toBe('800 bit/s');
    expect(formatBitRate(undefined)).toBe('—');
    expect(rateUnit(2e6)).toEqual({ unit: 'Mbit/s', bps: 1e6 });
  });
});

describe('rates and probabilities', () => {
  it('writes small rates in engineering style and probabilities as percentages', () => {
    expect(formatEng(1e-6)).toBe('1e-6');
    expect(formatEng(4.27e-6)).toBe('4.27e-6');
    expect(formatEng(0)).toBe('0');
    expect(formatEng(0.01)).toBe('0.01');
    expect(formatPercent(0.1133)).toBe('11.3 %');
    expect(formatPercent(1.2e-5)).toBe('0.0012 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(Number.NaN)).toBe('—');
  });
});

describe('formatBytes', () => {
  it('writes a size in bytes, kB, MB or GB with three significant digits', () => {
    expect(formatBytes(870)).toBe('870 bytes');
    expect(formatBytes(86_932)).toBe('86.9 kB');
    expect(formatBytes(16 * 1024 * 1024)).toBe('16.8 MB');
    expect(formatBytes(2_150_000_000)).toBe('2.15 GB');
  });
});
