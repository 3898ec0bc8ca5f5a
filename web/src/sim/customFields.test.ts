/** The field reference of the reader's code comes whole from the generated declarations. */
import { describe, expect, it } from 'vitest';
import { codeFields, fieldsOf } from './customFields';

describe('the fields the reader’s code sees', () => {
  it('are read with their meanings from the types generated from Rust', () => {
    const f = codeFields();
    expect(f.ack.map((x) => x.name)).toEqual([
      'now_s',
      'ack',
      'acked_bytes',
      'duplicate',
      'dupacks',
      'in_recovery',
      'rtt_s',
      'cwnd_bytes',
      'mss_bytes',
      'data_seq',
      'data_sent_s',
      'data_arrival_s',
      'ack_sent_s',
      'congestion_warning',
    ]);
    expect(f.ack.find((x) => x.name === 'rtt_s')).toEqual({
      name: 'rtt_s',
      type: 'number | null',
      doc: 'The round-trip time measured from this ACK, s (`null` when it gives none).',
    });
    expect(f.loss.find((x) => x.name === 'detected_by')?.type).toBe('Detection');
    expect(f.window.map((x) => x.name)).toEqual(['cwnd_bytes', 'ssthresh_bytes', 'mss_bytes', 'rwnd_bytes']);
    for (const list of Object.values(f)) for (const x of list) expect(x.doc.length, x.name).toBeGreaterThan(5);
  });

  it('finds nothing for a type that is not there', () => {
    expect(fieldsOf('Nope')).toEqual([]);
  });
});
