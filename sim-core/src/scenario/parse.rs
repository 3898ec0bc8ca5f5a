//! JSON → [`Scenario`], collecting every problem with its path (DESIGN §4).

use super::limits::*;
use super::reader::{closest, show, ConfigError, Obj, Problems};
use super::*;
use crate::param::validate_params;
use crate::tcp::classify::ClassifierSpec;
use crate::tcp::{classify, cc, profile, CwndGrowth, NewRenoExit, RttSampling, TcpConfig};
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

    let topology = topology(root.obj("topology", p), time_s, p);

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

    let cross_traffic = cross_traffic(&mut root, &topology, &flows, time_s, p);

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

fn topology(mut o: Obj, time_s: f64, p: &mut Problems) -> Topology {
    let kind = o.choice("kind", &["dumbbell", "graph"], Some("dumbbell"), p);
    if kind == "graph" {
        let t = graph(&mut o, time_s, p);
        o.finish(p);
        return t;
    }
    let access = link(o.obj("access", p), Some(100e6), Some(0.1), 1000, time_s, p);
    let bottleneck = link(o.obj("bottleneck", p), Some(1e6), Some(10.0), 100, time_s, p);
    o.finish(p);
    Topology::Dumbbell { access, bottleneck }
}

/// True for ids that are safe in entity names, CSV and URLs.
fn plain_id(id: &str) -> bool {
    !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `topology.kind: "graph"`: nodes, duplex links; every problem with its path.
fn graph(o: &mut Obj, time_s: f64, p: &mut Problems) -> Topology {
    let mut nodes: Vec<String> = Vec::new();
    let node_items = o.array("nodes", p);
    if node_items.len() < 2 {
        p.push(&o.at("nodes"), "needs at least two node ids, e.g. [\"s\", \"d\"]");
    }
    for (path, nv) in node_items {
        match nv.as_str() {
            Some(s) if !plain_id(s) => {
                p.push(&path, format!("\"{s}\" must be non-empty and use only letters, digits, _ and -"))
            }
            Some(s) if nodes.iter().any(|n| n == s) => p.push(&path, format!("duplicate node id \"{s}\"")),
            Some(s) => nodes.push(s.to_string()),
            None => p.push(&path, "must be a node id string"),
        }
    }
    let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
    let link_items = o.array("links", p);
    if link_items.is_empty() {
        p.push(&o.at("links"), "needs at least one link");
    }
    let mut links: Vec<GraphLink> = Vec::new();
    for (i, (path, lv)) in link_items.into_iter().enumerate() {
        let mut lo = Obj::new(Some(lv), path, p);
        let id = lo.string("id", Some(&format!("l{i}")), p);
        if !plain_id(&id) {
            p.push(&lo.at("id"), format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"));
        } else if links.iter().any(|l| l.id == id) {
            p.push(&lo.at("id"), format!("duplicate link id \"{id}\""));
        }
        let a = node_ref(&mut lo, "a", &names, p);
        let b = node_ref(&mut lo, "b", &names, p);
        if let (Some(x), Some(y)) = (a, b) {
            if x == y {
                p.push(&lo.at("b"), format!("link \"{id}\" connects node \"{}\" to itself", names[x]));
            }
        }
        let spec = link(lo, None, None, 100, time_s, p);
        links.push(GraphLink { id, a: a.unwrap_or(0), b: b.unwrap_or(0), link: spec });
    }
    Topology::Graph { nodes, links }
}

/// A node id field of a graph link, resolved to its index (closest name suggested when unknown).
fn node_ref(o: &mut Obj, key: &'static str, nodes: &[&str], p: &mut Problems) -> Option<usize> {
    let path = o.at(key);
    let s = node_name(o, key, p)?;
    let found = nodes.iter().position(|n| *n == s);
    if found.is_none() {
        p.push(&path, unknown_node(&s, nodes));
    }
    found
}

/// A required node id string (None after reporting when missing or not a string).
fn node_name(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        Some(Value::String(s)) => Some(s.clone()),
        _ => {
            o.string(key, None, p);
            None
        }
    }
}

fn unknown_node(s: &str, nodes: &[&str]) -> String {
    match closest(s, nodes) {
        Some(c) => format!("unknown node \"{s}\" (did you mean \"{c}\"? nodes: {})", nodes.join(", ")),
        None => format!("unknown node \"{s}\" (nodes: {})", nodes.join(", ")),
    }
}

/// A duplex link; `rate`/`delay` None make the fields required (graph links).
fn link(mut o: Obj, rate: Option<f64>, delay: Option<f64>, limit: u64, time_s: f64, p: &mut Problems) -> LinkSpec {
    let framing_bytes = o.int("framing_bytes", 0, 1000, Some(0), p) as u32;
    let forward = direction(&mut o, None, rate, delay, limit, time_s, p);
    let mut r = o.obj("reverse", p);
    let reverse = direction(&mut r, Some(&forward), rate, delay, limit, time_s, p);
    r.finish(p);
    o.finish(p);
    LinkSpec { forward, reverse, framing_bytes }
}

fn direction(
    o: &mut Obj,
    fwd: Option<&DirSpec>,
    rate: Option<f64>,
    delay: Option<f64>,
    limit: u64,
    time_s: f64,
    p: &mut Problems,
) -> DirSpec {
    let rate_bps = o.num("rate_bps", 1.0, MAX_RATE_BPS, fwd.map_or(rate, |f| Some(f.rate_bps)), p);
    if rate_bps * time_s > MAX_LINK_BITS {
        p.push(
            &o.at("rate_bps"),
            format!(
                "rate × stop.time_s = {} bits exceeds the cap of {} bits per link; shorten stop.time_s",
                show(rate_bps * time_s),
                show(MAX_LINK_BITS)
            ),
        );
    }
    let delay_ms = o.num("delay_ms", 0.0, 10_000.0, fwd.map_or(delay, |f| Some(f.delay_ms)), p);
    let queue = match (o.has("queue"), fwd) {
        (false, Some(f)) => f.queue.clone(),
        _ => queue(o.obj("queue", p), limit, p),
    };
    let errors = errors(o.obj("errors", p), time_s, p);
    DirSpec { rate_bps, delay_ms, queue, errors }
}

fn queue(mut o: Obj, limit: u64, p: &mut Problems) -> QueueSpec {
    let kind = o.choice("kind", &["drop_tail", "red", "dual_threshold"], Some("drop_tail"), p);
    let limit_pkts = o.int("limit_pkts", 1, MAX_QUEUE_PKTS, Some(limit), p) as u32;
    let counts_in_service = o.bool("counts_in_service", false, p);
    let discipline = match kind {
        "red" => {
            // SPEC A7: min_th = B/4, max_th = 3B/4, w_q = 0.002, max_p = 0.1, gentle off.
            let b = limit_pkts as f64;
            let max_q = MAX_QUEUE_PKTS as f64;
            let min_th_pkts = o.num("min_th_pkts", 0.0, max_q, Some(b / 4.0), p);
            let max_th_path = o.at("max_th_pkts");
            let max_th_pkts = o.num("max_th_pkts", 0.0, max_q, Some(3.0 * b / 4.0), p);
            if max_th_pkts <= min_th_pkts {
                p.push(&max_th_path, format!("must be larger than min_th_pkts ({})", show(min_th_pkts)));
            }
            let max_p = o.num("max_p", 0.0, 1.0, Some(0.1), p);
            let w_q = o.num("w_q", 1e-6, 1.0, Some(0.002), p);
            let gentle = o.bool("gentle", false, p);
            let mean_packet_bytes = match o.get("mean_packet_bytes") {
                None | Some(Value::Null) => None,
                Some(_) => Some(o.int("mean_packet_bytes", 1, 65_535, None, p) as u32),
            };
            Discipline::Red { min_th_pkts, max_th_pkts, max_p, w_q, gentle, mean_packet_bytes }
        }
        "dual_threshold" => {
            // Gurtov §6: "the hard limit can be two-three times larger than the soft limit".
            let soft_path = o.at("soft_pkts");
            let soft_pkts = o.int("soft_pkts", 1, MAX_QUEUE_PKTS, Some((limit_pkts as u64 / 3).max(1)), p) as u32;
            if soft_pkts >= limit_pkts {
                p.push(&soft_path, format!("must be smaller than limit_pkts ({limit_pkts})"));
            }
            let rearm_pkts = o.int("rearm_pkts", 1, MAX_QUEUE_PKTS, Some(2 * soft_pkts as u64), p) as u32;
            Discipline::DualThreshold { soft_pkts, rearm_pkts }
        }
        _ => Discipline::DropTail,
    };
    let congestion_warning = match o.get("congestion_warning") {
        None | Some(Value::Null) => None,
        Some(_) => {
            let mut c = o.obj("congestion_warning", p);
            // SPEC A15: w_q = 0.002, th_cw = 5 packets.
            let w_q = c.num("w_q", 1e-6, 1.0, Some(0.002), p);
            let threshold_pkts = c.num("threshold_pkts", 0.0, MAX_QUEUE_PKTS as f64, Some(5.0), p);
            let instantaneous = c.bool("instantaneous", false, p);
            c.finish(p);
            Some(CwSpec { w_q, threshold_pkts, instantaneous })
        }
    };
    o.finish(p);
    QueueSpec { discipline, limit_pkts, counts_in_service, congestion_warning }
}

const ERROR_KINDS: &[&str] = &["none", "bit_error", "packet_error", "gilbert_elliott", "drop_list", "burst"];

/// Most packet numbers a `drop_list` may name.
const MAX_DROP_LIST: usize = 100_000;

/// Most Gilbert–Elliott sojourns one run may step through (bounds the per-packet catch-up work).
const MAX_SOJOURNS: f64 = 1e9;

fn errors(mut o: Obj, time_s: f64, p: &mut Problems) -> ErrorSpec {
    let kind = o.choice("kind", ERROR_KINDS, Some("none"), p);
    let spec = match kind {
        "bit_error" => {
            let ber = o.num("ber", 0.0, 0.5, None, p);
            let header_bytes = o.int("header_bytes", 0, 1500, Some(24), p) as u32;
            ErrorSpec::BitError { ber, header_bytes }
        }
        "packet_error" => ErrorSpec::PacketError { per: o.num("per", 0.0, 1.0, None, p) },
        "gilbert_elliott" => ErrorSpec::GilbertElliott(gilbert(&mut o, time_s, p)),
        "drop_list" => {
            let mut packets = Vec::new();
            let items = o.array("packets", p);
            if !o.has("packets") {
                p.push(&o.at("packets"), "is required (an array of 0-based packet numbers, e.g. [5, 6])");
            }
            if items.len() > MAX_DROP_LIST {
                p.push(&o.at("packets"), format!("too many packet numbers: {} (at most {MAX_DROP_LIST})", items.len()));
            }
            for (path, nv) in items.into_iter().take(MAX_DROP_LIST) {
                match nv.as_f64() {
                    Some(x) if x.fract() == 0.0 && (0.0..=9e15).contains(&x) => packets.push(x as u64),
                    _ => p.push(&path, format!("must be a whole packet number from 0 to 9000000000000000 (got {nv})")),
                }
            }
            packets.sort_unstable();
            packets.dedup();
            ErrorSpec::DropList { packets }
        }
        "burst" => {
            let start_s = o.num("start_s", 0.0, MAX_TIME_S, None, p);
            let duration_s = o.num("duration_s", 0.0, MAX_TIME_S, None, p);
            let loss = o.num("loss", 0.0, 1.0, Some(1.0), p);
            ErrorSpec::Burst { start_s, duration_s, loss }
        }
        _ => ErrorSpec::None,
    };
    o.finish(p);
    spec
}

fn gilbert(o: &mut Obj, time_s: f64, p: &mut Problems) -> GilbertSpec {
    match o.choice("mode", &["lim_jang", "markov"], Some("lim_jang"), p) {
        "markov" => {
            let loss_path = o.at("mean_loss");
            let mean_loss = o.num("mean_loss", 0.0, 1.0, None, p);
            let mean_burst_pkts = o.num("mean_burst_pkts", 1.0, 1e9, None, p);
            // p(G→B) = mean_loss·p(B→G)/(1 − mean_loss) must be a probability:
            // mean_loss ≤ mean_burst/(1 + mean_burst).
            let max_loss = mean_burst_pkts / (1.0 + mean_burst_pkts);
            if mean_loss > max_loss {
                p.push(
                    &loss_path,
                    format!("with mean_burst_pkts = {} at most {} (bursts separated by one good packet); raise mean_burst_pkts", show(mean_burst_pkts), show(max_loss)),
                );
            }
            GilbertSpec::Markov { mean_loss, mean_burst_pkts }
        }
        _ => {
            // SPEC §8.3 (Lim & Jang §4.2): Good 1 s at 0.1 %, Bad d_B at 10 %, next state 50/50.
            let good_s = o.num("good_s", 1e-4, MAX_TIME_S, Some(1.0), p);
            let bad_path = o.at("bad_s");
            let bad_s = o.num("bad_s", 1e-4, MAX_TIME_S, None, p);
            let p_next_bad = o.num("p_next_bad", 0.0, 1.0, Some(0.5), p);
            let loss_good = o.num("loss_good", 0.0, 1.0, Some(0.001), p);
            let loss_bad = o.num("loss_bad", 0.0, 1.0, Some(0.1), p);
            let lazy_transitions = o.bool("lazy_transitions", false, p);
            let mean_sojourn = p_next_bad * bad_s + (1.0 - p_next_bad) * good_s;
            if time_s / mean_sojourn > MAX_SOJOURNS {
                p.push(
                    &bad_path,
                    format!(
                        "sojourns this short need more than {} state changes in stop.time_s; lengthen good_s/bad_s",
                        show(MAX_SOJOURNS)
                    ),
                );
            }
            GilbertSpec::LimJang { good_s, bad_s, p_next_bad, loss_good, loss_bad, lazy_transitions }
        }
    }
}

/// An optional string field.
fn opt_string(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.string(key, None, p)),
    }
}

