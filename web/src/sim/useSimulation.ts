/**
 * React binding for the simulation worker: one worker per component that uses the hook,
 * status `idle | loading | running | paused | done | error`, frames of stale runs dropped,
 * re-rendering at most once per animation frame.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimController, type SimSnapshot } from './simController';
import { createSimWorker } from './simWorker';

export type { SimSnapshot, SimStatus } from './simController';

export interface Simulation {
  state: SimSnapshot;
  controller: SimController;
}

export function useSimulation(): Simulation {
  const [controller] = useState(() => new SimController(createSimWorker));
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { state, controller };
}
