/**
 * Runs a lesson figure's sweep the way every page runs one (`sim/useSweep.ts`: the worker pool,
 * the plan sent once to each worker) and turns its results into one mean and 95 % CI per point
 * (the simulator's statistics, `SweepResults.aggregate`). A new sweep (the reader moved a control)
 * replaces the one in flight.
 */
import { useEffect, useMemo, useState } from 'react';
import { SweepModel, type RowStats } from '../sim/pageCore';
import { useSweep } from '../sim/useSweep';

export interface SweepPointResult {
  x: unknown;
  stats: RowStats | null;
}

export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'error';
  done: number;
  total: number;
  points: SweepPointResult[];
  error: string | null;
}

const IDLE: SweepState = { status: 'idle', done: 0, total: 0, points: [], error: null };

/** Runs `json` (a sweep document) when `start` is true and whenever `json` changes after that. */
export function useFigureSweep(json: string | null, start: boolean): SweepState {
  const sweep = useSweep();
  const { start: startSweep, cancel } = sweep;
  const [problem, setProblem] = useState<{ json: string; error: string } | null>(null);

  useEffect(() => {
    if (!start || !json) return;
    let model: SweepModel;
    try {
      model = new SweepModel(json);
    } catch (e) {
      setProblem({ json, error: e instanceof Error ? e.message : String(e) });
      return;
    }
    setProblem(null);
    startSweep(model);
    return cancel;
  }, [json, start, startSweep, cancel]);

  const run = sweep.run;
  return useMemo(() => {
    if (problem && problem.json === json) return { ...IDLE, status: 'error', error: problem.error };
    if (!run) return IDLE;
    const { results, errors } = run;
    const status: SweepState['status'] =
      run.state === 'running' ? 'running' : errors.length > 0 && run.state === 'done' ? 'error' : 'done';
    return {
      status,
      done: run.done,
      total: run.total,
      error: errors[0] ?? null,
      points: results.points.map((pt, i) => {
        const row = pt.rows.findIndex((r) => r.entity !== 'flow' || pt.rows.length === 1);
        return { x: pt.values[0], stats: results.aggregate(i)?.[Math.max(0, row)] ?? null };
      }),
    };
  }, [run, problem, json]);
}
