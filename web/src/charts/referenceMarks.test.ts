import { describe, expect, it } from 'vitest';
import { referenceExtent } from './ReferenceMarks';

describe('reference marks', () => {
  it('reach as far as their uncertainty bars', () => {
    expect(
      referenceExtent([
        {
          key: 'a',
          label: 'a',
          color: '#000',
          points: [
            { x: 1, y: 10, uncertainty: 2 },
            { x: 2, y: 5, uncertainty: 0 },
          ],
        },
      ]),
    ).toEqual({ min: 5, max: 12 });
    expect(referenceExtent([])).toBeNull();
  });
});
