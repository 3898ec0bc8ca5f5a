/** Word wrapping of SVG labels (classifier card titles). */
import { describe, expect, it } from 'vitest';
import { wrapWords } from './wrapWords';

describe('wrapWords', () => {
  it('keeps a short text on one line', () => {
    expect(wrapWords('Spike (own)', 21)).toEqual(['Spike (own)']);
  });
  it('breaks at spaces before the limit', () => {
    expect(wrapWords('Checksum notification (own)', 21)).toEqual(['Checksum notification', '(own)']);
  });
  it('keeps a word longer than the limit whole', () => {
    expect(wrapWords('Supercalifragilistic expialidocious', 10)).toEqual(['Supercalifragilistic', 'expialidocious']);
  });
});
