import { describe, expect, it } from 'vitest';
import { runSummary, traceEvent } from '../sim/summaryForTests';
import { AGGREGATE, SeriesStore, SHARE, THROUGHPUT } from '../sim/series';
import { nearestPick } from '../charts/TimeSeriesChart';
import {
  causeOf,
  dropMarkers,
  classifierFlows,
  flowJudgements,
  namedLines,
  runLines,
  traceFlowId,
  wholeRunJainLine,
} from './chartModel';

function store() {
  const names = [
    { entity: 'a', metric: 'cwnd_bytes' },
    { entity: 'a', metric: 'throughput_kbps' },
    { entity: 'b', metric: 'cwnd_bytes' },
    { entity: 'b', metric: 'throughput_kbps' },
    { entity: 'bottleneck', metric: 'queue_pkts' },
    { entity: 'bottleneck', metric: 'drops_queue_pkts_total' },
    { entity: 'bottleneck', metric: 'corrupted_pkts_total' },
    { entity: 'all', metric: 'jain_index' },
  ];
  const s = new SeriesStore(names);
  // t = 0, 10, 20: throughput a = 100, 300, 0; b = 100, 100, 0; drops rise at 10 (queue) and 20 (corruption).
  s.append(
    new Float64Array([
      1, 0, 100, 3, 0, 100, 5, 0, 0, 6, 0, 0, 1, 10, 300, 3, 10, 100, 5, 10, 1, 6, 10, 0, 1, 20, 0, 3, 20, 0, 5, 20, 1,
      6, 20, 1,
    ]),
  );
  return s;
}

