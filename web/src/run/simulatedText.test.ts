import { describe, expect, it } from 'vitest';
import { simulatedText, stepDecimals } from './RunBar';

describe('simulated time as the run bar shows it', () => {
  it('has as many decimals as one Step needs', () => {
    expect(stepDecimals(100)).toBe(1);
    expect(stepDecimals(10)).toBe(2);
    expect(stepDecimals(1)).toBe(3);
    expect(stepDecimals(50)).toBe(2);
    expect(stepDecimals(1000)).toBe(1);
    expect(stepDecimals(0)).toBe(1);
  });

  it('shows each 10 ms step', () => {
    expect(simulatedText(10, 60, false, 10)).toBe('0.01 s of 60 s simulated');
    expect(simulatedText(20, 60, false, 10)).toBe('0.02 s of 60 s simulated');
    expect(simulatedText(4200, 60, false)).toBe('4.2 s of 60 s simulated');
  });
});
