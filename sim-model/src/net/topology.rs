//! A network's configuration (`topology`, docs/design.md §D4): the dumbbell or a graph of nodes and duplex
//! links, each direction with its rate, delay, queue and error model, and the reader of a
//! `topology` object with its structural checks (node and link counts before reading, node
//! references, link ids, the link-bits cap), linear in the size of the topology.

use super::graph::unknown_node;
use super::RateTrace;
use crate::error_model::ErrorSpec;
use crate::json_reader::{name_problem, plain_id, show, Obj, Problems};
use crate::limits::{MAX_LINKS, MAX_LINK_BITS, MAX_NODES, MAX_RATE_BPS};
use crate::queue::QueueSpec;
use serde::Serialize;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// One direction of a link.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DirSpec {
    /// Rate in bit/s (the trace's mean rate when `rate_trace` is given).
    pub rate_bps: f64,
    /// Capacity following a trace (`net::rate_trace`); `None` = the constant `rate_bps`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_trace: Option<RateTrace>,
    /// One-way propagation delay, ms.
    pub delay_ms: f64,
    /// Queue at the head of this direction.
    pub queue: QueueSpec,
    /// Error process of this direction.
    pub errors: ErrorSpec,
}

/// A duplex link: forward (a→b, data) and reverse (b→a, ACKs) directions.
/// Serialised as in a scenario file: the forward direction's fields at the top, `reverse` beside them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinkSpec {
    /// a → b.
    #[serde(flatten)]
    pub forward: DirSpec,
    /// b → a.
    pub reverse: DirSpec,
    /// Link-layer bytes added to every packet (8 for PPP on Gurtov's link).
    pub framing_bytes: u32,
}

/// A duplex link of a graph topology.
/// Serialised with the link's fields beside `id`, `a` and `b` (node indices).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphLink {
    /// Link id: channel `<id>` carries a→b, `<id>.reverse` carries b→a.
    pub id: String,
    /// Index of end `a` in the node list.
    pub a: usize,
    /// Index of end `b` in the node list.
    pub b: usize,
    /// Both directions.
    #[serde(flatten)]
    pub link: LinkSpec,
}

/// Network shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)] // one value per scenario, never on the packet path
pub enum Topology {
    /// senders → access → router → bottleneck → receivers.
    Dumbbell {
        /// Shared access link of the senders.
        access: LinkSpec,
        /// The bottleneck (usually the lossy hop).
        bottleneck: LinkSpec,
    },
    /// Explicit nodes and duplex links; routes are shortest paths by hop count.
    Graph {
        /// Node ids.
        nodes: Vec<String>,
        /// Links, in declaration order (the order breaks routing ties).
        links: Vec<GraphLink>,
    },
}

impl Topology {
    /// Read a `topology` object of a run lasting `time_s`.
    pub fn read(mut o: Obj, time_s: f64, p: &mut Problems) -> Topology {
        let kind = o.choice("kind", &["dumbbell", "graph"], Some("dumbbell"), p);
        if kind == "graph" {
            let t = graph(&mut o, time_s, p);
            o.finish(p);
            return t;
        }
        let access = LinkSpec::read(o.obj("access", p), Some(100e6), Some(0.1), 1000, time_s, p);
        let bottleneck = LinkSpec::read(
            o.obj("bottleneck", p),
            Some(1e6),
            Some(10.0),
            100,
            time_s,
            p,
        );
        o.finish(p);
        Topology::Dumbbell { access, bottleneck }
    }
}

