//! The CSV files of DESIGN §6 for the page's "Export CSV", written by the simulator's own writers
//! (sim-core `csv.rs`), so the browser's files equal `losslab run --summary / --series` by
//! construction. The summary file is written beside the run (`WasmSim.summaryCsv()`, in lib.rs);
//! the series file here, from the samples the page keeps, one chunk at a time so a long run
//! never needs one huge string.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// One series as `WasmSim.seriesNames()` names it.
#[derive(Deserialize)]
struct Name {
    entity: String,
    metric: String,
}

/// The series file's header line (with its newline).
#[wasm_bindgen(js_name = seriesCsvHeader)]
pub fn series_csv_header() -> String {
    format!("{}\n", sim_core::csv::SERIES_HEADER)
}

/// The series rows (no header) of flat `[series, tMs, value, …]` points, exactly as
/// `losslab run --series` writes them; `names` as `WasmSim.seriesNames()` returned them. The
/// scenario id and seed are not in the rows (issue 14): the page names its files after them and
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
