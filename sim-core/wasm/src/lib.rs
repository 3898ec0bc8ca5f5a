//! WebAssembly handle around the LossLab simulator (docs/design.md §D7). No simulation logic lives here.
//!
//! JS API: `new WasmSim(json)` (throws with every problem, one per line), `runUntil(tMs, maxEvents)`
//! → true once the run is finished, `nowMs()`, `stopMs()`, `seriesNames()`, `takePoints()`
//! (flat `[series, tMs, value, …]` as a fresh Float64Array the worker can transfer), `takeTrace()`,
//! `summary()`, `summaryCsv()`;
//! plus `validate(json)` → problem strings, `packetErrorRate(ber, bytes)` (the bit-error
//! model's packet error rate), `catalog()` (every variant, classifier, queue, error
//! model, profile — with the TCP values it resolves to — and TCP option with its knobs; the UI
//! builds its controls from it), `resolveScenario(json)` and `scenarioDefaults()` (resolve.rs),
//! the series CSV writer (export_csv.rs), `WasmSweep` (sweep.rs), `theoryCurve` (theory.rs: the
//! lessons' Mathis and Padhye curves), `WasmReproduction`
//! (reproduce.rs: a paper's figure, its plan and the engine's verdicts; timeseq.rs: its
//! time-sequence plots), `WasmPathTrace` (path_trace.rs: the packet view's trace), `benchWorkloads()` and `benchPasses()` (bench.rs, for `npm run bench`) and
//! `version()`; `attachCustom` and `ackFields()` (custom.rs: the reader's own classifier or
//! congestion control). The page and the
//! worker both load this module: the page for these facts, the worker to run simulations.
//! No u64 crosses the boundary; errors are JS errors carrying the CLI's messages.

use serde::Serialize;
use sim_core::metrics::SeriesName;
use sim_core::{RunStatus, Simulation};
use wasm_bindgen::prelude::*;

pub mod bench;
pub(crate) mod custom;
mod export_csv;
mod path_trace;
mod reproduce;
mod resolve;
mod sweep;
mod theory;
mod timeseq;

/// Install the panic hook so a bug reports its message instead of "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Core version, checked by the worker.
#[wasm_bindgen]
pub fn version() -> String {
    sim_core::VERSION.to_string()
}

/// Everything a scenario can choose, with its knobs (name, unit, range, default), description
/// and reference: the JSON of `losslab catalog --json` ([`sim_core::catalog`]).
#[wasm_bindgen]
pub fn catalog() -> Result<JsValue, JsError> {
    to_js(&sim_core::catalog::catalog())
}

/// Every problem of a scenario as `"<path>: <message>"`, the browser's budget included
/// (`sim_core::budget`: "this scenario needs about 3.1 GB of memory …"); empty when valid.
#[wasm_bindgen]
pub fn validate(scenario_json: &str) -> Vec<String> {
    sim_core::budget::problems(scenario_json)
}

/// The probability that a packet of `bytes` bytes on the wire is corrupted at bit error rate
/// `ber`, 1 − (1 − BER)^(8·bytes): the simulator's own rule
/// ([`sim_core::error_model::bit_error::corruption_probability`]), for the lab's PER read-out.
/// NaN for a negative or NaN input.
#[wasm_bindgen(js_name = packetErrorRate)]
pub fn packet_error_rate(ber: f64, bytes: f64) -> f64 {
    sim_core::error_model::bit_error::corruption_probability(ber, bytes)
}

/// The most bytes a document or trace file may hold ([`sim_core::limits::MAX_INPUT_BYTES`]): the
/// page refuses a bigger file before reading it.
#[wasm_bindgen(js_name = maxInputBytes)]
pub fn max_input_bytes() -> f64 {
    sim_core::limits::MAX_INPUT_BYTES as f64
}

/// A trace file read in the browser, as the command line reads one a scenario names
/// ([`sim_core::scenario::trace_files`], docs/traces.md): `what` `"rate"` gives the inline
/// `rate_trace` object (Mahimahi, or `time_s,rate_bps` steps for a `.csv` name), `"loss"` the `ms`
/// list of a `loss_trace` (a CSV of event times, or a packet log with a `lost` column). Both as
/// JSON text, with the file's `name` kept in a capacity trace. Throws with the file and line of
/// the first problem.
#[wasm_bindgen(js_name = traceFromFile)]
pub fn trace_from_file(what: &str, name: &str, text: &str) -> Result<String, JsError> {
    use sim_core::scenario::trace_files::rate_trace_of_file;
    if text.len() > sim_core::limits::MAX_INPUT_BYTES {
        return Err(JsError::new(&format!(
            "{name}: the file is more than {} bytes (at most {})",
            sim_core::limits::MAX_INPUT_BYTES,
            sim_core::limits::MAX_INPUT_BYTES
        )));
    }
    let value = match what {
        "rate" => rate_trace_of_file(name, None, text).map(|mut t| {
            let max = sim_core::net::rate_trace::MAX_NAME_CHARS;
            t["name"] = name.chars().take(max).collect::<String>().into();
            t
        }),
        "loss" => sim_core::error_model::loss_trace::parse_events_csv(name, text)
            .map(serde_json::Value::from),
        other => Err(format!(
            "no trace of kind {}",
            sim_core::json_reader::quote(other)
        )),
    };
    value.map(|v| v.to_string()).map_err(|e| JsError::new(&e))
}

