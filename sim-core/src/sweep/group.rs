//! Flow groups of a sweep (metric M1): named subsets of a point's flows with one row per
//! group and metric, for figures that plot "the four plain flows together" ([GB04] §4.3, Figs
//! 12–18) or "the mean per-flow throughput of the n LDA flows" ([LJ] §4.4, Table 1).
//!
//! ```json
//! "groups": { "normal": "normal",                        // every connection of flows entry "normal"
//!             "fast": ["tcp.0", "tcp.1"],                // flow ids
//!             "lda": { "flows": "lda*", "combine": "mean" } }
//! ```
//! A **selector** is a flow id (`tcp.0`), a `flows[]` entry id (`normal` selects `normal` when the
//! entry has `count` 1 and `normal.0`, `normal.1`, … otherwise), or a pattern with `*` matching any
//! run of characters (`normal.*`, `*`). A group is one selector, an array of them, or `{ "flows":
//! selector or array, "combine": "sum" (default) | "mean" }`. Every group must select at least
//! one flow at every point.
//!
//! Row `<group>.<metric>`, per replication, over the group's flows:
//! - **counts** (`bytes_delivered`, `segments_sent`, `retransmissions`, `timeouts`, losses,
//!   verdicts, …) and **rates** (`throughput_kbps`, `goodput_kbps`): the sum over the flows
//!   (`combine: sum`) or that sum divided by the group's size (`combine: mean`, the mean per
//!   flow). A rate's sum is Σ of each flow's own rate, bytes ÷ its own duration — the group's share
//!   when its flows run over the same interval (bulk flows to a fixed stop time, as the GB04
//!   scenario 2 reproductions use); for transfers that end at different times it can exceed what
//!   the group moved per second;
//! - `accuracy_congestion`, `accuracy_wireless`: the pooled confusion matrix of the group's own
//!   classifiers (every verdict of every flow counts once), whatever `combine` says;
//! - `time_to_15kb_s`: the last flow's (the time until every flow of the group had its first
//!   15 KB), whatever `combine` says;
//! - `tp_estimate_s`, `tp_overestimate_pct`, `t0_s`, `t0_error_pct`: the mean over every
//!   loss of the group's flows (pooled), whatever `combine` says;
//! - `completion_s`: the last completion in the group (undefined while one transfer is unfinished),
//!   whatever `combine` says;
//! - `jain_index`, the one run metric with group rows: Jain's index (Σx)² / (n·Σx²) of the
//!   group's flows' whole-run throughputs — the fairness among a subset, such as the flows that
//!   share one direction of a bottleneck while others travel the other way.
//!
//! Group rows come after a metric's flow rows and its `sum` row, in the groups' name order (a
//! JSON object's keys are read unordered), whatever `flows` (`each`/`sum`/`both`) says; run metrics have none but `jain_index`. The mean and CI
//! across replications are then the CSV's as for every row.

use super::{flow_value, FlowSummary};
use crate::json_reader::{kind, quote, Problems};
use crate::tcp::classify::Confusion;
use serde_json::Value;

/// Most groups in one sweep.
pub const MAX_GROUPS: usize = 32;
/// Most selectors in one group.
pub const MAX_SELECTORS: usize = 64;

/// How a group's per-flow values are combined (accuracies and completion ignore it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// Σ over the group's flows.
    Sum,
    /// Σ / the group's size.
    Mean,
}

/// One named group of flows.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its name: the row prefix (`normal` → `normal.throughput_kbps`).
    pub name: String,
    /// Selectors as written.
    pub selectors: Vec<String>,
    /// Sum or mean.
    pub combine: Combine,
}

