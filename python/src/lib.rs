//! `losslab._core`: the PyO3 handle around the LossLab simulator (docs/design.md §D4 scenarios and sweeps,
//! §6 CSV) under the `losslab` Python package (python/README.md). No simulation, statistics or
//! CSV logic lives here: every number and every CSV byte comes from sim-core, so the package's
//! results equal `losslab run` / `losslab sweep` by construction.
//!
//! - `run(json, seed, sets)` → `(summary_csv, points, names, summary_json)` of one run to its
//!   end, the series as the engine's flat f64 samples (no CSV text to parse again);
//!   `series_csv(names, points)` writes the `--series` file from them;
//! - `validate(json, dir)` → problem strings (a scenario, or a sweep when it has `vary`);
//! - `catalog_json()`, `version()`;
//! - `inline_trace_files(json, dir)`: the document with every trace `file` read (relative to
//!   `dir`, bounded like the CLI) and put inline, as `losslab run` does (docs/traces.md);
//! - `fit_ge(trace_text)`: `losslab fit-ge --json` of a per-packet loss trace;
//! - `cli_main(argv)`: the `losslab` command line itself (`sim_core::cli`), for the wheel's
//!   `losslab` command;
//! - `read_text(path)`: a file read with the CLI's size limit; `check_argument(name, value)`: an
//!   argument (`seed`, `replications`) checked by `sim_core::arguments`;
//! - `Plan(json, dir, replications)`: a validated sweep ([`sim_core::sweep::parse_value`]) with
//!   its `portable` JSON (the `base` id replaced by the scenario it names, so a worker on another
//!   machine needs no `content/` folder), `run_replication(i, rep)` (one planned run's row values,
//!   `None` where undefined), `csv_header()` and `point_csv(i, samples)` (the CLI's writer).
//!
//! Simulations release the GIL. Invalid input raises `InvalidInput(problems)`, which the Python
//! layer turns into `losslab.ScenarioError`.

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;
use sim_core::sweep::{self, Sample, Sweep};
use sim_core::{json_reader, Simulation};
use std::path::{Path, PathBuf};

mod custom;

create_exception!(
    _core,
    CodeError,
    pyo3::exceptions::PyRuntimeError,
    "Code of one's own (classifier= or cc=) raised an exception or broke the sender's rules; the \
     message says which method, which flow and when, and the exception it raised is the cause."
);

create_exception!(
    _core,
    InvalidInput,
    PyValueError,
    "A scenario or sweep the simulator rejects; args[0] is the list of problems."
);

fn invalid(problems: Vec<String>) -> PyErr {
    InvalidInput::new_err((problems,))
}

fn strings(errs: &[sim_core::ConfigError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

/// The built-in scenarios and sweeps, compiled in by `build.rs` (`content/scenarios`,
/// `content/sweeps`): `(id, JSON text)`, sorted by id.
mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

fn builtin_table(kind: &str) -> PyResult<&'static [(&'static str, &'static str)]> {
    match kind {
        "scenarios" => Ok(builtin::SCENARIOS),
        "sweeps" => Ok(builtin::SWEEPS),
        _ => Err(PyValueError::new_err(format!(
            "kind: expected \"scenarios\" or \"sweeps\", not {kind:?}"
        ))),
    }
}

/// The ids of the built-in scenarios or sweeps (`kind`), sorted.
#[pyfunction]
fn builtin_ids(kind: &str) -> PyResult<Vec<&'static str>> {
    Ok(builtin_table(kind)?.iter().map(|(id, _)| *id).collect())
}

/// The JSON text of built-in scenario or sweep `id`, `None` when there is none.
#[pyfunction]
fn builtin_text(kind: &str, id: &str) -> PyResult<Option<&'static str>> {
    Ok(builtin_table(kind)?
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t))
}

/// Find `content/scenarios/<id>.json` from `start` upward, as `losslab sweep` does
/// (sim-core/src/cli/mod.rs `resolve_scenario`, same messages); with no such folder,
/// or no such file in it, the built-in scenario of that id (the wheel carries them).
fn resolve_scenario(start: &Path, id: &str) -> Result<Value, String> {
    resolve_scenario_file(start, id).map(|(v, _)| v)
}

