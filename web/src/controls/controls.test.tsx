// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { FilePicker } from './FilePicker';
import { NumberField } from './NumberField';

afterEach(cleanup);

describe('NumberField', () => {
  it('commits numbers, reports text that is not one, and names the field exactly', () => {
    const commits: (number | undefined)[] = [];
    const parse: (string | null)[] = [];
    render(
      <NumberField
        label="Bit error rate"
        unit="per bit"
        value={1e-6}
        format={(v) => String(v)}
        onCommit={(v) => commits.push(v)}
        path="topology.bottleneck.errors.ber"
        onParseError={(m) => parse.push(m)}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Bit error rate' });
    fireEvent.change(input, { target: { value: '2e-5' } });
    expect(commits).toEqual([2e-5]);
    fireEvent.change(input, { target: { value: 'x' } });
    // The problem names the field as the form does; the JSON path stays in its details line.
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('Bit error rate: enter a number');
    expect(screen.getByRole('alert').querySelector('details code')?.textContent).toBe(
      'topology.bottleneck.errors.ber: enter a number',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(parse.at(-1)).toBe('topology.bottleneck.errors.ber: enter a number');
    fireEvent.change(input, { target: { value: '3' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(parse.at(-1)).toBeNull();
  });

  it('shows validator problems as text and follows outside changes', () => {
    function Host() {
      const [v, setV] = useState<number | undefined>(10);
      return (
        <>
          <NumberField
            label="Buffer"
            labelPrefix="Access link "
            value={v}
            onCommit={setV}
            problems={['topology.access.queue.limit_pkts: <b>bad</b>']}
          />
          <button onClick={() => setV(42)}>outside</button>
        </>
      );
    }
    render(<Host />);
    // Chrome names the field "Access link Buffer" (the prefix is visually hidden text in the label;
    // jsdom's name computation trims the space, so read the label text here).
    const input = screen.getByRole('textbox');
    expect(document.querySelector(`label[for="${input.id}"]`)!.textContent).toBe('Access link Buffer');
    expect(screen.getByRole('alert').querySelector('b')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('<b>bad</b>');
    fireEvent.click(screen.getByText('outside'));
    expect((input as HTMLInputElement).value).toBe('42');
  });

  it('treats empty text as "leave it out" when optional', () => {
    const commits: (number | undefined)[] = [];
    render(<NumberField label="Start" value={3} optional onCommit={(v) => commits.push(v)} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Start' }), { target: { value: '' } });
    expect(commits).toEqual([undefined]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Dialog', () => {
  it('moves focus in, closes on Escape and gives focus back', () => {
    const onClose = vi.fn();
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <Dialog
            title="Embed"
            open={open}
            onClose={() => {
              onClose();
              setOpen(false);
            }}
          >
            <input aria-label="inside" />
          </Dialog>
        </>
      );
    }
    render(<Host />);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Embed' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('FilePicker', () => {
  it('is one button, named and described for screen readers, that opens the chooser and hands over the file', () => {
    const files: string[] = [];
    render(
      <FilePicker
        label="Open sweep file…"
        accept=".json"
        description="A sweep file of your own"
        onFile={(f) => files.push(f.name)}
      />,
    );
    // People meet one control: the button (the file input is out of the accessibility tree).
    const button = screen.getByRole('button', { name: 'Open sweep file…' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A sweep file of your own',
    );
    const input = screen.getByLabelText('Open sweep file') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.hidden).toBe(true);
    expect(input.accept).toBe('.json');
    // Pressing the button (Enter and Space press a native button) opens the system's chooser.
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    // The chosen file is handed over; the input is emptied so the same file can be chosen again.
    const file = new File(['{}'], 'mine.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(files).toEqual(['mine.json']);
    expect(input.value).toBe('');
  });
});
