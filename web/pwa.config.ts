/**
 * Offline classroom: the web app manifest and the service worker, by vite-plugin-pwa
 * (Workbox). The service worker precaches the whole build — the app's code with the bundled
 * content (scenarios, lessons, papers), the simulator's wasm, icons and the JSON Schemas — under a
 * revisioned precache, so a lab opened once works without network and a new build replaces the
 * old files. Registration lives in src/app/offline.ts (it skips automated browsers unless a test
 * opts in). The service worker is a same-origin script, so it runs under the page's
 * `script-src 'self' 'wasm-unsafe-eval'`.
 */
import { VitePWA } from 'vite-plugin-pwa';

export function pwa() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    // The glob below already takes the icons and the favicon.
    includeManifestIcons: false,
    manifest: {
      name: 'LossLab — TCP over lossy links',
      short_name: 'LossLab',
      description: 'See why TCP confuses corruption with congestion: a packet-level TCP simulator in your browser.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0f3b5f',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,wasm,svg,png,json}'],
      // The README's screenshot is not part of the app.
      globIgnores: ['screenshot-*.png'],
      // The simulator's wasm is larger than Workbox's 2 MiB default.
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}
