/**
 * A sweep's results on the page: each point keeps its replications' row values in one
 * `Float64Array` (replication × rows, `NaN` = undefined), filled as the pool's answers arrive in
 * any order. Statistics and the CSV are the simulator's (`SweepModel.aggregateFlat` /
 * `pointCsvFlat`, sim-core `sweep/`), over the finished replications in replication order — so a
 * finished point's numbers are `losslab sweep`'s, byte for byte. A point's statistics are computed
 * again only when it has new replications.
 */
import type { RowStats, Sample, SweepModel, SweepPointPlan } from './pageCore';

export class SweepResults {
  readonly points: readonly SweepPointPlan[];
  readonly replications: number;
  private readonly values: Float64Array[];
  private readonly have: Uint8Array[];
  private readonly counts: number[];
  private readonly cache = new Map<number, { count: number; stats: RowStats[] }>();

  constructor(readonly model: SweepModel) {
    this.points = model.plan.points;
    this.replications = model.plan.replications;
    this.values = this.points.map((p) => new Float64Array(this.replications * p.rows.length));
    this.have = this.points.map(() => new Uint8Array(this.replications));
    this.counts = this.points.map(() => 0);
  }

  /** Replication `rep` of the point at position `pos` (in `points`) answered with `values`. */
  add(pos: number, rep: number, values: Float64Array): void {
    const rows = this.points[pos].rows.length;
    if (values.length !== rows)
      throw new Error(`point ${this.points[pos].index}: ${values.length} values for ${rows} rows`);
    if (this.have[pos][rep]) return;
    this.values[pos].set(values, rep * rows);
    this.have[pos][rep] = 1;
    this.counts[pos] += 1;
  }

  /** Replications the point at `pos` has finished. */
  count(pos: number): number {
    return this.counts[pos];
  }

  /** True when every replication of the point at `pos` has finished. */
  complete(pos: number): boolean {
    return this.counts[pos] === this.replications;
  }

  /** The finished replications' values (the first `upTo` of them when given), in replication order. */
  flat(pos: number, upTo = this.replications): Float64Array {
    const rows = this.points[pos].rows.length;
    if (upTo >= this.replications && this.complete(pos)) return this.values[pos];
    const out = new Float64Array(Math.min(upTo, this.counts[pos]) * rows);
    let k = 0;
    for (let r = 0; r < this.replications && k < out.length; r++)
      if (this.have[pos][r]) {
        out.set(this.values[pos].subarray(r * rows, (r + 1) * rows), k);
        k += rows;
      }
    return out;
  }

  /** Mean and 95 % CI of every row of the point at `pos` (null before its first replication). */
  aggregate(pos: number): RowStats[] | null {
    const count = this.counts[pos];
    if (count === 0) return null;
    const hit = this.cache.get(pos);
    if (hit && hit.count === count) return hit.stats;
    const stats = this.model.aggregateFlat(this.points[pos].index, this.flat(pos));
    this.cache.set(pos, { count, stats });
    return stats;
  }

  /** The finished replications of the point at `pos` as samples (null = undefined), in replication order. */
  samples(pos: number, upTo = this.replications): Sample[] {
    const rows = this.points[pos].rows.length;
    const flat = this.flat(pos, upTo);
    const out: Sample[] = [];
    for (let i = 0; i < flat.length; i += rows)
      out.push(Array.from(flat.subarray(i, i + rows), (v) => (Number.isNaN(v) ? null : v)));
    return out;
  }

  /** Replications every point has finished, counted from the first (replication 0, 1, … with no gap). */
  completeRound(): number {
    let round = this.replications;
    for (const have of this.have) {
      let k = 0;
      while (k < round && have[k]) k++;
      round = k;
    }
    return round;
  }

  /** Positions of the points whose replications have all finished. */
  completePositions(): number[] {
    return this.points.map((_, i) => i).filter((i) => this.complete(i));
  }

  /** `losslab sweep`'s aggregate CSV of the complete points (the simulator's writer). */
  csv(): string {
    let out = this.model.csvHeader();
    for (const i of this.completePositions()) out += this.model.pointCsvFlat(this.points[i].index, this.values[i]);
    return out;
  }
}