/// An argument passed beside a document (`seed`, `replications`) checked by the simulator's own
/// rules ([`sim_core::arguments`]): the problem in the words the CLI and Python use, or
/// `undefined` when it is fine. NaN and infinities arrive as numbers (JSON would turn them into
/// `null`, hiding them).
#[wasm_bindgen(js_name = checkArgument)]
pub fn check_argument(name: &str, value: JsValue) -> Option<String> {
    use sim_core::arguments::{check, Given};
    let given = if let Some(x) = value.as_f64() {
        Given::Number(x)
    } else if value.is_string() {
        Given::Other("a string")
    } else if value.as_bool().is_some() {
        Given::Other("a boolean")
    } else if value.is_null() {
        Given::Other("null")
    } else if value.is_undefined() {
        Given::Other("undefined")
    } else if value.is_bigint() {
        Given::Other("a BigInt")
    } else if js_sys::Array::is_array(&value) {
        Given::Other("an array")
    } else {
        Given::Other("an object")
    };
    match check(name, given) {
        Some(Ok(_)) => None,
        Some(Err(e)) => Some(e),
        None => Some(format!("{name}: not an argument LossLab knows")),
    }
}

/// Every problem of a document, one per line, as the error a JS caller catches.
pub(crate) fn problems_error(errs: &[sim_core::ConfigError]) -> JsError {
    let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    JsError::new(&lines.join("\n"))
}

/// The scenario document `scenario_json` with `value_json` (JSON text) placed at `path`, a path
/// as sweep files and `losslab run --set` write it (`flows[0].tcp.cc`), read and applied by the
/// simulator's own rules ([`sim_core::sweep::parse_path`], [`sim_core::sweep::set_path`]): the
/// embed's "set" command. Throws with the path's problem; the result is not validated here.
#[wasm_bindgen(js_name = setScenarioPath)]
pub fn set_scenario_path(
    scenario_json: &str,
    path: &str,
    value_json: &str,
) -> Result<String, JsError> {
    let shown = sim_core::json_reader::quote(path);
    let mut doc = sim_core::json_reader::read_document(scenario_json)
        .map_err(|errs| problems_error(&errs))?;
    let steps = sim_core::sweep::parse_path(path.trim()).map_err(|e| JsError::new(&e))?;
    let value: serde_json::Value = serde_json::from_str(value_json)
        .map_err(|e| JsError::new(&format!("{shown}: the value is not JSON ({e})")))?;
    sim_core::sweep::set_path(&mut doc, &steps, value)
        .map_err(|e| JsError::new(&format!("{shown}: {e}")))?;
    Ok(doc.to_string())
}

/// The resolved scenario (resolve.rs): defaults filled in from the parser and the stack profile,
/// flow ids expanded. Throws with every problem, one per line.
#[wasm_bindgen(js_name = resolveScenario)]
pub fn resolve_scenario(scenario_json: &str) -> Result<JsValue, JsError> {
    let v = resolve::resolve(scenario_json).map_err(|e| JsError::new(&e))?;
    to_js(&v)
}

/// The resolved smallest scenario: the parser's defaults (links, stop time, sampling).
#[wasm_bindgen(js_name = scenarioDefaults)]
pub fn scenario_defaults() -> Result<JsValue, JsError> {
    to_js(&resolve::defaults())
}

/// Ids of the benchmark workloads (`w1` … `w4`).
/// Workload `id`'s runs as scenario documents (`losslab bench --scenarios`' JSON, `quick` or
/// full), for benchmarks that change them before running (`npm run bench:custom`).
#[wasm_bindgen(js_name = benchDocuments)]
pub fn bench_documents(id: &str, quick: bool) -> Result<String, JsError> {
    sim_core::bench::workloads(quick)
        .iter()
        .find(|w| w.id == id)
        .map(|w| sim_core::bench::run_documents(w).to_string())
        .ok_or_else(|| JsError::new(&format!("unknown workload {id}")))
}

