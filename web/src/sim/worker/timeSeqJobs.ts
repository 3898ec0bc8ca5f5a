/**
 * The time-sequence worker's jobs (Gurtov Figs 3, 6 and 8): a reproduction
 * file's `timeseq` plots, each one short run with the packet trace on, simulated and drawn by the
 * simulator (`WasmReproduction.timeSequence`, sim-core/wasm `timeseq.rs` → sim-core
 * `reproduce/timeseq.rs`) off the page's main thread, so the SVG is the one `losslab reproduce`
 * writes. Free of worker globals, so tests drive it with the real wasm or a fake.
 *
 * The messages are this worker's own (it is not the simulation worker of `../protocol`): the page
 * sends the file as JSON text with every resource the engine asked its loader for when the page
 * read the file (`resources`, keyed `kind:name`; the engine resolves only while parsing), and
 * the plot's index; plots are answered in the order asked, one message each. The file is parsed
 * once and kept for the next plot of the same file.
 */
import * as glue from './pkg/losslab_wasm.js';
import { answerJob } from './requestWorker';

/** One time-sequence plot, run and drawn by the simulator (the SVG `losslab reproduce` writes). */
export interface TimeSeqPlot {
  id: string;
  title: string;
  svg: string;
  /** The report's caption: what was run and how many of each mark. */
  caption: string;
  counts: { sends: number; retransmits: number; drops: number; timeouts: number; paper: number };
}

/** What the engine's loader answered while the page read the file: `kind:name` → JSON text or null. */
export type ResolvedResources = Record<string, string | null>;

/** The key of one loader answer in `ResolvedResources`. */
export const resourceKey = (kind: string, name: string): string => `${kind}:${name}`;

export type TimeSeqToWorker = {
  type: 'timeSeq';
  requestId: number;
  fileJson: string;
  resources: ResolvedResources;
  index: number;
};

export type TimeSeqFromWorker =
  | { type: 'timeSeqDone'; requestId: number; plot: TimeSeqPlot; wallMs: number }
  /** `trapped`: the wasm instance is broken; the page starts a fresh worker for the next plot. */
  | { type: 'timeSeqError'; requestId: number; message: string; trapped?: boolean }
  /** The wasm failed to load: this worker draws nothing. */
  | { type: 'timeSeqFatal'; message: string };

/** A reproduction file opened by the engine, as far as these jobs use it. */
export interface OpenReproduction {
  timeSequence(index: number): TimeSeqPlot;
  free(): void;
}

/** Opens a file with the wasm engine, its loader answering from `resources`. */
export function openWasmReproduction(fileJson: string, resources: ResolvedResources): OpenReproduction {
  const r = new glue.WasmReproduction(
    fileJson,
    (kind: string, name: string) => resources[resourceKey(kind, name)] ?? null,
  );
  return { timeSequence: (i) => r.timeSequence(i) as TimeSeqPlot, free: () => r.free() };
}

export class TimeSeqJobs {
  private open: { fileJson: string; r: OpenReproduction } | null = null;

  constructor(
    private readonly env: {
      post(msg: TimeSeqFromWorker): void;
      now(): number;
      openReproduction?(fileJson: string, resources: ResolvedResources): OpenReproduction;
    },
  ) {}

  handle(msg: TimeSeqToWorker): void {
    const { requestId } = msg;
    const a = answerJob(
      () => this.env.now(),
      () => this.file(msg.fileJson, msg.resources).timeSequence(msg.index),
      () => (this.open = null), // nothing more runs on this instance
    );
    this.env.post(
      a.ok
        ? { type: 'timeSeqDone', requestId, plot: a.value, wallMs: a.wallMs }
        : { type: 'timeSeqError', requestId, message: a.message, trapped: a.trapped },
    );
  }

  private file(fileJson: string, resources: ResolvedResources): OpenReproduction {
    if (this.open?.fileJson !== fileJson) {
      this.open?.r.free();
      this.open = null;
      const r = (this.env.openReproduction ?? openWasmReproduction)(fileJson, resources);
      this.open = { fileJson, r };
    }
    return this.open.r;
  }
}
