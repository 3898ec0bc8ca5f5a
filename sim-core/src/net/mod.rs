//! The network: link directions ([`Channel`]) and the routes packets follow across them.
//!
//! A route is a list of channel indices. The dumbbell of DESIGN §4 is built as
//! `senders → access → router → bottleneck → receivers`, with data on route 0
//! (`access`, `bottleneck`) and ACKs on route 1 (`bottleneck.reverse`, `access.reverse`).

mod channel;

pub use channel::{Channel, ChannelStats, Offer};

use crate::error_model;
use crate::queue;
use crate::rng::SimRng;
use crate::scenario::{LinkSpec, Scenario, Topology};
use crate::time::SimDuration;

/// Channels and routes of one run.
#[derive(Debug)]
pub struct Network {
    /// Link directions.
    pub channels: Vec<Channel>,
    /// Routes: lists of channel indices.
    pub routes: Vec<Vec<u32>>,
    /// Data route and ACK route of every flow (index = flow index).
    pub flow_routes: Vec<(u32, u32)>,
}

fn direction(name: &str, spec: &LinkSpec, reverse: bool, seed: u64) -> Channel {
    let d = if reverse { &spec.reverse } else { &spec.forward };
    let key = format!("link:{name}:errors");
    let sensitive = match d.errors {
        crate::scenario::ErrorSpec::BitError { header_bytes, .. } => header_bytes,
        _ => 24,
    };
    Channel::new(
        name.to_string(),
        d.rate_bps,
        SimDuration::from_millis_f64(d.delay_ms),
        spec.framing_bytes,
        sensitive,
        queue::build(&d.queue),
        error_model::build(&d.errors, SimRng::stream(seed, &key)),
    )
}

impl Network {
    /// Build the network of `sc` (flow count after `count` expansion is `n_flows`).
    pub fn build(sc: &Scenario, n_flows: usize) -> Network {
        match &sc.topology {
            Topology::Dumbbell { access, bottleneck } => {
                let channels = vec![
                    direction("access", access, false, sc.seed),
                    direction("bottleneck", bottleneck, false, sc.seed),
                    direction("bottleneck.reverse", bottleneck, true, sc.seed),
                    direction("access.reverse", access, true, sc.seed),
                ];
                Network {
                    channels,
                    routes: vec![vec![0, 1], vec![2, 3]],
                    flow_routes: vec![(0, 1); n_flows],
                }
            }
        }
    }
}