/// `topology.kind: "graph"`: nodes, duplex links; every problem with its path. The node and link
/// counts are checked before either list is read ([`MAX_NODES`], [`MAX_LINKS`]); ids are resolved
/// and checked for duplicates with hash maps.
fn graph(o: &mut Obj, time_s: f64, p: &mut Problems) -> Topology {
    let mut nodes: Vec<String> = Vec::new();
    let node_items = o.array("nodes", p);
    let link_items = o.array("links", p);
    let too_many_nodes = node_items.len() > MAX_NODES;
    let too_many_links = link_items.len() > MAX_LINKS;
    if too_many_nodes {
        p.push(
            o.at("nodes"),
            format!("has {} entries (at most {MAX_NODES})", node_items.len()),
        );
    }
    if too_many_links {
        p.push(
            o.at("links"),
            format!("has {} entries (at most {MAX_LINKS})", link_items.len()),
        );
    }
    if too_many_nodes || too_many_links {
        // Nothing further is read: routes over a graph past the caps are not worth checking.
        return Topology::Graph {
            nodes,
            links: Vec::new(),
        };
    }
    if node_items.len() < 2 {
        p.push(
            o.at("nodes"),
            "needs at least two node ids, e.g. [\"s\", \"d\"]",
        );
    }
    let mut index: HashMap<String, usize> = HashMap::with_capacity(node_items.len());
    for (path, nv) in node_items {
        match nv.as_str() {
            Some(s) if !plain_id(s) => p.push(&path, name_problem(s).unwrap_or_default()),
            Some(s) if index.contains_key(s) => p.push(&path, format!("duplicate node id \"{s}\"")),
            Some(s) => {
                index.insert(s.to_string(), nodes.len());
                nodes.push(s.to_string());
            }
            None => p.push(&path, "must be a node id string"),
        }
    }
    let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
    if link_items.is_empty() {
        p.push(o.at("links"), "needs at least one link");
    }
    let mut links: Vec<GraphLink> = Vec::new();
    let mut link_ids: HashSet<String> = HashSet::with_capacity(link_items.len());
    for (i, (path, lv)) in link_items.into_iter().enumerate() {
        let mut lo = Obj::new(Some(lv), path, p);
        let id = lo.string("id", Some(&format!("l{i}")), p);
        if let Some(why) = name_problem(&id) {
            p.push(lo.at("id"), why);
        } else if !link_ids.insert(id.clone()) {
            p.push(lo.at("id"), format!("duplicate link id \"{id}\""));
        }
        let a = node_ref(&mut lo, "a", &index, &names, p);
        let b = node_ref(&mut lo, "b", &index, &names, p);
        if let (Some(x), Some(y)) = (a, b) {
            if x == y {
                p.push(
                    lo.at("b"),
                    format!("link \"{id}\" connects node \"{}\" to itself", names[x]),
                );
            }
        }
        let spec = LinkSpec::read(lo, None, None, 100, time_s, p);
        links.push(GraphLink {
            id,
            a: a.unwrap_or(0),
            b: b.unwrap_or(0),
            link: spec,
        });
    }
    Topology::Graph { nodes, links }
}

/// A node id field of a graph link, resolved to its index (closest name suggested when unknown).
fn node_ref(
    o: &mut Obj,
    key: &'static str,
    index: &HashMap<String, usize>,
    names: &[&str],
    p: &mut Problems,
) -> Option<usize> {
    let path = o.at(key);
    let s = node_name(o, key, p)?;
    let found = index.get(&s).copied();
    if found.is_none() {
        p.push_with(&path, || unknown_node(&s, names));
    }
    found
}

/// A required node id string (None after reporting when missing or not a string).
pub(crate) fn node_name(o: &mut Obj, key: &'static str, p: &mut Problems) -> Option<String> {
    match o.get(key) {
        Some(Value::String(s)) => Some(s.clone()),
        _ => {
            o.string(key, None, p);
            None
        }
    }
}

impl LinkSpec {
    /// Read a duplex link; `rate`/`delay` None make the fields required (graph links), `limit` is
    /// the default queue limit.
    fn read(
        mut o: Obj,
        rate: Option<f64>,
        delay: Option<f64>,
        limit: u64,
        time_s: f64,
        p: &mut Problems,
    ) -> LinkSpec {
        let framing_bytes = o.int("framing_bytes", 0, 1000, Some(0), p) as u32;
        let forward = DirSpec::read(&mut o, None, rate, delay, limit, time_s, p);
        let mut r = o.obj("reverse", p);
        let reverse = DirSpec::read(&mut r, Some(&forward), rate, delay, limit, time_s, p);
        r.finish(p);
        o.finish(p);
        LinkSpec {
            forward,
            reverse,
            framing_bytes,
        }
    }
}

