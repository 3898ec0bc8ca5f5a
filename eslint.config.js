// ESLint (flat config) for LossLab's web app, scripts and end-to-end tests: the React hooks rules,
// and the import boundaries between the rooms of web/src (web/src/README.md draws the map):
//
//   1. No page imports another page or the shell: lab/, compare/, sweep/, papers/, learn/, embed/ import only shared
//      rooms (the shell app/ is the one that imports pages, to route to them).
//   2. Shared rooms (builder/, run/, charts/, controls/, lib/, scenario/, session/, packets/, sim/) import no
//      page and not the shell.
//   3. Only the simulator's controller (the files directly in sim/) imports the worker room,
//      sim/worker/; the worker room imports nothing outside itself but sim/protocol (its tests may
//      also load the page-thread core, to compare with it).
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const PAGES = 'lab|compare|sweep|papers|learn|embed';

/** A page or the shell, named in an import path (`../lab/LabPage`, `../app/App`). */
const NO_PAGES = {
  regex: `(^|/)(${PAGES}|app)/`,
  message: 'Pages and the shell are not imported (rule 1–2): move what is shared into a shared room.',
};

/** The worker room, named from outside the controller (`../sim/worker/…`, `./sim/worker/…`). */
const NO_WORKER = {
  regex: '(^|/)sim/worker(/|$)',
  message: 'Only the simulator controller (files directly in web/src/sim/) imports sim/worker/ (rule 3).',
};

/** From inside sim/worker/: anything outside it but ../protocol. */
const WORKER_OUTWARD = {
  regex: '^\\.\\./(?!protocol$)',
  message: 'The worker room reaches outside only through ../protocol (rule 3).',
};

const restrict = (...patterns) => ['error', { patterns }];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'target/**', '.tools/**', 'test-results/**', 'web/src/sim/worker/pkg/**'] },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { 'no-control-regex': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Rule 3 for everything in web/src; the overrides below add rules 1–2 where they apply.
  { files: ['web/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(NO_WORKER) } },
  {
    files: [`web/src/{${PAGES.replaceAll('|', ',')}}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrict(NO_PAGES, NO_WORKER) },
  },
  {
    files: ['web/src/{builder,run,charts,controls,lib,scenario,session,packets}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NO_PAGES, NO_WORKER) },
  },
  // The controller: the one door into the worker room.
  { files: ['web/src/sim/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(NO_PAGES) } },
  { files: ['web/src/sim/worker/**/*.ts'], rules: { 'no-restricted-imports': restrict(NO_PAGES, WORKER_OUTWARD) } },
  {
    files: ['web/src/sim/worker/**/*.test.ts', 'web/src/sim/worker/**/*.bench.ts'],
    rules: { 'no-restricted-imports': restrict(NO_PAGES) },
  },
);
