import { beforeAll, describe, expect, it } from 'vitest';
import { errorsForKind } from '../builder/ErrorFields';
import { defaultScenario } from './defaultScenario';
import { loadCoreForTests, simCoreForTests, type SimCore } from '../sim/loadCoreForTests';
import { resolveScenario } from '../sim/pageCore';
import { normalizeCatalog, pageCatalog, paramLabel, profileDefaults, tcpOptions, type Catalog } from './catalog';
import { setPath } from './paths';
import type { ScenarioJson } from './types';

let core: SimCore;
beforeAll(() => {
  loadCoreForTests();
  core = simCoreForTests();
});

const base = () => defaultScenario() as ScenarioJson;
const problems = (s: ScenarioJson) => core.validate(JSON.stringify(s));

const catalogs: [string, () => Catalog][] = [['page', () => pageCatalog()]];

describe.each(catalogs)('the %s catalog agrees with the simulator', (_name, catalogOf) => {
  it('every variant, classifier and profile id is accepted', () => {
    for (const v of catalogOf().variants) expect(problems(setPath(base(), 'flows[0].tcp.cc', v.id)), v.id).toEqual([]);
    for (const c of catalogOf().classifiers) {
      expect(problems(setPath(base(), 'flows[0].tcp.classifier', c.id)), c.id).toEqual([]);
      expect(problems(setPath(base(), 'observe.shadow_classifiers', [c.id])), c.id).toEqual([]);
    }
    for (const p of catalogOf().profiles)
      expect(problems(setPath(base(), 'flows[0].tcp.profile', p.id)), p.id).toEqual([]);
  });

  it('every variant and classifier parameter is accepted at its default', () => {
    for (const v of catalogOf().variants) {
      const params = Object.fromEntries(v.params.filter((p) => p.default !== null).map((p) => [p.name, p.default]));
      expect(
        problems(setPath(setPath(base(), 'flows[0].tcp.cc', v.id), 'flows[0].tcp.cc_params', params)),
        v.id,
      ).toEqual([]);
    }
    for (const c of catalogOf().classifiers) {
      const params = Object.fromEntries(c.params.filter((p) => p.default !== null).map((p) => [p.name, p.default]));
      expect(
        problems(setPath(setPath(base(), 'flows[0].tcp.classifier', c.id), 'flows[0].tcp.classifier_params', params)),
        c.id,
      ).toEqual([]);
    }
  });

  it('every error kind (each Gilbert–Elliott mode too) is valid as the builder first fills it in', () => {
    for (const e of catalogOf().errors) {
      const modes = e.id === 'gilbert_elliott' ? ['lim_jang', 'markov'] : [undefined];
      for (const mode of modes) {
        const errors = errorsForKind(e.id, e.params, mode ? { kind: e.id, mode } : undefined);
        expect(problems(setPath(base(), 'topology.bottleneck.errors', errors)), `${e.id} ${mode ?? ''}`).toEqual([]);
        expect(problems(setPath(base(), 'topology.bottleneck.reverse', { errors })), `reverse ${e.id}`).toEqual([]);
      }
    }
  });

  it('every queue discipline and parameter name is known, and defaults hold', () => {
    for (const q of catalogOf().queues) {
      let s = setPath(base(), 'topology.bottleneck.queue', { kind: q.id, limit_pkts: 60 });
      for (const p of q.params)
        if (typeof p.default === 'number' || typeof p.default === 'boolean')
          s = setPath(s, `topology.bottleneck.queue.${p.name}`, p.default);
      expect(problems(s), q.id).toEqual([]);
    }
    expect(
      problems(setPath(base(), 'topology.bottleneck.queue.congestion_warning', { w_q: 0.002, threshold_pkts: 5 })),
    ).toEqual([]);
  });

  it('every advanced TCP option is a known field, set to the profile value', () => {
    for (const { id: profile } of catalogOf().profiles) {
      const d = profileDefaults(catalogOf(), profile);
      let s = setPath(base(), 'flows[0].tcp.profile', profile);
      for (const o of tcpOptions(catalogOf())) s = setPath(s, `flows[0].tcp.${o.name}`, d[o.name]);
      expect(problems(s), profile).toEqual([]);
    }
  });

  it('every cross-traffic kind and the trace switch are accepted', () => {
    for (const k of catalogOf().cross_traffic) {
      const row: Record<string, unknown> = {
        id: 'x',
        kind: k.id,
        rate_bps: 100000,
        packet_bytes: 1000,
        start_s: 0,
        direction: 'forward',
      };
      for (const p of k.params) if (!(p.name in row) && p.default !== null) row[p.name] = p.default;
      expect(problems(setPath(base(), 'cross_traffic', [row])), k.id).toEqual([]);
    }
    expect(problems(setPath(base(), 'observe.trace', true))).toEqual([]);
  });
});

