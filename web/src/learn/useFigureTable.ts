/**
 * Runs a lesson figure's results-table sweep (`figureTable.ts`: every control over all its values,
 * the figure's replications) in the worker pool, as every page runs a sweep (`sim/useSweep.ts`),
 * and reads each cell's mean with the simulator's own statistics. A cell has a value once its
 * point has finished every replication (a partial mean would not be the number the prose quotes).
 */
import { useEffect, useMemo, useState } from 'react';
import { SweepModel } from '../sim/pageCore';
import { useSweep } from '../sim/useSweep';
import { cellMean, cellPoint, type TableCell } from './figureTable';

export interface TableState {
  status: 'idle' | 'running' | 'done' | 'error';
  /** Cell key → its mean over every replication (absent until its point is complete). */
  values: ReadonlyMap<string, number>;
  error: string | null;
}

const IDLE: TableState = { status: 'idle', values: new Map(), error: null };

export function useFigureTable(json: string | null, cells: readonly TableCell[], start: boolean): TableState {
  const sweep = useSweep();
  const { start: startSweep, cancel } = sweep;
  const [problem, setProblem] = useState<{ json: string; error: string } | null>(null);

  useEffect(() => {
    if (!start || !json || cells.length === 0) return;
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
  }, [json, cells.length, start, startSweep, cancel]);

  const run = sweep.run;
  return useMemo(() => {
    if (problem && problem.json === json) return { ...IDLE, status: 'error', error: problem.error };
    if (!run) return IDLE;
    const { results, errors } = run;
    const paths = results.model.plan.paths;
    const values = new Map<string, number>();
    for (const c of cells) {
      const pos = cellPoint(c, paths, results.points);
      if (pos < 0 || !results.complete(pos)) continue;
      const mean = cellMean(c, results.aggregate(pos));
      if (mean !== null) values.set(c.key, mean);
    }
    const status: TableState['status'] =
      errors.length > 0 ? 'error' : run.state === 'running' ? 'running' : run.state === 'done' ? 'done' : 'idle';
    return { status, values, error: errors[0] ?? null };
    // `run.version` changes whenever new answers arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, run?.version, problem, json, cells]);
}
