/**
 * React binding for the simulation worker: one worker per component that uses the hook,
 * status `idle | loading | running | paused | done | error`, frames of stale runs dropped,
 * re-rendering at most once per animation frame. A failed or stuck worker is replaced by the
 * controller (see simController.ts).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimController, type SimSnapshot } from './simController';
import { createSimWorker } from './simWorker';

export type { SimSnapshot, SimStatus } from './simController';

export interface Simulation {
  state: SimSnapshot;
  controller: SimController;
}

/** localStorage key that exposes the last controller as `window.__losslabSim` (Playwright only). */
export const TEST_HOOKS_KEY = 'losslab.testHooks';

function testHooksOn(): boolean {
  try {
    return localStorage.getItem(TEST_HOOKS_KEY) === '1';
  } catch {
    return false;
  }
}

export function useSimulation(): Simulation {
  const [controller] = useState(() => new SimController(createSimWorker));
  useEffect(() => {
    // Test-only: a story reaches the controller to make its worker trap or hang
    // (SimController.injectTestFault); absent unless the story set the localStorage key.
    if (testHooksOn()) (window as unknown as { __losslabSim?: SimController }).__losslabSim = controller;
    return () => controller.dispose();
  }, [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { state, controller };
}
