import { beforeAll, describe, expect, it } from 'vitest';
import { pageCatalog } from '../scenario/catalog';
import { defaultScenario } from '../scenario/defaultScenario';
import type { ScenarioJson } from '../scenario/types';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { SweepModel } from '../sim/pageCore';
import { axisViews, slicePoints, sliceTitle } from './sweepAxes';
import {
  addAxis,
  DEFAULT_FORM,
  formFromSaved,
  plainAxis,
  pointCount,
  removeAxis,
  SWEEP_PARAMS,
  varyOf,
  type SweepForm,
} from './sweepForm';
import { parseValues, sweepDocument, valuesText } from './sweepModel';
import { problemsInWords } from './sweepProblems';
import { checkSweep } from './useSweepCheck';
import { paramText, paramWords, seriesValueText, shownIn, valueText } from './sweepWords';

beforeAll(loadCoreForTests);

const base = (): ScenarioJson => defaultScenario() as ScenarioJson;
const doc = (form: SweepForm, b = base()) =>
  sweepDocument({
    base: b,
    vary: varyOf(form),
    replications: form.replications,
    metrics: form.metrics,
    extra: form.extra,
  });

const THREE: SweepForm = {
  ...DEFAULT_FORM,
  axes: [
    plainAxis('topology.bottleneck.errors.ber', '0, 1e-6, 1e-5'),
    plainAxis('topology.bottleneck.delay_ms', '10, 50'),
    plainAxis('flows[0].tcp.classifier', 'always_congestion, checksum'),
  ],
  x: 0,
  series: 2,
  replications: 2,
};

describe('the varied parameters of the form', () => {
  it('grow and shrink, keeping the x axis and the series valid', () => {
    let f = addAxis(DEFAULT_FORM);
    expect(f.axes.map((a) => a.paths[0].path)).toEqual([
      'topology.bottleneck.errors.ber',
      'topology.bottleneck.errors.per',
    ]);
    expect([f.x, f.series]).toEqual([0, 1]);
    f = addAxis(f);
    expect(f.axes).toHaveLength(3);
    expect(pointCount(f)).toBe(4 * 3 * 3);
    expect([f.x, f.series]).toEqual([0, 1]);
    f = removeAxis(f, 1);
    expect([f.x, f.series]).toEqual([0, null]);
    f = removeAxis({ ...f, x: 1 }, 0);
    expect(f.axes.map((a) => a.paths[0].path)).toEqual(['topology.bottleneck.queue.limit_pkts']);
    expect([f.x, f.series]).toEqual([0, null]);
    expect(removeAxis(f, 0)).toBe(f);
  });

  it('opens what this browser saved, in today’s shape or the two-path form of before', () => {
    expect(formFromSaved(THREE)).toEqual(THREE);
    expect(
      formFromSaved({
        param: 'custom',
        customPath: 'flows[1].start_s',
        values: '0, 5',
        param2: 'seed',
        values2: '1, 2',
        replications: 4,
        duration: 7,
        metrics: ['timeouts'],
        xScale: 'log',
      }),
    ).toEqual({
      axes: [plainAxis('flows[1].start_s', '0, 5'), plainAxis('seed', '1, 2')],
      x: 0,
      series: 1,
      replications: 4,
      duration: 7,
      metrics: ['timeouts'],
      xScale: 'log',
      extra: {},
    });
    expect(formFromSaved('junk')).toBe(DEFAULT_FORM);
    expect(formFromSaved({ axes: [{ label: 3 }] })).toBe(DEFAULT_FORM);
  });

  it('reads objects and lists typed as values whole, commas inside them included', () => {
    const flows = [{ id: 'a', tcp: { cc: 'reno', classifier: 'oracle' } }, [1, 'x, y'], 'b'];
    expect(parseValues(valuesText(flows))).toEqual(flows);
    expect(parseValues('{"a": 1, "b": [2, 3]}; 4\n"x, y"')).toEqual([{ a: 1, b: [2, 3] }, 4, 'x, y']);
  });
});

