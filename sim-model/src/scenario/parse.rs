//! JSON → [`Scenario`], collecting every problem with its path (docs/design.md §D4). The network parts
//! are read by their components ([`Topology::read`], [`CrossSpec::read_all`]), the `tcp` object
//! by [`super::parse_tcp`]; this file reads the scenario's own fields and checks flow routes.
//!
//! Structural caps ([`crate::limits`]) are checked before anything is expanded: the number of
//! `flows` entries and the sum of their `count`s are read from the raw JSON first, so a file asking
//! for ten million connections is rejected without building one; duplicate ids are found with
//! hash sets and routes with one adjacency structure ([`RouteChecker`]), so the checks are linear.

use super::parse_tcp::{shadow, tcp};
use super::*;
use crate::json_reader::{quote, read_document, show, Obj};
use crate::limits::*;
use crate::net::RouteChecker;
use serde_json::Value;
use std::collections::HashSet;

/// Parse and validate scenario JSON text (through [`read_document`]: size cap, byte-order mark,
/// duplicate keys).
pub fn parse(text: &str) -> Result<Scenario, Vec<ConfigError>> {
    parse_value(&read_document(text)?)
}

/// True for a valid scenario `id`: 1 to [`MAX_ID_CHARS`] ASCII letters, digits, `_`, `-` and `.`,
/// beginning with a letter or digit (safe in file names, URLs and CSV cells).
pub fn valid_scenario_id(id: &str) -> bool {
    id.len() <= MAX_ID_CHARS
        && id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Report a text field longer than `max` characters.
pub fn check_len(path: &str, s: &str, max: usize, p: &mut Problems) {
    let n = s.chars().count();
    if n > max {
        p.push(
            path,
            format!("is {n} characters long (at most {max}); shorten it"),
        );
    }
}

/// Connections asked for by a raw `flows` array: the sum of its entries' `count`s (1 where missing
/// or invalid, the invalid ones being reported when the entry is read), saturating.
pub fn requested_connections(flows: &[Value]) -> u64 {
    flows
        .iter()
        .map(|f| {
            f.get("count")
                .and_then(Value::as_f64)
                .filter(|c| c.fract() == 0.0 && *c >= 0.0 && *c <= MAX_FLOWS as f64)
                .map_or(1, |c| c as u64)
        })
        .fold(0u64, u64::saturating_add)
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
    if p.is_empty() {
        Ok(sc)
    } else {
        Err(p.into_errors())
    }
}

fn scenario(v: &Value, p: &mut Problems) -> Scenario {
    let mut root = Obj::new(Some(v), String::new(), p);
    let schema = root.int("schema", 1, 1, Some(1), p);
    debug_assert_eq!(schema, 1);
    // `"$schema"`: where an editor finds the JSON Schema (content/schema/); never read here.
    root.string("$schema", Some(""), p);
    let id = root.string("id", Some("scenario"), p);
    if !valid_scenario_id(&id) {
        p.push(
            root.at("id"),
            format!(
                "\"{}\" is not a scenario id: 1 to {MAX_ID_CHARS} characters, letters, digits, _, - and ., beginning with a letter or digit",
                quote(&id)
            ),
        );
    }
    let title = root.string("title", Some(""), p);
    check_len(&root.at("title"), &title, MAX_TITLE_CHARS, p);
    // Words for people, read by the lab and never by the simulator: `summary` (a plain-language
    // line shown under the lab's preset selector) and `description` (the technical notes).
    let summary = root.string("summary", Some(""), p);
    check_len(&root.at("summary"), &summary, MAX_TITLE_CHARS, p);
    let description = root.string("description", Some(""), p);
    check_len(
        &root.at("description"),
        &description,
        MAX_DESCRIPTION_CHARS,
        p,
    );
    let seed = root.int("seed", 0, super::MAX_SEED, Some(1), p);

    // Code of one's own for the lab (`tcp::custom`): JavaScript the browser's worker runs where
    // the scenario names "custom", kept with the scenario so that links, embeds and re-runs carry
    // it. The simulator keeps it as text and never reads it.
    let mut code_o = root.obj("code", p);
    let code = CodeText {
        classifier: opt_string(&mut code_o, "classifier", p),
        cc: opt_string(&mut code_o, "cc", p),
    };
    for (key, text) in [("classifier", &code.classifier), ("cc", &code.cc)] {
        if let Some(t) = text {
            check_len(&code_o.at(key), t, MAX_CODE_CHARS, p);
        }
    }
    code_o.finish(p);

    let mut stop_o = root.obj("stop", p);
    let time_s = stop_o.num("time_s", 0.001, MAX_TIME_S, Some(60.0), p);
    let when_transfers_done = stop_o.bool("when_transfers_done", true, p);
    stop_o.finish(p);

    let topology = Topology::read(root.obj("topology", p), time_s, p);

    let mut flows = Vec::new();
    // Caps first, from the raw array: nothing is read or expanded past them.
    let raw_flows = v.get("flows").and_then(Value::as_array);
    let entries = raw_flows.map_or(0, Vec::len);
    let asked = raw_flows.map_or(0, |f| requested_connections(f));
    let items = if entries > MAX_FLOW_ENTRIES {
        p.push(
            root.at("flows"),
            format!("has {entries} entries (at most {MAX_FLOW_ENTRIES}); use count for parallel connections"),
        );
        root.get("flows");
        Vec::new()
    } else {
        if asked > MAX_FLOWS {
            p.push(
                root.at("flows"),
                format!(
                    "too many connections: {asked} after expanding count (at most {MAX_FLOWS}); lower the counts"
                ),
            );
        }
        root.array("flows", p)
    };
    let items_empty = items.is_empty();
    if items_empty && entries <= MAX_FLOW_ENTRIES {
        p.push(root.at("flows"), "needs at least one flow");
    }
    let expand = asked <= MAX_FLOWS;
    let mut ids: HashSet<String> = HashSet::new();
    for (i, (path, fv)) in items.into_iter().enumerate() {
        let (template, count) = flow(fv, path, i, time_s, p);
        if !expand {
            continue;
        }
        for k in 0..count {
            let id = if count == 1 {
                template.id.clone()
            } else {
                format!("{}.{k}", template.id)
            };
            if !ids.insert(id.clone()) {
                p.push(
                    format!("flows[{i}].id"),
                    format!("duplicate flow id \"{id}\""),
                );
            }
            flows.push(FlowSpec {
                id,
                ..template.clone()
            });
        }
    }
    if expand && flows.is_empty() && !items_empty {
        p.push(
            root.at("flows"),
            "needs at least one connection (every entry has count 0)",
        );
    }

    check_flow_routes(&topology, &flows, p);
    let cross_traffic = CrossSpec::read_all(&mut root, &topology, time_s, p);

    let mut obs = root.obj("observe", p);
    let sample_ms = obs.num("sample_ms", 1.0, 600_000.0, Some(100.0), p);
    let throughput_window_ms = obs.num("throughput_window_ms", 1.0, 600_000.0, Some(500.0), p);
    let trace = obs.bool("trace", false, p);
    let window = match obs.get("window") {
        None | Some(Value::Null) => None,
        Some(w) => {
            let mut wo = Obj::new(Some(w), obs.at("window"), p);
            let from_s = wo.num("from_s", 0.0, time_s, None, p);
            let to_s = wo.num("to_s", 0.0, time_s, None, p);
            if to_s <= from_s {
                p.push(
                    wo.at("to_s"),
                    format!(
                        "must be after from_s ({} s) (got {} s)",
                        show(from_s),
                        show(to_s)
                    ),
                );
            }
            wo.finish(p);
            Some((from_s, to_s))
        }
    };
    let mut shadow_classifiers = Vec::new();
    let shadows = obs.array("shadow_classifiers", p);
    if shadows.len() > MAX_SHADOWS {
        p.push(
            obs.at("shadow_classifiers"),
            format!("has {} entries (at most {MAX_SHADOWS})", shadows.len()),
        );
    } else if shadows.len() * flows.len() > MAX_SHADOW_JUDGES {
        p.push(
            obs.at("shadow_classifiers"),
            format!(
                "{} shadow classifiers × {} connections = {} judges (at most {MAX_SHADOW_JUDGES}); use fewer of either",
                shadows.len(),
                flows.len(),
                shadows.len() * flows.len()
            ),
        );
    }
    for (path, cv) in shadows.into_iter().take(MAX_SHADOWS) {
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
            window,
        },
        code,
    }
}

