//! A cross-traffic source's configuration (`cross_traffic[]`, docs/design.md §D4): [`CrossSpec`], the
//! list of source kinds ([`KINDS`], each declared with its own knobs in `net/cross/<kind>.rs`),
//! the knobs every kind shares, and the reader of the `cross_traffic` array, with its structural
//! checks (unique ids, start ≤ stop, routes by direction or by nodes).

use super::cross::{cbr, on_off, poisson};
use super::graph::check_route;
use super::topology::node_name;
use super::Topology;
use crate::json_reader::{plain_id, show, Obj, Problems};
use crate::limits::{MAX_LINK_BITS, MAX_RATE_BPS, MAX_TIME_S};
use crate::param::{kind_ids, Component, Knobs, ParamSpec};
use serde::Serialize;
use serde_json::Value;

/// What a cross-traffic source emits: its kind, with the kind's own knobs (declared in
/// `net/cross/<kind>.rs` beside its arrival process).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CrossKind {
    /// Constant bit rate: one datagram every packet_bytes·8/rate_bps.
    Cbr(cbr::Params),
    /// Poisson arrivals with mean rate rate_bps.
    Poisson(poisson::Params),
    /// Exponential on/off periods; CBR at rate_bps while on.
    OnOff(on_off::Params),
}

/// Where a cross-traffic source sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CrossPath {
    /// Dumbbell: along the data path of the flows.
    Forward,
    /// Dumbbell: along the ACK path.
    Reverse,
    /// Graph: shortest path between two nodes.
    Nodes {
        /// Source node id.
        from: String,
        /// Destination node id.
        to: String,
    },
}

/// One UDP cross-traffic source (`cross_traffic[]`).
/// Serialised with the arrival process's `kind` and knobs beside the source's own fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrossSpec {
    /// Source id (its random stream is `cross:<id>`).
    pub id: String,
    /// Arrival process.
    #[serde(flatten)]
    pub kind: CrossKind,
    /// Mean rate (rate while on for `on_off`), bit/s of IP datagrams.
    pub rate_bps: f64,
    /// IP datagram size (UDP + IP headers included), bytes.
    pub packet_bytes: u32,
    /// First datagram, seconds.
    pub start_s: f64,
    /// No datagram at or after this time, seconds.
    pub stop_s: f64,
    /// Route.
    pub path: CrossPath,
}

/// How a source kind's file reads its own knobs (the shared ones read already).
pub type Reader = fn(&mut Knobs, &mut Problems) -> CrossKind;

/// A cross-traffic source kind's entry: catalog text, knobs and reader.
pub type CrossKindEntry = Component<Reader>;

/// The source kinds (`cross_traffic[].kind`), in catalog order: the one list of them. A kind is
/// its file (entry, `Params`, reader, source) and a line here, plus its variant of [`CrossKind`]
/// and its arm where sources are built, which the compiler asks for.
pub const KINDS: &[CrossKindEntry] = &[cbr::KIND, poisson::KIND, on_off::KIND];

/// The knobs of every source kind.
pub(crate) fn common_params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::number(
            "rate_bps",
            "bit/s",
            1.0,
            MAX_RATE_BPS,
            100_000.0,
            "Mean rate of IP datagrams (the rate while on for on_off).",
        )
        .required(),
        ParamSpec::integer(
            "packet_bytes",
            "bytes",
            28,
            65_535,
            1500,
            "IP datagram size (UDP and IP headers included).",
        ),
        ParamSpec::number(
            "start_s",
            "s",
            0.0,
            MAX_TIME_S,
            0.0,
            "First datagram; at most stop.time_s.",
        ),
        ParamSpec::number(
            "stop_s",
            "s",
            0.0,
            MAX_TIME_S,
            60.0,
            "No datagram from this time on (null = stop.time_s); not before start_s.",
        )
        .with_default(Value::Null),
        ParamSpec::choice(
            "direction",
            &["forward", "reverse"],
            "forward",
            "Dumbbell only: along the data path or the ACK path (a graph uses from/to nodes).",
        ),
    ]
}

/// Most cross-traffic sources in one scenario.
const MAX_CROSS: usize = crate::limits::MAX_CROSS_SOURCES;

