/**
 * The one place that starts a simulation worker (`worker/sim.worker.ts`): the interactive run's
 * controller (`useSimulation`) and the Sweep view's pool (`WorkerPool`) both call it, so no page
 * names the worker's file.
 */
export function createSimWorker(): Worker {
  return new Worker(new URL('./worker/sim.worker.ts', import.meta.url), { type: 'module' });
}
