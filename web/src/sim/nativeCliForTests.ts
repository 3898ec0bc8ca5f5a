/**
 * Test helper (Node only): runs the native `losslab` command line, which the parity tests and
 * stories compare the page with. `LOSSLAB_CLI` names a built binary (`npm test` sets it to the
 * one `cargo test` has just built, so nothing is compiled twice); without it, cargo builds and
 * runs the release binary.
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: the command runs from there, so relative paths in `args` resolve. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function command(args: string[]): [string, string[]] {
  const exe = process.env.LOSSLAB_CLI;
  if (exe) return [exe, args];
  return ['cargo', ['run', '--release', '-q', '-p', 'sim-core', '--bin', 'losslab', '--', ...args]];
}

/** Runs `losslab args…`; its output is discarded and its errors shown. */
export function nativeCli(args: string[]): void {
  const [exe, argv] = command(args);
  execFileSync(exe, argv, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Runs `losslab args…` and returns what it printed. */
export function nativeCliOutput(args: string[], options: ExecFileSyncOptions = {}): string {
  const [exe, argv] = command(args);
  return execFileSync(exe, argv, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  }) as string;
}
