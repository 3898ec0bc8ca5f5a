//! The lessons' theory curves for the page: sim-core's `theory` module — Mathis et al.
//! 1997 and Padhye et al. 1998 — evaluated over a figure's x values. The page only plots.
//!
//! JS API: `theoryCurve(scenarioJson, model, xPath, xs)` → one throughput in kbit/s per x
//! (`model` is `"mathis"` or `"padhye"`; each x is set at `xPath` in the scenario, which is then
//! parsed and read by `theory::path_facts`; NaN where the formula has no finite value, e.g. at
//! p = 0). Throws when the scenario, the path or the model cannot be read.

use sim_core::sweep::{parse_path, set_path};
use sim_core::theory::{self, Model};
use wasm_bindgen::prelude::*;

/// The model's throughput (kbit/s) at each x of the figure's x control.
#[wasm_bindgen(js_name = theoryCurve)]
pub fn theory_curve(
    scenario_json: &str,
    model: &str,
    x_path: &str,
    xs: Vec<f64>,
) -> Result<Vec<f64>, JsError> {
    curve(scenario_json, model, x_path, &xs).map_err(|e| JsError::new(&e))
}

/// [`theory_curve`] without the JS error type (tested natively).
pub fn curve(
    scenario_json: &str,
    model: &str,
    x_path: &str,
    xs: &[f64],
) -> Result<Vec<f64>, String> {
    let model = Model::from_name(model).ok_or_else(|| {
        format!(
            "theory \"{model}\": expected one of {}",
            Model::NAMES.join(", ")
        )
    })?;
    let base: serde_json::Value = serde_json::from_str(scenario_json).map_err(|e| e.to_string())?;
    let steps = parse_path(x_path)?;
    xs.iter()
        .map(|&x| {
            let mut doc = base.clone();
            set_path(&mut doc, &steps, serde_json::json!(x))?;
            let sc = sim_core::scenario::parse_value(&doc).map_err(|errs| {
                errs.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            })?;
            let v = theory::throughput_kbps(model, &theory::path_facts(&sc)?);
            Ok(if v.is_finite() { v } else { f64::NAN })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_per_x_falling_with_loss() {
        let s = r#"{ "schema": 1, "id": "t", "flows": [{}],
            "topology": { "kind": "dumbbell", "bottleneck": { "errors": { "kind": "packet_error", "per": 0.01 } } } }"#;
        let path = "topology.bottleneck.errors.per";
        let v = curve(s, "mathis", path, &[0.0, 0.01, 0.04]).unwrap();
        assert!(v[0].is_nan());
        assert!((v[1] / v[2] - 2.0).abs() < 1e-9);
        let p = curve(s, "padhye", path, &[0.01, 0.04]).unwrap();
        assert!(p[0] > p[1] && p[0] < v[1]);
        assert!(curve(s, "cubic", path, &[0.01]).is_err());
    }
}
