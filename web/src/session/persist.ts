/**
 * The last scenario of each view survives a reload (localStorage). Stored text is parsed and
 * shape-checked on the way back in; with the simulator's validator installed
 * (`setScenarioCheck`, done by the app shell once the simulator has loaded) a scenario is stored
 * only when it validates and a stored one that does not is dropped on the way in, so a bad
 * saved scenario cannot break the lab at every visit.
 */
import { asScenario, type ScenarioJson } from '../scenario/types';

export const LAB_KEY = 'losslab.lab.scenario';
export const COMPARE_KEY = 'losslab.compare';
export const SWEEP_KEY = 'losslab.sweep';
export const THEME_KEY = 'losslab.theme';
/** `off` when the reader turned the single-key shortcuts off (`singleKeys.ts`). */
export const SINGLE_KEYS_KEY = 'losslab.singleKeys';

/** The simulator's validator: every problem of scenario JSON, empty when valid. */
export type ScenarioCheck = (json: string) => string[];

let check: ScenarioCheck | null = null;

/** Installs the validator every stored scenario must pass (null: none, as in unit tests). */
export function setScenarioCheck(fn: ScenarioCheck | null): void {
  check = fn;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The scenarios a stored value of `key` holds (the lab's one, the Compare view's pair). */
function scenariosIn(key: string, value: unknown): unknown[] {
  if (key === LAB_KEY) return [value];
  if (key === COMPARE_KEY && isObject(value)) return [value.a, value.b].filter((x) => x !== undefined);
  return [];
}

/** True when every scenario the value holds validates (always true without a validator). */
function passes(key: string, value: unknown): boolean {
  if (!check) return true;
  for (const s of scenariosIn(key, value)) {
    const shaped = asScenario(s);
    if (!shaped || check(JSON.stringify(shaped)).length > 0) return false;
  }
  return true;
}

export function loadJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    const value: unknown = text ? JSON.parse(text) : null;
    if (value !== null && !passes(key, value)) {
      localStorage.removeItem(key);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export function saveJson(key: string, value: unknown): void {
  if (!passes(key, value)) return; // keep the last scenario that validated
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: persistence is a convenience */
  }
}

export function removeSaved(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage disabled */
  }
}

/**
 * Drops every stored scenario the validator rejects (run once at startup, before any view reads
 * storage); returns the keys dropped.
 */
export function dropInvalidSaved(): string[] {
  const dropped: string[] = [];
  for (const key of [LAB_KEY, COMPARE_KEY]) {
    let text: string | null = null;
    try {
      text = localStorage.getItem(key);
    } catch {
      return dropped;
    }
    if (text === null) continue;
    let value: unknown = null;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value === undefined || !passes(key, value)) {
      removeSaved(key);
      dropped.push(key);
    }
  }
  return dropped;
}

export function loadScenario(key = LAB_KEY): ScenarioJson | null {
  return asScenario(loadJson(key));
}