/// Most cross-traffic sources in one scenario.
const MAX_CROSS: usize = 1000;

/// `cross_traffic[]`, and the routes of flows and sources (graph: `from`/`to` must be connected).
fn cross_traffic(
    root: &mut Obj,
    topology: &Topology,
    flows: &[FlowSpec],
    time_s: f64,
    p: &mut Problems,
) -> Vec<CrossSpec> {
    check_flow_routes(topology, flows, p);
    let items = root.array("cross_traffic", p);
    if items.len() > MAX_CROSS {
        p.push(&root.at("cross_traffic"), format!("too many sources: {} (at most {MAX_CROSS})", items.len()));
    }
    let mut out: Vec<CrossSpec> = Vec::new();
    for (i, (path, v)) in items.into_iter().take(MAX_CROSS).enumerate() {
        let mut o = Obj::new(Some(v), path, p);
        let id = o.string("id", Some(&format!("x{i}")), p);
        if !plain_id(&id) {
            p.push(&o.at("id"), format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"));
        } else if out.iter().any(|c| c.id == id) {
            p.push(&o.at("id"), format!("duplicate cross-traffic id \"{id}\""));
        }
        let kind_id = o.choice("kind", &["cbr", "poisson", "on_off"], Some("cbr"), p);
        let rate_bps = o.num("rate_bps", 1.0, MAX_RATE_BPS, None, p);
        if rate_bps * time_s > MAX_LINK_BITS {
            p.push(
                &o.at("rate_bps"),
                format!(
                    "rate × stop.time_s = {} bits exceeds the cap of {} bits; shorten stop.time_s",
                    show(rate_bps * time_s),
                    show(MAX_LINK_BITS)
                ),
            );
        }
        let packet_bytes = o.int("packet_bytes", 28, 65_535, Some(1500), p) as u32;
        let start_s = o.num("start_s", 0.0, time_s, Some(0.0), p);
        let stop_path = o.at("stop_s");
        let stop_s = o.num("stop_s", 0.0, MAX_TIME_S, Some(time_s), p);
        if stop_s < start_s {
            p.push(&stop_path, format!("must not be before start_s ({})", show(start_s)));
        }
        let kind = match kind_id {
            "poisson" => CrossKind::Poisson,
            "on_off" => CrossKind::OnOff {
                on_s: o.num("on_s", 1e-6, MAX_TIME_S, Some(1.0), p),
                off_s: o.num("off_s", 1e-6, MAX_TIME_S, Some(1.0), p),
            },
            _ => CrossKind::Cbr,
        };
        let path = match topology {
            Topology::Dumbbell { .. } => {
                if o.has("from") || o.has("to") {
                    p.push(&o.at("from"), "from/to name nodes of a graph topology; on the dumbbell use \"direction\": \"forward\" or \"reverse\"");
                    o.get("from");
                    o.get("to");
                }
                match o.choice("direction", &["forward", "reverse"], Some("forward"), p) {
                    "reverse" => CrossPath::Reverse,
                    _ => CrossPath::Forward,
                }
            }
            Topology::Graph { nodes, links } => {
                if o.has("direction") {
                    p.push(&o.at("direction"), "a graph topology routes cross traffic by \"from\" and \"to\" nodes");
                    o.get("direction");
                }
                let (from, to) = (node_name(&mut o, "from", p), node_name(&mut o, "to", p));
                if let (Some(from), Some(to)) = (&from, &to) {
                    check_route(nodes, links, from, to, &o.at("from"), &o.at("to"), p);
                }
                CrossPath::Nodes { from: from.unwrap_or_default(), to: to.unwrap_or_default() }
            }
        };
        o.finish(p);
        out.push(CrossSpec { id, kind, rate_bps, packet_bytes, start_s, stop_s, path });
    }
    out
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

/// Both endpoints are known, distinct, and connected.
fn check_route(
    nodes: &[String],
    links: &[GraphLink],
    from: &str,
    to: &str,
    from_path: &str,
    to_path: &str,
    p: &mut Problems,
) {
    let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
    let a = names.iter().position(|n| *n == from);
    let b = names.iter().position(|n| *n == to);
    if a.is_none() {
        p.push(from_path, unknown_node(from, &names));
    }
    if b.is_none() {
        p.push(to_path, unknown_node(to, &names));
    }
    if let (Some(a), Some(b)) = (a, b) {
        if a == b {
            p.push(to_path, format!("must differ from \"from\" (both are \"{to}\")"));
        } else if crate::net::shortest_path(nodes.len(), links, a, b).is_none() {
            p.push(to_path, format!("no route from \"{from}\" to \"{to}\": no chain of links connects them"));
        }
    }
}

fn classifier_id(s: &str, path: &str, p: &mut Problems) -> Option<&'static str> {
    match classify::ALL.iter().find(|c| **c == s) {
        Some(id) if classify::AVAILABLE.contains(id) => Some(id),
        Some(id) => {
            p.push(path, format!("classifier \"{id}\" is not available in this version (available: {})", classify::AVAILABLE.join(", ")));
            None
        }
        None => {
            p.push(path, super::reader::unknown_value(s, classify::ALL));
            None
        }
    }
}

/// A shadow classifier: an id string, or `{ "id": …, "params": {…} }` with the classifier's knobs.
fn shadow(v: &Value, path: String, p: &mut Problems) -> Option<ClassifierSpec> {
    match v {
        Value::String(s) => classifier_id(s, &path, p).map(|id| ClassifierSpec { id, params: Vec::new() }),
        Value::Object(_) => {
            let mut o = Obj::new(Some(v), path, p);
            let id_path = o.at("id");
            let id = match o.get("id") {
                Some(Value::String(s)) => classifier_id(s, &id_path, p),
                _ => {
                    o.string("id", None, p);
                    None
                }
            };
            let params = known_params(&mut o, "params", id.map(classify::specs), p);
            o.finish(p);
            id.map(|id| ClassifierSpec { id, params })
        }
        other => {
            p.push(
                &path,
                format!("must be a classifier id string or {{\"id\": …, \"params\": {{…}}}} (got {})", super::reader::kind(other)),
            );
            None
        }
    }
}

/// The knobs object `key` checked against `specs` (None: its owner's id was invalid, so only
/// consume the key rather than report every knob as unknown).
fn known_params(
    o: &mut Obj,
    key: &'static str,
    specs: Option<Vec<crate::param::ParamSpec>>,
    p: &mut Problems,
) -> Vec<(&'static str, Value)> {
    let path = o.at(key);
    let v = o.get(key);
    match specs {
        Some(specs) => validate_params(v, &specs, &path, p),
        None => Vec::new(),
    }
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

fn tcp(mut o: Obj, p: &mut Problems) -> TcpConfig {
    let cc_path = o.at("cc");
    let before = p.0.len();
    let cc_id = o.choice("cc", cc::ALL, Some("new_reno"), p);
    let mut cc_ok = p.0.len() == before;
    if !cc::AVAILABLE.contains(&cc_id) {
        p.push(&cc_path, format!("variant \"{cc_id}\" is not available in this version (available: {})", cc::AVAILABLE.join(", ")));
        cc_ok = false;
    }
    let cc_params = known_params(&mut o, "cc_params", cc_ok.then(|| cc::specs(cc_id)), p);
    let cl_path = o.at("classifier");
    let cl = match o.get("classifier") {
        None | Some(Value::Null) => Some("always_congestion"),
        Some(Value::String(s)) => classifier_id(s, &cl_path, p),
        Some(_) => {
            p.push(&cl_path, "must be a classifier id string");
            None
        }
    };
    let classifier_params = known_params(&mut o, "classifier_params", cl.map(classify::specs), p);
    let cl = cl.unwrap_or("always_congestion");
    let prof = o.choice("profile", profile::PROFILES, Some("rfc"), p);
    let d = profile::defaults(prof);
    let mss_bytes = o.int("mss_bytes", 64, 65_000, Some(d.mss_bytes as u64), p) as u32;
    let iw_default = if prof == "rfc" { profile::rfc5681_initial_window(mss_bytes) } else { d.initial_window_pkts };
    let c = TcpConfig {
        cc: cc_id,
        classifier: cl,
        cc_params,
        classifier_params,
        profile: prof,
        mss_bytes,
        rwnd_bytes: o.int("rwnd_bytes", 1, 1 << 30, Some(d.rwnd_bytes), p),
        initial_window_pkts: o.int("initial_window_pkts", 1, 1000, Some(iw_default as u64), p) as u32,
        sack: o.bool("sack", d.sack, p),
        timestamps: o.bool("timestamps", d.timestamps, p),
        delayed_ack_ms: o.num("delayed_ack_ms", 0.0, 500.0, Some(d.delayed_ack_ms), p),
        min_rto_ms: o.num("min_rto_ms", 1.0, 600_000.0, Some(d.min_rto_ms), p),
        initial_rto_ms: o.num("initial_rto_ms", 1.0, 600_000.0, Some(d.initial_rto_ms), p),
        max_rto_ms: o.num("max_rto_ms", 1.0, 1e9, Some(d.max_rto_ms), p),
        clock_granularity_ms: o.num("clock_granularity_ms", 0.0, 1000.0, Some(d.clock_granularity_ms), p),
        cwnd_growth: match o.choice("cwnd_growth", &["packet", "byte"], Some(d.cwnd_growth.id()), p) {
            "byte" => CwndGrowth::Byte,
            _ => CwndGrowth::Packet,
        },
        handshake: o.bool("handshake", d.handshake, p),
        dupack_threshold: o.int("dupack_threshold", 1, 100, Some(d.dupack_threshold as u64), p) as u32,
        rtt_tick_ms: o.num("rtt_tick_ms", 0.0, 1000.0, Some(d.rtt_tick_ms), p),
        rtt_sampling: match o.choice("rtt_sampling", &["per_ack", "one_per_rtt"], Some("per_ack"), p) {
            "one_per_rtt" => RttSampling::OnePerRtt,
            _ => RttSampling::PerAck,
        },
        limited_transmit: o.bool("limited_transmit", d.limited_transmit, p),
        newreno_exit: match o.choice("newreno_exit", &["base", "rfc"], Some("base"), p) {
            "rfc" => NewRenoExit::Rfc,
            _ => NewRenoExit::Base,
        },
        recover_guard: o.bool("recover_guard", d.recover_guard, p),
        ld_rto_keep_window: o.bool("ld_rto_keep_window", d.ld_rto_keep_window, p),
        pacing: o.bool("pacing", d.pacing, p),
        rto_restart_every_partial: o.bool("rto_restart_every_partial", d.rto_restart_every_partial, p),
    };
    if c.min_rto_ms > c.max_rto_ms {
        p.push(&o.at("min_rto_ms"), format!("must not exceed max_rto_ms ({})", show(c.max_rto_ms)));
    }
    o.finish(p);
    c
}

#[cfg(test)]
mod tests {
    use super::super::reader::child;
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
