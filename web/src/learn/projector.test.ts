/** Projector mode's keys: a clicker's PageDown / PageUp and the arrows move, Esc leaves. */
import { describe, expect, it } from 'vitest';
import { slideKeyAction } from './projector';

describe('slideKeyAction', () => {
  it('maps the clicker and arrow keys', () => {
    expect(slideKeyAction('ArrowRight')).toBe('next');
    expect(slideKeyAction('PageDown')).toBe('next');
    expect(slideKeyAction('ArrowLeft')).toBe('previous');
    expect(slideKeyAction('PageUp')).toBe('previous');
    expect(slideKeyAction('Escape')).toBe('leave');
    expect(slideKeyAction(' ')).toBeNull();
  });
});
