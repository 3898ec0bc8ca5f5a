/** Equality of two JSON values by content, used wherever a lesson names a control's value (a
 *  table's `at`, a prediction's `setting`, a value's label): control values may be objects. */

/** Same value, JSON-wise, whatever the order of object keys: control values may be objects (a
 *  whole `tcp` block), and a table's `at` names one with an object of its own. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => k in rb && sameJson(ra[k], rb[k]));
}
