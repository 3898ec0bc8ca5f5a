// @vitest-environment jsdom
/** The values editor of a varied parameter: JSON values over several lines, checked as typed, errors in words. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_CATALOG } from '../scenario/catalog';
import { parseValues } from './sweepModel';
import { ValuesField } from './ValuesField';

afterEach(cleanup);

const NO_CATALOG = EMPTY_CATALOG;

function Editor({ start, words }: { start: string; words?: { label: string; unit: string; section: null } }) {
  const [v, setV] = useState(start);
  return (
    <ValuesField
      label="Values"
      labelPrefix="Varied parameter 2"
      name="Varied parameter 2 (Bottleneck error model)"
      value={v}
      onChange={setV}
      words={words}
      catalog={NO_CATALOG}
    />
  );
}

describe('ValuesField', () => {
  it('is a one-line list for plain values, read back in the charts’ unit for a rate', () => {
    render(
      <Editor start="500000, 1000000, 2000000" words={{ label: 'Bottleneck rate', unit: 'bit/s', section: null }} />,
    );
    const box = screen.getByRole('textbox', { name: /^Varied parameter 2 ?Values$/ }) as HTMLTextAreaElement;
    expect(box.rows).toBe(1);
    expect(screen.getByText(/Reads 0\.5, 1, 2 Mbit\/s\./)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens into several lines for JSON values, names the field and says where the JSON breaks', () => {
    render(<Editor start={'{"kind": "bit_error", "ber": 1e-6}, {"kind": "bit_error" "ber": 1e-5}'} />);
    const box = screen.getByRole('textbox', { name: /^Varied parameter 2 ?Values$/ }) as HTMLTextAreaElement;
    expect(box.rows).toBeGreaterThanOrEqual(4);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /^Varied parameter 2 \(Bottleneck error model\): value 2 is not valid JSON: Expected ',' or '}' after property value, at line 1, column 58/,
    );
    // The problem is part of the field's description for screen readers.
    expect(box.getAttribute('aria-describedby')).toContain(alert.id);

    // Mended, then laid out one value per line: the same values, readable.
    fireEvent.change(box, {
      target: { value: '{"kind": "bit_error", "ber": 1e-6}, {"kind": "bit_error", "ber": 1e-5}' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lay out one value per line' }));
    expect(box.value).toBe(
      '{\n  "kind": "bit_error",\n  "ber": 0.000001\n},\n{\n  "kind": "bit_error",\n  "ber": 0.00001\n}',
    );
    expect(parseValues(box.value)).toEqual([
      { kind: 'bit_error', ber: 1e-6 },
      { kind: 'bit_error', ber: 1e-5 },
    ]);
    expect(screen.queryByRole('button', { name: 'Lay out one value per line' })).toBeNull();
  });

  it('says a bracket never closed with its value’s number, line and column', () => {
    render(<Editor start={'{"kind": "bit_error", "ber": 0},\n{"kind": "packet_error", "per": 0.01'} />);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Varied parameter 2 \(Bottleneck error model\): value 2: the “\{” at line 2, column 1 is never closed/,
    );
  });
});
