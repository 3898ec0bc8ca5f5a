/**
 * A run on a page: one scenario, one simulator worker (`useSimulation`), and what every view that
 * shows a run derives from them — the scenario's JSON, its check by the simulator's validator,
 * whether it may run, the time axis, the flows to plot, the chosen speed, and Run (which resumes a
 * paused run of the same scenario, else starts it). The lab, the embed, Compare and its embed
 * (two of these, `runPair`) and every live figure of a lesson use it.
 *
 * While a run exists its own scenario (what the worker was given) sets the stop time and the
 * declared flows, so an edit made during a run does not redraw that run's axes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useValidation, type Validation } from '../scenario/useValidation';
import type { ScenarioJson } from '../scenario/types';
import { flowIdsOf as declaredFlowIds } from '../sim/pageCore';
import type { SimController, SimSnapshot } from '../sim/simController';
import { useSimulation } from '../sim/useSimulation';
import { flowIdsOf } from './chartModel';
import { SPEEDS } from './speeds';
import { axisEndS, runProgress } from './timeAxis';

/** What a page has for its run. */
export interface PageRun {
  state: SimSnapshot;
  controller: SimController;
  /** The scenario as JSON text ('' when there is none). */
  json: string;
  /** The scenario of the run under way (what the worker was given), else the page's. */
  shown: ScenarioJson | null;
  /** The simulator's validator's answer for `json`. */
  validation: Validation;
  /** The scenario is there and the validator found no problem in it. */
  valid: boolean;
  /** Loading or running. */
  running: boolean;
  done: boolean;
  /** The run's stop time, s (before a run: the scenario's, 60 s when it sets none). */
  stopS: number;
  /** The right end of the time axis, s: what was simulated, in nice steps while running (`axisEndS`). */
  axisS: number;
  /** The share of the run done, 0–1 (`runProgress`). */
  progress: number;
  /** The flows to plot: the run's own once its series name them, else the scenario's. */
  flowIds: string[];
  /** The chosen speed, an index in `SPEEDS`. */
  speedIndex: number;
  /** Chooses a speed; a run under way changes pace at once. */
  setSpeed(index: number): void;
  /** Run: resumes a paused run of this scenario, else runs the scenario from the start. */
  play(): void;
}

export interface PageRunOptions {
  /** The speed to start at, an index in `SPEEDS` (default 0: as fast as possible). */
  speedIndex?: number;
  /** Ask the simulator's validator about the scenario (default true; a lesson figure's presets need not). */
  validate?: boolean;
}

const NO_SCENARIO = ['(root): no scenario'];

/** `scenario` (null: none, e.g. a link that could not be read) as a run on this page. */
export function usePageRun(scenario: ScenarioJson | null, options: PageRunOptions = {}): PageRun {
  const { state, controller } = useSimulation();
  const check = options.validate ?? true;
  const [speedIndex, setSpeedIndex] = useState(options.speedIndex ?? 0);
  const json = useMemo(() => (scenario ? JSON.stringify(scenario) : ''), [scenario]);
  const validate = useMemo(
    () => (j: string) =>
      !j ? Promise.resolve(NO_SCENARIO) : check ? controller.validate(j) : Promise.resolve([] as string[]),
    [controller, check],
  );
  const validation = useValidation(validate, json);
  const valid = json !== '' && validation.validated && validation.problems.length === 0;

  // The scenario of the run under way, else the one on the page.
  const runScenario = useMemo<ScenarioJson | null>(
    () => (state.scenarioJson ? (JSON.parse(state.scenarioJson) as ScenarioJson) : null),
    [state.scenarioJson],
  );
  const shown = runScenario ?? scenario;
  const done = state.status === 'done';
  const stopS = state.stopMs > 0 ? state.stopMs / 1000 : (shown?.stop?.time_s ?? 60);
  const declared = useMemo(() => (shown ? declaredFlowIds(shown) : []), [shown]);
  const flowIds = useMemo(() => flowIdsOf(state.series, declared), [state.series, declared]);

  // The controller holds the speed a run is sent with: the starting one at once, each choice as made.
  const startSpeed = useRef(speedIndex);
  useEffect(() => controller.setSpeed(SPEEDS[startSpeed.current].value), [controller]);
  const setSpeed = useCallback(
    (i: number) => {
      setSpeedIndex(i);
      controller.setSpeed(SPEEDS[i].value);
    },
    [controller],
  );
  const play = () => {
    const s = controller.getSnapshot();
    if (s.status === 'paused' && s.scenarioJson === json) controller.resume();
    else controller.run(json);
  };

  return {
    state,
    controller,
    json,
    shown,
    validation,
    valid,
    running: state.status === 'running' || state.status === 'loading',
    done,
    stopS,
    axisS: axisEndS(state.nowMs, stopS, done),
    progress: runProgress(state.nowMs, stopS, done),
    flowIds,
    speedIndex,
    setSpeed,
    play,
  };
}
