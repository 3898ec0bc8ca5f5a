//! The packet view's door to the simulator's path trace (`sim_core::engine::path_trace`): a run
//! of the lab's scenario with the trace on and no series (the same events, so the same packets,
//! as the lab's run of that scenario and seed), advanced by the caller and drained in slices.
//!
//! JS API: `new WasmPathTrace(json)` (throws with every problem, one per line), `links()` →
//! `[{name, rate_bps, delay_ms, limit_pkts}]`, `routes()` → `[{id, cc, classifier, data, ack}]`
//! (link indices), `runUntil(tMs, maxEvents)` → true once finished, `take()` → the records since
//! the last call (`{type: "hop" | "drop" | "verdict" | "timeout", …}`, fields as in the Rust
//! docs), `dropped()` (records left out at the cap), `nowMs()`, `stopMs()`.

use crate::to_js;
use sim_core::{RunMode, RunStatus, Simulation};
use wasm_bindgen::prelude::*;

/// A run with the path trace on.
#[wasm_bindgen]
pub struct WasmPathTrace {
    sim: Simulation,
}

#[wasm_bindgen]
impl WasmPathTrace {
    /// Build the run from scenario JSON; throws with every problem, one per line.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<WasmPathTrace, JsError> {
        let sc =
            sim_core::budget::parse(scenario_json).map_err(|errs| crate::problems_error(&errs))?;
        let mut sim = Simulation::build(sc, RunMode::SummaryOnly);
        sim.enable_path_trace();
        Ok(WasmPathTrace { sim })
    }

    /// Every link direction, index = `link` in the records.
    pub fn links(&self) -> Result<JsValue, JsError> {
        to_js(&self.sim.path_links())
    }

    /// Every flow's data and ACK route.
    pub fn routes(&self) -> Result<JsValue, JsError> {
        to_js(&self.sim.path_routes())
    }

    /// Advance to `t_ms` or by `max_events`, whichever comes first; true once the run is finished.
    #[wasm_bindgen(js_name = runUntil)]
    pub fn run_until(&mut self, t_ms: f64, max_events: u32) -> Result<bool, JsError> {
        let t = sim_core::time::SimTime::from_millis_f64(t_ms);
        match self.sim.run_until(t, max_events as u64) {
            Ok(s) => Ok(s == RunStatus::Finished),
            Err(e) => Err(JsError::new(&e)),
        }
    }

    /// The records since the last call, in time order.
    pub fn take(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.sim.take_path_events())
    }

    /// Records left out because a cap was reached (0 when the trace is whole).
    pub fn dropped(&self) -> f64 {
        self.sim.path_dropped() as f64
    }

    /// Current simulated time, ms.
    #[wasm_bindgen(js_name = nowMs)]
    pub fn now_ms(&self) -> f64 {
        self.sim.now().as_millis_f64()
    }

    /// The scenario's time limit, ms.
    #[wasm_bindgen(js_name = stopMs)]
    pub fn stop_ms(&self) -> f64 {
        self.sim.stop_at().as_millis_f64()
    }
}
