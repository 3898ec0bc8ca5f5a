// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SweepStatus, type SweepStatusProps } from './SweepStatus';

afterEach(cleanup);

const at = (done: number, state: string): SweepStatusProps['progress'] => ({ done, total: 12, state, text: '' });

describe('SweepStatus', () => {
  it('tells a screen reader when a sweep starts and ends, not each run', () => {
    const props = { id: 'sweep', link: null, progressLabel: 'Sweep progress', errors: [] };
    const { rerender, getByTestId } = render(<SweepStatus {...props} progress={null} />);
    const said = getByTestId('announce');
    expect(said.getAttribute('aria-live')).toBe('polite');
    expect(said.textContent).toBe('');
    rerender(<SweepStatus {...props} progress={at(0, 'running')} />);
    expect(said.textContent).toBe('Sweep progress: started, 12 runs.');
    rerender(<SweepStatus {...props} progress={at(5, 'running')} />);
    expect(said.textContent).toBe('Sweep progress: started, 12 runs.');
    rerender(<SweepStatus {...props} progress={at(12, 'done')} />);
    expect(said.textContent).toBe('Sweep progress: finished, 12 of 12 runs.');
    rerender(<SweepStatus {...props} progress={at(0, 'running')} />);
    rerender(<SweepStatus {...props} progress={at(7, 'cancelled')} />);
    expect(said.textContent).toBe('Sweep progress: cancelled after 7 of 12 runs.');
  });
});
