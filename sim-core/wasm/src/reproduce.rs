//! Reproductions for the page (sim-core `reproduce/`): the engine reads the file, plans
//! its sweep and evaluates the claims, so the Papers view's verdicts are `losslab reproduce`'s by
//! construction. The page runs the sweep's points on its worker pool (`runJob`, like the Sweep
//! view) and hands the samples back here.
//!
//! JS API: `new WasmReproduction(fileJson, resolve)` — `resolve(kind, name)` with kind
//! `"scenario"` (an id), `"sweep"` (an id) or `"reference"` (a path under `content/reference/`)
//! returns the file as JSON text (numbers read exactly as the CLI reads them), or `null` when
//! there is none; throws with every problem, one per line,
//! as the CLI words them. `info()` → `{ paper, id, title, setup, claim, source, reference_path,
//! replications, replications_test, sweep_name, plot: { x_path, x_label, x_unit, log_x, metric,
//! y_label, y_unit, series: [{ id, label, reference, cells: [{ raw, x, point, row }] }] },
//! expect: [{ id, claim, paper, kind, forms, tolerance_why, holds_at_test_count, if_missed }] }`;
//! `sweepJson(replications)` → the sweep document (base resolved) for `WasmSweep` and the
//! workers; `evaluate(replications, samples)` → the report item (`samples[i][r]`: point i in the
//! plan's order, replication r; a point may have fewer than `replications` samples while a run
//! fills in; `[]` = nothing run yet): `{ replications, runs, tally: {reproduced, direction_only, inconclusive, …}, reference_note,
//! plot: { x_label, y_label, log_x, series: [{ label, reference, points: [{ x, mean, low, high,
//! n }] }], reference: [{ id, label, unit, points: [{ x, y, uncertainty }] }] }, outcomes: [{ id,
//! claim, paper, losslab, verdict, test, tolerance_why, if_missed }], csv }`;
//! `pointScenario(point)` → the scenario of a sweep point (the base with the point's values).
//! The time-sequence plots (`timeSequenceSpecs`, `timeSequence`) are in timeseq.rs.

use serde_json::{json, Value};
use sim_core::reproduce::{self, IfMissed, Reproduction, Resource, Scale, XMap};
use sim_core::sweep::{parse_path, set_path, Sample, Sweep};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn if_missed(m: &IfMissed) -> Value {
    json!({ "mechanism": m.mechanism, "knob": m.knob, "doc": m.doc })
}

fn xmap_name(m: XMap) -> &'static str {
    match m {
        XMap::Identity => "identity",
        XMap::FractionToPct => "fraction_to_pct",
        XMap::BerToPlrPct1500 => "ber_to_plr_pct_1500",
    }
}

/// A validated reproduction file with its sweeps planned on demand.
#[wasm_bindgen]
pub struct WasmReproduction {
    pub(crate) r: Reproduction,
    plans: RefCell<HashMap<u64, Sweep>>,
}

