import { describe, expect, it } from 'vitest';
import { formatChart, formatJsonNumber, formatRustF64 } from './numberFormat';

describe("formatRustF64 (Rust's `{}` for f64)", () => {
  // Expected strings printed by rustc 1.95 `println!("{}", x)`.
  const cases: [number, string][] = [
    [1e-7, '0.0000001'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1000000000000000000000'],
    [-2.5e-10, '-0.00000000025'],
    [5, '5'],
    [-0, '-0'],
    [0, '0'],
    [150.592, '150.592'],
    [123456789012345680000, '123456789012345680000'],
    [4.274e-6, '0.000004274'],
    [1e16, '10000000000000000'],
    [0.000001, '0.000001'],
    [1e-5, '0.00001'],
    [2 / 3, '0.6666666666666666'],
    [5e-324, `0.${'0'.repeat(323)}5`],
  ];
  it.each(cases)('%s → %s', (x, s) => {
    expect(formatRustF64(x)).toBe(s);
  });

  it('agrees with String(x) whenever String(x) has no exponent', () => {
    for (const x of [0.5, 1 / 3, 1234.5678, -98.25, 1e20, 1e-6, 0.1, 958.5941302016369]) {
      expect(formatRustF64(x)).toBe(String(x));
    }
  });

  it('handles the non-finite values as Rust prints them', () => {
    expect(formatRustF64(Number.NaN)).toBe('NaN');
    expect(formatRustF64(Infinity)).toBe('inf');
    expect(formatRustF64(-Infinity)).toBe('-inf');
  });

  it('keeps every digit of the round trip', () => {
    for (const x of [Math.PI, Math.E * 1e-12, 1.7976931348623157e308]) {
      expect(Number(formatRustF64(x))).toBe(x);
    }
  });
});

describe("formatJsonNumber (serde_json's number text)", () => {
  // Expected strings printed by serde_json 1.0.154 for values parsed from JSON.
  const cases: [number, string][] = [
    [0, '0'],
    [1e-6, '1e-6'],
    [8.375e-7, '8.375e-7'],
    [1e-5, '0.00001'],
    [0.5, '0.5'],
    [1000000, '1000000'],
    [4.274e-6, '4.274e-6'],
    [0.0001, '0.0001'],
    [1.5e16, '1.5e+16'],
    [123.456, '123.456'],
    [0.00012, '0.00012'],
  ];
  it.each(cases)('%s → %s', (x, s) => {
    expect(formatJsonNumber(x)).toBe(s);
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