impl CrossSpec {
    /// Read the `cross_traffic` array of `root` for `topology`, in a run lasting `time_s`.
    pub fn read_all(
        root: &mut Obj,
        topology: &Topology,
        time_s: f64,
        p: &mut Problems,
    ) -> Vec<CrossSpec> {
        let items = root.array("cross_traffic", p);
        if items.len() > MAX_CROSS {
            p.push(
                root.at("cross_traffic"),
                format!("too many sources: {} (at most {MAX_CROSS})", items.len()),
            );
        }
        let mut out: Vec<CrossSpec> = Vec::new();
        for (i, (path, v)) in items.into_iter().take(MAX_CROSS).enumerate() {
            let mut o = Obj::new(Some(v), path, p);
            let id = o.string("id", Some(&format!("x{i}")), p);
            if !plain_id(&id) {
                p.push(
                    o.at("id"),
                    format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"),
                );
            } else if out.iter().any(|c| c.id == id) {
                p.push(o.at("id"), format!("duplicate cross-traffic id \"{id}\""));
            }
            out.push(CrossSpec::read(o, id, topology, time_s, p));
        }
        out
    }

    /// The fields of one source after its `id`.
    fn read(
        mut o: Obj,
        id: String,
        topology: &Topology,
        time_s: f64,
        p: &mut Problems,
    ) -> CrossSpec {
        let kind_id = o.choice("kind", &kind_ids(KINDS), Some("cbr"), p);
        let entry = KINDS
            .iter()
            .find(|k| k.info.id == kind_id)
            .unwrap_or(&KINDS[0]);
        let mut k = Knobs::new(&mut o, (entry.params)());
        let rate_bps = k.num("rate_bps", p);
        if rate_bps * time_s > MAX_LINK_BITS {
            p.push(
                k.at("rate_bps"),
                format!(
                    "rate × stop.time_s = {} bits exceeds the cap of {} bits; shorten stop.time_s",
                    show(rate_bps * time_s),
                    show(MAX_LINK_BITS)
                ),
            );
        }
        let packet_bytes = k.int("packet_bytes", p) as u32;
        let start_s = k.num_within("start_s", time_s, Some(0.0), p);
        let stop_path = k.at("stop_s");
        let stop_s = k.num_or("stop_s", time_s, p);
        if stop_s < start_s {
            p.push(
                &stop_path,
                format!("must not be before start_s ({})", show(start_s)),
            );
        }
        let kind = (entry.read)(&mut k, p);
        let path = match topology {
            Topology::Dumbbell { .. } => {
                let o = k.obj();
                if o.has("from") || o.has("to") {
                    p.push(o.at("from"), "from/to name nodes of a graph topology; on the dumbbell use \"direction\": \"forward\" or \"reverse\"");
                    o.get("from");
                    o.get("to");
                }
                match k.pick("direction", p) {
                    "reverse" => CrossPath::Reverse,
                    _ => CrossPath::Forward,
                }
            }
            Topology::Graph { nodes, links } => {
                if o.has("direction") {
                    p.push(
                        o.at("direction"),
                        "a graph topology routes cross traffic by \"from\" and \"to\" nodes",
                    );
                    o.get("direction");
                }
                let (from, to) = (node_name(&mut o, "from", p), node_name(&mut o, "to", p));
                if let (Some(from), Some(to)) = (&from, &to) {
                    check_route(nodes, links, from, to, &o.at("from"), &o.at("to"), p);
                }
                CrossPath::Nodes {
                    from: from.unwrap_or_default(),
                    to: to.unwrap_or_default(),
                }
            }
        };
        o.finish(p);
        CrossSpec {
            id,
            kind,
            rate_bps,
            packet_bytes,
            start_s,
            stop_s,
            path,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::topology::tests::GRAPH;
    use crate::{parse, problems};

    #[test]
    fn cross_traffic_is_validated_per_topology() {
        let sc = parse(r#"{"flows": [{}], "cross_traffic": [{"id": "u", "kind": "on_off", "rate_bps": 1e5, "direction": "reverse"}]}"#).unwrap();
        let c = &sc.cross_traffic[0];
        let CrossKind::OnOff(o) = c.kind else {
            panic!("{:?}", c.kind)
        };
        assert_eq!(
            (o.on_s, o.off_s, c.packet_bytes, c.start_s, c.stop_s),
            (1.0, 1.0, 1500, 0.0, 60.0)
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