/// [`resolve_scenario`] with the file it read (`None` for a built-in scenario).
fn resolve_scenario_file(start: &Path, id: &str) -> Result<(Value, Option<PathBuf>), String> {
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    let folder: Option<PathBuf> = start
        .ancestors()
        .map(|a| a.join("content").join("scenarios"))
        .find(|d| d.is_dir());
    let file = folder.as_ref().map(|f| f.join(format!("{id}.json")));
    let builtin = builtin::SCENARIOS.iter().find(|(i, _)| *i == id);
    let (text, file) = match (file, builtin) {
        (Some(file), _) if file.is_file() => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("scenario \"{id}\": cannot read {}: {e}", file.display()))?;
            (text, Some(file))
        }
        (_, Some((_, text))) => (text.to_string(), None),
        (Some(file), None) => {
            return Err(format!(
                "scenario \"{id}\": cannot read {}: no such file, and no built-in scenario has that id",
                file.display()
            ))
        }
        (None, None) => {
            return Err(format!(
                "scenario \"{id}\": no content/scenarios folder in {} or above, and no built-in scenario has that id",
                start.display()
            ))
        }
    };
    let shown = file
        .as_ref()
        .map_or_else(|| "built-in".to_string(), |f| f.display().to_string());
    let v = json_reader::read_document(&text)
        .map_err(|errs| format!("scenario \"{id}\": {shown}: {}", strings(&errs).join("; ")))?;
    Ok((v, file))
}

/// Core version (`sim_core::VERSION`).
#[pyfunction]
fn version() -> &'static str {
    sim_core::VERSION
}

