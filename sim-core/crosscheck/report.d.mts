// Types of report.mjs for the TypeScript that imports it (web/src/scenario/sharingNotes.test.ts).
export interface Mean95 {
  mean: number;
  ci: number;
  n: number;
}
export function mean95(xs: readonly number[]): Mean95;
export function secondShare(goodputs: readonly number[], groups: readonly number[]): number;
export function jain(xs: readonly number[]): number;
/** The lab's extract of content/crosscheck/results.json (content/crosscheck/sharing.json). */
export function sharingDoc(doc: unknown): {
  generated_from: string;
  tolerance: number;
  rows: {
    id: string;
    title: string;
    variants: string[];
    seeds: number;
    share_losslab: number;
    share_ns3: number;
    lab_note?: string;
  }[];
};
export function renderFidelity(doc: unknown, grid: unknown): string;
