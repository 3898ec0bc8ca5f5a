//! The network: link directions ([`Channel`]), the routes packets follow across them, and the UDP
//! cross-traffic sources that load them.
//!
//! - [`Network::build`]: channels and routes of a scenario's topology.
//! - [`Channel`]: one link direction (FIFO serializer, queue discipline, delay, error model).
//! - [`shortest_path`]: graph routing by hop count, ties broken by link order.
//! - [`CrossSource`]: CBR, Poisson and on/off UDP sources, each kind in its own file ([`cbr`],
//!   [`poisson`], [`on_off`]: its knobs, `Params`, and its [`Arrivals`] process).
//! - The configuration: [`Topology`], [`LinkSpec`], [`DirSpec`], [`GraphLink`] (with the reader
//!   of a `topology` object) and [`CrossSpec`] (with the source kinds' knobs, [`CROSS_KINDS`]);
//!   [`Plan`] is what [`Network::build`] needs of a scenario.
//!
//! A route is a list of channel indices. The dumbbell of docs/design.md §D4 is built as
//! `senders → access → router → bottleneck → receivers`, with data on route 0
//! (`access`, `bottleneck`) and ACKs on route 1 (`bottleneck.reverse`, `access.reverse`);
//! dumbbell cross traffic uses route 0 (`forward`) or route 1 (`reverse`). A graph link `id`
//! gives channel `<id>` (a→b) and `<id>.reverse` (b→a); a flow's data follows the shortest path
//! `from → to` and its ACKs the same links backwards.
//!
//! ```
//! let sc = sim_model::parse(r#"{"topology": {"kind": "graph", "nodes": ["s", "d"],
//!     "links": [{"id": "l", "a": "s", "b": "d", "rate_bps": 1e6, "delay_ms": 5}]},
//!     "flows": [{"from": "d", "to": "s"}]}"#).unwrap();
//! let net = sim_model::net::Network::build(&sc);
//! let (data, ack) = net.flow_routes[0];
//! assert_eq!(net.channels[net.routes[data as usize][0] as usize].name, "l.reverse");
//! assert_eq!(net.channels[net.routes[ack as usize][0] as usize].name, "l");
//! ```

mod channel;
mod cross;
mod cross_spec;
mod graph;
pub mod rate_trace;
mod topology;

pub use channel::{Channel, ChannelStats, Offer};
pub use cross::{cbr, on_off, poisson, Arrivals, CrossSource, CrossStats};
pub use cross_spec::{CrossKind, CrossPath, CrossSpec, KINDS as CROSS_KINDS};
pub use graph::{check_route, shortest_path, Hop, RouteChecker, Router};
pub use rate_trace::{RateTrace, TraceCapacity};
pub use topology::{DirSpec, GraphLink, LinkSpec, Topology};

use crate::error_model::{self, ErrorSpec};
use crate::queue;
use crate::rng::SimRng;
use crate::time::SimDuration;

/// What the network is built from: a validated scenario's topology, seed, flow endpoints and
/// cross traffic (`scenario` converts a `Scenario` into one).
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    /// Run seed (the links' random streams derive from it).
    pub seed: u64,
    /// Network shape.
    pub topology: &'a Topology,
    /// Sender and receiver node of every flow (graph topology; `None` on the dumbbell).
    pub flows: Vec<(Option<&'a str>, Option<&'a str>)>,
    /// UDP background sources.
    pub cross_traffic: &'a [CrossSpec],
}

/// Channels and routes of one run.
#[derive(Debug)]
pub struct Network {
    /// Link directions.
    pub channels: Vec<Channel>,
    /// Routes: lists of channel indices.
    pub routes: Vec<Vec<u32>>,
    /// Data route and ACK route of every flow (index = flow index).
    pub flow_routes: Vec<(u32, u32)>,
    /// Route of every cross-traffic source (index = source index).
    pub cross_routes: Vec<u32>,
}

/// Default sensitive header bytes for models that do not configure them (docs/design.md A2).
const DEFAULT_HEADER_BYTES: u32 = 24;

fn direction(name: &str, spec: &LinkSpec, reverse: bool, seed: u64) -> Channel {
    let d = if reverse {
        &spec.reverse
    } else {
        &spec.forward
    };
    let sensitive = match d.errors {
        ErrorSpec::BitError(b) => b.header_bytes,
        _ => DEFAULT_HEADER_BYTES,
    };
    let mut c = Channel::new(
        name.to_string(),
        d.rate_bps,
        SimDuration::from_millis_f64(d.delay_ms),
        spec.framing_bytes,
        sensitive,
        queue::build(&d.queue, SimRng::stream(seed, &format!("link:{name}:red"))),
        error_model::build(
            &d.errors,
            SimRng::stream(seed, &format!("link:{name}:errors")),
        ),
    );
    if let Some(t) = &d.rate_trace {
        c.follow_trace(TraceCapacity::new(t));
    }
    c
}

