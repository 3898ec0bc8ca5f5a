// Where the machine's CPU went while something ran (Linux only): each thread's time on a CPU and
// time waiting for one (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds), read before and after and
// subtracted. `npm run bench:sweep -- --sched` prints it for the last browser run, to show what
// shares the cores with the sweep's workers (the page, the browser's other processes, the harness).

import { readdirSync, readFileSync } from 'node:fs';

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** A process's name for people: Chromium's processes by their `--type`, others by their command. */
function processName(pid) {
  // Split on spaces too: Chromium rewrites its children's command line as one string.
  const cmd = read(`/proc/${pid}/cmdline`)?.split(/[\0 ]/) ?? [];
  const type = cmd.find((a) => a.startsWith('--type='))?.slice('--type='.length);
  const comm = read(`/proc/${pid}/comm`)?.trim() ?? pid;
  if (type) return `${comm} ${type}`;
  return /chrom/.test(comm) ? `${comm} browser` : comm;
}

/** Every thread's CPU and run-queue wait so far, by `pid/tid`. */
export function schedSnapshot() {
  const out = new Map();
  if (read('/proc/self/schedstat') === null) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    let proc = null;
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/schedstat`);
      if (!stat) continue;
      const [onCpu, waiting] = stat.split(' ').map(Number);
      proc ??= processName(pid);
      out.set(`${pid}/${tid}`, { onCpu, waiting, name: `${proc}: ${read(`/proc/${pid}/task/${tid}/comm`)?.trim()}` });
    }
  }
  return out;
}

/**
 * The threads that ran or waited at least `minMs` between two snapshots, most CPU first, as one
 * line each: `ms on a CPU / ms waiting for one   process: thread`.
 */
export function schedLines(before, after, minMs = 0.5) {
  const rows = [];
  for (const [key, now] of after) {
    const was = before.get(key) ?? { onCpu: 0, waiting: 0 };
    const onCpu = (now.onCpu - was.onCpu) / 1e6;
    const waiting = (now.waiting - was.waiting) / 1e6;
    if (onCpu >= minMs || waiting >= minMs) rows.push({ name: now.name, onCpu, waiting });
  }
  rows.sort((a, b) => b.onCpu - a.onCpu);
  return rows.map((r) => `${r.onCpu.toFixed(1).padStart(6)} / ${r.waiting.toFixed(1).padStart(5)}   ${r.name}`);
}
