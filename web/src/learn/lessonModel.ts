/**
 * The lessons of content/lessons/ (format: content/lessons/FORMAT.md), bundled at build time and
 * split into parts: the JSON front matter, Markdown prose, `figure` and `predict` blocks, and the
 * `## Teacher notes` section. Only shape is checked here; `sim-core/tests/lessons.rs` checks every
 * lesson's scenarios with the simulator and its claims by running them.
 */
import type { Panel } from '../session/route';
import type { TheoryModel } from '../sim/theoryCore';
import { settingProblem } from './predictState';
import { parseCellHref, tableCells, type FigureTable } from './figureTable';

/** What a figure may show: the Lab's run charts, and `sweep` (mean ± 95 % CI over the x control). */
export type FigurePanel = Panel | 'sweep';

/** A JSON value, as a lesson's blocks hold them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface LessonMeta {
  id: string;
  title: string;
  level: string;
  minutes: number;
  prerequisites: string[];
  objectives: string[];
  paper: string | null;
}

export interface FigureControl {
  path: string;
  label: string;
  unit?: string;
  values?: Json[];
  value_labels?: string[];
  min?: number;
  max?: number;
  step?: number;
  value: Json;
}

export interface FigureSpec {
  id: string;
  title: string;
  scenario: string | Record<string, Json>;
  set?: Record<string, Json>;
  panels?: FigurePanel[];
  controls?: FigureControl[];
  annotations?: { t_s: number; text: string }[];
  /** Runs per point of the figure's sweep (default 4). */
  replications?: number;
  /** The sweep metrics; the first is the sweep panel's. */
  metrics?: string[];
  flows?: Json;
  /** Flow id → the name the prose uses in the figure's legends ("normal.0": "plain flow 1"). */
  flow_names?: Record<string, string>;
  /** Analytic throughput drawn on the sweep panel. */
  theory?: TheoryModel | TheoryModel[];
  /** The results table: the quantities the prose quotes (`figureTable.ts`). */
  table?: FigureTable;
}

export interface PredictSpec {
  id: string;
  question: string;
  choices?: string[];
  answer?: number;
  explanation: string;
  /** The figure whose run unlocks the explanation (default: the next figure, else the one before). */
  figure?: string;
  /**
   * The figure setting the question is about, `{ control path: value }`: the explanation unlocks
   * only after a run with every named control at its value (`predictState.ts`).
   */
  setting?: Record<string, Json>;
}

/** A class challenge: the reader's classifier run through a sweep with a scoreboard (`ChallengeBlock.tsx`). */
export interface ChallengeSpec {
  id: string;
  title: string;
  /** A sweep of content/sweeps/ with a `scoreboard` ranking a flow's classifier. */
  sweep: string;
}

export type Part =
  | { kind: 'prose'; text: string }
  | { kind: 'figure'; figure: FigureSpec }
  | { kind: 'predict'; predict: PredictSpec; figure: string | null }
  | { kind: 'challenge'; challenge: ChallengeSpec };

export interface Lesson {
  meta: LessonMeta;
  parts: Part[];
  /** The teacher notes' Markdown ('' when none). */
  teacherNotes: string;
}

