import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharingDoc } from '../../../sim-core/crosscheck/report.mjs';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { sharingNotes, variantsSharingLink, type SharingRow } from './sharingNotes';
import type { ScenarioJson } from './types';

beforeAll(loadCoreForTests);

const read = (p: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/crosscheck/${p}`, import.meta.url), 'utf8'));

describe('the crosscheck’s mixed rows in the lab', () => {
  it('sharing.json is the extract of results.json that the crosscheck writes', () => {
    expect(read('sharing.json')).toEqual(sharingDoc(read('results.json')));
  });

  it('every row that departs from ns-3 by more than the tolerance has a note for the lab', () => {
    const doc = read('sharing.json') as { tolerance: number; rows: SharingRow[] };
    const departing = doc.rows.filter((r) => Math.abs(r.share_losslab - r.share_ns3) > doc.tolerance);
    expect(departing.length).toBeGreaterThan(0);
    expect(departing.filter((r) => !r.lab_note).map((r) => r.id)).toEqual([]);
  });

  it('a pair that departs somewhere gets one note with the set-ups that depart; a pair within tolerance gets none', () => {
    const row = (setup: string, a: number, b: number, note?: string): SharingRow => ({
      id: setup,
      title: `Crosscheck: NewReno against CUBIC, ${setup}`,
      variants: ['new_reno', 'cubic'],
      seeds: 6,
      share_losslab: a,
      share_ns3: b,
      ...(note ? { lab_note: note } : {}),
    });
    const rows = [row('drop-tail 1 BDP, no errors', 0.59, 0.55), row('drop-tail 4 BDP, no errors', 0.73, 0.48, 'PRR.')];
    expect(sharingNotes(['cubic', 'new_reno', 'bbr'], rows)).toEqual([
      {
        variants: ['new_reno', 'cubic'],
        names: ['NewReno', 'CUBIC'],
        checked: 2,
        agree: 1,
        departs: [{ setup: 'drop-tail 4 BDP, no errors', losslab: 0.73, ns3: 0.48, note: 'PRR.' }],
      },
    ]);
    expect(sharingNotes(['cubic'], rows)).toEqual([]);
    expect(sharingNotes(['cubic', 'new_reno'], [rows[0]])).toEqual([]);
  });

  it('the recorded rows: NewReno with CUBIC departs; NewReno with Veno in one set-up of three', () => {
    const [cubic] = sharingNotes(['new_reno', 'cubic']);
    expect(cubic.names).toEqual(['NewReno', 'CUBIC']);
    expect(cubic.departs.length).toBeGreaterThan(0);
    expect(cubic.agree + cubic.departs.length).toBe(cubic.checked);
    const [veno] = sharingNotes(['new_reno', 'veno']);
    expect(veno).toMatchObject({ checked: 3, agree: 2 });
    expect(veno.departs[0].setup).toContain('no errors');
  });

  it('the variants sharing a dumbbell’s bottleneck come from the simulator’s reading of the scenario', () => {
    const scenario = {
      schema: 1,
      id: 'mix',
      flows: [
        { id: 'a', tcp: { cc: 'cubic' } },
        { id: 'b', count: 2 },
        { id: 'c', tcp: { cc: 'cubic' } },
      ],
    } as unknown as ScenarioJson;
    expect(variantsSharingLink(scenario).sort()).toEqual(['cubic', 'new_reno']);
    expect(variantsSharingLink(null)).toEqual([]);
    expect(
      variantsSharingLink({ schema: 1, id: 'bad', flows: [{ tcp: { cc: 'nope' } }] } as unknown as ScenarioJson),
    ).toEqual([]);
  });
});
