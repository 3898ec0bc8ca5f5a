/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwa } from './pwa.config.ts';
import { schemaFiles } from './schemaFiles.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The code editor's libraries (CodeMirror and what it uses): loaded only when an editor opens. */
const EDITOR = /\/node_modules\/(@codemirror|@lezer|crelt|style-mod|w3c-keyname)\//;

/**
 * The chunk a module goes to: `editor` (the code editor's libraries, `EDITOR`), `vendor` (other
 * node_modules), `content-<folder>` (content/<folder>/…, `content-reproductions-<paper>` for a
 * paper's reproductions), `content` (files directly in content/), else the app's.
 */
function chunkOf(id: string): string | null {
  if (EDITOR.test(id)) return 'editor';
  if (id.includes('/node_modules/')) return 'vendor';
  if (!id.startsWith(`${repoRoot}content/`)) return null;
  const [folder, sub] = id.slice(`${repoRoot}content/`.length).split('/');
  if (sub === undefined) return 'content';
  return folder === 'reproductions' && sub && !sub.includes('.') ? `content-reproductions-${sub}` : `content-${folder}`;
}

export default defineConfig({
  root: webRoot,
  // Relative asset URLs: the built dist/ works from any static host and sub-path.
  base: './',
  publicDir: `${repoRoot}public`,
  plugins: [react(), schemaFiles(`${repoRoot}content/schema`), pwa()],
  worker: { format: 'es' },
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Chunks all loaded at start as before: the libraries, the bundled content files (one
        // chunk per folder of content/, the papers' reproductions one per paper) and the app.
        // One chunk of them all was 1.5 MB, over Vite's 500 kB warning; each part is under it.
        // The editor's libraries are a chunk of their own, fetched when "Your code" opens one.
        codeSplitting: { groups: [{ name: chunkOf, debugName: 'vendor, content and app chunks' }] },
      },
    },
  },
  // content/ (scenario presets) lives beside web/, outside Vite's root.
  server: { host: '127.0.0.1', port: 5173, fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1', port: 5173 },
  test: {
    root: webRoot,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    environment: 'node',
    // Worker threads rather than child processes: the same 451 tests in 62 s instead of 78 s on
    // the 2-core machine (docs/performance.md, "The test suite").
    pool: 'threads',
    testTimeout: 20_000,
  },
});
