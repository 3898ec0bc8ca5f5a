// The @losslab/core tarball as a user gets it: `npm pack` (web/scripts/build-npm-core.mjs), installed
// into an empty temporary project, imported by name from a Node script there. Run by `npm test`
// (suite "npm package") with `node --test`; each test counts as one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildNpmCore } from '../../../../web/scripts/build-npm-core.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let dir;

/** Runs an ES module in the temporary project; resolves with its JSON output. */
function inProject(source) {
  writeFileSync(join(dir, 'check.mjs'), source);
  const r = spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `node check.mjs failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Runs an ES module in the temporary project; resolves with what it printed. */
function printed(source) {
  writeFileSync(join(dir, 'readme.mjs'), source);
  const r = spawnSync(process.execPath, ['readme.mjs'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `node readme.mjs failed:\n${r.stderr}`);
  return r.stdout;
}

const scenario = {
  schema: 1,
  id: 'npm-check',
  seed: 3,
  stop: { time_s: 20, when_transfers_done: true },
  topology: {
    kind: 'dumbbell',
    bottleneck: { rate_bps: 1e6, delay_ms: 10, errors: { kind: 'bit_error', ber: 1e-6 } },
  },
  flows: [{ id: 'ld', bytes: 200000, tcp: { cc: 'new_reno', classifier: 'checksum' } }],
  observe: { sample_ms: 100 },
};

before(async () => {
  const tarball = await buildNpmCore();
  dir = mkdtempSync(join(tmpdir(), 'losslab-core-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tarball-check', private: true, type: 'module' }));
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', tarball], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `npm install of the tarball failed:\n${r.stderr}`);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the package installs with its types, wasm and licence', () => {
  const root = join(dir, 'node_modules', '@losslab', 'core');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(pkg.name, '@losslab/core');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  for (const f of ['index.js', 'index.d.ts', 'losslab_wasm_bg.wasm', 'LICENSE', 'README.md']) {
    assert.ok(readFileSync(join(root, f)).length > 0, f);
  }
});

test('imported by name in Node: version, catalog and validate', () => {
  const out = inProject(`
    import { version, catalog, validate } from '@losslab/core';
    const c = await catalog();
    console.log(JSON.stringify({
      version: await version(),
      variants: c.variants.map((v) => v.id),
      ok: await validate(${JSON.stringify(scenario)}),
      bad: await validate({ schema: 1, flows: [{ tcp: { cc: 'renoo' } }] }),
    }));
  `);
  assert.match(out.version, /^\d+\.\d+\.\d+/);
  assert.ok(out.variants.includes('new_reno') && out.variants.includes('westwood'), out.variants.join());
  assert.deepEqual(out.ok, []);
  assert.ok(
    out.bad.some((p) => p.startsWith('flows[0].tcp.cc:') && p.includes('renoo')),
    out.bad.join('\n'),
  );
});

test('run gives the summary, series and CSVs; the same seed gives the same file', () => {
  const out = inProject(`
    import { run } from '@losslab/core';
    const sc = ${JSON.stringify(scenario)};
    const a = await run(sc);
    const b = await run(JSON.stringify(sc));
    const c = await run(sc, { seed: 4 });
    console.log(JSON.stringify({
      id: a.scenario.id,
      flows: a.summary.flows.length,
      csvHead: a.summaryCsv.split('\\n')[0],
      same: a.summaryCsv === b.summaryCsv && a.seriesCsv() === b.seriesCsv(),
      otherSeed: a.summaryCsv !== c.summaryCsv,
      seriesHead: a.seriesCsv().split('\\n')[0],
      cwnd: a.series.find((s) => s.entity === 'ld' && s.metric.startsWith('cwnd'))?.t_ms.length ?? 0,
      error: await run({ schema: 1, flows: [{ tcp: { cc: 'renoo' } }] }).then(() => '', (e) => e.message),
    }));
  `);
  assert.equal(out.id, 'npm-check');
  assert.equal(out.flows, 1);
  assert.match(out.csvHead, /flow/);
  assert.ok(out.same, 'same seed, same CSVs');
  assert.ok(out.otherSeed, 'another seed, other errors');
  assert.match(out.seriesHead, /t_s|t_ms|time/);
  assert.ok(out.cwnd > 10, `cwnd samples: ${out.cwnd}`);
  assert.match(out.error, /flows\[0\]\.tcp\.cc/);
});

test('every argument is checked like the CLI: no seed is quietly replaced', () => {
  const out = inProject(`
    import { run, validate } from '@losslab/core';
    const sc = ${JSON.stringify(scenario)};
    const msg = (p) => p.then(() => 'accepted', (e) => e.message);
    console.log(JSON.stringify({
      nan: await msg(run(sc, { seed: NaN })),
      inf: await msg(run(sc, { seed: Infinity })),
      negative: await msg(run(sc, { seed: -1 })),
      fraction: await msg(run(sc, { seed: 1.5 })),
      text: await msg(run(sc, { seed: '7' })),
      unknown: await msg(run(sc, { sed: 7 })),
      notObject: await msg(run(42)),
      validateUndefined: await msg(validate(undefined)),
    }));
  `);
  const max = 'must be between 0 and 9007199254740991';
  assert.equal(out.nan, `seed: ${max} (got NaN)`);
  assert.equal(out.inf, `seed: ${max} (got Infinity)`);
  assert.equal(out.negative, `seed: ${max} (got -1)`);
  assert.equal(out.fraction, 'seed: must be a whole number (got 1.5)');
  assert.equal(out.text, 'seed: must be a number from 0 to 9007199254740991 (got a string)');
  assert.match(out.unknown, /options\.sed: unknown option/);
  assert.equal(out.notObject, 'scenario: must be an object or JSON text (got a number)');
  assert.equal(out.validateUndefined, 'scenario: must be an object or JSON text (got undefined)');
});

test('sweep returns the aggregate CSV, one row per point and metric', () => {
  const out = inProject(`
    import { sweep } from '@losslab/core';
    const r = await sweep({
      schema: 1, base: ${JSON.stringify(scenario)},
      vary: [{ path: 'topology.bottleneck.errors.ber', values: [0, 1e-5] }],
      replications: 2, metrics: ['goodput_kbps'],
    });
    console.log(JSON.stringify({ points: r.points.length, n: r.points[0].stats[0].n, csv: r.csv.trim().split('\\n') }));
  `);
  assert.equal(out.points, 2);
  assert.equal(out.n, 2);
  assert.match(out.csv[0], /^point,/);
  assert.ok(out.csv.length >= 3, out.csv.join('\n'));
});

test("the README's example runs as written", () => {
  // Every ```js block of the package's README, run in order against the installed package.
  const readme = readFileSync(join(dir, 'node_modules', '@losslab', 'core', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 1, 'the README has a js example');
  const out = printed(blocks.join('\n'));
  assert.match(out, /^scenario_id,seed,/m, 'the summary CSV is printed');
  assert.match(out, /^\d+ samples; last cwnd \d+ bytes$/m, out);
  assert.doesNotMatch(out, /undefined|NaN/, out);
});