impl WasmReproduction {
    /// Run `f` on the sweep planned at `replications` per point (planned once, then cached).
    pub(crate) fn with_plan<T>(
        &self,
        replications: u64,
        f: impl FnOnce(&Sweep) -> Result<T, JsError>,
    ) -> Result<T, JsError> {
        if replications == 0 {
            return Err(js_err("replications: a whole number from 1"));
        }
        let mut plans = self.plans.borrow_mut();
        if let std::collections::hash_map::Entry::Vacant(slot) = plans.entry(replications) {
            let sweep = self.r.plan(replications).map_err(|errs| {
                js_err(
                    errs.iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })?;
            slot.insert(sweep);
        }
        f(&plans[&replications])
    }
}

#[wasm_bindgen]
impl WasmReproduction {
    /// Parse and validate a reproduction file; `resolve(kind, name)` loads what it names.
    #[wasm_bindgen(constructor)]
    pub fn new(file_json: &str, resolve: &js_sys::Function) -> Result<WasmReproduction, JsError> {
        let mut load = |kind: Resource, name: &str| -> Result<Option<Value>, String> {
            let k = match kind {
                Resource::Scenario => "scenario",
                Resource::Sweep => "sweep",
                Resource::Reference => "reference",
            };
            let v = resolve
                .call2(
                    &JsValue::NULL,
                    &JsValue::from_str(k),
                    &JsValue::from_str(name),
                )
                .map_err(|e| format!("{k} \"{name}\": {e:?}"))?;
            if v.is_null() || v.is_undefined() {
                return match kind {
                    Resource::Scenario => Err(format!("scenario \"{name}\" is not a preset")),
                    _ => Ok(None),
                };
            }
            let text = v.as_string().ok_or_else(|| {
                format!("{k} \"{name}\": the loader must return JSON text or null")
            })?;
            serde_json::from_str::<Value>(&text)
                .map(Some)
                .map_err(|e| format!("{k} \"{name}\": {e}"))
        };
        reproduce::parse(file_json, &mut load)
            .map(|r| WasmReproduction {
                r,
                plans: RefCell::new(HashMap::new()),
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

    /// What the file says: summary, plot, claims (see the module docs).
    pub fn info(&self) -> Result<JsValue, JsError> {
        let r = &self.r;
        let p = &r.plot;
        let series: Vec<Value> = p
            .series
            .iter()
            .map(|s| {
                json!({
                    "id": s.id,
                    "label": s.label,
                    "reference": s.reference,
                    "cells": s.cells.iter().map(|(raw, x, c)| json!({
                        "raw": raw, "x": x, "point": c.point, "row": c.row
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let expect: Vec<Value> = r
            .expect
            .iter()
            .map(|e| {
                json!({
                    "id": e.id,
                    "claim": e.claim,
                    "paper": e.paper,
                    "kind": e.check.kind(),
                    "forms": e.check.forms(),
                    "tolerance_why": e.tolerance_why,
                    "holds_at_test_count": e.holds_at_test_count,
                    "if_missed": if_missed(&e.if_missed),
                })
            })
            .collect();
        crate::to_js(&json!({
            "paper": r.paper,
            "id": r.id,
            "title": r.title,
            "setup": r.setup,
            "claim": r.claim,
            "source": r.source,
            "reference_path": r.reference_path,
            "reference_present": r.reference.is_some(),
            "sweep_name": r.sweep_name,
            "replications": r.replications as f64,
            "replications_test": r.replications_test as f64,
            "plot": {
                "x_path": p.x_path,
                "x_label": p.x_label,
                "x_unit": p.x_unit,
                "log_x": p.x_scale == Scale::Log,
                "x_map": xmap_name(p.x_map),
                "metric": p.metric,
                "y_label": p.y_label,
                "y_unit": p.y_unit,
                "series": series,
            },
            "expect": expect,
        }))
    }

    /// The sweep document at `replications` per point (base resolved), for the workers.
    #[wasm_bindgen(js_name = sweepJson)]
    pub fn sweep_json(&self, replications: u32) -> Result<String, JsError> {
        let reps = replications as u64;
        self.with_plan(reps, |_| Ok(()))?;
        Ok(self.r.sweep_document(reps).to_string())
    }

    /// The report item of the samples so far (see the module docs): the engine's verdicts.
    pub fn evaluate(&self, replications: u32, samples: JsValue) -> Result<JsValue, JsError> {
        let mut samples: Vec<Vec<Sample>> =
            serde_wasm_bindgen::from_value(samples).map_err(js_err)?;
        self.with_plan(replications as u64, |sweep| {
            // No samples at all: the figure before a run (the paper's points, no LossLab value).
            if samples.is_empty() {
                samples = vec![Vec::new(); sweep.points.len()];
            }
            if samples.len() != sweep.points.len() {
                return Err(js_err(format!(
                    "{} points of samples for a sweep of {} points",
                    samples.len(),
                    sweep.points.len()
                )));
            }
            let item = self.r.evaluate(sweep, &samples);
            let t = item.tally();
            let series: Vec<Value> = item
                .plot
                .series
                .iter()
                .map(|s| {
                    json!({
                        "label": s.label,
                        "reference": s.reference,
                        "points": s.points.iter().map(|(x, c)| json!({
                            "x": x, "mean": c.mean, "low": c.low, "high": c.high, "n": c.n
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let reference: Vec<Value> = item
                .plot
                .reference
                .iter()
                .map(|r| {
                    json!({
                        "id": r.id, "label": r.label, "unit": r.unit,
                        "points": r.points.iter().map(|p| json!({
                            "x": p.x, "y": p.y, "uncertainty": p.uncertainty
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let outcomes: Vec<Value> = item
                .outcomes
                .iter()
                .map(|o| {
                    json!({
                        "id": o.id,
                        "claim": o.claim,
                        "paper": o.paper,
                        "losslab": o.losslab,
                        "verdict": o.verdict.text(),
                        "verdict_text": o.verdict_text(),
                        "class": match o.class {
                            reproduce::Class::Claim => "claim",
                            reproduce::Class::Sanity => "sanity",
                        },
                        "departs": o.departs,
                        "test": o.test,
                        "tolerance_why": o.tolerance_why,
                        "if_missed": if_missed(&o.if_missed),
                    })
                })
                .collect();
            crate::to_js(&json!({
                "replications": item.replications as f64,
                "runs": item.runs as f64,
                "tally": {
                    "reproduced": t.reproduced,
                    "direction_only": t.direction_only,
                    "inconclusive": t.inconclusive,
                    "not_reproduced": t.not_reproduced,
                    "sanity_held": t.sanity_held,
                    "sanity": t.sanity,
                    "departs": t.departs,
                },
                "comparison": item.comparison.iter().map(|r| json!({
                    "series": r.series, "x": r.x, "paper": r.paper,
                    "mean": r.losslab.mean, "low": r.losslab.low, "high": r.losslab.high,
                    "n": r.losslab.n, "deviation": r.deviation,
                })).collect::<Vec<_>>(),
                "units": { "x": item.units.0, "y": item.units.1 },
                "reference_note": item.reference_note,
                "plot": {
                    "x_label": item.plot.x_label,
                    "y_label": item.plot.y_label,
                    "log_x": item.plot.log_x,
                    "series": series,
                    "reference": reference,
                },
                "outcomes": outcomes,
                "csv": item.csv,
            }))
        })
    }

    /// The scenario of sweep point `point`: the base with the point's varied values set.
    #[wasm_bindgen(js_name = pointScenario)]
    pub fn point_scenario(&self, point: u32) -> Result<JsValue, JsError> {
        let reps = self.r.replications_test;
        let doc = self.r.sweep_document(reps);
        self.with_plan(reps, |sweep| {
            let p = sweep
                .points
                .iter()
                .find(|p| p.index == point as usize)
                .ok_or_else(|| js_err(format!("the sweep has no point {point}")))?;
            let mut sc = doc.get("base").cloned().unwrap_or(Value::Null);
            for (v, &j) in sweep.vary.iter().zip(&p.choice) {
                let steps = parse_path(&v.path).map_err(js_err)?;
                set_path(&mut sc, &steps, v.values[j].clone()).map_err(js_err)?;
            }
            crate::to_js(&sc)
        })
    }
}
