/** The CSV export's zip: one archive holding each file byte for byte. */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from './exportCsv';

describe('zipFiles', () => {
  it('keeps every file and its exact text', () => {
    const files = [
      { name: 'a-x-seed1-summary.csv', text: 'scenario_id,seed\nx,1\n' },
      { name: 'b-y-seed1-series.csv', text: 'time_s,value\n0.01,1.5e-7\n' },
    ];
    const out = unzipSync(zipFiles(files));
    expect(Object.keys(out)).toEqual(files.map((f) => f.name));
    for (const f of files) expect(strFromU8(out[f.name])).toBe(f.text);
  });
});
