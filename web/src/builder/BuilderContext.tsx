/**
 * What every builder field needs: the scenario, a way to change one path of it, the validator's
 * problems for a path, a way to report text that does not parse, and the catalog.
 */
import { createContext, useContext } from 'react';
import type { Catalog } from '../scenario/catalog';
import { normalizeCatalog } from '../scenario/catalog';
import { pathWithin } from '../scenario/paths';
import { splitProblem } from '../sim/protocol';
import type { ScenarioJson } from '../scenario/types';

export interface Builder {
  scenario: ScenarioJson;
  /** Sets (or with `undefined` deletes) the value at a JSON path. */
  set(path: string, value: unknown): void;
  /** Replaces the scenario through a function of the current one. */
  update(fn: (s: ScenarioJson) => ScenarioJson): void;
  /** Validator problems (`"path: message"`) of the current scenario. */
  problems: readonly string[];
  /** Text at `path` stopped (message) or started again (null) to parse as a number. */
  parseError(path: string, message: string | null): void;
  catalog: Catalog;
}

export const BuilderContext = createContext<Builder>({
  scenario: { schema: 1, id: 'scenario', flows: [] },
  set: () => {},
  update: () => {},
  problems: [],
  parseError: () => {},
  catalog: normalizeCatalog(null),
});

export function useBuilder(): Builder {
  return useContext(BuilderContext);
}

/** The problems that lie at `path` or inside it. */
export function problemsAt(problems: readonly string[], path: string): string[] {
  return problems.filter((p) => pathWithin(splitProblem(p).path, path));
}
