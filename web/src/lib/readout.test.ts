/** Read-out values carry their axis's unit. */
import { describe, expect, it } from 'vitest';
import { readoutValue, unitOf } from './readout';

describe('readoutValue', () => {
  it('takes the unit from the axis title', () => {
    expect(unitOf('cwnd (kB)')).toBe('kB');
    expect(unitOf('Jain index · share')).toBe('');
  });
  it('shows the value rounded with its unit', () => {
    expect(readoutValue(5.26133, 'cwnd (kB)')).toBe('5.261 kB');
    expect(readoutValue(14000, 'throughput (kbit/s)')).toBe('14,000 kbit/s');
    expect(readoutValue(0.5, 'Jain index · share')).toBe('0.5');
    expect(readoutValue(Number.NaN, 'cwnd (kB)')).toBe('—');
  });
});