impl DirSpec {
    /// Most bits this direction can carry in `time_s` seconds (a trace: the whole laps covering
    /// it, since a short run may fall in the trace's fast part).
    pub fn bits_within(&self, time_s: f64) -> f64 {
        match &self.rate_trace {
            Some(t) => t.bits_within(time_s),
            None => self.rate_bps * time_s,
        }
    }

    /// Read one direction; the reverse one (`fwd` = the forward direction) inherits its rate,
    /// delay and queue.
    fn read(
        o: &mut Obj,
        fwd: Option<&DirSpec>,
        rate: Option<f64>,
        delay: Option<f64>,
        limit: u64,
        time_s: f64,
        p: &mut Problems,
    ) -> DirSpec {
        let rate_trace = if o.has("rate_trace") && !o.get("rate_trace").is_some_and(|v| v.is_null())
        {
            if o.has("rate_bps") {
                p.push(
                    o.at("rate_bps"),
                    "give either rate_bps or rate_trace, not both (a trace sets the rate)",
                );
            }
            RateTrace::read(o.obj("rate_trace", p), p)
        } else {
            None
        };
        let rate_bps = match &rate_trace {
            Some(t) => {
                o.get("rate_bps");
                t.mean_rate_bps()
            }
            None => o.num(
                "rate_bps",
                1.0,
                MAX_RATE_BPS,
                fwd.map_or(rate, |f| Some(f.rate_bps)),
                p,
            ),
        };
        if rate_bps * time_s > MAX_LINK_BITS {
            p.push(
                o.at("rate_bps"),
                format!(
                    "rate × stop.time_s = {} bits exceeds the cap of {} bits per link; shorten stop.time_s",
                    show(rate_bps * time_s),
                    show(MAX_LINK_BITS)
                ),
            );
        }
        let delay_ms = o.num(
            "delay_ms",
            0.0,
            10_000.0,
            fwd.map_or(delay, |f| Some(f.delay_ms)),
            p,
        );
        let queue = match (o.has("queue"), fwd) {
            (false, Some(f)) => f.queue.clone(),
            _ => QueueSpec::read(o.obj("queue", p), limit, p),
        };
        let errors = ErrorSpec::read(o.obj("errors", p), time_s, p);
        DirSpec {
            rate_bps,
            rate_trace,
            delay_ms,
            queue,
            errors,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{parse, problems};

    pub(crate) const GRAPH: &str = r#""topology": {"kind": "graph", "nodes": ["s", "r1", "bs", "d", "x"],
        "links": [{"id": "wired", "a": "s", "b": "r1", "rate_bps": 1e8, "delay_ms": 10},
                  {"id": "core", "a": "r1", "b": "bs", "rate_bps": 1e8, "delay_ms": 20},
                  {"id": "wireless", "a": "bs", "b": "d", "rate_bps": 2e6, "delay_ms": 1,
                   "reverse": {"rate_bps": 1e6}}]}"#;

    #[test]
    fn graph_topology_parses_with_asymmetric_reverse() {
        let sc = parse(&format!(
            r#"{{{GRAPH}, "flows": [{{"from": "s", "to": "d"}}]}}"#
        ))
        .unwrap();
        let Topology::Graph { nodes, links } = &sc.topology else {
            panic!("not a graph")
        };
        assert_eq!(nodes.len(), 5);
        assert_eq!((links[2].a, links[2].b), (2, 3));
        assert_eq!(
            (
                links[2].link.forward.rate_bps,
                links[2].link.reverse.rate_bps
            ),
            (2e6, 1e6)
        );
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
}
