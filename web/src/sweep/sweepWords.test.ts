/** The sweep's words: metric labels from the summary columns, parameter labels and units from the catalog. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { pageCatalog } from '../scenario/catalog';
import { metricText, metricWords, paramText, paramWords, seriesValueText, valueText } from './sweepWords';
import { allMetrics } from './sweepModel';

beforeAll(loadCoreForTests);

describe('metric words', () => {
  it('reuse the summary table’s labels and units, without soft hyphens', () => {
    expect(metricText('throughput_kbps')).toBe('Throughput (kbit/s)');
    expect(metricText('retransmissions')).toBe('Retransmissions');
    expect(metricWords('accuracy_wireless')).toEqual({
      label: 'Accuracy on wireless',
      unit: '%',
      factor: 100,
      range: { min: 0, max: 1 },
    });
    expect(metricWords('bytes_delivered')).toMatchObject({ unit: 'kB', factor: 1e-3, range: { min: 0, max: null } });
    expect(metricWords('timeouts').range).toEqual({ min: 0, max: null });
  });
  it('name every metric the simulator reports, with a range', () => {
    // Signed percentages (an error, an overestimate) have no lower bound; everything else is ≥ 0.
    const signed = new Set(['tp_overestimate_pct', 't0_error_pct']);
    for (const m of allMetrics()) {
      const w = metricWords(m);
      expect(w.label, m).not.toBe(m);
      expect(w.range.min, m).toBe(signed.has(m) ? null : 0);
    }
    expect(metricWords('t0_error_pct')).toMatchObject({ unit: '%', factor: 1 });
    expect(metricWords('jain_index').range).toEqual({ min: 0, max: 1 });
  });
  it('name the window metrics and a shadow classifier’s accuracies in words', () => {
    expect(metricWords('window_share')).toMatchObject({ unit: '%', factor: 100, range: { min: 0, max: 1 } });
    expect(metricText('window_throughput_kbps')).toBe('Throughput in the window (kbit/s)');
    const w = metricWords('shadow.spike.accuracy_wireless');
    expect(w.label).toMatch(/^Accuracy.*Spike.*judging alongside$/);
    expect(w.label).not.toContain('shadow.');
    expect(w).toMatchObject({ unit: '%', factor: 100, range: { min: 0, max: 1 } });
  });
});

describe('parameter words', () => {
  it('use the form’s label and the catalog’s unit', () => {
    const c = pageCatalog();
    expect(paramText(paramWords('topology.bottleneck.errors.ber', c))).toBe('Bottleneck bit error rate');
    expect(paramText(paramWords('topology.bottleneck.queue.limit_pkts', c))).toBe('Bottleneck buffer (packets)');
    expect(paramText(paramWords('topology.bottleneck.rate_bps', c))).toBe('Bottleneck rate (bit/s)');
    expect(paramText(paramWords('flows[1].tcp.min_rto_ms', c))).toBe('Min RTO of the second flow (ms)');
    expect(paramText(paramWords('flows[0].tcp.min_rto_ms', c))).toBe('Min RTO (ms)');
    // A later flow's knob that the form offers for the first flow: its label, said of its flow.
    expect(paramText(paramWords('flows[1].count', c))).toBe('Connections of the second flow');
    expect(paramText(paramWords('flows[11].tcp.cc', c))).toBe('Variant of flow 12');
    expect(paramText(paramWords('flows[0].tcp.classifier', c))).toBe('Classifier of the first flow');
  });
  it('name values by the catalog’s titles', () => {
    const c = pageCatalog();
    const cls = paramWords('flows[0].tcp.classifier', c);
    expect(valueText('checksum', cls, c)).toBe('Checksum notification');
    expect(seriesValueText('always_congestion', cls, c)).toBe('Standard TCP');
    expect(valueText('new_reno', paramWords('flows[0].tcp.cc', c), c)).toBe('TCP NewReno');
    const ber = paramWords('topology.bottleneck.errors.ber', c);
    expect(valueText(1e-6, ber, c)).toBe('1e-6');
    expect(seriesValueText(10, paramWords('flows[0].tcp.min_rto_ms', c), c)).toBe('Min RTO 10 ms');
    expect(seriesValueText(true, paramWords('flows[0].tcp.sack', c), c)).toBe('SACK on');
  });
});
