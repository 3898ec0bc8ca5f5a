/** The run's time axis: nice bounds while playing, the simulated end once finished. */
import { describe, expect, it } from 'vitest';
import { axisEndS, niceBoundS, runProgress } from './timeAxis';

describe('timeAxis', () => {
  it('rounds up to 1, 2, 5 × 10ⁿ seconds', () => {
    expect(niceBoundS(0)).toBe(1);
    expect(niceBoundS(0.3)).toBe(1);
    expect(niceBoundS(1.2)).toBe(2);
    expect(niceBoundS(2)).toBe(2);
    expect(niceBoundS(3.7)).toBe(5);
    expect(niceBoundS(9.9)).toBe(10);
    expect(niceBoundS(10.01)).toBe(20);
    expect(niceBoundS(420)).toBe(500);
  });

  it('grows with the run, never past the stop time, and fits a finished run', () => {
    expect(axisEndS(0, 1800, false)).toBe(1800);
    expect(axisEndS(3700, 1800, false)).toBe(5);
    expect(axisEndS(3800, 1800, false)).toBe(5);
    expect(axisEndS(1_500_000, 1800, false)).toBe(1800);
    expect(axisEndS(9900, 1800, true)).toBe(9.9);
    expect(axisEndS(60_000, 60, true)).toBe(60);
  });

  it('shows a finished run as complete', () => {
    expect(runProgress(9900, 1800, true)).toBe(1);
    expect(runProgress(900, 1800, false)).toBeCloseTo(0.0005);
    expect(runProgress(5, 0, false)).toBe(0);
  });
});
