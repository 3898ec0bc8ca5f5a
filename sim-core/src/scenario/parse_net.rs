//! Validation of the network part of a scenario: dumbbell and graph topologies, links and their
//! directions, queues, error models, cross traffic and flow routes (DESIGN §4). Every problem is
//! collected with its JSON path.

use super::limits::*;
use super::reader::{closest, show, Obj, Problems};
use super::*;
use serde_json::Value;

pub(super) fn topology(mut o: Obj, time_s: f64, p: &mut Problems) -> Topology {
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
pub(super) fn opt_string(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.string(key, None, p)),
    }
}

/// Most cross-traffic sources in one scenario.
const MAX_CROSS: usize = 1000;

/// `cross_traffic[]`, and the routes of flows and sources (graph: `from`/`to` must be connected).
pub(super) fn cross_traffic(
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