/// `*` matches any run of characters (also none); everything else literally.
fn glob(pattern: &str, s: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = s.chars().collect();
    // Classic two-pointer wildcard match with backtracking to the last star.
    let (mut i, mut j, mut star, mut mark) = (0usize, 0usize, None::<usize>, 0usize);
    while j < t.len() {
        if i < p.len() && p[i] != '*' && p[i] == t[j] {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(st) = star {
            i = st + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// Whether `selector` selects the flow `id`: a pattern, the id itself, or the id's entry
/// (`normal` selects `normal.3`).
pub fn selects(selector: &str, id: &str) -> bool {
    if selector.contains('*') {
        return glob(selector, id);
    }
    id == selector
        || id
            .strip_prefix(selector)
            .and_then(|rest| rest.strip_prefix('.'))
            .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

impl Group {
    /// Indices of the flows (ids in scenario order) this group selects.
    pub fn members<'a>(&self, ids: impl Iterator<Item = &'a str>) -> Vec<usize> {
        ids.enumerate()
            .filter(|(_, id)| self.selectors.iter().any(|s| selects(s, id)))
            .map(|(i, _)| i)
            .collect()
    }

    /// The group's value of flow metric `m` in one replication: `flows` are the run's flow
    /// rows, `confusions` their classifiers' confusion matrices, `members` the group's indices.
    pub fn value(
        &self,
        flows: &[FlowSummary],
        confusions: &[Confusion],
        members: &[usize],
        m: &str,
    ) -> Option<f64> {
        if members.is_empty() {
            return None;
        }
        match m {
            "completion_s" | "time_to_15kb_s" => members
                .iter()
                .map(|&i| flow_value(&flows[i], m))
                .try_fold(0.0f64, |acc, c| c.map(|c| acc.max(c))),
            m if crate::sweep::WORST_FLOW_METRICS.contains(&m) => members
                .iter()
                .filter_map(|&i| flow_value(&flows[i], m))
                .reduce(f64::max),
            "jain_index" => crate::metrics::jain(
                &members
                    .iter()
                    .map(|&i| flows[i].throughput_kbps)
                    .collect::<Vec<_>>(),
            ),
            "accuracy_congestion" | "accuracy_wireless" => {
                let pooled = pool(members.iter().map(|&i| &confusions[i]));
                if m == "accuracy_congestion" {
                    pooled.accuracy_congestion()
                } else {
                    pooled.accuracy_wireless()
                }
            }
            m if crate::metrics::threshold::is_metric(m) => {
                let mut t = crate::metrics::threshold::ThresholdTally::default();
                for &i in members {
                    t.add(&flows[i].threshold);
                }
                t.value(m)
            }
            m if super::shadow_metrics::is_shadow(m) => {
                super::shadow_metrics::pooled(members.iter().map(|&i| &flows[i]), m)
            }
            _ => {
                let mut sum = 0.0;
                for &i in members {
                    sum += flow_value(&flows[i], m)?;
                }
                Some(match self.combine {
                    Combine::Sum => sum,
                    Combine::Mean => sum / members.len() as f64,
                })
            }
        }
    }
}

/// The sum of confusion matrices.
pub fn pool<'a>(cs: impl Iterator<Item = &'a Confusion>) -> Confusion {
    let mut p = Confusion::default();
    for c in cs {
        p.congestion_as_congestion += c.congestion_as_congestion;
        p.congestion_as_wireless += c.congestion_as_wireless;
        p.wireless_as_congestion += c.wireless_as_congestion;
        p.wireless_as_wireless += c.wireless_as_wireless;
        p.unknown_as_congestion += c.unknown_as_congestion;
        p.unknown_as_wireless += c.unknown_as_wireless;
    }
    p
}

fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn selector(v: &Value, at: &str, p: &mut Problems) -> Option<String> {
    match v {
        Value::String(s)
            if !s.is_empty()
                && s.len() <= 200
                && s.bytes().all(|b| b.is_ascii_graphic() && b != b'"') =>
        {
            Some(s.clone())
        }
        Value::String(s) => {
            p.push(
                at,
                format!(
                    "\"{}\" is not a flow selector (a flow id, a flows[] entry id, or a pattern with *)",
                    quote(s)
                ),
            );
            None
        }
        other => {
            p.push(
                at,
                format!("must be a flow selector string (got {})", kind(other)),
            );
            None
        }
    }
}

fn selectors(v: &Value, at: &str, p: &mut Problems) -> Vec<String> {
    match v {
        Value::Array(items) if items.is_empty() => {
            p.push(at, "needs at least one flow selector");
            Vec::new()
        }
        Value::Array(items) if items.len() > MAX_SELECTORS => {
            p.push(
                at,
                format!("has {} selectors (at most {MAX_SELECTORS})", items.len()),
            );
            Vec::new()
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .filter_map(|(i, x)| selector(x, &format!("{at}[{i}]"), p))
            .collect(),
        other => selector(other, at, p).into_iter().collect(),
    }
}

/// Read the sweep's `groups` object (absent or null: none). Names that clash with the `sum` row
/// or a run metric are reported here; clashes with flow ids and empty groups per point, by the
/// caller.
pub fn parse(v: Option<&Value>, p: &mut Problems) -> Vec<Group> {
    let obj = match v {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Object(o)) => o,
        Some(other) => {
            p.push(
                "groups",
                format!(
                    "must be an object {{ \"<name>\": selector, [selectors] or {{ \"flows\", \"combine\" }} }} (got {})",
                    kind(other)
                ),
            );
            return Vec::new();
        }
    };
    if obj.len() > MAX_GROUPS {
        p.push(
            "groups",
            format!("has {} groups (at most {MAX_GROUPS})", obj.len()),
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, g) in obj {
        let at = format!("groups.{}", quote(name));
        if !valid_name(name) {
            p.push(
                &at,
                format!(
                    "\"{}\" is not a group name (1 to 64 letters, digits, _ and -)",
                    quote(name)
                ),
            );
            continue;
        }
        if name == "sum" || super::RUN_METRICS.contains(&name.as_str()) {
            p.push(
                &at,
                format!("\"{name}\" is reserved (the sum row or a run metric); pick another name"),
            );
            continue;
        }
        let (sel, combine) = match g {
            Value::Object(o) => {
                for key in o.keys() {
                    if key != "flows" && key != "combine" {
                        p.push(
                            format!("{at}.{}", quote(key)),
                            format!(
                                "unknown field \"{}\" (expected one of: flows, combine)",
                                quote(key)
                            ),
                        );
                    }
                }
                let sel = match o.get("flows") {
                    None | Some(Value::Null) => {
                        p.push(
                            format!("{at}.flows"),
                            "is required (a flow selector or an array of them)",
                        );
                        Vec::new()
                    }
                    Some(f) => selectors(f, &format!("{at}.flows"), p),
                };
                let combine = match o.get("combine") {
                    None | Some(Value::Null) => Combine::Sum,
                    Some(Value::String(s)) if s == "sum" => Combine::Sum,
                    Some(Value::String(s)) if s == "mean" => Combine::Mean,
                    Some(other) => {
                        p.push(
                            format!("{at}.combine"),
                            format!(
                                "must be \"sum\" or \"mean\" (got {})",
                                super::show_value(other)
                            ),
                        );
                        Combine::Sum
                    }
                };
                (sel, combine)
            }
            other => (selectors(other, &at, p), Combine::Sum),
        };
        if !sel.is_empty() {
            out.push(Group {
                name: name.clone(),
                selectors: sel,
                combine,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn selectors_match_ids_entries_and_patterns() {
        assert!(selects("normal", "normal"));
        assert!(selects("normal", "normal.3"));
        assert!(!selects("normal", "normal.x"));
        assert!(!selects("normal", "normalx.0"));
        assert!(!selects("normal.0", "normal.1"));
        assert!(selects("normal.*", "normal.12"));
        assert!(!selects("normal.*", "normal"));
        assert!(selects("*", "ld"));
        assert!(selects("n*l.*", "normal.0"));
        assert!(selects("*.1", "tcp.1"));
        assert!(!selects("*.1", "tcp.10"));
    }

    #[test]
    fn groups_parse_in_three_shapes_and_report_problems() {
        let mut p = Problems::default();
        let g = parse(
            Some(&json!({ "a": "normal", "b": ["tcp.0", "x*"],
                          "c": { "flows": "ld", "combine": "mean" } })),
            &mut p,
        );
        assert!(p.is_empty());
        assert_eq!(g.len(), 3);
        assert_eq!(g[1].selectors, ["tcp.0", "x*"]);
        assert_eq!(g[2].combine, Combine::Mean);
        let mut p = Problems::default();
        parse(
            Some(&json!({ "sum": "a", "b c": "a", "d": [], "e": 3,
                          "f": { "flows": "a", "combine": "max", "x": 1 } })),
            &mut p,
        );
        let errs: Vec<String> = p.into_errors().iter().map(|e| e.to_string()).collect();
        assert_eq!(errs.len(), 6, "{errs:#?}");
    }

    fn flow(id: &str, tput: f64, bytes: u64, done: Option<f64>) -> FlowSummary {
        FlowSummary {
            bytes_delivered: bytes,
            completion_s: done,
            throughput_kbps: tput,
            goodput_kbps: tput,
            timeouts: bytes / 1000,
            ..FlowSummary::blank(id)
        }
    }

    #[test]
    fn group_values_by_hand() {
        // Four plain flows at 40, 50, 60, 70 kbit/s and one LD flow at 150: the group "normal"
        // sums to 220 kbit/s, its mean is 55; timeouts 1+2+3+4 = 10; completion the last, 9 s.
        let flows = vec![
            flow("normal.0", 40.0, 1000, Some(6.0)),
            flow("normal.1", 50.0, 2000, Some(9.0)),
            flow("normal.2", 60.0, 3000, Some(7.0)),
            flow("normal.3", 70.0, 4000, Some(8.0)),
            flow("ld", 150.0, 5000, None),
        ];
        // Confusions: normal.0 judged 3 congestion losses right and 1 wrong (as wireless);
        // normal.1 judged 1 right; the LD flow judged 4 wireless losses right. Pooled over
        // "normal": A_c = (3 + 1) / (3 + 1 + 1) = 0.8; no wireless loss → A_w undefined.
        let mut cs = vec![Confusion::default(); 5];
        cs[0].congestion_as_congestion = 3;
        cs[0].congestion_as_wireless = 1;
        cs[1].congestion_as_congestion = 1;
        cs[4].wireless_as_wireless = 4;
        let ids = flows.iter().map(|f| f.flow_id.as_str());
        let sum = Group {
            name: "normal".into(),
            selectors: vec!["normal".into()],
            combine: Combine::Sum,
        };
        let m = sum.members(ids.clone());
        assert_eq!(m, [0, 1, 2, 3]);
        assert_eq!(sum.value(&flows, &cs, &m, "throughput_kbps"), Some(220.0));
        assert_eq!(sum.value(&flows, &cs, &m, "timeouts"), Some(10.0));
        assert_eq!(sum.value(&flows, &cs, &m, "completion_s"), Some(9.0));
        assert_eq!(sum.value(&flows, &cs, &m, "accuracy_congestion"), Some(0.8));
        assert_eq!(sum.value(&flows, &cs, &m, "accuracy_wireless"), None);
        let mean = Group {
            combine: Combine::Mean,
            ..sum.clone()
        };
        assert_eq!(mean.value(&flows, &cs, &m, "throughput_kbps"), Some(55.0));
        assert_eq!(mean.value(&flows, &cs, &m, "timeouts"), Some(2.5));
        // The whole run with "*": the unfinished LD flow makes the completion undefined.
        let all = Group {
            selectors: vec!["*".into()],
            ..sum
        };
        let m = all.members(ids);
        assert_eq!(all.value(&flows, &cs, &m, "throughput_kbps"), Some(370.0));
        assert_eq!(all.value(&flows, &cs, &m, "completion_s"), None);
        assert_eq!(all.value(&flows, &cs, &[], "throughput_kbps"), None);
        // Jain's index of the four plain flows, (220)² / (4 · (40² + 50² + 60² + 70²)) =
        // 48400 / 50400; of all five, 370² / (5 · 35100) — the LD flow's 150 lowers it.
        let normal = [0, 1, 2, 3];
        let j = mean.value(&flows, &cs, &normal, "jain_index").unwrap();
        assert!((j - 48400.0 / 50400.0).abs() < 1e-12, "{j}");
        let j = all.value(&flows, &cs, &m, "jain_index").unwrap();
        assert!((j - 136900.0 / 175500.0).abs() < 1e-12, "{j}");
    }
}