describe("the catalog in the UI's terms", () => {
  it('takes ids, texts and parameters from the core, folding per-mode entries into one', () => {
    const merged = normalizeCatalog({
      variants: [
        {
          id: 'reno',
          title: 'Reno (core)',
          description: 'd',
          reference: 'r',
          params: [{ name: 'k', kind: 'bool', default: true }],
        },
      ],
      errors: [
        {
          id: 'gilbert_elliott',
          mode: 'lim_jang',
          title: 'GE (LJ)',
          params: [{ name: 'bad_s', kind: 'number', default: 0.1, required: true }],
        },
        {
          id: 'gilbert_elliott',
          mode: 'markov',
          title: 'GE (M)',
          params: [{ name: 'mean_loss', kind: 'number', default: 0.02, required: true }],
        },
        { id: 'drop_list', params: [{ name: 'packets', kind: 'integer_list', default: [20, 21], required: true }] },
      ],
      profiles: [{ id: 'ns3', title: 'ns-3', defaults: { mss_bytes: 536, timestamps: true } }],
      tcp: [{ name: 'rtt_sampling', kind: 'choice', options: ['per_ack', 'one_per_rtt'], default: 'per_ack' }],
    });
    expect(merged.variants.map((v) => v.title)).toEqual(['Reno (core)']);
    expect(merged.variants[0].params[0]).toMatchObject({ kind: 'boolean', default: true, optional: false });
    expect(merged.classifiers).toEqual([]);
    expect(merged.errors.map((e) => e.id)).toEqual(['gilbert_elliott', 'drop_list']);
    const ge = merged.errors[0];
    expect(ge.title).toBe('GE');
    expect(ge.params.map((p) => `${p.name}:${p.mode ?? ''}`)).toEqual(['mode:', 'bad_s:lim_jang', 'mean_loss:markov']);
    expect(ge.params[0].choices).toEqual(['lim_jang', 'markov']);
    expect(ge.params[2]).toMatchObject({ default: null, initial: 0.02 });
    expect(merged.errors[1].params[0]).toMatchObject({ kind: 'list', initial: [20, 21] });
    // A profile the simulator adds comes with its values, no TypeScript edit.
    expect(profileDefaults(merged, 'ns3')).toEqual({ mss_bytes: 536, timestamps: true });
    expect(tcpOptions(merged).map((o) => o.name)).toEqual(['rtt_sampling']);
    expect(tcpOptions(merged)[0]).toMatchObject({ kind: 'choice', choices: ['per_ack', 'one_per_rtt'] });
    expect(normalizeCatalog(null).variants).toEqual([]);
  });

  it('offers every profile with the values the simulator resolves it to, and its packet size', () => {
    const profiles = pageCatalog().profiles;
    expect(profiles.map((p) => p.id)).toEqual(expect.arrayContaining(['rfc', 'freebsd45', 'linux24', 'ns2']));
    for (const { id } of profiles) {
      const d = profileDefaults(pageCatalog(), id);
      const flow = resolveScenario(JSON.stringify(setPath(base(), 'flows[0].tcp', { profile: id }))).flows[0];
      expect(flow.tcp.mss_bytes, id).toBe(d.mss_bytes);
      expect(flow.tcp.timestamps, id).toBe(d.timestamps);
      // IP + TCP headers, plus 12 bytes of timestamp option.
      expect(flow.data_packet_bytes, id).toBe(Number(d.mss_bytes) + 40 + (d.timestamps ? 12 : 0));
    }
    expect(
      resolveScenario(JSON.stringify(setPath(base(), 'flows[0].tcp', { profile: 'freebsd45' }))).flows[0]
        .data_packet_bytes,
    ).toBe(1500);
  });
});

describe('paramLabel', () => {
  it('uses the UI words when it has them', () => {
    expect(paramLabel('mss_bytes')).toBe('MSS');
  });
  it('spells abbreviations in labels built from knob names', () => {
    expect(paramLabel('rtt_tick_ms')).toBe('RTT tick');
    expect(paramLabel('ld_rto_keep_window')).toBe('LD RTO keep window');
    expect(paramLabel('bw_window_rounds')).toBe('Bandwidth window rounds');
    expect(paramLabel('mbiaz_below')).toBe('mBiaz below');
    expect(paramLabel('send_overhead_ms')).toBe('Send overhead');
  });
});
