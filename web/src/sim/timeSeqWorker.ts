/**
 * The page's door to the time-sequence worker (`worker/timeSeq.worker.ts`): a
 * reproduction's `timeseq` plots (Gurtov Figs 3, 6 and 8) are simulated and drawn there, never on
 * the page's main thread. `TimeSeqClient` starts the worker on the first plot asked, answers each
 * plot by its callback in words or with the simulator's SVG, starts a fresh worker when one
 * crashes (the plot it was drawing fails, the others are asked again), and `dispose` terminates it:
 * a plot under way is stopped and no answer arrives after. A new worker is handed the page's
 * compiled wasm first (`coreWasmUrl.ts` `withCoreModule`): it does not fetch and compile it again.
 *
 * The worker reads the file with the same engine (`WasmReproduction`); the engine's loader is
 * called only while a file is parsed, so the page records what it answered when it read the file
 * (`recordingLoader`) and sends those answers along: the worker bundles no content.
 */
import { withCoreModule } from './coreWasmUrl';
import type { ResourceKind } from './reproductionCore';
import {
  resourceKey,
  type ResolvedResources,
  type TimeSeqFromWorker,
  type TimeSeqPlot,
  type TimeSeqToWorker,
} from './worker/timeSeqJobs';

export type { ResolvedResources, TimeSeqFromWorker, TimeSeqPlot, TimeSeqToWorker } from './worker/timeSeqJobs';

/** A reproduction file as the worker reads it: its JSON text and the loader's answers for it. */
export interface TimeSeqFile {
  fileJson: string;
  resources: ResolvedResources;
}

export type TimeSeqResult = { ok: true; plot: TimeSeqPlot; wallMs: number } | { ok: false; error: string };

export interface TimeSeqWorkerLike {
  postMessage(msg: TimeSeqToWorker): void;
  onmessage: ((ev: MessageEvent<TimeSeqFromWorker>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

/** A new time-sequence worker, handed the page's compiled wasm first (`withCoreModule`: no second compile). */
export function createTimeSeqWorker(): TimeSeqWorkerLike {
  return withCoreModule(new Worker(new URL('./worker/timeSeq.worker.ts', import.meta.url), { type: 'module' }));
}

/**
 * Wraps the page's loader so every answer is kept, as the JSON text the engine is given
 * (`ReproductionModel` sends `JSON.stringify` of the answer, or null).
 */
export function recordingLoader(load: (kind: ResourceKind, name: string) => unknown): {
  load: (kind: ResourceKind, name: string) => unknown;
  resources: ResolvedResources;
} {
  const resources: ResolvedResources = {};
  return {
    resources,
    load: (kind, name) => {
      const v = load(kind, name);
      resources[resourceKey(kind, name)] = v === null || v === undefined ? null : JSON.stringify(v);
      return v;
    },
  };
}

/** Words for a worker that crashed or whose wasm trapped while drawing a plot. */
export function timeSeqTrouble(detail: string): string {
  return `the simulator stopped with an internal error${detail ? ` (${detail})` : ''}. Reload the page to try again.`;
}

interface Pending {
  msg: TimeSeqToWorker;
  done(r: TimeSeqResult): void;
}

export class TimeSeqClient {
  private w: TimeSeqWorkerLike | null = null;
  /** Plots asked and not answered, in the order asked (the worker answers in that order). */
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly createWorker: () => TimeSeqWorkerLike = createTimeSeqWorker) {}

  /** Simulates and draws plot `index` of `file`; `done` is called once, unless disposed first. */
  draw(file: TimeSeqFile, index: number, done: (r: TimeSeqResult) => void): void {
    if (this.disposed) return;
    const msg: TimeSeqToWorker = { type: 'timeSeq', requestId: this.nextId++, ...file, index };
    this.pending.set(msg.requestId, { msg, done });
    this.worker().postMessage(msg);
  }

  /** Terminates the worker (a run under way stops); no answer is delivered after. */
  dispose(): void {
    this.disposed = true;
    this.pending.clear();
    this.w?.terminate();
    this.w = null;
  }

  /** Whether a worker is running (tests). */
  get started(): boolean {
    return this.w !== null;
  }

  private worker(): TimeSeqWorkerLike {
    if (this.w) return this.w;
    const w = this.createWorker();
    this.w = w;
    w.onmessage = (ev) => {
      if (w !== this.w) return;
      const m = ev.data;
      if (m.type === 'timeSeqFatal') {
        const lost = [...this.pending.values()];
        this.pending.clear();
        w.terminate();
        this.w = null;
        for (const p of lost) p.done({ ok: false, error: m.message });
        return;
      }
      const p = this.pending.get(m.requestId);
      if (!p) return;
      this.pending.delete(m.requestId);
      if (m.type === 'timeSeqDone') return p.done({ ok: true, plot: m.plot, wallMs: m.wallMs });
      if (m.trapped) this.restart();
      p.done({ ok: false, error: m.trapped ? timeSeqTrouble(m.message) : m.message });
    };
    w.onerror = (ev) => {
      ev.preventDefault?.();
      if (w !== this.w) return;
      const [first] = this.pending.entries();
      if (first) this.pending.delete(first[0]);
      this.restart();
      first?.[1].done({ ok: false, error: timeSeqTrouble(ev.message || '') });
    };
    return w;
  }

  /** A fresh worker for the plots still asked (the broken one is terminated). */
  private restart(): void {
    this.w?.terminate();
    this.w = null;
    if (this.pending.size === 0) return;
    const w = this.worker();
    for (const p of this.pending.values()) w.postMessage(p.msg);
  }
}
