// setup.mjs's rule for when `npm ci` must run: by the lock's content, not its file date.
import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeModulesCurrent, stampNodeModules } from './setup.mjs';

function project() {
  const root = mkdtempSync(join(tmpdir(), 'losslab-setup-'));
  const lock = join(root, 'package-lock.json');
  const modules = join(root, 'node_modules');
  writeFileSync(lock, '{"lockfileVersion":3}\n');
  return { root, lock, modules };
}

function install({ lock, modules }) {
  mkdirSync(modules, { recursive: true });
  writeFileSync(join(modules, '.package-lock.json'), '{}\n');
  stampNodeModules(modules, lock);
}

describe('nodeModulesCurrent', () => {
  it('asks for an install when node_modules is missing', () => {
    const p = project();
    expect(nodeModulesCurrent(p.modules, p.lock)).toBe(false);
  });

  it('keeps node_modules when the lock only got a newer date (a checkout, a new worktree)', () => {
    const p = project();
    install(p);
    const later = new Date(Date.now() + 60_000);
    utimesSync(p.lock, later, later);
    expect(nodeModulesCurrent(p.modules, p.lock)).toBe(true);
  });

  it('asks for an install when the lock changed', () => {
    const p = project();
    install(p);
    writeFileSync(p.lock, '{"lockfileVersion":3,"packages":{}}\n');
    expect(nodeModulesCurrent(p.modules, p.lock)).toBe(false);
  });

  it('without a stamp, trusts a marker newer than the lock once and stamps it', () => {
    const p = project();
    mkdirSync(p.modules);
    writeFileSync(join(p.modules, '.package-lock.json'), '{}\n');
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(p.lock, earlier, earlier);
    expect(nodeModulesCurrent(p.modules, p.lock)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(p.lock, later, later);
    expect(nodeModulesCurrent(p.modules, p.lock)).toBe(true);
  });
});