/** One lesson file → its parts, or an error message. */
export function parseLesson(text: string): Lesson | string {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) return 'no front matter';
  let meta: LessonMeta;
  try {
    meta = JSON.parse(m[1]) as LessonMeta;
  } catch (e) {
    return `front matter: ${(e as Error).message}`;
  }
  if (typeof meta.id !== 'string' || typeof meta.title !== 'string') return 'front matter: id and title are required';
  let body = text.slice(m[0].length);
  let teacherNotes = '';
  const notes = body.search(/^## Teacher notes\s*$/m);
  if (notes >= 0) {
    teacherNotes = body.slice(notes).replace(/^## Teacher notes\s*\n/, '');
    body = body.slice(0, notes);
  }
  const parts: Part[] = [];
  let lastFigure: string | null = null;
  const fence = /^```(figure|predict|challenge)\n([\s\S]*?)^```\s*$/gm;
  let at = 0;
  for (let f = fence.exec(body); f; f = fence.exec(body)) {
    if (body.slice(at, f.index).trim()) parts.push({ kind: 'prose', text: body.slice(at, f.index) });
    at = f.index + f[0].length;
    let value: unknown;
    try {
      value = JSON.parse(f[2]);
    } catch (e) {
      return `${f[1]} block: ${(e as Error).message}`;
    }
    if (f[1] === 'figure') {
      const figure = value as FigureSpec;
      lastFigure = figure.id;
      parts.push({ kind: 'figure', figure });
    } else if (f[1] === 'challenge') {
      const challenge = value as ChallengeSpec;
      if (typeof challenge.id !== 'string' || typeof challenge.sweep !== 'string')
        return 'challenge block: id and sweep are required';
      parts.push({ kind: 'challenge', challenge });
    } else {
      const predict = value as PredictSpec;
      parts.push({ kind: 'predict', predict, figure: predict.figure ?? lastFigure });
    }
  }
  if (body.slice(at).trim()) parts.push({ kind: 'prose', text: body.slice(at) });
  // A prediction without `figure` unlocks with the next figure after it, else the one before.
  parts.forEach((p, i) => {
    if (p.kind !== 'predict' || p.predict.figure) return;
    const next = parts.slice(i).find((q) => q.kind === 'figure');
    if (next?.kind === 'figure') p.figure = next.figure.id;
  });
  for (const p of parts) {
    if (p.kind !== 'predict') continue;
    const fig = parts.find((q) => q.kind === 'figure' && q.figure.id === p.figure);
    const problem = settingProblem(p.predict, fig?.kind === 'figure' ? fig.figure : undefined);
    if (problem) return problem;
  }
  const problem = tableProblem(parts, text);
  if (problem) return problem;
  return { meta, parts, teacherNotes };
}

/** The figures' tables are valid and every `#cell:` link of the lesson names one of their cells. */
function tableProblem(parts: Part[], text: string): string | null {
  const cells = new Map<string, string[]>();
  for (const p of parts) {
    if (p.kind !== 'figure' || !p.figure.table) continue;
    const t = tableCells(p.figure);
    if (t.problems.length > 0) return t.problems.join('\n');
    cells.set(
      p.figure.id,
      t.cells.map((c) => c.key),
    );
  }
  for (const m of text.matchAll(/\]\((#cell:[^)]*)\)/g)) {
    const ref = parseCellHref(m[1]);
    if (!ref) return `link ${m[1]}: write #cell:<figure>/<row>/<column>`;
    const keys = cells.get(ref.figure);
    if (!keys) return `link ${m[1]}: figure "${ref.figure}" has no \`table\``;
    if (!keys.includes(ref.cell)) return `link ${m[1]}: no cell "${ref.cell}" (cells: ${keys.join(', ')})`;
  }
  return null;
}

const files = import.meta.glob('../../../content/lessons/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

/** Every lesson (FORMAT.md and `*.teacher.md` excluded): by level, then fewest prerequisites, then title. */
export const LESSONS: readonly Lesson[] = Object.entries(files)
  .filter(([file]) => !/\/FORMAT\.md$|\.teacher\.md$/.test(file))
  .map(([file, text]) => {
    const l = parseLesson(text);
    if (typeof l === 'string') {
      console.error(`${file}: ${l}`);
      return null;
    }
    const sibling = files[file.replace(/\.md$/, '.teacher.md')];
    return sibling && !l.teacherNotes ? { ...l, teacherNotes: sibling } : l;
  })
  .filter((l): l is Lesson => l !== null)
  .sort(
    (a, b) =>
      levelRank(a.meta.level) - levelRank(b.meta.level) ||
      a.meta.prerequisites.length - b.meta.prerequisites.length ||
      a.meta.title.localeCompare(b.meta.title),
  );

function levelRank(level: string): number {
  const i = ['introductory', 'intermediate', 'advanced'].indexOf(level);
  return i < 0 ? 3 : i;
}

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.meta.id === id);
}
