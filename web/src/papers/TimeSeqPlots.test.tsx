// @vitest-environment jsdom
/**
 * The figure page's time-sequence plots while they are simulated: the page asks the
 * worker for every plot at once and, until each answers, shows a box of the plot's size saying
 * "Simulating…" (the page's model only describes them); an answer replaces the box with
 * the simulator's SVG, a failure with its words; leaving the page terminates the worker.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeWorker } from '../sim/fakeWorker';
import type { ReproductionInfo, ReproductionModel, TimeSeqSpecInfo } from '../sim/reproductionCore';
import type { TimeSeqFromWorker, TimeSeqToWorker } from '../sim/timeSeqWorker';
import { TimeSeqPlots } from './TimeSeqPlots';

type FakeTimeSeqWorker = FakeWorker<TimeSeqToWorker, TimeSeqFromWorker>;

/** The page's model as far as the plots read it: the file's facts and its plots, described. */
const info = {
  paper: 'gurtov',
  id: 'fig3',
  claim: 'Retransmissions follow each drop.',
  plot: { x_path: 'topology.bottleneck.queue.limit_pkts', x_label: 'Router buffer size', x_unit: 'packets' },
} as ReproductionInfo;
const spec = (id: string, value: number): TimeSeqSpecInfo => ({
  id,
  title: `Plot ${id}`,
  flow: 'tcp',
  replication: 0,
  from_s: null,
  to_s: 60,
  seed: 1,
  at: [{ path: info.plot.x_path, value }],
});

function setup(count: number) {
  const specs = [spec('a', 20), spec('b', 40), spec('c', 60)].slice(0, count);
  const model = { info, timeSequenceSpecs: () => specs } as unknown as ReproductionModel;
  const fileJson = '{"id":"fig3"}';
  const resources = { 'sweep:gurtov-fig3': '{}' };
  const workers: FakeTimeSeqWorker[] = [];
  const createWorker = () => {
    const w = new FakeWorker<TimeSeqToWorker, TimeSeqFromWorker>();
    workers.push(w);
    return w;
  };
  const view = render(<TimeSeqPlots model={model} source={{ fileJson, resources }} createWorker={createWorker} />);
  const answer = (w: FakeTimeSeqWorker, msg: TimeSeqFromWorker) => act(() => w.answer(msg));
  return { view, workers, answer, fileJson };
}

const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>plot</text></svg>';

describe('TimeSeqPlots', () => {
  afterEach(cleanup);

  it('shows a plot-sized “Simulating…” box for each plot until the worker draws it', async () => {
    const { workers, answer, fileJson } = setup(3);
    const figures = screen.getAllByTestId('papers-timeseq');
    expect(figures.length).toBeGreaterThan(1);
    // Every plot asked of one worker at once, none run here.
    expect(workers).toHaveLength(1);
    expect(workers[0].sent.map((m) => [m.index, m.fileJson === fileJson])).toEqual(figures.map((_, i) => [i, true]));
    for (const f of figures) {
      expect(f.dataset.state).toBe('running');
      expect(within(f).getByTestId('papers-timeseq-placeholder').textContent).toContain('Simulating…');
      expect(within(f).queryByRole('img')).toBeNull();
      expect(within(f).getByRole('button', { name: 'Save SVG' })).toHaveProperty('disabled', true);
    }

    const [first, second] = workers[0].sent;
    const counts = { sends: 40, retransmits: 3, drops: 2, timeouts: 1, paper: 0 };
    await answer(workers[0], {
      type: 'timeSeqDone',
      requestId: first.requestId,
      plot: { id: 'a', title: 'a', svg, caption: 'Time-sequence plot of flow tcp: 40 segments sent.', counts },
      wallMs: 20,
    });
    expect(figures[0].dataset.state).toBe('done');
    expect(figures[0].dataset.retransmits).toBe('3');
    const img = within(figures[0]).getByRole('img');
    expect(decodeURIComponent(img.getAttribute('src')!)).toBe(`data:image/svg+xml;charset=utf-8,${svg}`);
    expect(figures[0].textContent).toContain('Time-sequence plot of flow tcp: 40 segments sent.');
    expect(within(figures[0]).queryByTestId('papers-timeseq-placeholder')).toBeNull();
    expect(figures[1].dataset.state).toBe('running');

    await answer(workers[0], { type: 'timeSeqError', requestId: second.requestId, message: 'the run failed' });
    expect(figures[1].dataset.state).toBe('error');
    expect(within(figures[1]).getByRole('alert').textContent).toBe('This plot could not be drawn: the run failed');
  });

  it('terminates the worker when the page goes away', () => {
    const { view, workers } = setup(1);
    expect(workers[0].terminated).toBe(false);
    view.unmount();
    expect(workers[0].terminated).toBe(true);
  });
});
