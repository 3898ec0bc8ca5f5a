/**
 * Whether the reader asked the system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.1
 * 2.3.3): then the page scrolls without animation. The CSS side is in app/app.css.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
