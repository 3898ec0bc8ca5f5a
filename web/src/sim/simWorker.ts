/**
 * The one place that starts a simulation worker (`worker/sim.worker.ts`): the interactive run's
 * controller (`useSimulation`) and the Sweep view's pool (`WorkerPool`) both call it, so no page
 * names the worker's file. The worker is handed the page's compiled wasm first (`withCoreModule`).
 */
import { withCoreModule } from './coreWasmUrl';

export function createSimWorker(): Worker {
  return withCoreModule(new Worker(new URL('./worker/sim.worker.ts', import.meta.url), { type: 'module' }));
}
