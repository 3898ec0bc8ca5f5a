/**
 * Once the simulator has loaded, the simulation worker needs no network, no storage and no further
 * scripts: `lockDown` takes those from the worker's global scope, so the reader's own code, which
 * runs in this worker (docs/design.md §1.15), cannot reach them — not even through the global
 * object it can still find (`Function('return this')()`). The worker has no DOM to begin with.
 * It can still post messages to the page, which only ever reads them as a run's results.
 */

/** What goes: requests, sockets, storage, script loading, other workers and channels. */
export const TAKEN = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'cookieStore',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
] as const;

/** Removes every name of `TAKEN` from `scope` and its prototypes; returns those still reachable. */
export function lockDown(scope: object): string[] {
  const left: string[] = [];
  for (const name of TAKEN) {
    for (let o: object | null = scope; o; o = Object.getPrototypeOf(o) as object | null) {
      if (Object.prototype.hasOwnProperty.call(o, name)) Reflect.deleteProperty(o, name);
    }
    if ((scope as Record<string, unknown>)[name] !== undefined) left.push(name);
  }
  return left;
}
