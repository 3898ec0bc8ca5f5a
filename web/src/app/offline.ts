/**
 * Registers the service worker that keeps the lab working offline (web/pwa.config.ts builds it).
 * Only in a build (never under `vite dev`), and never in an automated browser (`navigator.webdriver`),
 * so end-to-end tests always load the build they test — except when a test opts in by setting
 * localStorage[`losslab.offline-test`] (playwright/tests/offline.spec.ts).
 */
export const OFFLINE_TEST_KEY = 'losslab.offline-test';

export function registerOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (navigator.webdriver && localStorage.getItem(OFFLINE_TEST_KEY) !== 'on') return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
      // Without the service worker the lab still works online; nothing to tell the reader.
    });
  });
}
