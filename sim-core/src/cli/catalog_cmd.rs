//! `losslab catalog [--json]`: every variant, classifier, queue, error model, profile,
//! cross-traffic kind and TCP option with its knobs ([`crate::catalog`]).
//!
//! `--json` prints the catalog exactly as the wasm `catalog()` export returns it; without it, one
//! line per entry: `id  title — knob=default unit (min–max), …`.

use crate::catalog::{catalog, Entry};
use crate::cli::Failure;
use crate::param::{ParamKind, ParamSpec};
use serde_json::Value;

/// Run the command.
pub fn catalog_cmd(json: bool) -> Result<(), Failure> {
    let c = catalog();
    if json {
        let text =
            serde_json::to_string_pretty(&c).map_err(|e| Failure::Internal(e.to_string()))?;
        return outln!("{text}");
    }
    let knobs: usize = [
        &c.variants,
        &c.classifiers,
        &c.queues,
        &c.queue_options,
        &c.errors,
        &c.cross_traffic,
    ]
    .iter()
    .flat_map(|es| es.iter())
    .map(|e| e.params.len())
    .sum::<usize>()
        + c.tcp.len();
    outln!("LossLab {} catalog: {knobs} knobs", c.version)?;
    section("variants (tcp.cc; knobs in tcp.cc_params)", &c.variants)?;
    section("classifiers (tcp.classifier, observe.shadow_classifiers; knobs in tcp.classifier_params or the shadow's params)", &c.classifiers)?;
    section("queues (queue.kind)", &c.queues)?;
    section(
        "queue options (an object under queue.<id>, on any queue)",
        &c.queue_options,
    )?;
    section("error models (errors.kind, errors.mode)", &c.errors)?;
    section("cross traffic (cross_traffic[].kind)", &c.cross_traffic)?;
    outln!("\nprofiles (tcp.profile)")?;
    for p in &c.profiles {
        let fields: Vec<String> = p
            .defaults
            .iter()
            .map(|(k, v)| format!("{k}={}", value(v)))
            .collect();
        outln!("  {:<20} {} — {}", p.id, p.title, fields.join(", "))?;
    }
    outln!("\ntcp options (flows[].tcp; defaults of the rfc profile)")?;
    for s in &c.tcp {
        outln!("  {:<20} {}", s.name, knob(s))?;
    }
    Ok(())
}

fn section(title: &str, entries: &[Entry]) -> Result<(), Failure> {
    outln!("\n{title}")?;
    for e in entries {
        let id = match e.mode {
            Some(m) => format!("{} ({m})", e.id),
            None => e.id.to_string(),
        };
        let knobs: Vec<String> = e.params.iter().map(knob).collect();
        let knobs = if knobs.is_empty() {
            "no knobs".to_string()
        } else {
            knobs.join(", ")
        };
        outln!("  {id:<20} {} — {knobs}", e.title)?;
    }
    Ok(())
}

/// `name=default unit (range)`, with `*` after the name of a required knob.
fn knob(s: &ParamSpec) -> String {
    let name = if s.required {
        format!("{}*", s.name)
    } else {
        s.name.to_string()
    };
    let default = if s.default.is_null() {
        "derived".to_string()
    } else {
        value(&s.default)
    };
    let unit = if s.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", s.unit)
    };
    let range = match &s.kind {
        ParamKind::Number { min, max } => format!(" ({}–{})", num(*min), num(*max)),
        ParamKind::Integer { min, max } => format!(" ({min}–{max})"),
        ParamKind::IntegerList { min, max } => format!(" (list, {min}–{max} each)"),
        ParamKind::Bool => String::new(),
        ParamKind::Choice { options } => format!(" ({})", options.join("|")),
    };
    format!("{name}={default}{unit}{range}")
}

fn value(v: &Value) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), num),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whole numbers without a fraction, others in shortest form.
fn num(x: f64) -> String {
    if !x.is_finite() {
        return if x > 0.0 {
            "∞".into()
        } else {
            "−∞".into()
        };
    }
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_knob_per_item_with_unit_and_range() {
        let c = catalog();
        let veno = c.variants.iter().find(|e| e.id == "veno").unwrap();
        let text: Vec<String> = veno.params.iter().map(knob).collect();
        assert_eq!(
            text,
            [
                "rtt=latest_min (latest_min|srtt)",
                "beta_segments=3 segments (0–1000)",
                "min_samples=3 samples (0–1000)",
                "reduce_from=cwnd (cwnd|flight)"
            ]
        );
        let ber = &c
            .errors
            .iter()
            .find(|e| e.id == "bit_error")
            .unwrap()
            .params[0];
        assert_eq!(knob(ber), "ber*=0.00001 (0–0.5)");
        let red = c.queues.iter().find(|e| e.id == "red").unwrap();
        assert_eq!(
            knob(&red.params[2]),
            "min_th_pkts=derived packets (0–1000000)"
        );
        assert_eq!(value(&json!([20, 21])), "[20,21]");
    }
}
