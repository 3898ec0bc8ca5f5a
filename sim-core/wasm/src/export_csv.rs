//! The CSV files of docs/design.md §D6 for the page's "Export CSV", written by the simulator's own writers
//! (sim-core `csv.rs`), so the browser's files equal `losslab run --summary / --series` by
//! construction. The summary file is written beside the run (`WasmSim.summaryCsv()`, in lib.rs);
//! the series file here, from a re-simulation of the run in the worker, one chunk at a time, after
//! [`series_export_problem`] has checked that the whole file fits the browser's memory budget.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// One series as `WasmSim.seriesNames()` names it.
#[derive(Deserialize)]
struct Name {
    entity: String,
    metric: String,
}

/// Why the series file of `scenario_json` up to `until_ms` (its end when not finite) cannot be
/// written in the browser, in words ("" when it can): every point is written, so a long run at a
/// fine sampling interval can hold more than the budget although the page keeps a bounded copy
/// (`sim_core::budget::series_export_refusal`).
#[wasm_bindgen(js_name = seriesExportProblem)]
pub fn series_export_problem(scenario_json: &str, until_ms: f64) -> String {
    let sc = match sim_core::budget::parse(scenario_json) {
        Ok(sc) => sc,
        Err(errs) => {
            return errs
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        }
    };
    let until_s = if until_ms.is_finite() {
        until_ms / 1000.0
    } else {
        sc.stop.time_s
    };
    sim_core::budget::series_export_refusal(&sc, until_s, &sim_core::budget::Budget::BROWSER)
        .unwrap_or_default()
}

/// Most points the page may keep of one live series (`sim_core::budget::BROWSER_POINTS_PER_SERIES`),
/// for the page's own check that its downsampler stays inside what the budget priced.
#[wasm_bindgen(js_name = browserPointsPerSeries)]
pub fn browser_points_per_series() -> f64 {
    sim_core::budget::BROWSER_POINTS_PER_SERIES
}

/// The series file's header line (with its newline).
#[wasm_bindgen(js_name = seriesCsvHeader)]
pub fn series_csv_header() -> String {
    format!("{}\n", sim_core::csv::SERIES_HEADER)
}

/// The series rows (no header) of flat `[series, tMs, value, …]` points, exactly as
/// `losslab run --series` writes them; `names` as `WasmSim.seriesNames()` returned them. The
/// scenario id and seed are not in the rows: the page names its files after them and
/// adds a `…-meta.json` (`web/src/run/exportCsv.ts`).
#[wasm_bindgen(js_name = seriesCsvRows)]
pub fn series_csv_rows(names: JsValue, points: &[f64]) -> Result<String, JsError> {
    let names: Vec<Name> =
        serde_wasm_bindgen::from_value(names).map_err(|e| JsError::new(&e.to_string()))?;
    let names: Vec<(String, String)> = names.into_iter().map(|n| (n.entity, n.metric)).collect();
    let whole = points.len() - points.len() % 3;
    if let Some(bad) = points[..whole]
        .chunks_exact(3)
        .find(|p| !(p[0] >= 0.0 && (p[0] as usize) < names.len()))
    {
        return Err(JsError::new(&format!(
            "series id {} is not one of the {} names",
            bad[0],
            names.len()
        )));
    }
    let text = sim_core::csv::series_csv(&names, &points[..whole]);
    Ok(text[sim_core::csv::SERIES_HEADER.len() + 1..].to_string())
}
