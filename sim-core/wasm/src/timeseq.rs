//! Time-sequence plots for the Papers view (Gurtov §3.1 and §6, Figs 3, 6 and 8):
//! the run a reproduction's `timeseq` entry names (its sweep point, seed = the point's seed + the
//! entry's replication, its flow, its window) simulated again with the packet trace on and drawn
//! by `sim_core::reproduce::timeseq` — the same selection code and the same SVG bytes as
//! `losslab reproduce` writes beside the report, so the page keeps no copy of either.
//!
//! JS API, on `WasmReproduction` (reproduce.rs): `timeSequenceSpecs()` → `[{ id, title, flow,
//! replication, from_s, to_s, seed, at: [{ path, value }] }]` (what each plot will show, without
//! running it; `from_s`/`to_s` null = the run's start/end); `timeSequence(index)` → `{ id, title,
//! svg, caption, counts: { sends, retransmits, drops, timeouts, paper } }` (one run: call it in a
//! worker or on demand).

use crate::reproduce::WasmReproduction;
use serde_json::{json, Value};
use sim_core::reproduce::timeseq;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl WasmReproduction {
    /// The file's time-sequence plots, described without running them (see the module docs).
    #[wasm_bindgen(js_name = timeSequenceSpecs)]
    pub fn time_sequence_specs(&self) -> Result<JsValue, JsError> {
        let reps = self.r.replications_test;
        self.with_plan(reps, |sweep| {
            let specs: Vec<Value> = self
                .r
                .timeseq
                .iter()
                .map(|s| {
                    let point = sweep.points.iter().find(|p| p.choice == s.choice);
                    let at: Vec<Value> = sweep
                        .vary
                        .iter()
                        .zip(&s.choice)
                        .map(|(v, &c)| json!({ "path": v.path, "value": v.values[c] }))
                        .collect();
                    json!({
                        "id": s.id,
                        "title": s.title,
                        "flow": s.flow,
                        "replication": s.replication as f64,
                        "from_s": s.from_s,
                        "to_s": s.to_s,
                        "seed": point.map(|p| (p.scenario.seed + s.replication) as f64),
                        "at": at,
                    })
                })
                .collect();
            crate::to_js(&specs)
        })
    }

    /// Run and draw plot `index` of the file's `timeseq` (see the module docs).
    #[wasm_bindgen(js_name = timeSequence)]
    pub fn time_sequence(&self, index: u32) -> Result<JsValue, JsError> {
        let i = index as usize;
        let spec =
            self.r.timeseq.get(i).ok_or_else(|| {
                JsError::new(&format!("the file has no time-sequence plot {index}"))
            })?;
        let reps = self.r.replications_test;
        self.with_plan(reps, |sweep| {
            let refs = self.r.reference.as_ref().map_or(&[][..], |r| &r.series[..]);
            let mut figs = timeseq::figures(
                sweep,
                std::slice::from_ref(spec),
                refs,
                self.r.reference.is_some(),
            )
            .map_err(|e| JsError::new(&e))?;
            let f = figs.remove(0);
            crate::to_js(&json!({
                "id": f.id,
                "title": f.title,
                "svg": f.svg,
                "caption": f.caption,
                "counts": {
                    "sends": f.counts.sends,
                    "retransmits": f.counts.retransmits,
                    "drops": f.counts.drops,
                    "timeouts": f.counts.timeouts,
                    "paper": f.counts.paper,
                },
            }))
        })
    }
}
