/**
 * The page's door to the packet view's worker (`worker/packetTrace.worker.ts`): asks for the
 * simulator's path-trace records of one time window of a scenario's run and answers by promise.
 * One worker per packet view, started on the first window asked (handed the page's compiled wasm
 * first) and terminated by `dispose`; a worker that crashes is replaced on the next request.
 */
import { withCoreModule } from './coreWasmUrl';
import type { PacketTraceFromWorker, PacketTraceToWorker, PathWindow } from './worker/packetTraceJobs';

export type { FlowPath, PathCause, PathEvent, PathLink, PathPacket, PathWindow } from './worker/packetTraceJobs';

export interface PacketTraceWorkerLike {
  postMessage(msg: PacketTraceToWorker): void;
  onmessage: ((ev: MessageEvent<PacketTraceFromWorker>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

export function createPacketTraceWorker(): PacketTraceWorkerLike {
  return withCoreModule(new Worker(new URL('./worker/packetTrace.worker.ts', import.meta.url), { type: 'module' }));
}

type Answer = { ok: true; window: PathWindow; wallMs: number } | { ok: false; error: string };

export class PacketTraceClient {
  private w: PacketTraceWorkerLike | null = null;
  private pending = new Map<number, (a: Answer) => void>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly createWorker: () => PacketTraceWorkerLike = createPacketTraceWorker) {}

  /** The records of `[fromMs, toMs]` of `scenarioJson`'s run. */
  window(scenarioJson: string, fromMs: number, toMs: number): Promise<Answer> {
    if (this.disposed) return Promise.resolve({ ok: false, error: 'the packet view was closed' });
    const requestId = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.worker().postMessage({ type: 'pathWindow', requestId, scenarioJson, fromMs, toMs });
    });
  }

  dispose(): void {
    this.disposed = true;
    this.fail('the packet view was closed');
    this.w?.terminate();
    this.w = null;
  }

  private fail(error: string): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p({ ok: false, error });
  }

  private worker(): PacketTraceWorkerLike {
    if (this.w) return this.w;
    const w = this.createWorker();
    this.w = w;
    w.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'pathFatal') {
        this.w = null;
        w.terminate();
        return this.fail(m.message);
      }
      const p = this.pending.get(m.requestId);
      if (!p) return;
      this.pending.delete(m.requestId);
      if (m.type === 'pathWindowDone') return p({ ok: true, window: m.window, wallMs: m.wallMs });
      if (m.trapped) {
        this.w = null;
        w.terminate();
      }
      p({ ok: false, error: m.message });
    };
    w.onerror = (ev) => {
      ev.preventDefault?.();
      this.w = null;
      w.terminate();
      this.fail(`the simulator stopped with an internal error${ev.message ? ` (${ev.message})` : ''}`);
    };
    return w;
  }
}
