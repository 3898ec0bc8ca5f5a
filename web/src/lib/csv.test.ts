import { describe, expect, it } from 'vitest';
import { csvField, seriesCsv, summaryCsv, SUMMARY_COLUMNS, sweepCsv } from './csv';

describe('CSV files (DESIGN §6)', () => {
  it('quote per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('write the summary with the exact header and Rust-style numbers', () => {
    const flow: Record<string, unknown> = Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, 0]));
    Object.assign(flow, {
      flow_id: 'ld.0',
      cc: 'new_reno',
      classifier: 'checksum',
      bytes_delivered: 1048576,
      start_s: 0,
      completion_s: null,
      throughput_kbps: 150.592,
      accuracy_congestion: null,
      accuracy_wireless: 1e-7,
    });
    const csv = summaryCsv({ scenario_id: 'gb,04', seed: 3, flows: [flow] });
    const [header, row, end] = csv.split('\n');
    expect(header).toBe(
      'scenario_id,seed,flow_id,cc,classifier,bytes_delivered,start_s,completion_s,throughput_kbps,goodput_kbps,segments_sent,retransmissions,fast_retransmits,timeouts,losses_queue,losses_corruption,losses_other,verdicts_congestion,verdicts_wireless,accuracy_congestion,accuracy_wireless',
    );
    expect(row).toBe('"gb,04",3,ld.0,new_reno,checksum,1048576,0,,150.592,0,0,0,0,0,0,0,0,0,0,,0.0000001');
    expect(end).toBe('');
  });

  it('write series rows in emission order with time in seconds', () => {
    const names = [
      { entity: 'f0', metric: 'cwnd_bytes' },
      { entity: 'all', metric: 'jain_index' },
    ];
    const chunks = [new Float64Array([0, 10, 2896, 1, 10, 1]), new Float64Array([0, 20, 4344.5, 7, 20, 99])];
    expect(seriesCsv('lab', 1, { names, chunks })).toBe(
      'scenario_id,seed,time_s,entity,metric,value\nlab,1,0.01,f0,cwnd_bytes,2896\nlab,1,0.01,all,jain_index,1\nlab,1,0.02,f0,cwnd_bytes,4344.5\n',
    );
  });

  it('write sweep rows like the CLI (varied values as JSON, empty stats when n = 0)', () => {
    const csv = sweepCsv(
      ['topology.bottleneck.errors.ber', 'flows[0].tcp.cc'],
      [
        { point: 0, values: [1e-6, 'reno'], metric: 'throughput_kbps', stats: { mean: 500.5, low: 490, high: 511, n: 3 } },
        { point: 0, values: [1e-6, 'reno'], metric: 'accuracy_wireless', stats: undefined },
      ],
    );
    expect(csv).toBe(
      'point,topology.bottleneck.errors.ber,flows[0].tcp.cc,metric,mean,ci95_low,ci95_high,n\n0,1e-6,reno,throughput_kbps,500.5,490,511,3\n0,1e-6,reno,accuracy_wireless,,,,0\n',
    );
  });
});
