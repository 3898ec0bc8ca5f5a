/**
 * React binding for the simulation worker: one worker per component that uses the hook,
 * status `idle | loading | running | paused | done | error`, frames of stale runs dropped,
 * re-rendering at most once per animation frame.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimController, type SimSnapshot } from './simController';

export type { SimSnapshot, SimStatus } from './simController';

function createWorker(): Worker {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
}

export interface Simulation {
  state: SimSnapshot;
  controller: SimController;
}

export function useSimulation(): Simulation {
  const [controller] = useState(() => new SimController(createWorker));
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { state, controller };
}
