/**
 * Framing policy (docs/hosting.md): only the embed view may be shown inside another
 * page's frame. The hosting header `Content-Security-Policy: frame-ancestors` says so to the
 * browser where the host sets it; this guard says it again in the page, because a `<meta>` CSP
 * cannot carry `frame-ancestors`: a non-embed view inside a frame renders a short note instead.
 */
import type { View } from '../session/route';

/** True when this document is inside a frame (or the check itself is refused, as cross-origin). */
export function framed(win: Pick<Window, 'self' | 'top'> = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/** True when `view` may render in this window: any view at the top, only the embed view framed. */
export function mayRender(view: View, isFramed: boolean): boolean {
  return !isFramed || view === 'embed';
}
