//! Sweeps for the page (DESIGN §4, sim-core `sweep/`): the simulator plans the points, runs each
//! replication and writes the CSV, so the Sweep view's file equals `losslab sweep`'s by
//! construction.
//!
//! JS API: `new WasmSweep(json)` (throws with every problem, one per line, as the CLI words them;
//! `base` must be a scenario object — the page resolves preset ids itself); `plan()` → `{ id,
//! paths, replications, metrics, points: [{ index, choice, values, rows: [{ name, metric,
//! entity: "flow" | "sum" | "run", flow }] }] }`; `replication(point, rep)` → a `WasmSim` of that
//! replication (seed + rep) to run in slices; `measure(point, sim)` → the point's row values on
//! the finished run (`null` where undefined); `aggregate(point, samples)` → `[{ name, mean, low,
//! high, n }]` (mean/low/high null when n = 0); `csvHeader()` and `pointCsv(point, samples)`.
//! Metric ids: `sweepMetrics()`.

use crate::WasmSim;
use serde::Serialize;
use serde_json::Value;
use sim_core::sweep::{self, Entity, Point, Sample, Sweep};
use sim_core::Simulation;
use wasm_bindgen::prelude::*;

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Every metric a sweep can report: the per-flow ones, then the run-level ones.
#[wasm_bindgen(js_name = sweepMetrics)]
pub fn sweep_metrics() -> Vec<String> {
    sweep::FLOW_METRICS
        .iter()
        .chain(sweep::RUN_METRICS)
        .map(|m| m.to_string())
        .collect()
}

/// A validated sweep with its points expanded.
#[wasm_bindgen]
pub struct WasmSweep {
    sweep: Sweep,
}

#[derive(Serialize)]
struct RowPlan<'a> {
    name: &'a str,
    metric: &'a str,
    entity: &'static str,
    flow: Option<usize>,
}

#[derive(Serialize)]
struct PointPlan<'a> {
    index: usize,
    choice: &'a [usize],
    values: Vec<&'a Value>,
    rows: Vec<RowPlan<'a>>,
}

#[derive(Serialize)]
struct Plan<'a> {
    id: &'a str,
    paths: Vec<&'a str>,
    replications: f64,
    metrics: &'a [&'static str],
    points: Vec<PointPlan<'a>>,
}

#[derive(Serialize)]
struct Stats<'a> {
    name: &'a str,
    mean: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    n: usize,
}

impl WasmSweep {
    fn point(&self, index: u32) -> Result<&Point, JsError> {
        self.sweep
            .points
            .iter()
            .find(|p| p.index == index as usize)
            .ok_or_else(|| js_err(format!("the sweep has no point {index}")))
    }
}

fn samples_of(samples: JsValue) -> Result<Vec<Sample>, JsError> {
    serde_wasm_bindgen::from_value(samples).map_err(js_err)
}

#[wasm_bindgen]
impl WasmSweep {
    /// Validate a sweep (JSON text) and expand its points; throws with every problem.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str) -> Result<WasmSweep, JsError> {
        let mut no_ids = |id: &str| -> Result<Value, String> {
            Err(format!(
                "scenario ids are not resolved here; give the scenario \"{id}\" itself as the base"
            ))
        };
        sweep::parse(json, &mut no_ids)
            .and_then(|sweep| {
                // The browser's budget; each worker has its own memory, so one run at a time.
                sim_core::budget::check_sweep(&sweep, &sim_core::budget::Budget::active(), 1)?;
                Ok(sweep)
            })
            .map(|sweep| WasmSweep { sweep })
            .map_err(|errs| {
                js_err(
                    errs.iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })
    }

    /// Points, their varied values and their rows (see the module docs).
    pub fn plan(&self) -> Result<JsValue, JsError> {
        let s = &self.sweep;
        let points = s
            .points
            .iter()
            .map(|p| PointPlan {
                index: p.index,
                choice: &p.choice,
                values: s
                    .vary
                    .iter()
                    .zip(&p.choice)
                    .map(|(v, &j)| &v.values[j])
                    .collect(),
                rows: p
                    .rows()
                    .iter()
                    .map(|r| RowPlan {
                        name: &r.name,
                        metric: r.metric,
                        entity: match r.entity {
                            Entity::Flow(_) => "flow",
                            Entity::Sum => "sum",
                            Entity::Run => "run",
                        },
                        flow: match r.entity {
                            Entity::Flow(i) => Some(i),
                            _ => None,
                        },
                    })
                    .collect(),
            })
            .collect();
        crate::to_js(&Plan {
            id: &s.id,
            paths: s.vary.iter().map(|v| v.path.as_str()).collect(),
            replications: s.replications as f64,
            metrics: &s.metrics,
            points,
        })
    }

    /// Replication `rep` (seed + rep) of point `point`, ready to run in slices.
    pub fn replication(&self, point: u32, rep: u32) -> Result<WasmSim, JsError> {
        let p = self.point(point)?;
        if rep as u64 >= self.sweep.replications {
            return Err(js_err(format!(
                "the sweep has {} replications (asked for {rep})",
                self.sweep.replications
            )));
        }
        Ok(WasmSim::from_sim(Simulation::new(
            &sweep::replication_scenario(p, rep as u64),
        )))
    }

    /// The point's row values measured on `sim`, a finished replication (`null` = undefined).
    pub fn measure(&self, point: u32, sim: &WasmSim) -> Result<JsValue, JsError> {
        crate::to_js(&sweep::measure(self.point(point)?, sim.sim()))
    }

    /// Mean and 95 % CI of every row of a point over `samples` (one array per replication).
    pub fn aggregate(&self, point: u32, samples: JsValue) -> Result<JsValue, JsError> {
        let agg = sweep::aggregate(self.point(point)?, &samples_of(samples)?);
        let stats: Vec<Stats> = agg
            .iter()
            .map(|(name, ci)| Stats {
                name,
                mean: ci.as_ref().map(|c| c.mean),
                low: ci.as_ref().map(|c| c.low),
                high: ci.as_ref().map(|c| c.high),
                n: ci.as_ref().map_or(0, |c| c.n),
            })
            .collect();
        crate::to_js(&stats)
    }

    /// The CSV header line of `losslab sweep` (with its newline).
    #[wasm_bindgen(js_name = csvHeader)]
    pub fn csv_header(&self) -> String {
        self.sweep.csv_header()
    }

    /// The CSV rows of one point from its replications' samples, in replication order.
    #[wasm_bindgen(js_name = pointCsv)]
    pub fn point_csv(&self, point: u32, samples: JsValue) -> Result<String, JsError> {
        Ok(self
            .sweep
            .point_csv(self.point(point)?, &samples_of(samples)?))
    }
}
