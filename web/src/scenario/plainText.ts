/**
 * The simulator's texts in the form's words: catalog descriptions without docs/design.md section numbers or
 * JSON keys ({@link plainHint}), and JSON keys and paths by the names of their fields
 * ({@link plainKey}). Display only: the catalog's own text is unchanged (the CLI prints it).
 */
import { paramLabel } from './catalog';

/** Names of whole JSON paths (or path endings) as the form labels them. */
const PATH_LABELS: Record<string, string> = {
  'stop.time_s': 'Duration',
  limit_pkts: 'Buffer',
  rate_bps: 'Bandwidth',
  delay_ms: 'One-way delay',
  count: 'Connections',
  sample_ms: 'Sample period',
  max_th: 'RED max threshold',
  min_th: 'RED min threshold',
};

/** A JSON key or path (`limit_pkts`, `flows[0].tcp.mss_bytes`, `tcp.pacing`) in the form's words. */
export function plainKey(key: string): string {
  const bare = key.replace(/\[\d+\]/g, '');
  if (PATH_LABELS[bare]) return PATH_LABELS[bare];
  const last = bare.split('.').pop() ?? bare;
  return PATH_LABELS[last] ?? paramLabel(last);
}

/**
 * A catalog description as a hint: docs/design.md references dropped (`(docs/design.md A24)`, `(docs/design.md A10: 1/8)` →
 * `(1/8)`), JSON keys by their labels, `null` as "empty".
 */
export function plainHint(description: string): string {
  return description
    .replace(/\s*\(SPEC [A-Z§]?[\d.]+\)/g, '')
    .replace(/\(SPEC [A-Z§]?[\d.]+:\s*/g, '(')
    .replace(/;?\s*SPEC [A-Z§]?[\d.]+/g, '')
    .replace(/\bnull\b/g, 'empty')
    .replace(/\b[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)*_[a-z0-9_]+\b|\b[a-z]+\.[a-z][a-z0-9_]+\b/g, (k) =>
      /^(e\.g|i\.e)$/.test(k) ? k : plainKey(k),
    )
    .replace(/\s{2,}/g, ' ')
    .trim();
}
