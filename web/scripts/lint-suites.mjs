// The ESLint and Prettier suites of `npm test` (web/scripts/test.mjs), through their Node APIs so
// each file counts: passed = files checked clean, failed = files with problems (printed).
// The same checks as `npm run lint` and `npm run format:check`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './setup.mjs';

/** ESLint over the repository (eslint.config.js says what and how). */
export async function eslintSuite() {
  const { ESLint } = await import('eslint');
  const results = await new ESLint({ cwd: repoRoot }).lintFiles(['.']);
  const problems = [];
  for (const r of results) {
    for (const m of r.messages) {
      problems.push(`${relative(repoRoot, r.filePath)}:${m.line}:${m.column} ${m.message} (${m.ruleId ?? 'eslint'})`);
    }
  }
  const failed = results.filter((r) => r.messages.length > 0).length;
  return { passed: results.length - failed, failed, problems };
}

/** The files `npm run format:check` covers: web/, playwright/ and eslint.config.js. */
function formatTargets() {
  const out = [join(repoRoot, 'eslint.config.js')];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(join(repoRoot, 'web'));
  walk(join(repoRoot, 'playwright'));
  return out;
}

/** Prettier --check over web/, playwright/ and eslint.config.js (.prettierignore applies). */
export async function prettierSuite() {
  const prettier = await import('prettier');
  const ignorePath = join(repoRoot, '.prettierignore');
  let passed = 0;
  const problems = [];
  for (const file of formatTargets()) {
    const info = await prettier.getFileInfo(file, { ignorePath });
    if (info.ignored || !info.inferredParser) continue;
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    if (await prettier.check(readFileSync(file, 'utf8'), options)) passed += 1;
    else problems.push(`${relative(repoRoot, file)}: not formatted (npm run format)`);
  }
  return { passed, failed: problems.length, problems };
}
