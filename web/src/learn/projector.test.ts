/** Projector mode's keys: a clicker's PageDown / PageUp, the arrows and Space move, Esc leaves; a focused control keeps the keys it uses. */
import { describe, expect, it } from 'vitest';
import { focusOwnsKey, slideKeyAction } from './projector';

describe('slideKeyAction', () => {
  it('maps the clicker and arrow keys', () => {
    expect(slideKeyAction('ArrowRight')).toBe('next');
    expect(slideKeyAction('PageDown')).toBe('next');
    expect(slideKeyAction(' ')).toBe('next');
    expect(slideKeyAction('ArrowLeft')).toBe('previous');
    expect(slideKeyAction('PageUp')).toBe('previous');
    expect(slideKeyAction('Escape')).toBe('leave');
    expect(slideKeyAction('Enter')).toBeNull();
  });
});

describe('focusOwnsKey', () => {
  it('leaves PageUp/PageDown to the slides except in a text area or a list', () => {
    expect(focusOwnsKey('button', 'PageDown')).toBe(false);
    expect(focusOwnsKey('choice', 'PageDown')).toBe(false);
    expect(focusOwnsKey('chart', 'PageUp')).toBe(false);
    expect(focusOwnsKey('text', 'PageDown')).toBe(true);
    expect(focusOwnsKey('list', 'PageUp')).toBe(true);
  });
  it('leaves the arrows to fields, lists, choices and charts, and Space to any control', () => {
    expect(focusOwnsKey('choice', 'ArrowRight')).toBe(true);
    expect(focusOwnsKey('list', 'ArrowLeft')).toBe(true);
    expect(focusOwnsKey('chart', 'ArrowRight')).toBe(true);
    expect(focusOwnsKey('button', 'ArrowRight')).toBe(false);
    expect(focusOwnsKey('other', 'ArrowRight')).toBe(false);
    expect(focusOwnsKey('button', ' ')).toBe(true);
    expect(focusOwnsKey('other', ' ')).toBe(false);
  });
  it('never keeps Esc', () => {
    expect(focusOwnsKey('text', 'Escape')).toBe(false);
  });
});
