/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwa } from './pwa.config';
import { schemaFiles } from './schemaFiles';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

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
  },
  // content/ (scenario presets) lives beside web/, outside Vite's root.
  server: { host: '127.0.0.1', port: 5173, fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1', port: 5173 },
  test: {
    root: webRoot,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
