//! Shadow classifiers' accuracies as sweep metrics (metric M2; [LJ] §4.2, docs/design.md §5.8
//! and assumption A12 "shadow mode").
//!
//! A scenario's `observe.shadow_classifiers` judge every loss episode of every flow without
//! steering it (the flow keeps reacting as its own classifier says, usually `always_congestion`,
//! i.e. plain TCP-SACK). So all schemes are compared on the *same* losses of the *same*
//! unmodified flow — the paper's set-up read as docs/design.md A12's shadow mode — while the flow metrics
//! `accuracy_congestion` / `accuracy_wireless` measure the flow's own classifier (active mode).
//!
//! Metric names: `shadow.<classifier id>.accuracy_congestion` and
//! `shadow.<classifier id>.accuracy_wireless` (`shadow.spike.accuracy_wireless`), for every
//! classifier id of [`crate::tcp::classify::CHOICES`] (code of one's own included). The id names the **first** shadow
//! classifier of that id in `observe.shadow_classifiers` (list one id once; a second entry with
//! other parameters is reachable in the run summary only). Every point of the sweep must list
//! the classifier as a shadow (checked when the sweep is built, [`check`]).
//!
//! Rows, per replication, like the own classifier's accuracies:
//! - a flow row: A_c (A_w) of that shadow on that flow's losses — correct verdicts ÷ losses of that
//!   kind, undefined without a loss of that kind;
//! - the `sum` row and a group row: the pooled confusion matrix of that shadow over the
//!   flows (every verdict counts once), whatever the group's `combine` says.

use crate::metrics::FlowSummary;
use crate::scenario::Scenario;
use crate::tcp::classify::{Confusion, CHOICES};
use std::sync::OnceLock;

/// The measures a shadow classifier offers, after `shadow.<id>.`.
pub const SHADOW_MEASURES: &[&str] = &["accuracy_congestion", "accuracy_wireless"];

/// Every shadow metric name, `shadow.<id>.<measure>` for each classifier id and measure.
pub fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        CHOICES
            .iter()
            .flat_map(|id| {
                SHADOW_MEASURES.iter().map(move |m| {
                    // A fixed, small set (classifiers × measures), built once per process.
                    &*Box::leak(format!("shadow.{id}.{m}").into_boxed_str())
                })
            })
            .collect()
    })
}

/// The static name of shadow metric `s`, if it is one.
pub fn lookup(s: &str) -> Option<&'static str> {
    names().iter().copied().find(|n| *n == s)
}

/// True if `m` is a shadow metric name (`shadow.…`).
pub fn is_shadow(m: &str) -> bool {
    m.starts_with("shadow.")
}

/// (classifier id, measure) of a shadow metric name.
fn split(m: &str) -> Option<(&str, &str)> {
    m.strip_prefix("shadow.")?.rsplit_once('.')
}

fn of(c: &Confusion, measure: &str) -> Option<f64> {
    match measure {
        "accuracy_congestion" => c.accuracy_congestion(),
        "accuracy_wireless" => c.accuracy_wireless(),
        _ => None,
    }
}

/// The first shadow of classifier `id` on one flow's row.
fn confusion<'a>(f: &'a FlowSummary, id: &str) -> Option<&'a Confusion> {
    f.shadows
        .iter()
        .find(|s| s.classifier == id)
        .map(|s| &s.confusion)
}

/// Shadow metric `m` of one flow (None: not a shadow metric, no such shadow, or no loss of that
/// kind).
pub fn flow_value(f: &FlowSummary, m: &str) -> Option<f64> {
    let (id, measure) = split(m)?;
    of(confusion(f, id)?, measure)
}

/// Shadow metric `m` over several flows: their confusion matrices for that shadow pooled.
pub fn pooled<'a>(flows: impl Iterator<Item = &'a FlowSummary>, m: &str) -> Option<f64> {
    let (id, measure) = split(m)?;
    let cs: Vec<&Confusion> = flows.filter_map(|f| confusion(f, id)).collect();
    if cs.is_empty() {
        return None;
    }
    of(&super::group::pool(cs.into_iter()), measure)
}

