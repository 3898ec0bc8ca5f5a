/**
 * The one way a page runs a sweep: the Sweep view, a paper's figure and a lesson's
 * sweep panel all call `useSweep`. `start(model)` fans the model's points × replications out over
 * the worker pool (`workerPool.ts`, replication-major so every point gets its first runs early and
 * the plot fills in evenly) and collects the answers in a `SweepResults` (statistics and CSV by the
 * simulator). While the sweep runs the page re-renders at most every `PUBLISH_MS`, and less often
 * when its re-renders are slow (`publishDelay`: drawing competes with the workers for the cores),
 * and once when it ends. The first re-render comes `PUBLISH_MS` after the start, not at it: a
 * sweep that ends sooner is drawn once, finished, and its workers never share the cores with a
 * drawing of empty charts (on a 2-core machine that drawing took a third of a short
 * sweep's time). The page's timing marks (`losslab:sweep:start`, `:first`, `:last`, and `:drawn`
 * when the finished sweep is on the page) give `npm run bench:sweep` its phases. The hook owns the model: a new `start`,
 * or unmounting, frees the previous one.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SweepModel } from './pageCore';
import { createSimWorker } from './simWorker';
import { poolSize, WorkerPool, type SweepJob } from './workerPool';
import { SweepResults } from './workerPoolResults';
import { WARM_MAX_MS, WARM_PASSES, WARM_POINTS, warmUpSweepJson } from './workerPoolWarmUp';

/** Shortest interval between two re-renders while a sweep runs, in ms of wall time. */
export const PUBLISH_MS = 150;
/** Most of the wall time the page spends re-rendering while a sweep runs (the rest is the workers'). */
export const DRAW_SHARE = 0.15;

/**
 * The wait before the next re-render while a sweep runs, after one that took `drawMs` (render,
 * commit and effects): at least `PUBLISH_MS`, and long enough that drawing takes at most
 * `DRAW_SHARE` of the time — a page whose charts take 60 ms to draw redraws every 340 ms, not every
 * 150 ms, on a machine whose cores the workers need.
 */
export function publishDelay(drawMs: number): number {
  return Math.max(PUBLISH_MS, (drawMs * (1 - DRAW_SHARE)) / DRAW_SHARE);
}

export interface SweepRun {
  results: SweepResults;
  done: number;
  total: number;
  /** `point <index> replication <r>: <message>`, r from 1. */
  errors: string[];
  state: 'running' | 'done' | 'cancelled';
  startedWall: number;
  finishedWall: number | null;
  /** Counts re-renders: changes whenever `results` has new answers to show. */
  version: number;
  /** Wall ms the workers spent running replications, summed over workers (their own clocks). */
  workerMs: number;
}

export interface SweepControl {
  run: SweepRun | null;
  /**
   * Run every replication of every point, but for the points in `known` (point index → all its
   * replications' flat values, as `SweepResults.flat` gives them), which are taken as they are —
   * results kept from an earlier sweep whose points were the same.
   */
  start(model: SweepModel, known?: ReadonlyMap<number, Float64Array>): void;
  cancel(): void;
  /** Workers a sweep runs on. */
  workers: number;
}

/**
 * `warm`: start the workers at mount, so a first sweep does not wait for their wasm, and let them
 * run the warm-up sweep (`workerPoolWarmUp.ts`) so it does not run on unoptimized code either.
 */
export function useSweep({ warm = false }: { warm?: boolean } = {}): SweepControl {
  const pool = useRef<WorkerPool | null>(null);
  const current = useRef<SweepRun | null>(null);
  const [run, setRun] = useState<SweepRun | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** When the last re-render was asked for (0 = measured), and how long the last one took. */
  const shownAt = useRef(0);
  const drawMs = useRef(0);

  const poolOf = () => (pool.current ??= new WorkerPool(createSimWorker));
  useEffect(() => {
    if (warm)
      poolOf().warm({ sweepJson: warmUpSweepJson(), points: WARM_POINTS, passes: WARM_PASSES, maxMs: WARM_MAX_MS });
    return () => {
      pool.current?.dispose();
      pool.current = null;
      if (timer.current) clearTimeout(timer.current);
      current.current?.results.model.free();
      current.current = null;
    };
  }, [warm]);

  const publish = useCallback((now: boolean) => {
    const show = () => {
      timer.current = null;
      const r = current.current;
      if (!r) return;
      shownAt.current = performance.now();
      setRun({ ...r, version: ++r.version });
    };
    if (now) {
      if (timer.current) clearTimeout(timer.current);
      show();
    } else if (!timer.current) timer.current = setTimeout(show, publishDelay(drawMs.current));
  }, []);

  // The finished sweep is on the page (committed, not yet painted): `npm run bench:sweep`'s end.
  useLayoutEffect(() => {
    if (run?.state === 'done') performance.mark('losslab:sweep:drawn');
  }, [run]);

  // The page's effects (its charts') have run when this one does: the re-render is over.
  useEffect(() => {
    if (shownAt.current === 0) return;
    drawMs.current = performance.now() - shownAt.current;
    shownAt.current = 0;
  }, [run]);

  const start = useCallback(
    (model: SweepModel, known?: ReadonlyMap<number, Float64Array>) => {
      const p = poolOf();
      const results = new SweepResults(model);
      const points = results.points;
      const reps = results.replications;
      const jobs: SweepJob[] = [];
      /** Position in `points` of each job. */
      const positions: number[] = [];
      points.forEach((pt, pos) => {
        const have = known?.get(pt.index);
        if (have)
          for (let r = 0; r < reps; r++)
            results.add(pos, r, have.subarray((r * have.length) / reps, ((r + 1) * have.length) / reps));
      });
      for (let r = 0; r < reps; r++)
        points.forEach((pt, pos) => {
          if (results.complete(pos)) return;
          jobs.push({ point: pt.index, rep: r });
          positions.push(pos);
        });
      const old = current.current;
      const r: SweepRun = {
        results,
        done: 0,
        total: jobs.length,
        errors: [],
        state: 'running',
        startedWall: performance.now(),
        finishedWall: null,
        version: 0,
        workerMs: 0,
      };
      performance.mark('losslab:sweep:start');
      current.current = r;
      if (old && old.results.model !== model) old.results.model.free();
      // Shown `PUBLISH_MS` from now (or when it ends, if sooner), whatever the last re-render cost.
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => publish(true), PUBLISH_MS);
      if (jobs.length === 0) {
        r.state = 'done';
        r.finishedWall = performance.now();
        publish(true);
        return;
      }
      p.run(model.json, jobs, {
        onResult: (k, res) => {
          const pos = positions[k];
          const rep = jobs[k].rep;
          if (r.done === 0) performance.mark('losslab:sweep:first');
          if (res.ok) {
            results.add(pos, rep, res.values);
            r.workerMs += res.wallMs;
          } else r.errors.push(`point ${points[pos].index} replication ${rep + 1}: ${res.error}`);
          r.done += 1;
          publish(false);
        },
        onIdle: () => {
          performance.mark('losslab:sweep:last', { detail: { workerMs: r.workerMs, workers: p.started } });
          r.state = 'done';
          r.finishedWall = performance.now();
          publish(true);
        },
      });
    },
    [publish],
  );

  const cancel = useCallback(() => {
    pool.current?.cancel();
    const r = current.current;
    if (r && r.state === 'running') {
      r.state = 'cancelled';
      r.finishedWall = performance.now();
      publish(true);
    }
  }, [publish]);

  const workers = pool.current?.size ?? poolSize();
  return useMemo(() => ({ run, start, cancel, workers }), [run, start, cancel, workers]);
}
