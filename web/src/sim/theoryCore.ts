/**
 * The lessons' theory curves on the page: sim-core's `theory` module (Mathis et al.
 * 1997, Padhye et al. 1998) through wasm (`theoryCurve`, sim-core/wasm `theory.rs`). The formulas,
 * and what they read from a scenario (MSS, base RTT, RTO, receiver window, the packet loss rate of
 * a `packet_error` or `bit_error` bottleneck), are the simulator's; the page only plots.
 */
import * as glue from './worker/pkg/losslab_wasm.js';

export type TheoryModel = 'mathis' | 'padhye';
export const THEORY_MODELS: readonly TheoryModel[] = ['mathis', 'padhye'];

/** The model's throughput (kbit/s) at each x, the scenario with x set at `xPath`; NaN where none. Throws with why. */
export function theoryCurve(scenarioJson: string, model: TheoryModel, xPath: string, xs: readonly number[]): number[] {
  return Array.from(glue.theoryCurve(scenarioJson, model, xPath, Float64Array.from(xs)));
}
