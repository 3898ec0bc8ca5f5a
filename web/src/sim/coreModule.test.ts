/**
 * The page's compiled wasm handed to the workers it starts: `loadPageCore` keeps the
 * module it compiled; a new simulation worker (the sweep pool's, the lab's) and a new time-sequence
 * worker get it as their first message, before any job; and a worker loads its wasm from that
 * module, not from the file, when the module comes first (from the file otherwise).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCoreModule } from './coreWasmUrl';
import { loadPageCore, pageCoreModule } from './pageCore';
import { createSimWorker } from './simWorker';
import { createTimeSeqWorker } from './timeSeqWorker';
import { isCoreModuleMessage, loadWorkerWasm } from './worker/wasmCore';

const wasmBytes = () => readFileSync(new URL('./worker/pkg/losslab_wasm_bg.wasm', import.meta.url));

/** Stands in for `Worker`: keeps what the page posts. */
class RecordingWorker {
  static made: RecordingWorker[] = [];
  got: unknown[] = [];
  onmessage = null;
  onerror = null;
  constructor(readonly url: URL) {
    RecordingWorker.made.push(this);
  }
  postMessage(msg: unknown) {
    this.got.push(msg);
  }
  terminate() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingWorker.made = [];
});

describe('the compiled wasm, shared with the workers', () => {
  it('loadPageCore keeps the module it compiled, and every worker the page starts gets it first', async () => {
    expect(pageCoreModule()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(wasmBytes(), { headers: { 'Content-Type': 'application/wasm' } })),
    );
    await loadPageCore('http://localhost/losslab_wasm_bg.wasm');
    const module = pageCoreModule();
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(fetch).toHaveBeenCalledTimes(1);

    vi.stubGlobal('Worker', RecordingWorker);
    createSimWorker();
    createTimeSeqWorker();
    const [sim, timeSeq] = RecordingWorker.made;
    expect(sim.url.pathname).toMatch(/sim\.worker/);
    expect(timeSeq.url.pathname).toMatch(/timeSeq\.worker/);
    for (const w of [sim, timeSeq]) expect(w.got).toEqual([{ type: 'coreModule', module }]);
  });

  it('sends nothing when the page has no compiled module', () => {
    const w = { got: [] as unknown[], postMessage: (m: unknown) => w.got.push(m) };
    expect(withCoreModule(w, null)).toBe(w);
    expect(w.got).toEqual([]);
  });

  it('a worker instantiates the module it is handed, and fetches the file only when it is not', async () => {
    const module = new WebAssembly.Module(wasmBytes());
    const init = vi.fn(async () => undefined);
    const first = { type: 'coreModule', module };
    expect(isCoreModuleMessage(first)).toBe(true);
    await loadWorkerWasm(first, 'losslab.wasm', init);
    expect(init).toHaveBeenLastCalledWith({ module_or_path: module });
    await loadWorkerWasm({ type: 'sweepOpen', sweepId: 1, sweepJson: '{}' }, 'losslab.wasm', init);
    expect(init).toHaveBeenLastCalledWith({ module_or_path: 'losslab.wasm' });
    expect(isCoreModuleMessage(null)).toBe(false);
  });
});