/// The catalog as JSON text (what `losslab catalog --json` prints).
#[pyfunction]
fn catalog_json() -> PyResult<String> {
    serde_json::to_string(&sim_core::catalog::catalog())
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Every problem of a scenario or sweep document (`"<path>: <message>"`); empty when valid.
/// A sweep's `base` id is looked up from `dir` upward.
#[pyfunction]
#[pyo3(signature = (text, dir = "."))]
fn validate(text: &str, dir: &str) -> Vec<String> {
    match json_reader::read_document(text) {
        Ok(v) if sweep::is_sweep(&v) => {
            let dir = Path::new(dir);
            sweep::parse_value(&v, &mut |id| resolve_scenario(dir, id))
                .err()
                .map(|e| strings(&e))
                .unwrap_or_default()
        }
        // A scenario's problems include the budget's, as `losslab validate` reports them.
        Ok(v) => sim_core::budget::parse_value_within(&v, &sim_core::budget::Budget::PYTHON)
            .err()
            .map(|e| strings(&e))
            .unwrap_or_default(),
        Err(errs) => strings(&errs),
    }
}

/// Run a scenario to its end: `(summary_csv, points, names, summary_json)`. The scenario is
/// priced against this build's budget first, as `losslab run` prices it.
///
/// - `summary_csv`: the text of `losslab run --summary`; `summary_json`: `losslab run --json`;
/// - `points`: the series samples as little-endian f64 triplets `[series, t_ms, value]` (the
///   engine's own flat store, copied once into `bytes`), which the Python layer views with
///   NumPy without parsing; `names[series]` = `(entity, metric)`. `series_csv(names, points)`
///   writes the `--series` file from them.
///
/// `seed` replaces the scenario's seed and each `(path, value_json)` of `sets` is applied as
/// `losslab run --seed N --set PATH=VALUE` does, before validation.
///
/// `classifier` and `cc` are code of one's own (`custom.rs`): a flow naming `"custom"` as its
/// classifier or variant runs it; a classifier the scenario does not name judges beside the
/// others (it is added to `observe.shadow_classifiers`). With code the run holds the GIL (it
/// calls Python); an exception in the code raises `CodeError` from it.
#[pyfunction]
#[pyo3(signature = (text, seed = None, sets = Vec::new(), classifier = None, cc = None))]
#[allow(clippy::type_complexity)]
fn run<'py>(
    py: Python<'py>,
    text: &str,
    seed: Option<u64>,
    sets: Vec<(String, String)>,
    classifier: Option<Bound<'py, PyAny>>,
    cc: Option<Bound<'py, PyAny>>,
) -> PyResult<(String, Py<PyBytes>, Vec<(String, String)>, String)> {
    let text = if seed.is_some() || !sets.is_empty() {
        with_overrides(text, seed, &sets).map_err(invalid)?
    } else {
        text.to_string()
    };
    let text = if classifier.is_some() {
        with_custom_shadow(&text).map_err(invalid)?
    } else {
        text
    };
    // Priced before it starts, as `losslab run` does: a run the budget cannot hold is refused
    // with the budget's words instead of stopped part-way.
    let budget = sim_core::budget::Budget::PYTHON;
    let sc = sim_core::json_reader::read_document(&text)
        .and_then(|v| sim_core::budget::parse_value_within(&v, &budget))
        .map_err(|e| invalid(strings(&e)))?;
    let named_cc = sc.flows.iter().any(|f| f.tcp.cc == custom_id());
    if cc.is_some() && !named_cc {
        return Err(invalid(vec![
            "cc=: no flow of the scenario has \"cc\": \"custom\"; name it where your code should run, \
             for example set={\"flows[0].tcp.cc\": \"custom\"}"
                .into(),
        ]));
    }
    if classifier.is_none() && cc.is_none() && sim_core::tcp::custom::needs_code(&sc) {
        return Err(invalid(vec![sim_core::tcp::custom::waiting_message(&sc)]));
    }
    let finish = |mut sim: Simulation| -> Result<_, String> {
        let points = sim.take_points();
        let summary = sim.summary();
        let names: Vec<(String, String)> = sim
            .series_names()
            .iter()
            .map(|(e, m)| (e.clone(), m.to_string()))
            .collect();
        let bytes: Vec<u8> = points.iter().flat_map(|x| x.to_le_bytes()).collect();
        let json = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
        Ok((sim_core::csv::summary_csv(&summary), bytes, names, json))
    };
    let (summary_csv, points, names, json) = if classifier.is_some() || cc.is_some() {
        let mut code = custom::PyCode::new(py, classifier, cc)?;
        let mut sim = Simulation::new(&sc, budget.limits());
        let ran = sim.attach_custom(&mut code).and_then(|()| sim.run());
        if let Err(m) = ran {
            let e = CodeError::new_err(m);
            if let Some(cause) = code.raised.borrow_mut().take() {
                e.set_cause(py, Some(cause));
            }
            return Err(e);
        }
        finish(sim).map_err(PyRuntimeError::new_err)?
    } else {
        py.allow_threads(move || {
            let mut sim = Simulation::new(&sc, budget.limits());
            sim.run()?;
            finish(sim)
        })
        .map_err(PyRuntimeError::new_err)?
    };
    Ok((summary_csv, PyBytes::new(py, &points).unbind(), names, json))
}

fn custom_id() -> &'static str {
    sim_core::tcp::custom::ID
}

/// The document `text` with `"custom"` added to `observe.shadow_classifiers` unless a flow or a
/// shadow names it already (a classifier of one's own judges beside the others by default).
fn with_custom_shadow(text: &str) -> Result<String, Vec<String>> {
    let mut doc = json_reader::read_document(text).map_err(|e| strings(&e))?;
    let names_it =
        |v: &Value| v.as_str() == Some(custom_id()) || v["id"].as_str() == Some(custom_id());
    let flows_name_it = doc["flows"].as_array().is_some_and(|fs| {
        fs.iter()
            .any(|f| f["tcp"]["classifier"].as_str() == Some(custom_id()))
    });
    let shadows = doc["observe"]["shadow_classifiers"].as_array();
    if flows_name_it || shadows.is_some_and(|s| s.iter().any(names_it)) {
        return Ok(text.to_string());
    }
    let Some(o) = doc.as_object_mut() else {
        return Ok(text.to_string());
    };
    let observe = o
        .entry("observe")
        .or_insert_with(|| Value::Object(Default::default()));
    if let Some(obs) = observe.as_object_mut() {
        let list = obs
            .entry("shadow_classifiers")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Some(l) = list.as_array_mut() {
            l.push(Value::from(custom_id()));
        }
    }
    Ok(doc.to_string())
}

