// The stability check of the whole Playwright suite, several times in a row, on a machine
// loaded by `stress-ng` CPU hogs. Retries are off, so a story that waits on a fixed delay instead of a
// condition shows up as a failure rather than as "flaky".
//
//   npm run test:stress [-- --runs 3 --hogs 2 [playwright args, e.g. a spec]]
//
// Needs the built app (`npm run build`; built here when dist/ is missing) and stress-ng
// (`apt-get install stress-ng`). Not part of `npm test`: three loaded runs take about half an hour.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { log, must, npmBin, repoRoot } from './setup.mjs';

function parseArgs(argv) {
  const opts = { runs: 3, hogs: 2, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs' || a === '--hogs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 20) throw new Error(`${a} takes a whole number from 1 to 20`);
      opts[a.slice(2)] = n;
    } else opts.rest.push(a);
  }
  return opts;
}

function startHogs(hogs) {
  if (spawnSync('stress-ng', ['--version']).error) {
    throw new Error('stress-ng is not installed (apt-get install stress-ng)');
  }
  // No --timeout: the hogs run until this script stops them (they are its own process group).
  const child = spawn('stress-ng', ['--cpu', String(hogs), '--quiet'], { stdio: 'ignore', detached: true });
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
}

function runSuite(k, rest) {
  const report = join(repoRoot, 'test-results', `stress-${k}.json`);
  rmSync(report, { force: true });
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      npmBin('playwright'),
      ['test', '--config', 'playwright/playwright.config.ts', '--retries=0', '--reporter=dot,json', ...rest],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          CI: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
          LOSSLAB_E2E_PORT: process.env.LOSSLAB_E2E_PORT ?? '4390',
        },
      },
    );
    child.on('error', reject);
    child.on('close', (code) => {
      let stats = null;
      try {
        stats = JSON.parse(readFileSync(report, 'utf8')).stats;
      } catch {
        /* no report: counted as a broken run below */
      }
      resolvePromise({ code, stats });
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(join(repoRoot, 'dist', 'index.html'))) await must('npm', ['run', 'build']);
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  const stopHogs = startHogs(opts.hogs);
  process.on('SIGINT', () => {
    stopHogs();
    process.exit(130);
  });
  const rows = [];
  try {
    for (let k = 1; k <= opts.runs; k++) {
      log(`run ${k} of ${opts.runs}, under ${opts.hogs} stress-ng CPU hogs…`);
      const t0 = Date.now();
      const { code, stats } = await runSuite(k, opts.rest);
      const minutes = (Date.now() - t0) / 60000;
      rows.push({ k, code, stats, minutes, load: loadavg()[0] });
    }
  } finally {
    stopHogs();
  }
  let failedRuns = 0;
  for (const { k, code, stats, minutes, load } of rows) {
    const passed = stats?.expected ?? 0;
    const failed = stats ? stats.unexpected + stats.flaky : 1;
    if (code !== 0 || failed > 0) failedRuns++;
    console.log(
      `run ${k}: ${passed} passed, ${failed} failed, ${stats?.skipped ?? 0} skipped, ` +
        `${minutes.toFixed(1)} min, load average ${load.toFixed(1)} at the end`,
    );
  }
  console.log(`${opts.runs - failedRuns} runs passed, ${failedRuns} runs failed`);
  process.exit(failedRuns === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(`stress: ${err.message}`);
  process.exit(2);
});