/// A problem if a shadow metric of `metrics` names a classifier `sc` does not list as a shadow.
pub fn check(sc: &Scenario, metrics: &[&'static str]) -> Option<String> {
    for m in metrics.iter().filter(|m| is_shadow(m)) {
        let (id, _) = split(m)?;
        if !sc.observe.shadow_classifiers.iter().any(|s| s.id == id) {
            let listed: Vec<&str> = sc.observe.shadow_classifiers.iter().map(|s| s.id).collect();
            return Some(format!(
                "metric \"{m}\" needs \"{id}\" in observe.shadow_classifiers (listed: {})",
                if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(", ")
                }
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::ShadowSummary;

    fn flow(shadows: Vec<ShadowSummary>) -> FlowSummary {
        FlowSummary {
            shadows,
            ..FlowSummary::blank("tcp")
        }
    }

    fn shadow(id: &'static str, cc: u64, cw: u64, wc: u64, ww: u64) -> ShadowSummary {
        let confusion = Confusion {
            congestion_as_congestion: cc,
            congestion_as_wireless: cw,
            wireless_as_congestion: wc,
            wireless_as_wireless: ww,
            ..Confusion::default()
        };
        ShadowSummary {
            classifier: id,
            params: Default::default(),
            confusion,
            accuracy_congestion: confusion.accuracy_congestion(),
            accuracy_wireless: confusion.accuracy_wireless(),
        }
    }

    #[test]
    fn names_cover_every_classifier_and_look_up() {
        assert_eq!(names().len(), CHOICES.len() * SHADOW_MEASURES.len());
        assert_eq!(
            lookup("shadow.spike.accuracy_wireless"),
            Some("shadow.spike.accuracy_wireless")
        );
        assert_eq!(lookup("shadow.spik.accuracy_wireless"), None);
        assert_eq!(lookup("shadow.spike.timeouts"), None);
    }

    #[test]
    fn shadow_accuracies_by_hand() {
        // Flow a: Spike judged 3 congestion losses right, 1 wrong; 2 of 8 wireless losses right →
        // A_c = 3/4 = 0.75, A_w = 2/8 = 0.25. The adaptive threshold saw no wireless loss there.
        // Flow b: Spike 1 of 1 congestion right, 6 of 8 wireless right.
        // Pooled Spike: A_c = (3 + 1)/(4 + 1) = 0.8, A_w = (2 + 6)/(8 + 8) = 0.5.
        let a = flow(vec![
            shadow("adaptive_threshold", 2, 0, 0, 0),
            shadow("spike", 3, 1, 6, 2),
        ]);
        let b = flow(vec![
            shadow("adaptive_threshold", 0, 0, 0, 0),
            shadow("spike", 1, 0, 2, 6),
        ]);
        assert_eq!(
            flow_value(&a, "shadow.spike.accuracy_congestion"),
            Some(0.75)
        );
        assert_eq!(flow_value(&a, "shadow.spike.accuracy_wireless"), Some(0.25));
        assert_eq!(
            flow_value(&a, "shadow.adaptive_threshold.accuracy_congestion"),
            Some(1.0)
        );
        assert_eq!(
            flow_value(&a, "shadow.adaptive_threshold.accuracy_wireless"),
            None
        );
        assert_eq!(flow_value(&a, "shadow.ncpld.accuracy_wireless"), None);
        let both = [a, b];
        assert_eq!(
            pooled(both.iter(), "shadow.spike.accuracy_congestion"),
            Some(0.8)
        );
        assert_eq!(
            pooled(both.iter(), "shadow.spike.accuracy_wireless"),
            Some(0.5)
        );
        assert_eq!(pooled(both.iter(), "shadow.ncpld.accuracy_wireless"), None);
    }

    #[test]
    fn a_sweep_reports_shadow_rows_and_refuses_a_missing_shadow() {
        use serde_json::json;
        let mut no_ids = |_: &str| -> Result<serde_json::Value, String> { Err("none".into()) };
        // Two bulk flows over a lossy bottleneck, judged by the oracle (always right) and by
        // always_congestion (never calls a loss wireless) as shadows.
        let sweep = json!({ "base": { "id": "t", "seed": 3, "stop": { "time_s": 20 },
                "topology": { "bottleneck": { "errors": { "kind": "packet_error", "per": 0.02 } } },
                "flows": [{ "id": "a", "count": 2 }],
                "observe": { "shadow_classifiers": ["oracle", "always_congestion"] } },
            "vary": [], "groups": { "g": "a" },
            "metrics": ["shadow.oracle.accuracy_wireless", "shadow.always_congestion.accuracy_wireless"] });
        let s = crate::sweep::parse_value(&sweep, &mut no_ids).unwrap();
        let p = &s.points[0];
        let names: Vec<&str> = p.metric_names().collect();
        assert_eq!(
            names,
            [
                "a.0.shadow.oracle.accuracy_wireless",
                "a.1.shadow.oracle.accuracy_wireless",
                "sum.shadow.oracle.accuracy_wireless",
                "g.shadow.oracle.accuracy_wireless",
                "a.0.shadow.always_congestion.accuracy_wireless",
                "a.1.shadow.always_congestion.accuracy_wireless",
                "sum.shadow.always_congestion.accuracy_wireless",
                "g.shadow.always_congestion.accuracy_wireless",
            ]
        );
        let v =
            crate::sweep::run_replication(p, 0, crate::budget::Budget::here().limits()).unwrap();
        assert_eq!(v[..4], [Some(1.0); 4], "the oracle is always right");
        assert_eq!(
            v[4..],
            [Some(0.0); 4],
            "always_congestion never says wireless"
        );
        let mut bad = sweep.clone();
        bad["metrics"] = json!(["shadow.spike.accuracy_wireless"]);
        let errs: Vec<String> = crate::sweep::parse_value(&bad, &mut no_ids)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errs,
            ["metrics: metric \"shadow.spike.accuracy_wireless\" needs \"spike\" in observe.shadow_classifiers (listed: oracle, always_congestion) (point 0)"]
        );
    }
}