/// The document `text` with `seed` and every `(path, value_json)` of `sets` applied (the
/// simulator's sweep paths; a value that is not JSON is a string, as on the command line).
fn with_overrides(
    text: &str,
    seed: Option<u64>,
    sets: &[(String, String)],
) -> Result<String, Vec<String>> {
    let mut doc = json_reader::read_document(text).map_err(|e| strings(&e))?;
    for (path, raw) in sets {
        let shown = json_reader::quote(path);
        let steps =
            sweep::parse_path(path.trim()).map_err(|e| vec![format!("set {shown}: {e}")])?;
        let value =
            serde_json::from_str::<Value>(raw).unwrap_or_else(|_| Value::String(raw.clone()));
        sweep::set_path(&mut doc, &steps, value).map_err(|e| vec![format!("set {shown}: {e}")])?;
    }
    if let (Some(seed), Some(o)) = (seed, doc.as_object_mut()) {
        o.insert("seed".into(), Value::from(seed));
    }
    Ok(doc.to_string())
}

/// The `--series` CSV text of a run's `points` and `names` (as [`run`] returns them), written by
/// the simulator's CSV writer.
#[pyfunction]
fn series_csv(names: Vec<(String, String)>, points: &[u8]) -> PyResult<String> {
    if !points.len().is_multiple_of(24) {
        return Err(PyValueError::new_err(format!(
            "points: {} bytes is not a whole number of [series, t_ms, value] triplets",
            points.len()
        )));
    }
    let flat: Vec<f64> = points
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect();
    if let Some(bad) = flat
        .chunks_exact(3)
        .find(|p| p[0] < 0.0 || p[0] as usize >= names.len())
    {
        return Err(PyValueError::new_err(format!(
            "points: series {} is not one of the {} names",
            bad[0],
            names.len()
        )));
    }
    Ok(sim_core::csv::series_csv(&names, &flat))
}

/// Read a scenario or sweep file (`path`), stopping at the simulator's size limit: the CLI's
/// bounded reader, with its messages (a device or FIFO that never ends is refused at the limit).
#[pyfunction]
fn read_text(path: &str) -> PyResult<String> {
    let f = std::fs::File::open(path)
        .map_err(|e| invalid(vec![format!("{path}: cannot read: {e}")]))?;
    json_reader::read_limited(f, path).map_err(|e| invalid(vec![e]))
}

