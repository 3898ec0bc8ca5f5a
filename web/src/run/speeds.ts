/**
 * The run speeds people choose from (Lab, Compare, Embed), and how a speed travels in an embed URL
 * (`speed=max|100|10|1`: as fast as possible, or that many simulated seconds per second).
 */
import { AS_FAST_AS_POSSIBLE } from '../sim/protocol';

export const SPEEDS: { label: string; value: number }[] = [
  { label: 'As fast as possible', value: AS_FAST_AS_POSSIBLE },
  { label: '100× real time', value: 100 },
  { label: '10× real time', value: 10 },
  { label: 'Real time', value: 1 },
];

/** The URL text of a speed: `max` for as fast as possible, else the factor. */
export function speedParam(index: number): string {
  const v = SPEEDS[index]?.value ?? AS_FAST_AS_POSSIBLE;
  return Number.isFinite(v) ? String(v) : 'max';
}

/** The index in SPEEDS of a URL's `speed=` text (`fallback` when absent or not one of the speeds). */
export function speedIndexOf(text: string | null, fallback = 0): number {
  if (text === null) return fallback;
  const t = text.trim().toLowerCase();
  const i = SPEEDS.findIndex((s) => (Number.isFinite(s.value) ? String(s.value) === t : t === 'max'));
  return i < 0 ? fallback : i;
}
