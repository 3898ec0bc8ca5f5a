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
            message: format!("invalid JSON at line {} column {}: {}", e.line(), e.column(), e),
        }]),
    }
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
        p.push(&root.at("flows"), "needs at least one flow");
    }
    for (i, (path, fv)) in items.into_iter().enumerate() {
        flow(fv, path, i, time_s, &mut flows, p);
    }
    if flows.len() as u64 > MAX_FLOWS {
        p.push(&root.at("flows"), format!("too many connections: {} after expanding count (at most {MAX_FLOWS})", flows.len()));
    }
    for (i, f) in flows.iter().enumerate() {
        if flows[..i].iter().any(|g| g.id == f.id) {
            p.push(&format!("flows[{}].id", f.group), format!("duplicate flow id \"{}\"", f.id));
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
    Scenario { id, title, seed, stop: Stop { time_s, when_transfers_done }, topology, flows, cross_traffic, observe: Observe { sample_ms, throughput_window_ms, shadow_classifiers, trace } }
}

fn flow(v: &Value, path: String, group: usize, time_s: f64, out: &mut Vec<FlowSpec>, p: &mut Problems) {
    let mut o = Obj::new(Some(v), path, p);
    let id = o.string("id", Some(&format!("f{group}")), p);
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        p.push(&o.at("id"), format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"));
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
        let id = if count == 1 { id.clone() } else { format!("{id}.{k}") };
        out.push(FlowSpec { id, group, start_s, bytes, tcp: tcp.clone(), from: from.clone(), to: to.clone() });
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
                        &format!("{base}.{key}"),
                        "from/to name nodes of a graph topology (set topology.kind to \"graph\")",
                    );
                }
            }
            Topology::Graph { nodes, links } => match (&f.from, &f.to) {
                (Some(from), Some(to)) => {
                    check_route(nodes, links, from, to, &format!("{base}.from"), &format!("{base}.to"), p)
                }
                (None, _) => {
                    p.push(&format!("{base}.from"), "is required with a graph topology (the sender's node id)")
                }
                (_, None) => {
                    p.push(&format!("{base}.to"), "is required with a graph topology (the receiver's node id)")
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::json_reader::child;
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        parse(text).err().unwrap_or_default().iter().map(|e| e.to_string()).collect()
    }

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
        assert!(errs.contains(&"topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got -5)".to_string()), "{errs:?}");
        assert!(errs.contains(&"topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)".to_string()), "{errs:?}");
        assert!(errs.iter().any(|e| e.starts_with("flows[0].tcp.cc: unknown value \"renoo\" (did you mean \"reno\"?")), "{errs:?}");
        assert!(errs.contains(&"flows[0].tcp.mss_byte: unknown field \"mss_byte\" (did you mean \"mss_bytes\"?)".to_string()), "{errs:?}");
        assert!(errs.contains(&"observ: unknown field \"observ\" (did you mean \"observe\"?)".to_string()), "{errs:?}");
        assert_eq!(errs.len(), 5, "{errs:?}");
    }

    #[test]
    fn rejects_runaway_and_malformed_input() {
        assert!(problems("{").first().unwrap().starts_with("(root): invalid JSON"));
        assert!(problems("[]")[0].starts_with("(root): must be an object"));
        let errs = problems(r#"{"stop":{"time_s":90000},"topology":{"bottleneck":{"rate_bps":1e9}},"flows":[{}]}"#);
        assert!(errs.iter().any(|e| e.starts_with("topology.bottleneck.rate_bps: rate × stop.time_s")), "{errs:?}");
        let errs = problems(r#"{"flows":[{"count":5000}]}"#);
        assert_eq!(errs, vec!["flows[0].count: must be between 1 and 1000 (got 5000)"]);
        let errs = problems(r#"{"flows":[{"id":"a"},{"id":"a"}]}"#);
        assert_eq!(errs, vec!["flows[1].id: duplicate flow id \"a\""]);
    }

    #[test]
    fn profile_fields_can_be_overridden() {
        let sc = parse(r#"{"flows":[{"tcp":{"profile":"freebsd45","delayed_ack_ms":0,"initial_window_pkts":4}}]}"#).unwrap();
        let t = &sc.flows[0].tcp;
        assert_eq!((t.mss_bytes, t.delayed_ack_ms, t.initial_window_pkts), (1448, 0.0, 4));
        assert_eq!(child("a", "b"), "a.b");
    }

    // ===== Network layer: graph, queues, error models, cross traffic =====

    const GRAPH: &str = r#""topology": {"kind": "graph", "nodes": ["s", "r1", "bs", "d", "x"],
        "links": [{"id": "wired", "a": "s", "b": "r1", "rate_bps": 1e8, "delay_ms": 10},
                  {"id": "core", "a": "r1", "b": "bs", "rate_bps": 1e8, "delay_ms": 20},
                  {"id": "wireless", "a": "bs", "b": "d", "rate_bps": 2e6, "delay_ms": 1,
                   "reverse": {"rate_bps": 1e6}}]}"#;

    #[test]
    fn graph_topology_parses_with_asymmetric_reverse() {
        let sc = parse(&format!(r#"{{{GRAPH}, "flows": [{{"from": "s", "to": "d"}}]}}"#)).unwrap();
        let Topology::Graph { nodes, links } = &sc.topology else { panic!("not a graph") };
        assert_eq!(nodes.len(), 5);
        assert_eq!((links[2].a, links[2].b), (2, 3));
        assert_eq!((links[2].link.forward.rate_bps, links[2].link.reverse.rate_bps), (2e6, 1e6));
        assert_eq!(links[2].link.reverse.delay_ms, 1.0);
        assert_eq!(sc.flows[0].from.as_deref(), Some("s"));
    }

    #[test]
    fn graph_problems_are_reported_with_paths_and_suggestions() {
        let errs = problems(
            r#"{"topology": {"kind": "graph", "nodes": ["s", "r1", "s", "d", "x"],
                "links": [{"id": "a", "a": "s", "b": "r2", "rate_bps": 1e6, "delay_ms": 1},
                          {"id": "a", "a": "d", "b": "d", "rate_bps": 1e6},
                          {"id": "c", "a": "r1", "b": "d", "rate_bps": 1e6, "delay_ms": 1}]},
               "flows": [{"from": "s", "to": "x"}, {"to": "d"}, {"from": "dd", "to": "d"}, {"from": "d", "to": "d"}]}"#,
        );
        let want = [
            "topology.nodes[2]: duplicate node id \"s\"",
            "topology.links[0].b: unknown node \"r2\" (did you mean \"r1\"? nodes: s, r1, d, x)",
            "topology.links[1].id: duplicate link id \"a\"",
            "topology.links[1].b: link \"a\" connects node \"d\" to itself",
            "topology.links[1].delay_ms: is required (a number from 0 to 10000)",
            "flows[0].to: no route from \"s\" to \"x\": no chain of links connects them",
            "flows[1].from: is required with a graph topology (the sender's node id)",
            "flows[2].from: unknown node \"dd\" (did you mean \"d\"? nodes: s, r1, d, x)",
            "flows[3].to: must differ from \"from\" (both are \"d\")",
        ];
        for w in want {
            assert!(errs.contains(&w.to_string()), "missing {w:?} in {errs:#?}");
        }
        assert_eq!(errs.len(), want.len(), "{errs:#?}");
        let errs = problems(r#"{"flows": [{"from": "s", "to": "d"}]}"#);
        assert_eq!(errs, ["flows[0].from: from/to name nodes of a graph topology (set topology.kind to \"graph\")"]);
    }

    #[test]
    fn queue_fields_are_validated() {
        let sc = parse(
            r#"{"topology": {"bottleneck": {"queue": {"kind": "red", "limit_pkts": 20, "gentle": true,
            "congestion_warning": {}}}}, "flows": [{}]}"#,
        )
        .unwrap();
        let Topology::Dumbbell { bottleneck, .. } = &sc.topology else { panic!() };
        // SPEC A7: min_th = B/4 = 5, max_th = 3B/4 = 15; A15: w_q 0.002, th_cw 5.
        let q = &bottleneck.forward.queue;
        assert_eq!(
            q.discipline,
            Discipline::Red {
                min_th_pkts: 5.0,
                max_th_pkts: 15.0,
                max_p: 0.1,
                w_q: 0.002,
                gentle: true,
                mean_packet_bytes: None
            }
        );
        assert_eq!(q.congestion_warning, Some(CwSpec { w_q: 0.002, threshold_pkts: 5.0, instantaneous: false }));
        assert_eq!(bottleneck.reverse.queue, *q, "the reverse direction inherits the queue");
        let errs = problems(
            r#"{"topology": {"bottleneck": {"queue": {"kind": "red", "min_th_pkts": 10, "max_th_pkts": 8, "w_q": 0},
                "reverse": {"queue": {"kind": "dual_threshold", "limit_pkts": 10, "soft_pkts": 10,
                                      "congestion_warning": {"treshold_pkts": 3}}}}},
               "flows": [{}]}"#,
        );
        assert_eq!(
            errs,
            [
                "topology.bottleneck.queue.max_th_pkts: must be larger than min_th_pkts (10)",
                "topology.bottleneck.queue.w_q: must be between 0.000001 and 1 (got 0)",
                "topology.bottleneck.reverse.queue.soft_pkts: must be smaller than limit_pkts (10)",
                "topology.bottleneck.reverse.queue.congestion_warning.treshold_pkts: unknown field \"treshold_pkts\" (did you mean \"threshold_pkts\"?)",
            ]
        );
    }

    #[test]
    fn error_model_fields_are_validated() {
        let ge = |e: &str| format!(r#"{{"topology": {{"bottleneck": {{"errors": {e}}}}}, "flows": [{{}}]}}"#);
        let sc = parse(&ge(r#"{"kind": "gilbert_elliott", "bad_s": 0.01}"#)).unwrap();
        let Topology::Dumbbell { bottleneck, .. } = &sc.topology else { panic!() };
        assert_eq!(
            bottleneck.forward.errors,
            ErrorSpec::GilbertElliott(GilbertSpec::LimJang {
                good_s: 1.0,
                bad_s: 0.01,
                p_next_bad: 0.5,
                loss_good: 0.001,
                loss_bad: 0.1,
                lazy_transitions: false
            })
        );
        assert_eq!(bottleneck.reverse.errors, ErrorSpec::None, "top-level errors apply to a→b only");
        assert_eq!(
            problems(&ge(r#"{"kind": "gilbert_elliott"}"#)),
            ["topology.bottleneck.errors.bad_s: is required (a number from 0.0001 to 100000)"]
        );
        // Markov: p(G→B) = 0.6·(1/1)/(1 − 0.6) = 1.5 > 1; the Lim & Jang fields are not part of it.
        assert_eq!(
            problems(&ge(r#"{"kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.6, "mean_burst_pkts": 1, "good_s": 1}"#)),
            [
                "topology.bottleneck.errors.mean_loss: with mean_burst_pkts = 1 at most 0.5 (bursts separated by one good packet); raise mean_burst_pkts",
                "topology.bottleneck.errors.good_s: unknown field \"good_s\" (expected one of: kind, mean_burst_pkts, mean_loss, mode)",
            ]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "drop_list", "packets": [3, -1, 2.5, "x"]}"#)),
            [
                "topology.bottleneck.errors.packets[1]: must be a whole packet number from 0 to 9000000000000000 (got -1)",
                "topology.bottleneck.errors.packets[2]: must be a whole packet number from 0 to 9000000000000000 (got 2.5)",
                "topology.bottleneck.errors.packets[3]: must be a whole packet number from 0 to 9000000000000000 (got \"x\")",
            ]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "drop_list"}"#)),
            ["topology.bottleneck.errors.packets: is required (an array of 0-based packet numbers, e.g. [5, 6])"]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "burst", "start_s": 5, "loss": 1.5}"#)),
            [
                "topology.bottleneck.errors.duration_s: is required (a number from 0 to 100000)",
                "topology.bottleneck.errors.loss: must be between 0 and 1 (got 1.5)",
            ]
        );
    }

    #[test]
    fn cross_traffic_is_validated_per_topology() {
        let sc = parse(r#"{"flows": [{}], "cross_traffic": [{"id": "u", "kind": "on_off", "rate_bps": 1e5, "direction": "reverse"}]}"#).unwrap();
        let c = &sc.cross_traffic[0];
        assert_eq!(
            (c.kind, c.packet_bytes, c.start_s, c.stop_s),
            (CrossKind::OnOff { on_s: 1.0, off_s: 1.0 }, 1500, 0.0, 60.0)
        );
        assert_eq!(c.path, CrossPath::Reverse);
        let errs = problems(
            r#"{"flows": [{}], "cross_traffic": [{"id": "a", "kind": "cbrr", "start_s": 5, "stop_s": 2},
                                                  {"id": "a", "rate_bps": 1e5, "from": "s", "to": "d"}]}"#,
        );
        assert_eq!(
            errs,
            [
                "cross_traffic[0].kind: unknown value \"cbrr\" (did you mean \"cbr\"? expected one of: cbr, poisson, on_off)",
                "cross_traffic[0].rate_bps: is required (a number from 1 to 100000000000)",
                "cross_traffic[0].stop_s: must not be before start_s (5)",
                "cross_traffic[1].id: duplicate cross-traffic id \"a\"",
                "cross_traffic[1].from: from/to name nodes of a graph topology; on the dumbbell use \"direction\": \"forward\" or \"reverse\"",
            ]
        );
        let errs = problems(&format!(
            r#"{{{GRAPH}, "flows": [{{"from": "s", "to": "d"}}],
                "cross_traffic": [{{"rate_bps": 1e5, "from": "r1", "to": "bss"}}, {{"rate_bps": 1e5, "direction": "forward"}}]}}"#
        ));
        assert_eq!(
            errs,
            [
                "cross_traffic[0].to: unknown node \"bss\" (did you mean \"bs\"? nodes: s, r1, bs, d, x)",
                "cross_traffic[1].direction: a graph topology routes cross traffic by \"from\" and \"to\" nodes",
                "cross_traffic[1].from: is required (a string)",
                "cross_traffic[1].to: is required (a string)",
            ]
        );
    }
}