/// One `flows[]` entry: its connection (id without the `.k` suffix) and its `count`.
fn flow(v: &Value, path: String, group: usize, time_s: f64, p: &mut Problems) -> (FlowSpec, u64) {
    let mut o = Obj::new(Some(v), path, p);
    let id = o.string("id", Some(&format!("f{group}")), p);
    if let Some(why) = crate::json_reader::name_problem(&id) {
        p.push(o.at("id"), why);
    }
    // 0 leaves the entry out: a sweep can switch competing traffic off and on.
    let count = o.int("count", 0, MAX_FLOWS, Some(1), p);
    let start_s = o.num("start_s", 0.0, time_s, Some(0.0), p);
    let bytes = match o.get("bytes") {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.int("bytes", 1, 1_000_000_000_000, None, p)),
    };
    let stop_s = match o.get("stop_s") {
        None | Some(Value::Null) => None,
        Some(_) => {
            let s = o.num("stop_s", 0.0, time_s, None, p);
            if s <= start_s {
                p.push(
                    o.at("stop_s"),
                    format!(
                        "must be after start_s ({} s) (got {} s)",
                        show(start_s),
                        show(s)
                    ),
                );
            }
            Some(s)
        }
    };
    let (from, to) = (opt_string(&mut o, "from", p), opt_string(&mut o, "to", p));
    let tcp = tcp(o.obj("tcp", p), p);
    o.finish(p);
    let spec = FlowSpec {
        id,
        group,
        start_s,
        bytes,
        stop_s,
        data_packet_bytes: tcp.data_packet_bytes(tcp.mss_bytes),
        tcp,
        from,
        to,
    };
    (spec, count)
}

