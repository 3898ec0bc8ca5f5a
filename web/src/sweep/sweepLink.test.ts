import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { formatHash, parseHash } from '../session/route';
import { CUSTOM, DEFAULT_FORM, formFromLink, sweepQuery, type SweepForm } from './sweepLink';

beforeAll(loadCoreForTests);

/** The form after a round trip through a real hash (URL encoding included). */
function roundTrip(form: SweepForm, saved: SweepForm = DEFAULT_FORM) {
  const hash = formatHash('sweep', sweepQuery('BASE', form));
  const { params } = parseHash(hash);
  expect(params.get('s')).toBe('BASE');
  return formFromLink(params, saved);
}

const SAVED: SweepForm = {
  param: 'topology.bottleneck.delay_ms',
  customPath: '',
  values: '1, 2',
  param2: 'flows[0].tcp.classifier',
  values2: 'oracle, checksum',
  replications: 7,
  duration: 99,
  metrics: ['events'],
  xScale: 'log',
};

describe('sweep share links', () => {
  it('restore every field of the form, whatever this browser saved', () => {
    const form: SweepForm = {
      param: 'flows[0].tcp.cc',
      customPath: '',
      values: 'new_reno, westwood',
      param2: 'topology.bottleneck.errors.ber',
      values2: '0, 1e-5',
      replications: 2,
      duration: 3,
      metrics: ['goodput_kbps', 'retransmissions', 'jain_index'],
      xScale: 'linear',
    };
    expect(roundTrip(form, SAVED)).toEqual({ form, problems: [] });
  });

  it('restore a custom path, an empty duration (the scenario’s) and no series, not the saved ones', () => {
    const form: SweepForm = {
      ...DEFAULT_FORM,
      param: CUSTOM,
      customPath: 'flows[1].start_s',
      values: '0, 5',
      duration: undefined,
      param2: '',
      values2: '',
    };
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

  it('replace unusable parts of a link by defaults and say which', () => {
    const { form, problems } = formFromLink(new URLSearchParams('p=flows[0].count&r=two&d=-1&m=timeouts,bogus'), SAVED);
    expect(form).toMatchObject({
      param: 'flows[0].count',
      values: '1, 2, 4',
      replications: 3,
      duration: undefined,
      metrics: ['timeouts'],
      param2: '',
    });
    expect(problems).toEqual([
      'replications "two" is not a whole number from 1; using 3',
      'duration "-1" is not a positive number; using the scenario\'s',
      'unknown metric "bogus" left out',
    ]);
    const none = formFromLink(new URLSearchParams('p=&m=nope,zip&r=0'));
    expect(none.form).toMatchObject({ param: DEFAULT_FORM.param, metrics: DEFAULT_FORM.metrics, replications: 3 });
    expect(none.problems).toHaveLength(4);
  });
});
