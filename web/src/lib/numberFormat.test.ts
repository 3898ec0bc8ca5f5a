import { describe, expect, it } from 'vitest';
import { formatChart, formatNumber } from './numberFormat';

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
  it('keeps the exponent for extremes', () => {
    expect(formatChart(1e-7)).toBe('1e-7');
    expect(formatChart(3e13)).toBe('3e+13');
  });
});
