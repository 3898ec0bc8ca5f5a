// @vitest-environment jsdom
/** The rows of the varied parameters: a zipped axis speaks its parameters' names and units, not JSON paths. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_CATALOG } from '../scenario/catalog';
import { DEFAULT_FORM, plainAxis, type SweepForm } from './sweepForm';
import { fieldOf } from './sweepProblems';
import { axisName, VaryRows } from './VaryRows';

afterEach(cleanup);

/** These paths' names and units are the form's own (`SWEEP_PARAMS`), no knob of the catalog's. */
const NO_CATALOG = EMPTY_CATALOG;
const pageCatalog = () => NO_CATALOG;

/** A sweep file's zipped axis (BER and delay together) after a plain one. */
const ZIPPED: SweepForm = {
  ...DEFAULT_FORM,
  axes: [
    plainAxis('flows[0].tcp.classifier', 'always_congestion, checksum'),
    {
      label: 'loss',
      paths: [
        { path: 'topology.bottleneck.errors.ber', values: '0, 1e-6' },
        { path: 'topology.bottleneck.delay_ms', values: '10, 50' },
      ],
    },
  ],
  series: 1,
};

describe('a zipped axis', () => {
  it('labels its values by the parameters’ names and units, the paths only under them', () => {
    render(<VaryRows form={ZIPPED} setForm={() => {}} catalog={pageCatalog()} />);
    const row = screen.getByRole('group', { name: 'Varied parameter 2' });
    const ber = within(row).getByLabelText('Varied parameter 2 Bottleneck bit error rate');
    const delay = within(row).getByLabelText('Varied parameter 2 Bottleneck one-way delay (ms)');
    expect(ber).toHaveProperty('value', '0, 1e-6');
    expect(delay).toHaveProperty('value', '10, 50');
    // No label is a JSON path; the path is there, in small print, for those who know the format.
    for (const label of row.querySelectorAll('label')) expect(label.textContent).not.toMatch(/topology\.|flows\[/);
    expect(within(row).getByText('topology.bottleneck.delay_ms').tagName).toBe('CODE');
  });

  it('is named in problems by its label and its parameters’ names', () => {
    expect(axisName(ZIPPED.axes[1], pageCatalog())).toBe(
      'loss — Bottleneck bit error rate + Bottleneck one-way delay (ms)',
    );
    expect(fieldOf('vary[1].zip[1].values[0]', ZIPPED, pageCatalog())).toBe(
      'Varied parameter 2 (loss), Bottleneck one-way delay, value 1',
    );
  });

  it('is offered by its label in a role picker, short enough for a phone, its parameters said under it', () => {
    render(<VaryRows form={ZIPPED} setForm={() => {}} catalog={pageCatalog()} />);
    const series = screen.getByRole('combobox', { name: 'One series per value of' });
    const chosen = within(series).getByRole('option', { selected: true });
    expect(chosen.textContent).toBe('2: loss');
    expect(chosen.getAttribute('title')).toBe('loss — Bottleneck bit error rate + Bottleneck one-way delay (ms)');
    const described = document.getElementById(series.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(
      'loss: Bottleneck bit error rate + Bottleneck one-way delay (ms), varied together',
    );
    // The x axis is a plain parameter: its picker offers it by name and adds nothing under it.
    const x = screen.getByRole('combobox', { name: 'Along the x axis' });
    expect(within(x).getByRole('option', { selected: true }).textContent).toBe('1: Classifier of the first flow');
    expect(x.getAttribute('aria-describedby')).toBeNull();
  });
});
