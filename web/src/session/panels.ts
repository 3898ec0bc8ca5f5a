/**
 * The run panels, one table: every chart a run can show, in display order. Its `id` is the panel's
 * one name everywhere — in share and embed URLs (`panels=cwnd,throughput`), in a lesson figure's
 * `panels` list (content/lessons/FORMAT.md), in the Embed dialog and in the charts' code. The lab's
 * charts (`run/RunCharts.tsx`) draw each id with a renderer the compiler holds to this table
 * (`Record<Panel, …>`), as the "What am I looking at?" texts (`run/chartExplanations.ts`) are.
 * Adding a panel: a row here, its renderer and its explanation.
 */

export interface PanelEntry {
  /** The panel's name in URLs, lesson files and code. */
  readonly id: string;
  /** Its chart title, and its name in the Embed dialog. */
  readonly label: string;
  /** What it needs, said beside its name in the Embed dialog. */
  readonly needs?: string;
  /** A pair's embed and Compare's overlay can draw it (A solid, B dashed on one set of axes). */
  readonly overlay?: true;
  /** Shown by an embed whose link names no panel (and ticked first in the Embed dialog). */
  readonly embedDefault?: true;
}

export const PANEL_TABLE = [
  { id: 'cwnd', label: 'Congestion window', overlay: true, embedDefault: true },
  { id: 'throughput', label: 'Throughput', overlay: true, embedDefault: true },
  { id: 'queue', label: 'Queue', overlay: true },
  { id: 'fairness', label: 'Fairness' },
  { id: 'sequence', label: 'Time–sequence', needs: 'the packet trace' },
  { id: 'classifier', label: 'Classifier accuracy' },
  { id: 'packets', label: 'Watch the packets' },
] as const satisfies readonly PanelEntry[];

type Row = (typeof PANEL_TABLE)[number];

/** A run panel's id. */
export type Panel = Row['id'];
/** A panel two runs can share one set of axes in. */
export type OverlayPanel = Extract<Row, { overlay: true }>['id'];

/** Every panel, in display order. */
export const PANELS: readonly Panel[] = PANEL_TABLE.map((p) => p.id);
/** The panels a pair can overlay, in display order. */
export const OVERLAY_PANELS: readonly OverlayPanel[] = PANEL_TABLE.flatMap((p) => ('overlay' in p ? [p.id] : []));
/** What an embed shows when its link names no panel it can draw. */
export const DEFAULT_EMBED_PANELS: readonly Panel[] = PANEL_TABLE.flatMap((p) => ('embedDefault' in p ? [p.id] : []));

const BY_ID = new Map<string, PanelEntry>(PANEL_TABLE.map((p) => [p.id, p]));

/** The table's row of `id`. */
export function panelEntry(id: Panel): PanelEntry {
  return BY_ID.get(id)!;
}

/** Whether `name` (from a URL or a lesson file) is a panel's id. */
export function isPanel(name: string): name is Panel {
  return BY_ID.has(name);
}

/**
 * `panels=cwnd,throughput` → those panels in display order, kept to `among` (every panel by
 * default); unknown names are dropped, and none left (or no text) → the default embed panels.
 */
export function parsePanels<P extends Panel = Panel>(value: string | null, among: readonly P[] = PANELS as P[]): P[] {
  const wanted = value ? value.split(',').map((s) => s.trim()) : [];
  const out = among.filter((p) => wanted.includes(p));
  return out.length > 0 ? out : among.filter((p) => DEFAULT_EMBED_PANELS.includes(p));
}
