import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { formatHash, parseHash } from '../session/route';
import { DEFAULT_FORM, formFromSaved, plainAxis, removeAxis, withShow, type SweepForm } from './sweepForm';
import { formFromLink, MAX_LINK_PATH_CHARS, sweepQuery } from './sweepLink';

beforeAll(loadCoreForTests);

/** The form after a round trip through a real hash (URL encoding included). */
function roundTrip(form: SweepForm, saved: SweepForm = DEFAULT_FORM) {
  const hash = formatHash('sweep', sweepQuery('BASE', form));
  const { params } = parseHash(hash);
  expect(params.get('s')).toBe('BASE');
  return formFromLink(params, saved);
}

const SAVED: SweepForm = {
  axes: [plainAxis('topology.bottleneck.delay_ms', '1, 2'), plainAxis('flows[0].tcp.classifier', 'oracle, checksum')],
  x: 0,
  series: 1,
  replications: 7,
  duration: 99,
  metrics: ['events'],
  xScale: 'log',
  extra: {},
};

const FOUR: SweepForm = {
  axes: [
    plainAxis('topology.bottleneck.errors.ber', '0, 8.375e-7, 1.354e-5'),
    plainAxis('topology.bottleneck.rate_bps', '64000, 1000000'),
    {
      label: 'n',
      paths: [
        { path: 'flows[0].count', values: '1, 5' },
        { path: 'flows[1].count', values: '1, 5' },
      ],
    },
    plainAxis(
      'flows[0]',
      '{"id":"tcp","count":1,"tcp":{"classifier":"always_congestion"}}, {"id":"ld","tcp":{"classifier":"checksum"}}',
    ),
  ],
  x: 1,
  series: 3,
  replications: 30,
  duration: undefined,
  metrics: ['throughput_kbps', 'timeouts'],
  xScale: 'auto',
  extra: { flows: 'sum', groups: { all: '*' } },
};

