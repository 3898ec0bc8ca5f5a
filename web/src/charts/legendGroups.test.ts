/** Grouping legend entries by flow row above the threshold, with counts and descriptions. */
import { describe, expect, it } from 'vitest';
import { GROUP_ABOVE, legendEntries } from './legendGroups';

const item = (id: string) => ({ id, label: id, color: '#000' });

describe('legendEntries', () => {
  it('lists few entries one by one, with their descriptions', () => {
    const names = new Map([['f1', 'TCP NewReno + Checksum notification']]);
    const out = legendEntries([item('f0'), item('f1')], names);
    expect(out.map((e) => e.label)).toEqual(['f0', 'f1 · TCP NewReno + Checksum notification']);
  });
  it('groups many connections by flow row, with counts', () => {
    const ids = ['tcp', ...Array.from({ length: 500 }, (_, i) => `ld.${i}`), 'aggregate'];
    const names = new Map(ids.map((id) => [id, id === 'tcp' ? 'TCP NewReno' : 'TCP NewReno + Checksum notification']));
    names.delete('aggregate');
    const out = legendEntries(ids.map(item), names);
    expect(out.map((e) => e.label)).toEqual([
      'tcp · TCP NewReno',
      'ld × 500 · TCP NewReno + Checksum notification',
      'aggregate',
    ]);
    expect(out[1].count).toBe(500);
  });
  it('keeps single connections of a row named by their own id', () => {
    const ids = [...Array.from({ length: GROUP_ABOVE }, (_, i) => `a.${i}`), 'b.0'];
    const out = legendEntries(ids.map(item), new Map());
    expect(out.map((e) => e.label)).toEqual([`a × ${GROUP_ABOVE}`, 'b.0']);
  });
});