/// `json` with every trace `file` (a `rate_trace`, a `loss_trace`) read from `dir` (relative paths) and
/// put inline, as the command line does; problems name the field and the file's line.
#[pyfunction]
fn inline_trace_files(json: &str, dir: &str) -> PyResult<String> {
    let mut doc = json_reader::read_document(json).map_err(|e| invalid(strings(&e)))?;
    let dir = Path::new(dir);
    sim_core::scenario::trace_files::inline_files(&mut doc, &mut |file| {
        let path = dir.join(file);
        let shown = path.display().to_string();
        let f = std::fs::File::open(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        json_reader::read_limited(f, &shown)
    })
    .map_err(invalid)?;
    Ok(doc.to_string())
}

/// `losslab fit-ge --json` of a per-packet loss trace's text (a CSV with a `lost` column, or one
/// 0/1 per line): the fit with its intervals (`sim_core::error_model::gilbert_elliott::fit`).
#[pyfunction]
fn fit_ge(trace: &str) -> PyResult<String> {
    use sim_core::error_model::gilbert_elliott::fit;
    let outcomes = fit::read_outcomes(trace).map_err(|e| invalid(vec![e]))?;
    let f = fit::fit(&outcomes).map_err(|e| invalid(vec![e]))?;
    serde_json::to_string(&f).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Check an argument passed beside a document (`seed`, `replications`) by the simulator's own
/// rules (`sim_core::arguments`): `None` when fine, else the CLI's sentence.
#[pyfunction]
fn check_argument(name: &str, value: &Bound<'_, PyAny>) -> Option<String> {
    use pyo3::types::{PyBool, PyFloat, PyInt, PyString};
    use sim_core::arguments::{check, Given};
    let type_name;
    let given = if value.is_instance_of::<PyBool>() {
        Given::Other("a boolean")
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        Given::Number(value.extract::<f64>().unwrap_or(f64::INFINITY))
    } else if value.is_instance_of::<PyString>() {
        Given::Other("a string")
    } else if value.is_none() {
        Given::Other("None")
    } else {
        type_name = format!(
            "a {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_else(|_| "value of another type".into())
        );
        Given::Other(&type_name)
    };
    match check(name, given) {
        Some(Ok(_)) => None,
        Some(Err(e)) => Some(e),
        None => Some(format!("{name}: not an argument LossLab knows")),
    }
}

/// A validated sweep, planned: points × replications.
#[pyclass(module = "losslab._core", frozen)]
struct Plan {
    sweep: Sweep,
    portable: String,
    base_file: Option<String>,
    /// The base scenario as compact JSON with sorted keys (the resolved file when `base` is an
    /// id), whose SHA-256 the `.meta.json` sidecar records as `losslab sweep` does.
    base_json: String,
}

#[pymethods]
impl Plan {
    /// Parse and validate sweep JSON text; a `base` id is looked up from `dir` upward;
    /// `replications`, when given, replaces the file's count.
    #[new]
    #[pyo3(signature = (text, dir = ".", replications = None))]
    fn new(text: &str, dir: &str, replications: Option<u64>) -> PyResult<Self> {
        let mut doc = json_reader::read_document(text).map_err(|e| invalid(strings(&e)))?;
        if let (Some(n), Some(o)) = (replications, doc.as_object_mut()) {
            o.insert("replications".into(), Value::from(n));
        }
        let dir = Path::new(dir);
        let mut resolved: Option<Value> = None;
        let mut base_file: Option<String> = None;
        let sweep = sweep::parse_value(&doc, &mut |id| {
            let (v, file) = resolve_scenario_file(dir, id)?;
            resolved = Some(v.clone());
            base_file = file.map(|f| f.display().to_string());
            Ok(v)
        })
        .map_err(|e| invalid(strings(&e)))?;
        if let (Some(base), Some(o)) = (resolved, doc.as_object_mut()) {
            o.insert("base".into(), base);
        }
        let base_json = doc.get("base").map(Value::to_string).unwrap_or_default();
        Ok(Plan {
            sweep,
            portable: doc.to_string(),
            base_file,
            base_json,
        })
    }

    /// The sweep as self-contained JSON (base inlined, replications as planned).
    #[getter]
    fn portable(&self) -> &str {
        &self.portable
    }

    /// The scenario file a `base` id named (an input of the sweep), `None` for an inline base.
    #[getter]
    fn base_file(&self) -> Option<String> {
        self.base_file.clone()
    }

    /// The base scenario as compact JSON with sorted keys (hashed into the `.meta.json` sidecar).
    #[getter]
    fn base_json(&self) -> &str {
        &self.base_json
    }

    /// The sweep's `id`.
    #[getter]
    fn id(&self) -> &str {
        &self.sweep.id
    }

    /// The smallest and largest seed of the sweep's runs (point's seed + replication), `None`
    /// without runs.
    #[getter]
    fn seeds(&self) -> Option<(u64, u64)> {
        let reps = self.sweep.replications;
        (reps > 0)
            .then(|| {
                self.sweep
                    .points
                    .iter()
                    .map(|p| (p.scenario.seed, p.scenario.seed + (reps - 1)))
                    .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)))
            })
            .flatten()
    }

    /// Number of points.
    #[getter]
    fn points(&self) -> usize {
        self.sweep.points.len()
    }

    /// Replications per point.
    #[getter]
    fn replications(&self) -> u64 {
        self.sweep.replications
    }

    /// The varied paths (the CSV's columns after `point`).
    #[getter]
    fn paths(&self) -> Vec<String> {
        self.sweep.vary.iter().map(|v| v.path.clone()).collect()
    }

    /// Run replication `rep` of the `i`-th point (GIL released): one value per row of the point.
    fn run_replication(&self, py: Python<'_>, i: usize, rep: u64) -> PyResult<Sample> {
        let point = self.point(i)?;
        if rep >= self.sweep.replications {
            return Err(PyIndexError::new_err(format!(
                "replication {rep} out of range (the sweep has {})",
                self.sweep.replications
            )));
        }
        py.allow_threads(|| {
            sweep::run_replication(point, rep, sim_core::budget::Budget::PYTHON.limits())
        })
        .map_err(PyRuntimeError::new_err)
    }

    /// The CSV header line (with its newline), as `losslab sweep` writes it.
    fn csv_header(&self) -> String {
        self.sweep.csv_header()
    }

    /// The CSV rows of the `i`-th point from its replications' samples, in replication order.
    fn point_csv(&self, i: usize, samples: Vec<Sample>) -> PyResult<String> {
        let point = self.point(i)?;
        let rows = point.rows().len();
        if let Some(bad) = samples.iter().position(|s| s.len() != rows) {
            return Err(PyValueError::new_err(format!(
                "sample {bad} of point {i} has {} values, the point has {rows} rows",
                samples[bad].len()
            )));
        }
        Ok(self.sweep.point_csv(point, &samples))
    }

    /// An empty scoreboard of this sweep (`None` when the file has no `scoreboard`).
    fn scoreboard(&self) -> Option<Board> {
        sweep::scoreboard::Scoreboard::new(&self.sweep).map(|inner| Board { inner })
    }
}

