/**
 * Hash routes (work on any static host): `#/lab?s=…`, `#/compare?a=…&b=…`, `#/sweep?…`,
 * `#/papers`, `#/papers/gb04/fig4?r=10` (a view may take path segments after its name),
 * `#/embed?s=…&autoplay=1&panels=cwnd,throughput`, `#/embed/learn/<lesson>/<figure>` (one lesson
 * figure with its controls). Scenarios travel compressed with lz-string
 * (URL-safe alphabet). Everything decoded here is only *shape*-checked; the page validates it with
 * the simulator before use, and nothing from a URL is ever inserted as HTML.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { asScenario, type ScenarioJson } from '../scenario/types';

export type View = 'lab' | 'compare' | 'sweep' | 'papers' | 'learn' | 'embed';

export interface Route {
  view: View;
  /** Path segments after the view's name (`#/papers/gb04/fig4` → `['gb04', 'fig4']`). */
  segments: string[];
  params: URLSearchParams;
}

const VIEWS: readonly View[] = ['lab', 'compare', 'sweep', 'papers', 'learn', 'embed'];

/** `#/compare?a=x` → { view: 'compare', params }. Unknown or empty hashes are the lab. */
export function parseHash(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const q = h.indexOf('?');
  const pathPart = (q < 0 ? h : h.slice(0, q)).replace(/^\/+/, '').replace(/\/+$/, '');
  const params = new URLSearchParams(q < 0 ? '' : h.slice(q + 1));
  const [first = '', ...rest] = pathPart.split('/').filter((x) => x !== '');
  const known = (VIEWS as readonly string[]).includes(first);
  const view = known ? (first as View) : 'lab';
  let segments: string[] = [];
  if (known)
    try {
      segments = rest.map(decodeURIComponent);
    } catch {
      segments = [];
    }
  return { view, segments, params };
}

export function formatHash(
  view: View,
  params: Record<string, string | undefined> | URLSearchParams = {},
  segments: readonly string[] = [],
): string {
  const p = params instanceof URLSearchParams ? params : new URLSearchParams();
  if (!(params instanceof URLSearchParams))
    for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, v);
  const qs = p.toString();
  const sub = segments.map((x) => `/${encodeURIComponent(x)}`).join('');
  return `#/${view}${sub}${qs ? `?${qs}` : ''}`;
}

/**
 * The most compressed characters a link carries with its traces in it (about 16 kB: links longer
 * than that get cut by mail and chat programs). A longer scenario travels without its traces
 * loaded from files (docs/traces.md): each leaves by its file name (`{"file": name}`), and whoever
 * opens the link is asked to load that file.
 */
export const TRACE_LINK_CHARS = 16_000;

/** A scenario's link text, and the names of the trace files it left out (too big to travel). */
export interface LinkText {
  text: string;
  leftOut: string[];
}

/** `v` with every named trace (a capacity trace, loss events) replaced by its file name. */
function traceNamesOnly(v: unknown, leftOut: string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => traceNamesOnly(x, leftOut));
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if (o.kind === 'loss_trace' && typeof o.name === 'string' && o.file === undefined) {
    leftOut.push(o.name);
    const { ms: _events, name, ...rest } = o;
    return { ...rest, file: name };
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) {
    const t = x as { name?: unknown; file?: unknown } | null;
    if (k === 'rate_trace' && t && typeof t.name === 'string' && t.file === undefined) {
      leftOut.push(t.name);
      out[k] = { file: t.name };
    } else out[k] = traceNamesOnly(x, leftOut);
  }
  return out;
}

/** Scenario → link text: compact, URL-safe, traces loaded from files left out when too big. */
export function linkScenario(s: unknown): LinkText {
  const text = compressToEncodedURIComponent(JSON.stringify(s));
  if (text.length <= TRACE_LINK_CHARS) return { text, leftOut: [] };
  const leftOut: string[] = [];
  const slim = traceNamesOnly(s, leftOut);
  return leftOut.length ? { text: compressToEncodedURIComponent(JSON.stringify(slim)), leftOut } : { text, leftOut };
}

/** Scenario → compact URL-safe text ({@link linkScenario}'s text). */
export function encodeScenario(s: unknown): string {
  return linkScenario(s).text;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The longest compressed text a link may carry for one scenario (2 MB of URL: more than any
 * browser keeps in its address bar). Longer text is refused before it is decompressed.
 */
export const MAX_LINK_TEXT_CHARS = 2_000_000;

/** URL text → JSON value, or why it could not be read. */
export function decodeJson(text: string): Decoded<unknown> {
  if (text.length > MAX_LINK_TEXT_CHARS)
    return {
      ok: false,
      error: `it is ${text.length.toLocaleString('en')} characters long (at most ${MAX_LINK_TEXT_CHARS.toLocaleString('en')}), more than any scenario needs`,
    };
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(text);
  } catch {
    json = null;
  }
  if (!json) return { ok: false, error: 'it is damaged or cut short (it does not decompress)' };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (e) {
    // A link cut short often still decompresses, to the first part of the JSON.
    return {
      ok: false,
      error: `it is damaged or cut short (its JSON is incomplete or invalid: ${(e as Error).message})`,
    };
  }
}

/** URL text → scenario-shaped object (to be validated by the simulator). */
export function decodeScenario(text: string): Decoded<ScenarioJson> {
  const d = decodeJson(text);
  if (!d.ok) return d;
  const s = asScenario(d.value);
  return s ? { ok: true, value: s } : { ok: false, error: 'it does not hold a scenario (no "flows" list)' };
}

/** An absolute URL of this page with `hash`. */
export function pageUrl(
  hash: string,
  location: Pick<Location, 'origin' | 'pathname' | 'search'> = window.location,
): string {
  return `${location.origin}${location.pathname}${location.search}${hash}`;
}

// The panels (`panels=` in an embed link) are the one table of `panels.ts`.
export { PANELS, parsePanels, type Panel } from './panels';

/** The embed of one lesson figure: `#/embed/learn/<lesson>/<figure>`. */
export function lessonFigureEmbedHash(lesson: string, figure: string): string {
  return formatHash('embed', {}, ['learn', lesson, figure]);
}

/** `#/embed/learn/<lesson>/<figure>` → its lesson and figure ids, else null. */
export function lessonFigureOf(route: Route): { lesson: string; figure: string } | null {
  const [kind, lesson, figure] = route.segments;
  return route.view === 'embed' && kind === 'learn' && lesson && figure ? { lesson, figure } : null;
}
