/** The pure parts of presentation mode: which key does what, and how tall a presented chart is. */
import { describe, expect, it } from 'vitest';
import { playKeyAction, presentChartHeight } from './presentation';

describe('presentation keys', () => {
  it('maps Space, →, R and Esc to run/pause, step, reset and leave', () => {
    expect(playKeyAction(' ')).toBe('toggle');
    expect(playKeyAction('ArrowRight')).toBe('step');
    expect(playKeyAction('.')).toBe('step');
    expect(playKeyAction('r')).toBe('reset');
    expect(playKeyAction('R')).toBe('reset');
    expect(playKeyAction('Escape')).toBe('leave');
    expect(playKeyAction('a')).toBeNull();
    expect(playKeyAction('Enter')).toBeNull();
  });
});

describe('presented chart height', () => {
  it('fills the window below the first plot top, with a small margin', () => {
    expect(presentChartHeight(600, 200)).toBe(600 - 200 - 8);
  });
  it('stays within 180–420 px', () => {
    expect(presentChartHeight(480, 400)).toBe(180);
    expect(presentChartHeight(2000, 100)).toBe(420);
  });
});
