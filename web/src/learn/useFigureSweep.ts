/**
 * Runs a lesson figure's sweep over the Sweep view's worker pool (`sim/workerPool.ts`: one job per
 * point and replication, `runJob` in the simulation worker) and keeps the samples; the simulator
 * plans the points and aggregates each into mean and 95 % CI (`SweepModel`, sim-core `sweep/`).
 * A new sweep (the reader moved a control) cancels the one in flight.
 */
import { useEffect, useRef, useState } from 'react';
import { SweepModel, type RowStats, type Sample } from '../sim/pageCore';
import { createSimWorker } from '../sim/simWorker';
import { WorkerPool } from '../sim/workerPool';

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
  const [state, setState] = useState<SweepState>(IDLE);
  const pool = useRef<WorkerPool | null>(null);
  useEffect(() => () => pool.current?.dispose(), []);

  useEffect(() => {
    if (!start || !json) return;
    let model: SweepModel;
    try {
      model = new SweepModel(json);
    } catch (e) {
      setState({ ...IDLE, status: 'error', error: e instanceof Error ? e.message : String(e) });
      return;
    }
    const p = pool.current ?? new WorkerPool(createSimWorker);
    pool.current = p;
    p.cancel();
    const reps = model.plan.replications;
    const points = model.plan.points;
    const samples: Map<number, Sample>[] = points.map(() => new Map());
    const total = points.length * reps;
    let done = 0;
    let frame = 0;
    const errors: string[] = [];
    const publish = (status: SweepState['status']) =>
      setState({
        status: errors.length > 0 && status === 'done' ? 'error' : status,
        done,
        total,
        error: errors[0] ?? null,
        points: points.map((pt, i) => {
          const s = [...samples[i].entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
          const row = pt.rows.findIndex((r) => r.entity !== 'flow' || pt.rows.length === 1);
          return {
            x: pt.values[0],
            stats: s.length > 0 ? (model.aggregate(pt.index, s)[Math.max(0, row)] ?? null) : null,
          };
        }),
      });
    publish('running');
    const jobs = [];
    // Replication-major: every point gets its first run early, so the dots fill in evenly.
    for (let k = 0; k < reps; k++)
      for (let i = 0; i < points.length; i++)
        jobs.push({ id: i * reps + k, sweepJson: model.json, point: points[i].index, rep: k });
    p.run(jobs, {
      onResult: (id, res) => {
        const i = Math.floor(id / reps);
        if (res.ok) samples[i].set(id % reps, res.sample);
        else errors.push(res.error);
        done += 1;
        if (frame === 0)
          frame = requestAnimationFrame(() => {
            frame = 0;
            publish(done === total ? 'done' : 'running');
          });
      },
      onIdle: () => publish('done'),
    });
    return () => {
      cancelAnimationFrame(frame);
      p.cancel();
      model.free();
    };
  }, [json, start]);

  return state;
}
