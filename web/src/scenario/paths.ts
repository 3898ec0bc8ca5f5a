/**
 * JSON paths as the validator and the sweep spell them: dotted keys and `[i]` indices
 * (`flows[0].tcp.cc`; `flows.0.tcp.cc` is accepted too). Immutable get / set / delete on plain
 * JSON values.
 */

export type Step = string | number;

/** Parses `a.b[2].c` → `['a', 'b', 2, 'c']`; throws with a message on malformed paths. */
export function parsePath(path: string): Step[] {
  const bad = (why: string) =>
    new Error(`invalid path "${path}": ${why} (write keys separated by dots and indices as [i], e.g. flows[0].tcp.cc)`);
  if (path === '') throw bad('it is empty');
  const steps: Step[] = [];
  let rest = path;
  let first = true;
  while (rest.length > 0) {
    if (rest.startsWith('[')) {
      const end = rest.indexOf(']');
      if (end < 0) throw bad('a [ is not closed');
      const digits = rest.slice(1, end);
      if (!/^\d+$/.test(digits)) throw bad('an index must be a whole number');
      steps.push(Number(digits));
      rest = rest.slice(end + 1);
    } else {
      if (!first) {
        if (!rest.startsWith('.')) throw bad('expected . or [ between steps');
        rest = rest.slice(1);
      }
      const m = /^[^.[\]]+/.exec(rest);
      if (!m) throw bad('a key is empty');
      const key = m[0];
      steps.push(/^\d+$/.test(key) ? Number(key) : key);
      rest = rest.slice(key.length);
    }
    first = false;
    if (rest.startsWith('.') && rest.length === 1) throw bad('it ends with a dot');
  }
  return steps;
}

/** `['flows', 0, 'tcp']` → `flows[0].tcp`. */
export function formatPath(steps: readonly Step[]): string {
  let s = '';
  for (const step of steps) {
    if (typeof step === 'number') s += `[${step}]`;
    else s += s === '' ? step : `.${step}`;
  }
  return s;
}

/** Canonical spelling (`flows.0.tcp` → `flows[0].tcp`). */
export function normalizePath(path: string): string {
  return formatPath(parsePath(path));
}

type Json = unknown;

export function getPath(root: Json, path: string | readonly Step[]): Json {
  const steps = typeof path === 'string' ? parsePath(path) : path;
  let v: Json = root;
  for (const s of steps) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, Json>)[s];
  }
  return v;
}

/**
 * A copy of `root` with the value at `path` replaced (`undefined` deletes the key). Missing
 * object keys are created; array indices must exist (or be the next index).
 */
export function setPath<T>(root: T, path: string | readonly Step[], value: Json): T {
  const steps = typeof path === 'string' ? parsePath(path) : path;
  return setAt(root, steps, 0, value) as T;
}

function setAt(node: Json, steps: readonly Step[], i: number, value: Json): Json {
  if (i === steps.length) return value;
  const step = steps[i];
  if (typeof step === 'number' && Array.isArray(node)) {
    if (step > node.length) throw new Error(`${formatPath(steps.slice(0, i))} has ${node.length} elements; index ${step} is out of range`);
    const copy = node.slice();
    const next = setAt(node[step], steps, i + 1, value);
    if (next === undefined) copy.splice(step, 1);
    else copy[step] = next;
    return copy;
  }
  const obj = node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, Json>) : {};
  const copy: Record<string, Json> = { ...obj };
  const next = setAt(obj[String(step)], steps, i + 1, value);
  if (next === undefined) delete copy[String(step)];
  else copy[String(step)] = next;
  return copy;
}

/** True when `problemPath` is `fieldPath` or lies inside it. */
export function pathWithin(problemPath: string, fieldPath: string): boolean {
  return problemPath === fieldPath || problemPath.startsWith(`${fieldPath}.`) || problemPath.startsWith(`${fieldPath}[`);
}
