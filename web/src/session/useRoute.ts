/**
 * The current route (`route.ts`) and how many hash navigations happened. Our own `replaceState`
 * calls fire no `hashchange`, so they do not count.
 *
 * The route is read from the event's `newURL`, the address navigated to, not from
 * `window.location` when the handler runs: a view's pending write of its own state to the hash
 * (the Lab writes its scenario 250 ms after each change) can land between the navigation and the
 * handler, and reading the location then opened the old scenario instead of the link's.
 */
import { useEffect, useState } from 'react';
import { parseHash, type Route } from './route';

/** The hash a navigation went to; a synthetic event without an address reads the location. */
function hashOf(e: Event): string {
  const to = e instanceof HashChangeEvent ? e.newURL : '';
  return to ? new URL(to).hash : window.location.hash;
}

export function useRoute(): Route & { visit: number } {
  const [route, setRoute] = useState(() => ({ ...parseHash(window.location.hash), visit: 0 }));
  useEffect(() => {
    const on = (e: Event) => setRoute((old) => ({ ...parseHash(hashOf(e)), visit: old.visit + 1 }));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}