describe('chart model', () => {
  it('derives the aggregate and each share from every sample, extending as data grows', () => {
    const s = store();
    const sum = s.get(AGGREGATE, THROUGHPUT)!;
    expect(Array.from(sum.v.subarray(0, sum.length))).toEqual([200, 400, 0]);
    const share = s.get('a', SHARE)!;
    expect(Array.from(share.v.subarray(0, share.length))).toEqual([0.5, 0.75, NaN]);
    s.append(new Float64Array([1, 30, 50, 3, 30, 150]));
    expect(sum.length).toBe(4);
    expect(share.v[3]).toBe(0.25);
  });

  it('draws many connections as a band and a median, each connection revealed on hover', () => {
    const n = 150;
    const names = Array.from({ length: n }, (_, i) => [
      { entity: `f${i}`, metric: 'cwnd_bytes' },
      { entity: `f${i}`, metric: 'throughput_kbps' },
    ]).flat();
    const s = new SeriesStore(names);
    const pts: number[] = [];
    for (let i = 0; i < n; i++) pts.push(2 * i, 10, 1000 * i, 2 * i + 1, 10, i);
    s.append(new Float64Array(pts));
    const ids = Array.from({ length: n }, (_, i) => `f${i}`);
    const lines = runLines(s, ids);
    for (const chart of [lines.cwnd, lines.throughput]) {
      const band = chart.find((l) => l.areaTo)!;
      expect(band.data!.v[0]).toBe(0);
      expect(band.areaTo!.v[0] * (band.scale ?? 1)).toBe(149);
      expect(chart.filter((l) => l.flow && !l.secondary)).toEqual([]); // no connection drawn by default
      expect(chart.filter((l) => l.pick)).toHaveLength(n);
    }
    expect(lines.throughput.some((l) => l.series === 'aggregate')).toBe(false);
    expect(nearestPick(lines.cwnd, 10, 42.2)).toBe('f42');
    expect(nearestPick(lines.throughput, 10, 120.6)).toBe('f121');
  });

  it('gives every chart its lines with one colour per flow', () => {
    const lines = runLines(store(), ['a', 'b']);
    expect(lines.cwnd.map((l) => `${l.series}:${l.flow}`)).toEqual(['cwnd:a', 'ssthresh:a', 'cwnd:b', 'ssthresh:b']);
    expect(lines.throughput.map((l) => l.series)).toEqual(['throughput', 'throughput', 'aggregate']);
    expect(lines.fairness.map((l) => l.series)).toEqual(['share', 'share', 'jain_index']);
    // Flows named as a lesson's prose names them; the others keep their ids.
    const named = namedLines(runLines(store(), ['a', 'b']), { a: 'plain flow 1' });
    expect(named.cwnd.filter((l) => l.series === 'cwnd').map((l) => l.label)).toEqual(['plain flow 1', 'b']);
    // The live Jain line is per throughput window, and its legend says which.
    expect(runLines(store(), ['a', 'b'], 1000).fairness.at(-1)?.label).toBe('Jain index, per 1 s window');
    expect(runLines(store(), ['a', 'b'], 250).fairness.at(-1)?.label).toBe('Jain index, per 250 ms window');
    expect(lines.queue.map((l) => l.entity)).toEqual(['bottleneck']);
    const colorOf = (flow: string) =>
      new Set(
        [...lines.cwnd, ...lines.throughput, ...lines.fairness].filter((l) => l.flow === flow).map((l) => l.color),
      );
    expect(colorOf('a').size).toBe(1);
    expect(colorOf('b').size).toBe(1);
    expect([...colorOf('a')][0]).not.toBe([...colorOf('b')][0]);
  });

  it('marks drops where the cumulative counts rise, or from the trace with their flow', () => {
    const fromSeries = dropMarkers(store(), []);
    expect(fromSeries.map((m) => `${m.tMs}:${m.cause}:${m.entity}`)).toEqual([
      '10:queue:bottleneck',
      '20:corruption:bottleneck',
    ]);
    const fromTrace = dropMarkers(
      store(),
      [
        traceEvent({ t_ms: 5, flow: 1, kind: 'drop', cause: 'queue_overflow' }),
        traceEvent({ t_ms: 6, flow: 0, kind: 'drop', cause: 'header_corruption' }),
        traceEvent({ t_ms: 7, flow: 0, kind: 'send' }),
      ],
      ['a', 'b'],
    );
    expect(fromTrace.map((m) => `${m.tMs}:${m.cause}:${m.flow}`)).toEqual(['5:queue:b', '6:corruption:a']);
    expect(causeOf('aqm_early')).toBe('aqm');
    expect(causeOf('wireless')).toBe('lost');
    expect(traceFlowId(7, ['a'])).toBe('7');
  });

  it('lists the own classifier first, then the shadows, with their confusion matrices', () => {
    const confusion = {
      congestion_as_congestion: 1,
      congestion_as_wireless: 0,
      wireless_as_congestion: 2,
      wireless_as_wireless: 3,
      unknown_as_congestion: 0,
      unknown_as_wireless: 0,
    };
    const summary = runSummary({
      scenario_id: 's',
      flows: [
        {
          flow_id: 'a',
          cc: 'new_reno',
          classifier: 'always_congestion',
          accuracy_congestion: 1,
          accuracy_wireless: 0,
          verdicts_congestion: 6,
          verdicts_wireless: 0,
          shadows: [{ classifier: 'oracle', confusion, accuracy_congestion: 1, accuracy_wireless: 0.6 }],
        },
      ],
    });
    const flows = classifierFlows(summary, ['a'], (id) => id.toUpperCase());
    expect(flows[0].variant).toBe('NEW_RENO');
    expect(flows[0].classifier).toBe('always_congestion');
    const j = [{ judgements: flowJudgements(summary, flows[0]) }];
    expect(j[0].judgements.map((x) => `${x.classifier}:${x.own}`)).toEqual(['always_congestion:true', 'oracle:false']);
    expect(j[0].judgements[0].verdicts).toEqual({ congestion: 6, wireless: 0 });
    expect(j[0].judgements[1].confusion).toEqual(confusion);
    expect(j[0].judgements[1].accuracyWireless).toBe(0.6);
  });
});

describe('wholeRunJainLine', () => {
  it('is a flat dashed line across the run at the whole-run index, its value in the legend', () => {
    const l = wholeRunJainLine(0.934, 30_000);
    expect(l.label).toBe('Jain index, whole run: 0.93');
    expect(l.dashed).toBe(true);
    expect(Array.from(l.data!.t)).toEqual([0, 30_000]);
    expect(Array.from(l.data!.v)).toEqual([0.934, 0.934]);
  });
});
