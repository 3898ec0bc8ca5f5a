/**
 * The last scenario of each view survives a reload (localStorage). Stored text is parsed and
 * shape-checked on the way back in, and the page validates it with the simulator like any input.
 */
import { asScenario, type ScenarioJson } from '../scenario/types';

export const LAB_KEY = 'losslab.lab.scenario';
export const COMPARE_KEY = 'losslab.compare';
export const SWEEP_KEY = 'losslab.sweep';
export const THEME_KEY = 'losslab.theme';

export function loadJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function saveJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: persistence is a convenience */
  }
}

export function loadScenario(key = LAB_KEY): ScenarioJson | null {
  return asScenario(loadJson(key));
}