/// An optional string field.
fn opt_string(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.string(key, None, p)),
    }
}

/// Graph: every flow names connected `from`/`to` nodes; dumbbell: flows name no nodes. One
/// breadth-first search per distinct sender node, on one adjacency structure.
fn check_flow_routes(topology: &Topology, flows: &[FlowSpec], p: &mut Problems) {
    let mut router = match topology {
        Topology::Graph { nodes, links } if !nodes.is_empty() => {
            Some(RouteChecker::new(nodes, links))
        }
        // No nodes: the topology's own problems say why; every route would repeat them.
        Topology::Graph { .. } => return,
        Topology::Dumbbell { .. } => None,
    };
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
            Topology::Graph { .. } => match (&f.from, &f.to) {
                (Some(from), Some(to)) => router.as_mut().expect("graph").check(
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
    fn count_zero_leaves_an_entry_out_but_not_every_entry() {
        let sc =
            parse(r#"{"flows":[{"id":"a"},{"id":"b","count":0},{"id":"c","count":2}]}"#).unwrap();
        let ids: Vec<&str> = sc.flows.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["a", "c.0", "c.1"]);
        assert_eq!(
            problems(r#"{"flows":[{"count":0},{"count":0}]}"#),
            vec!["flows: needs at least one connection (every entry has count 0)"]
        );
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
            vec!["flows[0].count: must be between 0 and 1000 (got 5000)"]
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