describe('sweep share links', () => {
  it('restore every field of the form, whatever this browser saved', () => {
    const form: SweepForm = {
      axes: [
        plainAxis('flows[0].tcp.cc', 'new_reno, westwood'),
        plainAxis('topology.bottleneck.errors.ber', '0, 1e-5'),
      ],
      x: 0,
      series: 1,
      replications: 2,
      duration: 3,
      metrics: ['goodput_kbps', 'retransmissions', 'jain_index'],
      xScale: 'linear',
      extra: {},
    };
    expect(roundTrip(form, SAVED)).toEqual({ form, problems: [] });
  });

  it('round-trip any number of varied parameters, zipped ones, their roles and the file’s other settings', () => {
    expect(roundTrip(FOUR, SAVED)).toEqual({ form: FOUR, problems: [] });
    // No series, x on the third axis.
    const none = { ...FOUR, x: 2, series: null };
    expect(roundTrip(none, SAVED).form).toEqual(none);
    // Series on the first axis, x on the second.
    const swapped = { ...FOUR, x: 1, series: 0 };
    expect(roundTrip(swapped, SAVED).form).toEqual(swapped);
  });

  it('carry the slice the "Show" picker shows, and open links without one at the first values', () => {
    // x: the rate; series: flows[0]; shown: BER value 3 and n value 2.
    const sliced: SweepForm = { ...FOUR, show: { 0: 2, 2: 1 } };
    const q = sweepQuery('BASE', sliced);
    expect([q.f, q.f3]).toEqual(['3', '2']);
    expect(roundTrip(sliced, SAVED)).toEqual({ form: sliced, problems: [] });
    // A link of before (no f…): the first value of each picked axis, with nothing to report.
    const old = roundTrip(FOUR, SAVED);
    expect(old.form.show).toBeUndefined();
    expect(old.problems).toEqual([]);
    // A value number the axis does not have: its first value, said.
    const params = new URLSearchParams(formatHash('sweep', { ...q, f3: '9' }).split('?')[1]);
    expect(formFromLink(params, SAVED).form.show).toEqual({ 0: 2 });
    expect(formFromLink(params, SAVED).problems).toEqual([
      'varied parameter 3 has no value number "9" to show; showing its first',
    ]);
  });

  it('keep the slice through this browser’s save and when a varied parameter is removed', () => {
    const sliced: SweepForm = { ...FOUR, show: { 0: 2, 2: 1 } };
    expect(formFromSaved(JSON.parse(JSON.stringify(sliced))).show).toEqual({ 0: 2, 2: 1 });
    expect(removeAxis(sliced, 1).show).toEqual({ 0: 2, 1: 1 });
    expect(withShow(sliced, 0, 0).show).toEqual({ 2: 1 });
  });

  it('restore a custom path, an empty duration (the scenario’s) and no series, not the saved ones', () => {
    const form: SweepForm = { ...DEFAULT_FORM, axes: [plainAxis('flows[1].start_s', '0, 5')], duration: undefined };
    const { form: got, problems } = roundTrip(form, SAVED);
    expect(problems).toEqual([]);
    expect(got).toEqual(form);
  });

  it('restore an empty metric selection as empty', () => {
    expect(roundTrip({ ...DEFAULT_FORM, metrics: [] }).form.metrics).toEqual([]);
  });

  it('use the saved form only when the URL holds no sweep', () => {
    expect(formFromLink(new URLSearchParams('s=abc'), SAVED)).toEqual({ form: SAVED, problems: [] });
    expect(formFromLink(new URLSearchParams(''), SAVED).form).toBe(SAVED);
  });

  it('open the links of the one-or-two-path form as before (p, v, p2, v2: the second is the series)', () => {
    const old = new URLSearchParams(
      'p=flows%5B0%5D.tcp.cc&v=new_reno%2C+westwood&r=2&m=goodput_kbps&d=3&p2=topology.bottleneck.errors.ber&v2=0%2C+1e-5&x=linear',
    );
    expect(formFromLink(old, SAVED)).toEqual({
      form: {
        axes: [
          plainAxis('flows[0].tcp.cc', 'new_reno, westwood'),
          plainAxis('topology.bottleneck.errors.ber', '0, 1e-5'),
        ],
        x: 0,
        series: 1,
        replications: 2,
        duration: 3,
        metrics: ['goodput_kbps'],
        xScale: 'linear',
        extra: {},
      },
      problems: [],
    });
    // One path, its values left out: the picker's values for it.
    expect(formFromLink(new URLSearchParams('p=flows[0].count'), SAVED).form).toMatchObject({
      axes: [plainAxis('flows[0].count', '1, 2, 4')],
      series: null,
    });
  });

  it('replace unusable parts of a link by defaults and say which', () => {
    const { form, problems } = formFromLink(new URLSearchParams('p=flows[0].count&r=two&d=-1&m=timeouts,bogus'), SAVED);
    expect(form).toMatchObject({
      axes: [plainAxis('flows[0].count', '1, 2, 4')],
      replications: 3,
      duration: undefined,
      metrics: ['timeouts'],
      series: null,
    });
    expect(problems).toEqual([
      'replications "two" is not a whole number from 1; using 3',
      'duration "-1" is not a positive number; using the scenario\'s',
      'unknown metric "bogus" left out',
    ]);
    const none = formFromLink(new URLSearchParams('p=&m=nope,zip&r=0'));
    expect(none.form).toMatchObject({ axes: DEFAULT_FORM.axes, metrics: DEFAULT_FORM.metrics, replications: 3 });
    expect(none.problems).toHaveLength(4);
    expect(formFromLink(new URLSearchParams('p=seed&v=1&p2=flows[0].count&v2=1&sa=9&e=[1]')).problems).toEqual([
      'series "9" is not a varied parameter\'s number; using the default',
      'the sweep file settings in the link are not a JSON object; left out',
    ]);
  });
});

describe('a hostile link is bounded before it is read', () => {
  it('leaves out a 40 kB path, long values and long settings with a message, quickly', () => {
    const path = Array(20_000).fill('a').join('.');
    const params = new URLSearchParams({ p: path, v: '1,'.repeat(20_000), e: `{"x":"${'y'.repeat(200_000)}"}` });
    const start = performance.now();
    const { form, problems } = formFromLink(params);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(form.axes.every((a) => a.paths.every((p) => p.path.length <= MAX_LINK_PATH_CHARS))).toBe(true);
    expect(problems.join('\n')).toContain(
      'the path of varied parameter 1 in the link is 39,999 characters long (at most 500); left out',
    );
    expect(problems.join('\n')).toContain('the sweep file settings in the link is');
  });
});
