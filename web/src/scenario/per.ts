/**
 * Bit error rate → packet error rate: a packet of `bytes` bytes survives when none of its
 * 8·bytes bits is hit, so PER = 1 − (1 − BER)^(8·bytes). Computed as −expm1(8·bytes·log1p(−BER))
 * so tiny rates keep their digits.
 */
export function packetErrorRate(ber: number, bytes: number): number {
  if (!(ber >= 0) || !(bytes >= 0)) return Number.NaN;
  if (ber >= 1) return bytes > 0 ? 1 : 0;
  return -Math.expm1(8 * bytes * Math.log1p(-ber));
}

import { formatEng } from '../lib/numberFormat';

/** `1e-6` rather than `0.000001` (engineering style for rates). */
export const formatRate = formatEng;

/** A probability as a percentage with sensible digits: 0.1133 → "11.3 %", 1.2e-5 → "0.0012 %". */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '—';
  const pct = p * 100;
  if (pct === 0) return '0 %';
  if (pct >= 10) return `${pct.toFixed(1)} %`;
  return `${Number(pct.toPrecision(3))} %`;
}
