/**
 * The papers' files, bundled at build time (Vite `import.meta.glob`, like the sweep presets):
 * every reproduction under content/reproductions/<paper>/, every reference file under
 * content/reference/<paper>/ (the paper's figures and tables: the "M" of "N of M reproduced"),
 * each paper's summary file content/reference/<paper>.json (its full name), and the sweeps a
 * reproduction may name. `resolveResource` is the loader the simulator's reproduction engine asks
 * for scenarios (the presets), sweeps and references, as the CLI's loader reads them from disk.
 */
import { PRESETS } from '../scenario/presets';

type Glob = Record<string, unknown>;

const reproductionFiles = import.meta.glob('../../../content/reproductions/*/*.json', {
  eager: true,
  import: 'default',
}) as Glob;
const referenceFiles = import.meta.glob('../../../content/reference/*/*.json', {
  eager: true,
  import: 'default',
}) as Glob;
const paperFiles = import.meta.glob('../../../content/reference/*.json', { eager: true, import: 'default' }) as Glob;
const sweepFiles = import.meta.glob('../../../content/sweeps/*.json', { eager: true, import: 'default' }) as Glob;

/** The four papers, in the order the inventory lists them. */
export const PAPER_IDS = ['gb04', 'lj', 'gurtov', 'njplus'] as const;

/** Short names for the list (the full reference is in each paper's summary file). */
const SHORT: Record<string, string> = {
  gb04: 'García & Brunstrom (GB04)',
  lj: 'Lim & Jang (LJ)',
  gurtov: 'Gurtov (GUR)',
  njplus: 'TCP New Jersey+ (NJ+)',
};

/** `../../../content/reproductions/gb04/fig4.json` → ['gb04', 'fig4']. */
function tail(path: string): [string, string] {
  const parts = path.split('/');
  return [parts[parts.length - 2], parts[parts.length - 1].replace(/\.json$/, '')];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface ReproductionFile {
  paper: string;
  id: string;
  title: string;
  source: string;
  /** The file as bundled (given to the engine as JSON text). */
  json: unknown;
}

export interface ReferenceItem {
  id: string;
  title: string;
  kind: string;
  source: string;
}

export interface Paper {
  id: string;
  name: string;
  /** The full citation from content/reference/<paper>.json, when there. */
  citation: string;
  reproductions: ReproductionFile[];
  /** The paper's figures and tables with reference numbers (content/reference/<paper>/*.json). */
  items: ReferenceItem[];
  /** Items without a reproduction file yet. */
  missing: ReferenceItem[];
}

/** Natural order: fig4 before fig10, table1 after the figures' digits. */
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, 'en', { numeric: true });

/** The papers from the given globbed files (exported for tests). */
export function buildPapers(reproductions: Glob, references: Glob, summaries: Glob): Paper[] {
  return PAPER_IDS.map((id) => {
    const reps: ReproductionFile[] = Object.entries(reproductions)
      .map(([path, json]) => ({ path: tail(path), json: json as Record<string, unknown> }))
      .filter((f) => f.path[0] === id)
      .map((f) => ({
        paper: id,
        id: f.path[1],
        title: str(f.json?.title) || f.path[1],
        source: str(f.json?.source),
        json: f.json,
      }))
      .sort(byId);
    const items: ReferenceItem[] = Object.entries(references)
      .map(([path, json]) => ({ path: tail(path), json: json as Record<string, unknown> }))
      .filter((f) => f.path[0] === id)
      .map((f) => ({
        id: f.path[1],
        title: str(f.json?.title) || f.path[1],
        kind: str(f.json?.kind),
        source: str(f.json?.source),
      }))
      .sort(byId);
    const summary = Object.entries(summaries).find(([path]) => path.endsWith(`/reference/${id}.json`))?.[1] as
      Record<string, unknown> | undefined;
    const covered = new Set(reps.map((r) => r.id));
    return {
      id,
      name: SHORT[id] ?? id,
      citation: str(summary?.paper),
      reproductions: reps,
      items,
      missing: items.filter((i) => !covered.has(i.id)),
    };
  });
}

let papers: Paper[] | null = null;

/** Every paper with its reproductions and reference items. */
export function allPapers(): Paper[] {
  papers ??= buildPapers(reproductionFiles, referenceFiles, paperFiles);
  return papers;
}

/** The reproduction `<paper>/<id>`, if there is such a file. */
export function findReproduction(paper: string, id: string): ReproductionFile | undefined {
  return allPapers()
    .find((p) => p.id === paper)
    ?.reproductions.find((r) => r.id === id);
}

/** What the engine asks for, from the bundled files (null: there is none). */
export function resolveResource(kind: string, name: string): unknown {
  if (kind === 'scenario') return PRESETS.find((p) => p.id === name)?.scenario ?? null;
  if (kind === 'sweep') return sweepFiles[`../../../content/sweeps/${name}.json`] ?? null;
  if (kind === 'reference') return referenceFiles[`../../../content/reference/${name}`] ?? null;
  return null;
}
