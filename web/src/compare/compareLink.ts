/**
 * Compare's share link (`#/compare?a=…&b=…`, each side an lz-string scenario, B on A's seed) and
 * the pair a page opens with.
 *
 * - A link's sides win; a side the link holds but that cannot be read is replaced (A by the last
 *   comparison's A, else the lab's scenario; B by the last comparison's B, else A with the other
 *   classic variant) and a message says which side and why.
 * - Without a link: the last comparison of this browser, else the lab's scenario against B.
 */
import { decodeScenario, encodeScenario } from '../session/route';
import type { ScenarioJson } from '../scenario/types';

/** B starts as A with the other classic variant, so the first comparison says something. */
export function defaultB(a: ScenarioJson): ScenarioJson {
  const b = structuredClone(a);
  b.flows = b.flows.map((f) => ({ ...f, tcp: { ...f.tcp, cc: f.tcp?.cc === 'westwood' ? 'new_reno' : 'westwood' } }));
  return b;
}

/** The link's parameters for a pair (B carries A's seed, as it runs with it). */
export function compareQuery(a: ScenarioJson, b: ScenarioJson): Record<string, string> {
  return { a: encodeScenario(a), b: encodeScenario({ ...b, seed: a.seed }) };
}

export interface InitialPair {
  a: ScenarioJson;
  b: ScenarioJson;
  /** What in the link could not be used, for an inline alert; null when all was fine. */
  notice: string | null;
}

/**
 * The pair to open with. `saved` is this browser's last comparison (null if none); `lab` is the
 * lab's scenario, the last resort for A.
 */
export function initialPair(
  params: URLSearchParams,
  saved: { a: ScenarioJson; b: ScenarioJson } | null,
  lab: ScenarioJson,
): InitialPair {
  const ta = params.get('a');
  const tb = params.get('b');
  const da = ta === null ? null : decodeScenario(ta);
  const db = tb === null ? null : decodeScenario(tb);
  if (!da && !db) return saved ? { ...saved, notice: null } : { a: lab, b: defaultB(lab), notice: null };

  const problems: string[] = [];
  let a: ScenarioJson;
  if (da?.ok) a = da.value;
  else {
    a = saved?.a ?? lab;
    if (da)
      problems.push(
        `Configuration A in the link could not be opened: ${da.error}. A is ${saved ? 'your last comparison’s A' : 'the lab’s scenario'} instead.`,
      );
  }
  let b: ScenarioJson;
  if (db?.ok) b = { ...db.value, seed: a.seed };
  else {
    const fromSaved = !da?.ok && saved !== null;
    b = fromSaved ? saved.b : defaultB(a);
    if (db)
      problems.push(
        `Configuration B in the link could not be opened: ${db.error}. B is ${fromSaved ? 'your last comparison’s B' : 'A with the other variant'} instead.`,
      );
  }
  return { a, b, notice: problems.length > 0 ? problems.join(' ') : null };
}
