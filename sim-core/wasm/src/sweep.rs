//! Sweeps for the page (docs/design.md §D4, sim-core `sweep/`): the simulator plans the points, runs each
//! replication and writes the CSV, so the Sweep view's file equals `losslab sweep`'s by
//! construction.
//!
//! JS API: `new WasmSweep(json)` (throws with every problem, one per line, as the CLI words them;
//! `base` must be a scenario object — the page resolves preset ids itself); `plan()` → `{ id,
//! paths, replications, metrics, points: [{ index, choice, values, rows: [{ name, metric,
//! entity: "flow" | "sum" | "run", flow }] }] }`; `replication(point, rep)` → a `WasmSim` of that
//! replication (seed + rep) to run in slices; `measure(point, sim)` → the point's row values on
//! the finished run (`null` where undefined); `aggregate(point, samples)` → `[{ name, mean, low,
//! high, n }]` (mean/low/high null when n = 0); `csvHeader()` and `pointCsv(point, samples)`
//! write the CLI's aggregate file (`point,<varied paths…>,entity,metric,mean,sd,ci95_low,
//! ci95_high,n`, docs/csv.md).
//! Metric ids: `sweepMetrics()`.
//!
//! Batch path for worker pools (no per-run JSON, no series, no trace):
//! - `prepare(point)` → `rows` (number): checks the point once and makes it the current one;
//!   its validated scenario is reused by every replication (nothing is parsed again).
//! - `runReplication(point, rep)` → `Float64Array` of the point's row values in plan order
//!   (`plan().points[i].rows`), `NaN` where a value is undefined (`null` in `measure`). Runs the
//!   whole replication at once in summary-only mode (sim-core `RunMode::SummaryOnly`): the same
//!   values as `replication` + `measure`, bit for bit, without recording series.
//! - `aggregateFlat(point, values)` and `pointCsvFlat(point, values)`: as `aggregate` and
//!   `pointCsv`, from the concatenation of the replications' arrays in replication order
//!   (`values.length` = replications × rows).

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
    /// Position in `sweep.points` of the point last prepared (or run).
    current: Option<usize>,
    /// The worker's compiler of the reader's code (`setCodeCompiler`), if given.
    code: Option<js_sys::Function>,
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

    /// The point `index`, found once and then kept as the current one.
    fn current_point(&mut self, index: u32) -> Result<&Point, JsError> {
        let pos = match self.current {
            Some(k) if self.sweep.points[k].index == index as usize => k,
            _ => {
                let k = self
                    .sweep
                    .points
                    .iter()
                    .position(|p| p.index == index as usize)
                    .ok_or_else(|| js_err(format!("the sweep has no point {index}")))?;
                self.current = Some(k);
                k
            }
        };
        Ok(&self.sweep.points[pos])
    }
}

/// Row values → `f64` (NaN = undefined).
fn flat_of(sample: &Sample) -> Vec<f64> {
    sample.iter().map(|v| v.unwrap_or(f64::NAN)).collect()
}

