import { describe, expect, it } from 'vitest';
import { csvRecords, csvRows } from './csvRead';

describe('csvRows', () => {
  it('reads quoted fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvRows('a,b,c\n"x,y","say ""hi""","two\nlines"\n')).toEqual([
      ['a', 'b', 'c'],
      ['x,y', 'say "hi"', 'two\nlines'],
    ]);
  });

  it('keeps empty fields and reads a last row without a line break', () => {
    expect(csvRows('a,,c\r\n1,2,')).toEqual([
      ['a', '', 'c'],
      ['1', '2', ''],
    ]);
  });
});

describe('csvRecords', () => {
  it('keys every row by the header', () => {
    expect(csvRecords('flow_id,throughput_kbps\nf0,12.5\nf1,\n')).toEqual([
      { flow_id: 'f0', throughput_kbps: '12.5' },
      { flow_id: 'f1', throughput_kbps: '' },
    ]);
  });
});
