//! Which earlier delivery state a BBR delivery-rate sample measures from
//! (draft-cheng-iccrg-delivery-rate-estimation-00 §3.3, "Upon receiving ACK"; Linux
//! `tcp_rate.c`; ns-3.44 `tcp-rate-ops.cc` `TcpRateLinux::SkbDelivered`).
//!
//! Each ACK's sample measures from the delivery state recorded when its newest delivered packet
//! P was sent (P.delivered, P.delivered_time, P.first_sent_time):
//!
//! ```text
//!   delivered   = C.delivered − P.delivered
//!   ack_elapsed = now − P.delivered_time      send_elapsed = P.sent_time − P.first_sent_time
//!   rate        = delivered / max(ack_elapsed, send_elapsed)
//! ```
//!
//! `per_ack` (the draft, Linux): P is chosen among this ACK's packets only; Linux starts each ACK
//! with a fresh sample (`struct rate_sample rs = { .prior_delivered = 0 }` in `tcp_ack`).
//!
//! `ns3` (ns-3.44): the sample is a member of the socket's rate sampler and its reference is
//! replaced only by a packet sent at a strictly larger delivered count (`skbInfo.m_delivered >
//! m_rateSample.m_priorDelivered`). When an ACK covers only packets sent at the same delivered
//! count as the previous ACK's reference (segments sent back to back after one ACK, acknowledged
//! by two successive delayed ACKs), the reference and both elapsed times stay the previous ACK's
//! while C.delivered has grown: the sample counts this ACK's segments over the previous ACK's
//! interval. It happens when several segments leave per ACK (Startup, the 5/4 phase, regrowth
//! after a recovery); alone on a 10 Mbit/s link ns-3 then counts 38 segments over the 43.3 ms the
//! link needs for 36, and BtlBw, a maximum over 10 rounds, keeps such samples
//! (docs/bbr-phases.md).

use super::Record;

/// Which earlier delivery state a rate sample measures from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateSample {
    /// From this ACK's newest delivered packet (the draft, Linux).
    PerAck,
    /// From the newest packet by delivered count over this and earlier ACKs (ns-3.44).
    Ns3,
}

crate::choice_ids!(RateSample { PerAck => "per_ack", Ns3 => "ns3" });

/// The reference of the last sample and its elapsed times, kept across ACKs for `ns3`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reference {
    pub rec: Record,
    pub ack_elapsed: f64,
    pub send_elapsed: f64,
}

impl RateSample {
    /// The reference this ACK's sample measures from: `fresh` (this ACK's newest packet, with its
    /// elapsed times) or, for `ns3`, the one `kept` from an earlier ACK unless `fresh` was sent at
    /// a larger delivered count. Updates `kept`.
    pub(super) fn reference(self, fresh: Reference, kept: &mut Option<Reference>) -> Reference {
        match (self, *kept) {
            (RateSample::Ns3, Some(k)) if fresh.rec.delivered <= k.rec.delivered => k,
            _ => {
                *kept = Some(fresh);
                fresh
            }
        }
    }
}