/// `reps × rows` values (NaN = undefined) → one sample per replication.
fn samples_of_flat(values: &[f64], rows: usize) -> Result<Vec<Sample>, JsError> {
    if rows == 0 || !values.len().is_multiple_of(rows) {
        return Err(js_err(format!(
            "{} values are not a whole number of replications of {rows} rows",
            values.len()
        )));
    }
    Ok(values
        .chunks(rows)
        .map(|c| c.iter().map(|&v| (!v.is_nan()).then_some(v)).collect())
        .collect())
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
                sim_core::budget::check_sweep(&sweep, &sim_core::budget::Budget::here(), 1)?;
                Ok(sweep)
            })
            .map(|sweep| WasmSweep {
                code: None,
                sweep,
                current: None,
            })
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
                            Entity::Group(_) => "group",
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
            sim_core::budget::Budget::BROWSER.limits(),
        )))
    }

    /// Make `point` the current one (checked once); returns its number of rows.
    pub fn prepare(&mut self, point: u32) -> Result<u32, JsError> {
        Ok(self.current_point(point)?.rows().len() as u32)
    }

    /// Run replication `rep` of `point` to its end (summary only) and return its row values,
    /// NaN where undefined (see the module docs).
    #[wasm_bindgen(js_name = runReplication)]
    pub fn run_replication(&mut self, point: u32, rep: u32) -> Result<Vec<f64>, JsError> {
        let reps = self.sweep.replications;
        if rep as u64 >= reps {
            return Err(js_err(format!(
                "the sweep has {reps} replications (asked for {rep})"
            )));
        }
        let compile = self.code.clone();
        let p = self.current_point(point)?;
        let limits = sim_core::budget::Budget::here().limits();
        let text = &p.scenario.code;
        // Compiled only for the points that name "custom": the others run as `losslab sweep` does.
        let wants = !text.is_empty() && sim_core::tcp::custom::needs_code(&p.scenario);
        let mut code = match (&compile, wants) {
            (Some(f), true) => {
                let made = f
                    .call1(&JsValue::NULL, &crate::to_js(text)?)
                    .map_err(|e| js_err(format!("{e:?}")))?;
                Some(crate::custom::Code(made.unchecked_into()))
            }
            _ => None,
        };
        let code = code
            .as_mut()
            .map(|c| c as &mut dyn sim_core::tcp::custom::CustomCode);
        sweep::run_replication_with(p, rep as u64, limits, code)
            .map(|s| flat_of(&s))
            .map_err(js_err)
    }

    /// The worker's compiler of the reader's code (`customCode.ts`): `compile(code)` gives the
    /// object `attachCustom` takes, for a point whose scenario carries `code` and names "custom".
    #[wasm_bindgen(js_name = setCodeCompiler)]
    pub fn set_code_compiler(&mut self, compile: js_sys::Function) {
        self.code = Some(compile);
    }

    /// [`WasmSweep::aggregate`] from the replications' flat values (see the module docs).
    #[wasm_bindgen(js_name = aggregateFlat)]
    pub fn aggregate_flat(&self, point: u32, values: &[f64]) -> Result<JsValue, JsError> {
        let p = self.point(point)?;
        let samples = samples_of_flat(values, p.rows().len())?;
        self.aggregate(point, crate::to_js(&samples)?)
    }

    /// [`WasmSweep::point_csv`] from the replications' flat values (see the module docs).
    #[wasm_bindgen(js_name = pointCsvFlat)]
    pub fn point_csv_flat(&self, point: u32, values: &[f64]) -> Result<String, JsError> {
        let p = self.point(point)?;
        let samples = samples_of_flat(values, p.rows().len())?;
        Ok(self.sweep.point_csv(p, &samples))
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

    /// The sweep file's scoreboard (`sim_core::sweep::scoreboard`) from every point's
    /// replications: `values[i]` is the flat values (as [`WasmSweep::aggregate_flat`]) of the
    /// plan's i-th point. Returns `{ csv, board }`: `losslab sweep --scoreboard`'s bytes and the
    /// ranked lines. Throws if the sweep has no scoreboard or a point is missing.
    pub fn scoreboard(&self, values: js_sys::Array) -> Result<JsValue, JsError> {
        let mut board = sweep::scoreboard::Scoreboard::new(&self.sweep)
            .ok_or_else(|| js_err("the sweep file has no \"scoreboard\""))?;
        if values.length() as usize != self.sweep.points.len() {
            return Err(js_err(format!(
                "{} points' values for the sweep's {} points",
                values.length(),
                self.sweep.points.len()
            )));
        }
        for (p, v) in self.sweep.points.iter().zip(values.iter()) {
            let flat: Vec<f64> = js_sys::Float64Array::from(v).to_vec();
            let mut stats = sweep::PointStats::new(p);
            for s in samples_of_flat(&flat, p.rows().len())? {
                stats.push(&s);
            }
            board.add(p, &stats);
        }
        let board = board.board().map_err(js_err)?;
        #[derive(Serialize)]
        struct Out<'a> {
            csv: String,
            board: &'a sweep::scoreboard::Board,
        }
        crate::to_js(&Out {
            csv: board.csv(),
            board: &board,
        })
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
