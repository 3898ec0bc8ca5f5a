/**
 * The builder's edits of the scenario JSON: immutable get / set / delete at a field's path
 * (`flows[0].tcp.cc`, also written `flows.0.tcp.cc`), and whether a validator problem lies inside
 * a field. Paths here are written by the UI's own code; the paths a user types (sweeps) are read
 * and checked by the simulator (sim-core `sweep/path.rs`).
 */

export type Step = string | number;

/** `a.b[2].c` or `a.b.2.c` → `['a', 'b', 2, 'c']` (digit-only keys are indices). */
export function parsePath(path: string): Step[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((k) => k !== '')
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
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
    if (step > node.length)
      throw new Error(`${steps.slice(0, i).join('.')} has ${node.length} elements; index ${step} is out of range`);
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
  return (
    problemPath === fieldPath || problemPath.startsWith(`${fieldPath}.`) || problemPath.startsWith(`${fieldPath}[`)
  );
}
