/**
 * A paper's reproduction on the page: the simulator's `reproduce` engine through wasm
 * (`WasmReproduction`, sim-core/wasm `reproduce.rs`). It reads the file, gives the sweep to run
 * (the page fans its points out over the worker pool, as the Sweep view does) and evaluates the
 * claims from the samples, so every verdict, value and CSV here is `losslab reproduce`'s; the page
 * keeps no copy of the check rules.
 */
import * as glue from './worker/pkg/losslab_wasm.js';
import type { Sample } from './pageCore';

/** What the loader is asked for: a scenario id, a sweep id, a path under content/reference/. */
export type ResourceKind = 'scenario' | 'sweep' | 'reference';

export interface IfMissed {
  mechanism: string;
  knob: string;
  doc: string;
}

export interface ReproductionInfo {
  paper: string;
  id: string;
  title: string;
  setup: string;
  claim: string;
  source: string;
  reference_path: string | null;
  reference_present: boolean;
  sweep_name: string;
  replications: number;
  replications_test: number;
  plot: {
    x_path: string;
    x_label: string;
    x_unit: string;
    log_x: boolean;
    x_map: string;
    metric: string;
    y_label: string;
    y_unit: string;
    series: {
      id: string;
      label: string;
      reference: string | null;
      /** raw: the sweep's x value; x: the plotted x; point: the sweep point; row: its CSV metric. */
      cells: { raw: unknown; x: number; point: number; row: string }[];
    }[];
  };
  expect: {
    id: string;
    claim: string;
    paper: string;
    kind: string;
    forms: string;
    tolerance_why: string;
    holds_at_test_count: boolean;
    if_missed: IfMissed;
  }[];
}

export type VerdictText = 'reproduced' | 'direction only' | 'inconclusive' | 'not reproduced';

/** One cell of the paper's numbers beside LossLab's (the engine's `compare` rows). */
export interface ComparisonRow {
  series: string;
  x: number;
  paper: number;
  mean: number;
  low: number;
  high: number;
  n: number;
  /** (LossLab − paper) / paper; null when the paper's value is 0. */
  deviation: number | null;
}

export interface ReproductionResult {
  replications: number;
  runs: number;
  /** Every verdict class, sanity checks apart, and the rows that depart from the paper. */
  tally: {
    reproduced: number;
    direction_only: number;
    inconclusive: number;
    not_reproduced: number;
    sanity_held: number;
    sanity: number;
    departs: number;
  };
  /** The paper's numbers beside LossLab's, cell by cell, in the units of `units`. */
  comparison: ComparisonRow[];
  units: { x: string; y: string };
  reference_note: string;
  plot: {
    x_label: string;
    y_label: string;
    log_x: boolean;
    series: {
      label: string;
      /** Index into `reference` of the paper's series it compares with. */
      reference: number | null;
      points: { x: number; mean: number; low: number; high: number; n: number }[];
    }[];
    /** The paper's series in the figure's y unit. */
    reference: { id: string; label: string; unit: string; points: { x: number; y: number; uncertainty: number }[] }[];
  };
  outcomes: {
    id: string;
    claim: string;
    paper: string;
    losslab: string;
    verdict: VerdictText;
    /** The verdict in words: `inconclusive at 3 replications (about 40 would likely decide it; an estimate)`. */
    verdict_text: string;
    /** A claim of the paper, or a structural sanity check (never counted as a reproduction). */
    class: 'claim' | 'sanity';
    /** How the row departs from the paper's procedure, if it does. */
    departs: string | null;
    test: string;
    tolerance_why: string;
    if_missed: IfMissed;
  }[];
  /** The sweep's aggregate CSV, the bytes `losslab reproduce` writes beside the figure. */
  csv: string;
}

export class ReproductionModel {
  private readonly r: glue.WasmReproduction;
  readonly info: ReproductionInfo;

  /** Throws with every problem of the file, one per line, as `losslab reproduce` words them. */
  constructor(fileJson: string, resolve: (kind: ResourceKind, name: string) => unknown) {
    // Files travel as JSON text, so the engine reads their numbers exactly as the CLI does.
    this.r = new glue.WasmReproduction(fileJson, (k: ResourceKind, n: string) => {
      const v = resolve(k, n);
      return v === null || v === undefined ? null : JSON.stringify(v);
    });
    this.info = this.r.info() as ReproductionInfo;
  }

  /** The sweep document to run at `replications` per point (for `WasmSweep` and the workers). */
  sweepJson(replications: number): string {
    return this.r.sweepJson(replications);
  }

  /** The engine's report of the samples so far (`samples[i]`: point i's replications, in order). */
  evaluate(replications: number, samples: readonly (readonly Sample[])[]): ReproductionResult {
    return this.r.evaluate(replications, samples) as ReproductionResult;
  }

  /** The scenario of a sweep point (the base with the point's varied values). */
  pointScenario(point: number): unknown {
    return this.r.pointScenario(point);
  }

  /**
   * The file's time-sequence plots (`timeseq[]`), described without running them; each is
   * simulated and drawn in the time-sequence worker (`timeSeqWorker.ts`), never here.
   */
  timeSequenceSpecs(): TimeSeqSpecInfo[] {
    return this.r.timeSequenceSpecs() as TimeSeqSpecInfo[];
  }

  free(): void {
    this.r.free();
  }
}

/** A time-sequence plot a reproduction asks for (`timeseq[]`), described without running it. */
export interface TimeSeqSpecInfo {
  id: string;
  title: string;
  /** The flow drawn. */
  flow: string;
  /** Replication of the point (seed = the point's seed + it). */
  replication: number;
  /** Window, s (null: the run's start / its last event). */
  from_s: number | null;
  to_s: number | null;
  /** The run's seed (null if the point is not in the plan). */
  seed: number | null;
  /** The sweep point: every varied path and its value there. */
  at: { path: string; value: unknown }[];
}