describe('the charts of a sweep with more axes than x and series', () => {
  it('slice the points at the picked value of every other axis, titled in words', () => {
    const m = new SweepModel(doc(THREE));
    const views = axisViews(m.plan, THREE.axes, pageCatalog());
    expect(views.map((v) => v.column)).toEqual([0, 1, 2]);
    expect(views[1].names).toEqual(['Bottleneck one-way delay 10 ms', 'Bottleneck one-way delay 50 ms']);
    expect(views[2].names).toEqual(['Standard TCP', 'Checksum notification']);
    const slice = slicePoints(m.plan, views, [1], { 1: 1 });
    // x (3 BERs) × series (2 classifiers) at delay 50 ms.
    expect(slice.map((s) => s.point.values)).toEqual([
      [0, 50, 'always_congestion'],
      [0, 50, 'checksum'],
      [1e-6, 50, 'always_congestion'],
      [1e-6, 50, 'checksum'],
      [1e-5, 50, 'always_congestion'],
      [1e-5, 50, 'checksum'],
    ]);
    expect(sliceTitle(views, [1], { 1: 1 })).toBe('Bottleneck one-way delay 50 ms');
    m.free();
  });

  it('show rates in the unit the lab writes them in, rounded, on the axis, in the names and the picker', () => {
    const form: SweepForm = {
      ...DEFAULT_FORM,
      axes: [
        plainAxis('topology.bottleneck.errors.ber', '0, 1e-6'),
        plainAxis('topology.bottleneck.rate_bps', '500000, 1000000, 2345678'),
        plainAxis('topology.bottleneck.delay_ms', '10'),
      ],
      series: null,
    };
    const m = new SweepModel(doc(form));
    const views = axisViews(m.plan, form.axes, pageCatalog());
    expect(views[1].words.unit).toBe('Mbit/s');
    expect(paramText(views[1].words)).toBe('Bottleneck rate (Mbit/s)');
    // Plotted in the simulator's unit (the chart places them), read in Mbit/s.
    expect(views[1].values).toEqual([500000, 1000000, 2345678]);
    expect(views[1].texts).toEqual(['0.5', '1', '2.346']);
    expect(views[1].names[1]).toBe('Bottleneck rate 1 Mbit/s');
    expect(sliceTitle(views, [1, 2], { 1: 1 })).toBe('Bottleneck rate 1 Mbit/s · Bottleneck one-way delay 10 ms');
    expect(views[2].words.unit).toBe('ms');
    m.free();
    // Slow links read in kbit/s; a list of one size keeps its prefix for every value.
    const slow = shownIn(paramWords('topology.bottleneck.rate_bps', pageCatalog()), [64000, 128000, 0]);
    expect(slow.unit).toBe('kbit/s');
    expect([64000, 128000, 0].map((v) => valueText(v, slow, pageCatalog()))).toEqual(['64', '128', '0']);
  });

  it('offer the error model as a JSON-valued parameter the simulator takes, its values named in words', () => {
    const choice = SWEEP_PARAMS.find((p) => p.path === 'topology.bottleneck.errors')!;
    const form: SweepForm = { ...DEFAULT_FORM, axes: [plainAxis(choice.path, choice.values)] };
    expect(checkSweep(doc(form))).toEqual({ ok: true, points: 2 });
    const m = new SweepModel(doc(form));
    const views = axisViews(m.plan, form.axes, pageCatalog());
    expect(views[0].texts).toEqual([
      'Bit errors · Bit error rate 1e-6',
      'Gilbert–Elliott · Mean loss and burst length · Mean burst length 4 packets · Mean loss 0.012',
    ]);
    m.free();
    // The mode varied on its own: named as the lab's error-model control names it.
    const mode = paramWords('topology.bottleneck.errors.mode', pageCatalog());
    expect(['lim_jang', 'markov'].map((v) => valueText(v, mode, pageCatalog()))).toEqual([
      'Timed sojourns (Lim & Jang)',
      'Mean loss and burst length',
    ]);
    expect(seriesValueText('markov', mode, pageCatalog())).toBe('Mean loss and burst length');
  });

  it('name a zipped axis by its label, and whole flows by the fields that differ', () => {
    const two = { ...base(), flows: [{ id: 'a' }, { id: 'b' }] } as ScenarioJson;
    const form: SweepForm = {
      ...DEFAULT_FORM,
      axes: [
        {
          label: 'n',
          paths: [
            { path: 'flows[0].count', values: '1, 5' },
            { path: 'flows[1].count', values: '1, 10' },
          ],
        },
        plainAxis(
          'flows[0]',
          '{"id":"a","tcp":{"classifier":"always_congestion"}}, {"id":"a","count":3,"tcp":{"classifier":"checksum"}}',
        ),
      ],
    };
    const m = new SweepModel(doc(form, two));
    const views = axisViews(m.plan, form.axes, pageCatalog());
    expect(views.map((v) => v.column)).toEqual([0, 2]);
    expect(views[0].texts).toEqual(['1', '(5, 10)']);
    expect(views[0].names).toEqual(['n = 1', 'n = (5, 10)']);
    expect(views[1].texts).toEqual(['Classifier Standard TCP', 'Classifier Checksum notification · Count 3']);
    m.free();
  });

  it('give each value of a zipped axis its unit when its paths have different units', () => {
    const form: SweepForm = {
      ...DEFAULT_FORM,
      axes: [
        {
          label: 'loss',
          paths: [
            { path: 'topology.bottleneck.errors.ber', values: '0, 1e-6' },
            { path: 'topology.bottleneck.queue.limit_pkts', values: '10, 30' },
          ],
        },
      ],
    };
    const m = new SweepModel(doc(form));
    const [view] = axisViews(m.plan, form.axes, pageCatalog());
    expect(view.texts).toEqual(['(0, 10 packets)', '(1e-6, 30 packets)']);
    expect(view.names).toEqual(['loss = (0, 10 packets)', 'loss = (1e-6, 30 packets)']);
    m.free();
  });

  it('give a zipped axis of one unit that unit, whether or not its values agree', () => {
    const form: SweepForm = {
      ...DEFAULT_FORM,
      axes: [
        {
          label: 'delay',
          paths: [
            { path: 'topology.bottleneck.delay_ms', values: '10, 50' },
            { path: 'flows[0].tcp.min_rto_ms', values: '10, 200' },
          ],
        },
      ],
    };
    const m = new SweepModel(doc(form));
    const [view] = axisViews(m.plan, form.axes, pageCatalog());
    expect(view.texts).toEqual(['10', '(50, 200)']);
    expect(view.names).toEqual(['delay = 10 ms', 'delay = (50, 200) ms']);
    m.free();
  });
});

describe('the simulator’s verdict as the form grows', () => {
  it('counts the points, and says a refusal with the form’s field named', () => {
    expect(checkSweep(doc(THREE))).toEqual({ ok: true, points: 12 });
    const big: SweepForm = { ...THREE, replications: 100_000 };
    const c = checkSweep(doc(big));
    expect(c.ok).toBe(false);
    if (c.ok) return;
    const words = problemsInWords(c.problems, big, pageCatalog());
    expect(words[0]).toMatch(
      /^Replications: this sweep needs about .* simulator events in all, .*the budget in the browser/,
    );
    const bad: SweepForm = { ...THREE, axes: [THREE.axes[0], plainAxis('topology.bottleneck.delay_ms', '10, -5')] };
    const b = checkSweep(doc(bad));
    expect(b.ok).toBe(false);
    if (b.ok) return;
    expect(problemsInWords(b.problems, bad, pageCatalog())[0]).toMatch(
      /^Varied parameter 2 \(Bottleneck one-way delay\), value 2: topology\.bottleneck\.delay_ms: /,
    );
  });
});
