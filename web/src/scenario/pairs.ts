/**
 * Paired presets (`content/pairs.json`): two presets that differ in one thing and run on the same
 * seed. The one list is read by the lab (a "Compare with …" link on each preset of a pair) and by
 * Compare (its list of pairs).
 */
import pairsFile from '../../../content/pairs.json';
import { PRESETS, type Preset } from './presets';

export interface PresetPair {
  a: Preset;
  b: Preset;
  /** A in people's words: paper, figure, set-up ("Garcia & Brunstrom Fig. 4, 1 Mbit/s, 10 ms: plain TCP"). */
  title: string;
  /** What B changes, e.g. "with loss differentiation". */
  label: string;
}

interface PairEntry {
  title: string;
  a: string;
  b: string;
  label: string;
}

const byId = new Map(PRESETS.map((p) => [p.id, p]));

/** Every pair whose presets both exist, in the file's order. */
export const PAIRS: readonly PresetPair[] = (pairsFile.pairs as PairEntry[]).flatMap((e) => {
  const a = byId.get(e.a);
  const b = byId.get(e.b);
  return a && b ? [{ a, b, title: e.title, label: e.label }] : [];
});

/** A pair's name in people's words: "<A's title> · B: <label>". */
export function pairTitle(p: PresetPair): string {
  return `${p.title} · B: ${p.label}`;
}

/** The pairs a preset belongs to (as A or as B). */
export function pairsOf(presetId: string | undefined): PresetPair[] {
  if (!presetId) return [];
  return PAIRS.filter((p) => p.a.id === presetId || p.b.id === presetId);
}

/** The pair with these ids (in this order), or null. */
export function findPair(aId: string, bId: string): PresetPair | null {
  return PAIRS.find((p) => p.a.id === aId && p.b.id === bId) ?? null;
}
