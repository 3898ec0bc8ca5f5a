/**
 * Where LossLab's sharing of a link between two TCP variants departs from ns-3's: the mixed rows of
 * the crosscheck (docs/fidelity.md, "Mixed variants"; the numbers in
 * content/crosscheck/sharing.json, extracted from results.json by `npm run crosscheck`), made ready
 * for the lab to say so beside a run in which those variants share a link.
 *
 * A row departs when the second variant's share of the two variants' goodput differs by more than
 * the crosscheck's tolerance (0.05 of the link) between the simulators; each such row carries a
 * note written for the lab (grid.json `lab_note`): the mechanism where it was traced, or that it
 * was not. LossLab's share is the one with its defaults, which the lab runs; where the crosscheck
 * also ran the variant with its ns-3-only knobs (`ns3_settings`), that share comes with the knobs.
 */
import sharing from '../../../content/crosscheck/sharing.json';
import type { ScenarioJson } from './types';
import { tryResolve } from '../sim/pageCore';

export interface SharingRow {
  id: string;
  title: string;
  variants: readonly string[];
  seeds: number;
  share_losslab: number;
  /** With the ns-3-only knobs of `ns3_settings` set (when the crosscheck set any). */
  share_losslab_ns3_settings?: number;
  share_ns3: number;
  lab_note?: string;
}

/** A variant's knobs that make it behave as ns-3.44's (grid.json `ns3_settings`). */
export type Ns3Settings = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** What the lab says about one pair of variants. */
export interface SharingNote {
  /** The pair's variant ids, in the crosscheck's order (the share is the second's). */
  variants: readonly [string, string];
  /** Their names as the crosscheck writes them ("NewReno", "CUBIC"). */
  names: readonly [string, string];
  /** Set-ups checked for this pair, and how many agree within the tolerance. */
  checked: number;
  agree: number;
  /** The set-ups that depart, each with its conditions in words and its note. */
  departs: { setup: string; losslab: number; ns3: number; note: string; withNs3Settings?: number }[];
  /** The knobs that make a variant of the pair behave as ns-3's, in words (`quantum "one_segment"`). */
  ns3Knobs?: { variant: string; knobs: string };
}

export const SHARING_TOLERANCE: number = sharing.tolerance;
const ROWS: readonly SharingRow[] = sharing.rows;
const NS3_SETTINGS: Ns3Settings = sharing.ns3_settings;

/** `{quantum: "one_segment", extra_acked_gain: 1}` → `quantum "one_segment", extra_acked_gain 1`. */
function knobWords(knobs: Readonly<Record<string, unknown>>): string {
  return Object.entries(knobs)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(', ');
}

/** "Crosscheck: NewReno against CUBIC, drop-tail 4 BDP, no errors, 1 flow of each" → names and set-up. */
function readTitle(title: string): { names: [string, string]; setup: string } {
  const m = /^Crosscheck: (.+?) against (.+?), (.*)$/.exec(title);
  return m ? { names: [m[1], m[2]], setup: m[3] } : { names: ['', ''], setup: title };
}

/**
 * The notes for every checked pair among `variants` (the variant ids of flows sharing a link) that
 * departs from ns-3 in at least one set-up; pairs that agree everywhere get none.
 */
export function sharingNotes(
  variants: readonly string[],
  rows: readonly SharingRow[] = ROWS,
  settings: Ns3Settings = NS3_SETTINGS,
): SharingNote[] {
  const present = new Set(variants);
  const pairs = new Map<string, SharingRow[]>();
  for (const r of rows) {
    const [a, b] = r.variants;
    if (a === b || !present.has(a) || !present.has(b)) continue;
    const key = `${a} ${b}`;
    pairs.set(key, [...(pairs.get(key) ?? []), r]);
  }
  const notes: SharingNote[] = [];
  for (const list of pairs.values()) {
    const departing = list.filter((r) => Math.abs(r.share_losslab - r.share_ns3) > SHARING_TOLERANCE);
    if (departing.length === 0) continue;
    const { names } = readTitle(list[0].title);
    const [a, b] = list[0].variants;
    const tuned = [a, b].findIndex((v) => settings[v] !== undefined);
    notes.push({
      variants: [a, b],
      names,
      checked: list.length,
      agree: list.length - departing.length,
      departs: departing.map((r) => ({
        setup: readTitle(r.title).setup,
        losslab: r.share_losslab,
        ns3: r.share_ns3,
        note: r.lab_note ?? 'Not explained yet.',
        ...(r.share_losslab_ns3_settings !== undefined ? { withNs3Settings: r.share_losslab_ns3_settings } : {}),
      })),
      ...(tuned >= 0 ? { ns3Knobs: { variant: names[tuned], knobs: knobWords(settings[[a, b][tuned]]) } } : {}),
    });
  }
  return notes;
}

/**
 * The variants of the connections that share the bottleneck of a dumbbell scenario (every
 * connection crosses it), as the simulator resolves them; [] for a graph, whose paths the
 * crosscheck did not cover, or a scenario the validator refuses.
 */
export function variantsSharingLink(scenario: ScenarioJson | null): string[] {
  const r = scenario ? tryResolve(JSON.stringify(scenario)) : null;
  if (!r || r.topology.kind !== 'dumbbell') return [];
  return [...new Set(r.flows.map((f) => String(f.tcp.cc)))];
}
