//! JSON → [`Scenario`], collecting every problem with its path (DESIGN §4). The network parts
//! are read by their components ([`Topology::read`], [`CrossSpec::read_all`]), the `tcp` object
//! by [`super::parse_tcp`]; this file reads the scenario's own fields and checks flow routes.

use super::parse_tcp::{shadow, tcp};
use super::*;
use crate::json_reader::{show, Obj};
use crate::limits::*;
use crate::net::check_route;
use serde_json::Value;

/// Parse and validate scenario JSON text.
pub fn parse(text: &str) -> Result<Scenario, Vec<ConfigError>> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => parse_value(&v),
        Err(e) => Err(vec![ConfigError {
            path: "(root)".into(),
            message: format!(
                "invalid JSON at line {} column {}: {}",
                e.line(),
                e.column(),
                e
            ),
        }]),
    }
}

/// Every problem of scenario JSON text, one message each (`path: what is wrong`); empty when the
/// scenario is valid. What `losslab validate` prints and the lab shows.
pub fn problems(text: &str) -> Vec<String> {
    parse(text)
        .err()
        .unwrap_or_default()
        .iter()
        .map(|e| e.to_string())
        .collect()
}

/// Validate an already parsed JSON value.
pub fn parse_value(v: &Value) -> Result<Scenario, Vec<ConfigError>> {
    let mut p = Problems::default();
    let sc = scenario(v, &mut p);
    if p.0.is_empty() {
        Ok(sc)
    } else {
        Err(p.0)
    }
}

fn scenario(v: &Value, p: &mut Problems) -> Scenario {
    let mut root = Obj::new(Some(v), String::new(), p);
    let schema = root.int("schema", 1, 1, Some(1), p);
    debug_assert_eq!(schema, 1);
    let id = root.string("id", Some("scenario"), p);
    let title = root.string("title", Some(""), p);
    // Words for people, read by the lab and never by the simulator: `summary` (a plain-language
    // line shown under the lab's preset selector) and `description` (the technical notes).
    root.string("summary", Some(""), p);
    root.string("description", Some(""), p);
    let seed = root.int("seed", 0, (1u64 << 53) - 1, Some(1), p);

    let mut stop_o = root.obj("stop", p);
    let time_s = stop_o.num("time_s", 0.001, MAX_TIME_S, Some(60.0), p);
    let when_transfers_done = stop_o.bool("when_transfers_done", true, p);
    stop_o.finish(p);

    let topology = Topology::read(root.obj("topology", p), time_s, p);

    let mut flows = Vec::new();
    let items = root.array("flows", p);
    if items.is_empty() {
        p.push(root.at("flows"), "needs at least one flow");
    }
    for (i, (path, fv)) in items.into_iter().enumerate() {
        flow(fv, path, i, time_s, &mut flows, p);
    }
    if flows.len() as u64 > MAX_FLOWS {
        p.push(
            root.at("flows"),
            format!(
                "too many connections: {} after expanding count (at most {MAX_FLOWS})",
                flows.len()
            ),
        );
    }
    for (i, f) in flows.iter().enumerate() {
        if flows[..i].iter().any(|g| g.id == f.id) {
            p.push(
                format!("flows[{}].id", f.group),
                format!("duplicate flow id \"{}\"", f.id),
            );
        }
    }

    check_flow_routes(&topology, &flows, p);
    let cross_traffic = CrossSpec::read_all(&mut root, &topology, time_s, p);

    let mut obs = root.obj("observe", p);
    let sample_ms = obs.num("sample_ms", 1.0, 600_000.0, Some(100.0), p);
    let throughput_window_ms = obs.num("throughput_window_ms", 1.0, 600_000.0, Some(500.0), p);
    let trace = obs.bool("trace", false, p);
    let mut shadow_classifiers = Vec::new();
    for (path, cv) in obs.array("shadow_classifiers", p) {
        shadow_classifiers.extend(shadow(cv, path, p));
    }
    obs.finish(p);
    root.finish(p);

    let series = (flows.len() * 4 + 5) as f64;
    if time_s * 1000.0 / sample_ms * series > MAX_POINTS {
        p.push(
            "observe.sample_ms",
            format!(
                "would record {} series points (at most {}); raise sample_ms or shorten stop.time_s",
                show((time_s * 1000.0 / sample_ms * series).round()),
                show(MAX_POINTS)
            ),
        );
    }
    Scenario {
        id,
        title,
        seed,
        stop: Stop {
            time_s,
            when_transfers_done,
        },
        topology,
        flows,
        cross_traffic,
        observe: Observe {
            sample_ms,
            throughput_window_ms,
            shadow_classifiers,
            trace,
        },
    }
}

fn flow(
    v: &Value,
    path: String,
    group: usize,
    time_s: f64,
    out: &mut Vec<FlowSpec>,
    p: &mut Problems,
) {
    let mut o = Obj::new(Some(v), path, p);
    let id = o.string("id", Some(&format!("f{group}")), p);
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        p.push(
            o.at("id"),
            format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"),
        );
    }
    let count = o.int("count", 1, MAX_FLOWS, Some(1), p);
    let start_s = o.num("start_s", 0.0, time_s, Some(0.0), p);
    let bytes = match o.get("bytes") {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.int("bytes", 1, 1_000_000_000_000, None, p)),
    };
    let (from, to) = (opt_string(&mut o, "from", p), opt_string(&mut o, "to", p));
    let tcp = tcp(o.obj("tcp", p), p);
    o.finish(p);
    for k in 0..count.min(MAX_FLOWS + 1) {
        let id = if count == 1 {
            id.clone()
        } else {
            format!("{id}.{k}")
        };
        out.push(FlowSpec {
            id,
            group,
            start_s,
            bytes,
            tcp: tcp.clone(),
            from: from.clone(),
            to: to.clone(),
        });
    }
}