/// A sweep's scoreboard being filled (`sim_core::sweep::scoreboard`): the points' samples go in
/// as their CSV rows are written, and `csv()` gives `losslab sweep --scoreboard`'s bytes.
#[pyclass(module = "losslab._core")]
struct Board {
    inner: sweep::scoreboard::Scoreboard,
}

#[pymethods]
impl Board {
    /// The `i`-th point of `plan` with its replications' samples, in replication order.
    fn add(&mut self, plan: &Plan, i: usize, samples: Vec<Sample>) -> PyResult<()> {
        let point = plan.point(i)?;
        let mut stats = sweep::PointStats::new(point);
        for s in &samples {
            if s.len() != point.rows().len() {
                return Err(PyValueError::new_err(format!(
                    "a sample of point {i} has {} values, the point has {} rows",
                    s.len(),
                    point.rows().len()
                )));
            }
            stats.push(s);
        }
        self.inner.add(point, &stats);
        Ok(())
    }

    /// The scoreboard CSV, once every point is in.
    fn csv(&self) -> PyResult<String> {
        self.inner
            .board()
            .map(|b| b.csv())
            .map_err(PyRuntimeError::new_err)
    }
}

impl Plan {
    fn point(&self, i: usize) -> PyResult<&sweep::Point> {
        self.sweep.points.get(i).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "point {i} out of range (the sweep has {})",
                self.sweep.points.len()
            ))
        })
    }
}

/// The `losslab` command line (`sim_core::cli`) run on `argv` (the program's name first), in this
/// process, without the interpreter's lock; its exit status. The wheel's `losslab` command
/// (python/losslab/_cli.py) calls it.
#[pyfunction]
fn cli_main(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.allow_threads(|| sim_core::cli::main(argv))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InvalidInput", m.py().get_type::<InvalidInput>())?;
    m.add("CodeError", m.py().get_type::<CodeError>())?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(catalog_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(series_csv, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_ids, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_text, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(inline_trace_files, m)?)?;
    m.add_function(wrap_pyfunction!(fit_ge, m)?)?;
    m.add_function(wrap_pyfunction!(check_argument, m)?)?;
    m.add_function(wrap_pyfunction!(cli_main, m)?)?;
    m.add_class::<Plan>()?;
    m.add_class::<Board>()?;
    Ok(())
}