/// Index of `route` in `routes`, adding it if new (build time only).
fn intern(routes: &mut Vec<Vec<u32>>, route: Vec<u32>) -> u32 {
    match routes.iter().position(|r| *r == route) {
        Some(i) => i as u32,
        None => {
            routes.push(route);
            (routes.len() - 1) as u32
        }
    }
}

impl Network {
    /// Build the network of a validated scenario (routes for its flows and cross traffic).
    pub fn build<'a>(plan: impl Into<Plan<'a>>) -> Network {
        let sc: Plan = plan.into();
        match sc.topology {
            Topology::Dumbbell { access, bottleneck } => {
                let channels = vec![
                    direction("access", access, false, sc.seed),
                    direction("bottleneck", bottleneck, false, sc.seed),
                    direction("bottleneck.reverse", bottleneck, true, sc.seed),
                    direction("access.reverse", access, true, sc.seed),
                ];
                let cross_routes = sc
                    .cross_traffic
                    .iter()
                    .map(|c| if c.path == CrossPath::Reverse { 1 } else { 0 })
                    .collect();
                Network {
                    channels,
                    routes: vec![vec![0, 1], vec![2, 3]],
                    flow_routes: vec![(0, 1); sc.flows.len()],
                    cross_routes,
                }
            }
            Topology::Graph { nodes, links } => {
                let mut channels = Vec::with_capacity(2 * links.len());
                for l in links {
                    channels.push(direction(&l.id, &l.link, false, sc.seed));
                    channels.push(direction(
                        &format!("{}.reverse", l.id),
                        &l.link,
                        true,
                        sc.seed,
                    ));
                }
                let node = |name: &str| {
                    nodes
                        .iter()
                        .position(|n| n == name)
                        .expect("validated node id")
                };
                // One adjacency structure and one BFS per distinct source for every route.
                let mut router = Router::new(nodes.len(), links);
                let mut path = |from: &str, to: &str| {
                    router.path(node(from), node(to)).expect("validated route")
                };
                // Channel of a hop: 2i for a→b, 2i + 1 for b→a; backwards flips the direction.
                let channel =
                    |(i, fwd): Hop, backwards: bool| (2 * i + usize::from(fwd == backwards)) as u32;
                let mut routes = Vec::new();
                let mut flow_routes = Vec::with_capacity(sc.flows.len());
                for (from, to) in &sc.flows {
                    let hops = path(from.unwrap_or(""), to.unwrap_or(""));
                    let data = hops.iter().map(|&h| channel(h, false)).collect();
                    let ack = hops.iter().rev().map(|&h| channel(h, true)).collect();
                    flow_routes.push((intern(&mut routes, data), intern(&mut routes, ack)));
                }
                let mut cross_routes = Vec::with_capacity(sc.cross_traffic.len());
                for c in sc.cross_traffic {
                    let CrossPath::Nodes { from, to } = &c.path else {
                        unreachable!("validated: graph cross traffic names nodes")
                    };
                    let r = path(from, to).iter().map(|&h| channel(h, false)).collect();
                    cross_routes.push(intern(&mut routes, r));
                }
                Network {
                    channels,
                    routes,
                    flow_routes,
                    cross_routes,
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::packet::PacketKind;
    use crate::time::SimTime;

    /// docs/design.md §10.4 Fig. 6 (NJ+ background topology): S —(100 Mbit/s, 10 ms)— R1 —(100 Mbit/s,
    /// 20 ms)— BS —(2 Mbit/s down / 1 Mbit/s up, 1 ms)— D; wired queues 200, wireless queue 20;
    /// cross traffic C1 → C2 forward and C4 → C3 reverse, attached at R1 and BS (docs/design.md A20).
    pub(crate) const NJ_PLUS_BACKGROUND: &str = r#"{
        "stop": {"time_s": 10},
        "topology": {"kind": "graph",
            "nodes": ["s", "r1", "bs", "d", "c1", "c2", "c3", "c4"],
            "links": [
                {"id": "s_r1", "a": "s", "b": "r1", "rate_bps": 100e6, "delay_ms": 10, "queue": {"limit_pkts": 200}},
                {"id": "r1_bs", "a": "r1", "b": "bs", "rate_bps": 100e6, "delay_ms": 20, "queue": {"limit_pkts": 200}},
                {"id": "wireless", "a": "bs", "b": "d", "rate_bps": 2e6, "delay_ms": 1,
                 "queue": {"limit_pkts": 20, "congestion_warning": {}},
                 "errors": {"kind": "packet_error", "per": 0.05},
                 "reverse": {"rate_bps": 1e6, "errors": {"kind": "none"}}},
                {"id": "c1_r1", "a": "c1", "b": "r1", "rate_bps": 100e6, "delay_ms": 10, "queue": {"limit_pkts": 200}},
                {"id": "bs_c2", "a": "bs", "b": "c2", "rate_bps": 100e6, "delay_ms": 10, "queue": {"limit_pkts": 200}},
                {"id": "c3_r1", "a": "c3", "b": "r1", "rate_bps": 100e6, "delay_ms": 10, "queue": {"limit_pkts": 200}},
                {"id": "bs_c4", "a": "bs", "b": "c4", "rate_bps": 100e6, "delay_ms": 10, "queue": {"limit_pkts": 200}}
            ]},
        "flows": [{"id": "nj", "from": "s", "to": "d", "bytes": null, "tcp": {"mss_bytes": 762}}],
        "cross_traffic": [
            {"id": "fwd", "kind": "cbr", "rate_bps": 1e6, "stop_s": 9, "from": "c1", "to": "c2"},
            {"id": "rev", "kind": "cbr", "rate_bps": 1e6, "stop_s": 9, "from": "c4", "to": "c3"}
        ]
    }"#;

    fn names(net: &Network, route: u32) -> Vec<&str> {
        net.routes[route as usize]
            .iter()
            .map(|&c| net.channels[c as usize].name.as_str())
            .collect()
    }

    #[test]
    fn nj_plus_background_topology_routes_data_down_and_acks_up() {
        let sc = crate::parse(NJ_PLUS_BACKGROUND).unwrap();
        let mut net = Network::build(&sc);
        assert_eq!(net.channels.len(), 14);
        let (data, ack) = net.flow_routes[0];
        assert_eq!(names(&net, data), ["s_r1", "r1_bs", "wireless"]);
        assert_eq!(
            names(&net, ack),
            ["wireless.reverse", "r1_bs.reverse", "s_r1.reverse"]
        );
        // Cross traffic shares R1 → BS forward (C1 → C2) and BS → R1 backwards (C4 → C3).
        assert_eq!(
            names(&net, net.cross_routes[0]),
            ["c1_r1", "r1_bs", "bs_c2"]
        );
        assert_eq!(
            names(&net, net.cross_routes[1]),
            ["bs_c4.reverse", "r1_bs.reverse", "c3_r1.reverse"]
        );
        // Asymmetric wireless hop: an 802-B data packet (762 + 40) takes 802·8/2e6 = 3.208 ms down;
        // a 40-B ACK takes 40·8/1e6 = 0.320 ms up (the 1 Mbit/s direction), + 1 ms propagation each.
        let down = net.routes[data as usize][2] as usize;
        let up = net.routes[ack as usize][0] as usize;
        assert_eq!(net.channels[down].rate_bps(), 2e6);
        assert_eq!(net.channels[up].rate_bps(), 1e6);
        let arrival = |o| match o {
            Offer::Scheduled { arrival, .. } => arrival,
            o => panic!("{o:?}"),
        };
        assert_eq!(
            arrival(net.channels[down].offer(SimTime::ZERO, 802, PacketKind::Data)),
            SimTime(4_208_000)
        );
        assert_eq!(
            arrival(net.channels[up].offer(SimTime::ZERO, 40, PacketKind::Ack)),
            SimTime(1_320_000)
        );
        // The wireless queue carries CW marking; the uplink inherits the forward queue.
        assert!(net.channels[down].queue_average().is_some());
    }

    #[test]
    fn dumbbell_keeps_its_channel_order_and_routes() {
        let sc = crate::parse(
            r#"{"flows": [{}, {}], "cross_traffic": [{"rate_bps": 1e5}, {"rate_bps": 1e5, "direction": "reverse"}]}"#,
        )
        .unwrap();
        let net = Network::build(&sc);
        let n: Vec<&str> = net.channels.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            n,
            [
                "access",
                "bottleneck",
                "bottleneck.reverse",
                "access.reverse"
            ]
        );
        assert_eq!(net.routes, vec![vec![0, 1], vec![2, 3]]);
        assert_eq!(net.flow_routes, vec![(0, 1), (0, 1)]);
        assert_eq!(net.cross_routes, vec![0, 1]);
    }
}