/// An optional string field.
fn opt_string(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.string(key, None, p)),
    }
}

/// Graph: every flow names connected `from`/`to` nodes; dumbbell: flows name no nodes.
fn check_flow_routes(topology: &Topology, flows: &[FlowSpec], p: &mut Problems) {
    for (i, f) in flows.iter().enumerate() {
        if i > 0 && flows[i - 1].group == f.group {
            continue; // parallel connections share their entry's endpoints
        }
        let base = format!("flows[{}]", f.group);
        match topology {
            Topology::Dumbbell { .. } => {
                if f.from.is_some() || f.to.is_some() {
                    let key = if f.from.is_some() { "from" } else { "to" };
                    p.push(
                        format!("{base}.{key}"),
                        "from/to name nodes of a graph topology (set topology.kind to \"graph\")",
                    );
                }
            }
            Topology::Graph { nodes, links } => match (&f.from, &f.to) {
                (Some(from), Some(to)) => check_route(
                    nodes,
                    links,
                    from,
                    to,
                    &format!("{base}.from"),
                    &format!("{base}.to"),
                    p,
                ),
                (None, _) => p.push(
                    format!("{base}.from"),
                    "is required with a graph topology (the sender's node id)",
                ),
                (_, None) => p.push(
                    format!("{base}.to"),
                    "is required with a graph topology (the receiver's node id)",
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_reader::child;

    #[test]
    fn minimal_scenario_gets_defaults() {
        let sc = parse(r#"{"flows":[{}]}"#).unwrap();
        assert_eq!(sc.flows.len(), 1);
        assert_eq!(sc.flows[0].id, "f0");
        assert_eq!(sc.flows[0].tcp.cc, "new_reno");
        assert_eq!(sc.stop.time_s, 60.0);
    }

    #[test]
    fn count_expands_to_parallel_connections() {
        let sc = parse(r#"{"flows":[{"id":"ld","count":3,"bytes":1000}]}"#).unwrap();
        let ids: Vec<&str> = sc.flows.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["ld.0", "ld.1", "ld.2"]);
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let errs = problems(
            r#"{"schema":1,"topology":{"bottleneck":{"rate_bps":-5,"delay_ms":10,"errors":{"kind":"bit_error","ber":2}}},
               "flows":[{"tcp":{"cc":"renoo","mss_byte":1000}}],"observ":{}}"#,
        );
        assert!(
            errs.contains(
                &"topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got -5)"
                    .to_string()
            ),
            "{errs:?}"
        );
        assert!(
            errs.contains(
                &"topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)".to_string()
            ),
            "{errs:?}"
        );
        assert!(
            errs.iter().any(|e| e
                .starts_with("flows[0].tcp.cc: unknown value \"renoo\" (did you mean \"reno\"?")),
            "{errs:?}"
        );
        assert!(
            errs.contains(
                &"flows[0].tcp.mss_byte: unknown field \"mss_byte\" (did you mean \"mss_bytes\"?)"
                    .to_string()
            ),
            "{errs:?}"
        );
        assert!(
            errs.contains(
                &"observ: unknown field \"observ\" (did you mean \"observe\"?)".to_string()
            ),
            "{errs:?}"
        );
        assert_eq!(errs.len(), 5, "{errs:?}");
    }

    #[test]
    fn rejects_runaway_and_malformed_input() {
        assert!(problems("{")
            .first()
            .unwrap()
            .starts_with("(root): invalid JSON"));
        assert!(problems("[]")[0].starts_with("(root): must be an object"));
        let errs = problems(
            r#"{"stop":{"time_s":90000},"topology":{"bottleneck":{"rate_bps":1e9}},"flows":[{}]}"#,
        );
        assert!(
            errs.iter()
                .any(|e| e.starts_with("topology.bottleneck.rate_bps: rate × stop.time_s")),
            "{errs:?}"
        );
        let errs = problems(r#"{"flows":[{"count":5000}]}"#);
        assert_eq!(
            errs,
            vec!["flows[0].count: must be between 1 and 1000 (got 5000)"]
        );
        let errs = problems(r#"{"flows":[{"id":"a"},{"id":"a"}]}"#);
        assert_eq!(errs, vec!["flows[1].id: duplicate flow id \"a\""]);
    }

    #[test]
    fn profile_fields_can_be_overridden() {
        let sc = parse(r#"{"flows":[{"tcp":{"profile":"freebsd45","delayed_ack_ms":0,"initial_window_pkts":4}}]}"#).unwrap();
        let t = &sc.flows[0].tcp;
        assert_eq!(
            (t.mss_bytes, t.delayed_ack_ms, t.initial_window_pkts),
            (1448, 0.0, 4)
        );
        assert_eq!(child("a", "b"), "a.b");
    }
}
