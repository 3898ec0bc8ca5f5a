/**
 * A chart read-out's value with its unit ("5.261 kB", "412.3 kbit/s"): the unit is the one in the
 * chart's axis title ("cwnd (kB)" → kB), so a value never shows bare.
 */
import { formatChart } from './numberFormat';

/** The unit in an axis title's last parentheses (`throughput (kbit/s)` → `kbit/s`), or ''. */
export function unitOf(axisTitle: string): string {
  return /\(([^()]+)\)\s*$/.exec(axisTitle)?.[1] ?? '';
}

/** A read-out value: 4 significant digits and the axis's unit; `—` when not a number. */
export function readoutValue(v: number, axisTitle: string): string {
  if (!Number.isFinite(v)) return '—';
  const unit = unitOf(axisTitle);
  return unit ? `${formatChart(v)} ${unit}` : formatChart(v);
}
