/**
 * A lesson as projector slides (the pure part of projector mode, unit-tested). The prose stays with
 * the teacher (presenter view); the room sees one step per screen, after a title screen (the
 * lesson's title and objectives):
 *
 * - a prediction that a figure answers becomes a vote in three steps the teacher controls:
 *   `question` (the room votes) → `reveal` (the figure runs with the setting the question is
 *   about) → `explain` (shown only once that run has finished);
 * - a prediction no figure answers: `question` → `explain`;
 * - a figure no prediction asks about: one `figure` slide.
 *
 * The setting a prediction is about comes from the predict block's `setting` (figure control path →
 * value) when the lesson gives one; otherwise it is read from the question's words ("a 5-packet
 * buffer", "ten downloads", "at 10 % packet loss", "switches to LD") against the figure's control
 * values, and a control the question does not name keeps the figure's default.
 */
import type { FigureControl, FigureSpec, Json, Part, PredictSpec } from './lessonModel';

/** Figure control path → the value the prediction is about. */
export type Setting = Record<string, Json>;

export type Slide =
  | { kind: 'title'; notes: string[] }
  | { kind: 'question'; predict: PredictSpec; figure: FigureSpec | null; notes: string[] }
  | { kind: 'reveal'; predict: PredictSpec; figure: FigureSpec; setting: Setting; notes: string[] }
  | { kind: 'explain'; predict: PredictSpec; figure: FigureSpec | null; notes: string[] }
  | { kind: 'figure'; figure: FigureSpec; notes: string[] };

/** A predict block as lessons may write it: with the setting it is about. */
type PredictWithSetting = PredictSpec & { setting?: Setting };

/**
 * The slides of a lesson's parts, each with the prose that leads up to it (the presenter's notes).
 * A figure a prediction asks about is shown by that prediction's reveal, not again on its own.
 */
export function lessonSlides(parts: readonly Part[]): Slide[] {
  const figures = new Map<string, FigureSpec>();
  for (const p of parts) if (p.kind === 'figure') figures.set(p.figure.id, p.figure);
  const asked = new Set(parts.flatMap((p) => (p.kind === 'predict' && p.figure ? [p.figure] : [])));
  const slides: Slide[] = [{ kind: 'title', notes: [] }];
  let prose: string[] = [];
  for (const p of parts) {
    if (p.kind === 'prose') {
      prose.push(p.text.trim());
      continue;
    }
    // The challenge is the readers' own work at their machines, not a slide.
    if (p.kind === 'challenge') continue;
    if (p.kind === 'figure') {
      if (!asked.has(p.figure.id)) slides.push({ kind: 'figure', figure: p.figure, notes: prose });
      else slides[slides.length - 1].notes.push(...prose);
      prose = [];
      continue;
    }
    const figure = p.figure ? (figures.get(p.figure) ?? null) : null;
    slides.push({ kind: 'question', predict: p.predict, figure, notes: prose });
    if (figure)
      slides.push({
        kind: 'reveal',
        predict: p.predict,
        figure,
        setting: predictSetting(p.predict, figure),
        notes: [],
      });
    slides.push({ kind: 'explain', predict: p.predict, figure, notes: [] });
    prose = [];
  }
  slides[slides.length - 1].notes.push(...prose);
  return slides;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that name a control's quantity: its unit and the label's words ("packets", "downloads"). */
function quantityWords(c: FigureControl): string[] {
  const words = `${c.unit ?? ''} ${c.label}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);
  // "packets" also matches "packet" ("a 5-packet buffer").
  return [...new Set(words.flatMap((w) => (w.endsWith('s') ? [w, w.slice(0, -1)] : [w])))];
}

/** Does the question name numeric value `v` of control `c` ("5 packets", "5-packet", "ten downloads", "10 %")? */
function namesNumber(question: string, c: FigureControl, v: number, label: string | undefined): boolean {
  const q = question.toLowerCase();
  const spellings = [escape(String(v))];
  if (Number.isInteger(v) && v >= 0 && v < NUMBER_WORDS.length) spellings.push(NUMBER_WORDS[v]);
  const number = `(?<![\\w.])(?:${spellings.join('|')})`;
  const words = quantityWords(c);
  if (words.length > 0 && new RegExp(`${number}[\\s-]+(?:${words.map(escape).join('|')})\\b`).test(q)) return true;
  // A value labelled with a percentage ("8.78e-6 (10 % of packets)") is named by that percentage.
  const pct = label && /(\d+(?:\.\d+)?)\s*%/.exec(label);
  return !!pct && new RegExp(`(?<![\\w.])${escape(pct[1])}\\s*%`).test(q);
}

/** Short capitalised names in a value's label ("LD" in "Checksum LD: keeps its window"). */
function acronyms(label: string): string[] {
  return [...label.split(':')[0].matchAll(/\b[A-Z][A-Z0-9+]+\b/g)].map((m) => m[0]);
}

/** The value of control `c` the question names, if exactly one. */
function namedValue(question: string, c: FigureControl): Json | undefined {
  const values = c.values ?? [];
  const labels = c.value_labels ?? [];
  const hits = values.filter((v, i) => {
    if (typeof v === 'number') return namesNumber(question, c, v, labels[i]);
    const own = acronyms(labels[i] ?? '').filter((a) => !labels.some((l, j) => j !== i && acronyms(l).includes(a)));
    return own.some((a) => new RegExp(`\\b${escape(a)}\\b`).test(question));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** The setting a prediction is about: the block's own `setting`, else what its question names. */
export function predictSetting(predict: PredictSpec, figure: FigureSpec): Setting {
  const given = (predict as PredictWithSetting).setting;
  if (given && typeof given === 'object') return { ...given };
  const setting: Setting = {};
  for (const c of figure.controls ?? []) {
    const v = namedValue(predict.question, c);
    if (v !== undefined) setting[c.path] = v;
  }
  return setting;
}

/** The figure with its controls starting at `setting`. */
export function withSetting(figure: FigureSpec, setting: Setting): FigureSpec {
  if (Object.keys(setting).length === 0) return figure;
  return {
    ...figure,
    controls: (figure.controls ?? []).map((c) => (c.path in setting ? { ...c, value: setting[c.path] } : c)),
  };
}

/** The setting in words, as the figure's controls name it ("Router buffer: 5 packets"). */
export function describeSetting(figure: FigureSpec, setting: Setting): string {
  return (figure.controls ?? [])
    .filter((c) => c.path in setting)
    .map((c) => {
      const v = setting[c.path];
      const i = (c.values ?? []).findIndex((x) => x === v);
      const shown = i >= 0 && c.value_labels?.[i] ? c.value_labels[i] : `${String(v)}${c.unit ? ` ${c.unit}` : ''}`;
      return `${c.label}: ${shown}`;
    })
    .join('; ');
}