#[wasm_bindgen(js_name = benchWorkloads)]
pub fn bench_workloads() -> Vec<String> {
    sim_core::bench::workloads(true)
        .iter()
        .map(|w| w.id.to_string())
        .collect()
}

/// The benchmark passes of workload `id` inside wasm (bench.rs: one untimed pass of the quick
/// variant, then `count` passes), timed by the caller's clock `now_ms` (e.g.
/// `() => performance.now()`) around each pass only, as the `bench_native` example does natively.
/// Returns `[runs, events, ms of pass 1, …]`.
#[wasm_bindgen(js_name = benchPasses)]
pub fn bench_passes(
    id: &str,
    quick: bool,
    count: usize,
    now_ms: &js_sys::Function,
) -> Result<Vec<f64>, JsError> {
    let clock = || {
        now_ms
            .call0(&JsValue::NULL)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
            / 1000.0
    };
    bench::passes(id, quick, count, &clock).map_err(|e| JsError::new(&e))
}

/// A running simulation.
#[wasm_bindgen]
pub struct WasmSim {
    sim: Simulation,
}

pub(crate) fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

impl WasmSim {
    pub(crate) fn from_sim(sim: Simulation) -> WasmSim {
        WasmSim { sim }
    }

    pub(crate) fn sim(&self) -> &Simulation {
        &self.sim
    }
}

#[wasm_bindgen]
impl WasmSim {
    /// Build a run from scenario JSON; throws with every problem, one per line.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<WasmSim, JsError> {
        sim_core::budget::parse(scenario_json)
            .map(|sc| Simulation::new(&sc, sim_core::budget::Budget::BROWSER.limits()))
            .map(|sim| WasmSim { sim })
            .map_err(|errs| problems_error(&errs))
    }

    /// The scenario's `code` (`{ classifier?, cc? }`, the lab's JavaScript) when it names
    /// `"custom"` and no code is attached yet; `null` otherwise.
    #[wasm_bindgen(js_name = codeToAttach)]
    pub fn code_to_attach(&self) -> Result<JsValue, JsError> {
        if !self.sim.waits_for_code() {
            return Ok(JsValue::NULL);
        }
        to_js(&self.sim.scenario().code)
    }

    /// Put the reader's code where the scenario names `"custom"` (custom.rs): `code` makes one
    /// classifier or congestion control per flow. Before the first `runUntil` only.
    #[wasm_bindgen(js_name = attachCustom)]
    pub fn attach_custom(&mut self, code: custom::JsCode) -> Result<(), JsError> {
        self.sim
            .attach_custom(&mut custom::Code(code))
            .map_err(|e| JsError::new(&e))
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

    /// Events processed so far.
    #[wasm_bindgen(js_name = eventsDone)]
    pub fn events_done(&self) -> f64 {
        self.sim.events_done() as f64
    }

    /// `[{entity, metric}]`, index = series id in the points.
    #[wasm_bindgen(js_name = seriesNames)]
    pub fn series_names(&self) -> Result<JsValue, JsError> {
        let names: Vec<SeriesName> = self
            .sim
            .series_names()
            .iter()
            .map(|(e, m)| SeriesName {
                entity: e,
                metric: m,
            })
            .collect();
        to_js(&names)
    }

    /// New samples since the last call, as flat triplets `[series, tMs, value, …]`.
    #[wasm_bindgen(js_name = takePoints)]
    pub fn take_points(&mut self) -> js_sys::Float64Array {
        let pts = self.sim.take_points();
        js_sys::Float64Array::from(&pts[..])
    }

    /// Trace events since the last call (`observe.trace` must be true), as
    /// `[{t_ms, flow, kind, seq, cause, verdict}]`.
    #[wasm_bindgen(js_name = takeTrace)]
    pub fn take_trace(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.sim.take_trace())
    }

    /// Per-flow results (docs/design.md §D6 summary columns as keys).
    pub fn summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.sim.summary())
    }

    /// [`summary`](Self::summary) with the summary file as its `csv` field, from one summary
    /// (the lab's worker needs both on every frame; computing the summary once halves that work).
    #[wasm_bindgen(js_name = summaryWithCsv)]
    pub fn summary_with_csv(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct WithCsv<'a> {
            #[serde(flatten)]
            summary: &'a sim_core::Summary,
            csv: String,
        }
        let summary = self.sim.summary();
        let csv = sim_core::csv::summary_csv(&summary);
        to_js(&WithCsv {
            summary: &summary,
            csv,
        })
    }

    /// The summary file so far, exactly as `losslab run --summary` writes it (sim-core `csv.rs`).
    #[wasm_bindgen(js_name = summaryCsv)]
    pub fn summary_csv(&self) -> String {
        sim_core::csv::summary_csv(&self.sim.summary())
    }
}
