//! Congestion control: how a variant grows the window and reacts to a loss (docs/design.md §1.12).
//!
//! The sender owns loss detection and recovery (Tahoe / Reno / NewReno); a variant only computes
//! values through the hooks of [`CongestionControl`] — the sender decides when to apply them
//! (the ns-3 split of `TcpSocketBase` and `TcpCongestionOps`).
//!
//! - [`Standard`]: `tahoe`, `reno`, `new_reno` — RFC 5681 reactions; they differ only in the
//!   sender's recovery procedure.
//! - [`Westwood`]: `westwood_plus`, `westwood` — bandwidth estimate sets the window after a loss
//!   (docs/design.md §2); one type, its estimator chosen by [`westwood::Estimator`].
//! - [`Jersey`]: `jersey`, `new_jersey`, `nj_plus` — available bandwidth estimate and
//!   congestion-warning marks (docs/design.md §3); one type, its member chosen by
//!   [`jersey::Flavour`].
//! - [`Veno`]: `veno` — Vegas backlog tells random from congestive loss (docs/design.md §4).
//! - [`Cubic`]: `cubic` — RFC 9438.
//! - [`Bbr`]: `bbr` — BBR v1 model-based window and pacing rate.
//!
//! Every variant has a `Params` struct whose `Default` holds the docs/design.md's recommended values,
//! and in its own file the knob table (`impl Tunable for Params`) and its [`Variant`] entry
//! (catalog text, knobs, constructor). [`VARIANTS`] lists the entries — the one place a variant
//! is registered — and [`ALL`], [`info`], [`specs`] and [`build`] (a variant from its id and the
//! scenario's `cc_params`) are read off it. Adding a variant: its file, its `mod` line and its
//! line in [`VARIANTS`].

pub mod bbr;
pub mod cubic;
pub mod jersey;
pub mod jtcp;
mod standard;
pub mod veno;
pub mod westwood;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod registry_tests;
#[cfg(test)]
mod testing;

pub use bbr::Bbr;
pub use cubic::Cubic;
pub use jersey::Jersey;
pub use standard::Standard;
pub use veno::Veno;
pub use westwood::Westwood;

use super::config::CwndGrowth;
use super::registry::{and_custom, find, ids, Entry};
use crate::param::{Info, ParamSpec};
use serde_json::Value;

/// A variant's entry: catalog text, knobs, constructor.
pub type Variant = Entry<dyn CongestionControl>;

/// Every variant of docs/design.md §D3, in catalog order: the one list of variants.
pub const VARIANTS: &[Variant] = &[
    standard::TAHOE,
    standard::RENO,
    standard::NEW_RENO,
    westwood::WESTWOOD,
    westwood::WESTWOOD_PLUS,
    jersey::JERSEY,
    jersey::NEW_JERSEY,
    jersey::NJ_PLUS,
    veno::VARIANT,
    jtcp::VARIANT,
    cubic::VARIANT,
    bbr::VARIANT,
];

/// Every variant id, in [`VARIANTS`] order.
pub const ALL: &[&str] = &ids::<_, { VARIANTS.len() }>(VARIANTS);
/// Variants this build implements (all of them).
pub const AVAILABLE: &[&str] = ALL;
/// The ids a scenario's `tcp.cc` may name: [`AVAILABLE`] and code of one's own
/// ([`crate::tcp::custom`]).
pub const CHOICES: &[&str] = &and_custom::<{ ALL.len() + 1 }>(ALL);

/// The catalog text of variant `id`.
pub fn info(id: &str) -> Option<&'static Info> {
    find(VARIANTS, id).map(|v| &v.info)
}

/// The knobs of variant `id` (empty for the standard variants and unknown ids).
pub fn specs(id: &str) -> Vec<ParamSpec> {
    find(VARIANTS, id).map_or_else(Vec::new, |v| (v.specs)())
}

/// Build variant `id` (one of [`AVAILABLE`]) with its default parameters overridden by `params`
/// (pairs accepted by [`crate::param::validate_params`] against [`specs`]`(id)`); an unknown id
/// gets the standard reactions (scenario validation rejects ids outside [`AVAILABLE`] first).
pub fn build(id: &'static str, params: &[(&'static str, Value)]) -> Box<dyn CongestionControl> {
    match find(VARIANTS, id) {
        Some(v) => (v.build)(params),
        None => Box::new(Standard { id }),
    }
}
use crate::tcp::signal::{AckEvent, LossCtx, Verdict};
use crate::time::SimTime;

/// The window state a variant may change on a new ACK.
#[derive(Clone, Copy, Debug)]
pub struct CcState {
    /// Congestion window, bytes.
    pub cwnd: f64,
    /// Slow-start threshold, bytes.
    pub ssthresh: f64,
    /// Sender maximum segment size, bytes.
    pub mss: f64,
    /// Receiver window, bytes (growth stops there).
    pub rwnd: f64,
    /// Packet or byte counting.
    pub growth: CwndGrowth,
    /// RFC 3465 bytes acknowledged in congestion avoidance since the last increase.
    pub abc_bytes: f64,
}

/// A variant's answer to a loss: the new ssthresh and the window recovery returns to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reaction {
    /// New slow-start threshold, bytes.
    pub ssthresh: f64,
    /// After fast retransmit: cwnd at recovery exit; after an RTO: the loss window.
    pub cwnd_base: f64,
}

/// One ACK of a fast recovery whose window the variant sets itself
/// ([`CongestionControl::owns_recovery_window`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecoveryAck {
    /// The ACK that started the episode (its third duplicate or first lost segment).
    pub start: bool,
    /// Bytes this ACK newly acknowledged or SACKed (RFC 6937 DeliveredData).
    pub delivered: f64,
    /// Bytes this ACK newly marked lost (RFC 6675 IsLost).
    pub lost: f64,
    /// RFC 6675 pipe after this ACK, bytes.
    pub pipe: f64,
}

/// The state machine of a model-based variant at one instant (BBR), for tracing its phases.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CcPhase {
    /// The mode (`startup`, `drain`, `probe_bw`, `probe_rtt` for BBR).
    pub mode: &'static str,
    /// Pacing gain.
    pub pacing_gain: f64,
    /// Window gain.
    pub cwnd_gain: f64,
    /// Bottleneck bandwidth estimate, payload bits/s.
    pub btl_bw_bps: f64,
    /// Round-trip propagation time estimate, s (infinite before the first sample).
    pub min_rtt_s: f64,
}

/// A congestion-control variant owning its own estimator state.
pub trait CongestionControl: std::fmt::Debug {
    /// The docs/design.md §D3 id.
    fn id(&self) -> &'static str;
    /// A valid RTT sample arrived (seconds).
    fn on_rtt_sample(&mut self, _rtt_s: f64, _now: SimTime) {}
    /// Every ACK (new or duplicate), before the ACK-type logic: update estimators here.
    fn on_ack(&mut self, _ack: &AckEvent) {}
    /// A data segment `[seq, seq + bytes)` was just transmitted (new data or a retransmission).
    /// Lets a variant know what is in flight (BBR); the default ignores it.
    fn on_sent(&mut self, _now: SimTime, _seq: u64, _bytes: u64) {}
    /// A new ACK outside recovery acknowledged `acked` bytes: grow the window.
    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        standard_growth(acked, st);
    }
    /// Third duplicate ACK judged a congestion loss.
    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction;
    /// The retransmission timer expired.
    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction;
    /// The flow's classifier judged the loss wireless: the reaction (default: keep ssthresh and
    /// cwnd, docs/design.md §1.12 "LD" rows).
    fn on_wireless_loss(&mut self, ctx: &LossCtx) -> Reaction {
        Reaction {
            ssthresh: ctx.ssthresh,
            cwnd_base: ctx.cwnd,
        }
    }
    /// Variants with built-in loss differentiation (Veno, JTCP, Jersey family) report how they
    /// judged the loss they just reacted to, so the confusion matrix covers them too.
    fn loss_verdict(&self) -> Option<Verdict> {
        None
    }
    /// Recovery ended; returns the new cwnd (default: the base set at entry).
    fn on_recovery_exit(&mut self, cwnd_base: f64) -> f64 {
        cwnd_base
    }
    /// Whether the variant sets its window through a fast recovery itself. With SACK the sender
    /// then runs neither PRR nor RFC 6675's cwnd = ssthresh: it calls
    /// [`CongestionControl::on_recovery_ack`] on every ACK of the episode and sends while
    /// cwnd − pipe ≥ 1 SMSS (as ns-3 does for a congestion control with its own CongControl, and
    /// Linux for a `cong_control` module). Default: no.
    fn owns_recovery_window(&self) -> bool {
        false
    }
    /// One ACK of a recovery whose window the variant owns: set `st.cwnd`.
    fn on_recovery_ack(&mut self, _ack: &RecoveryAck, _st: &mut CcState) {}
    /// The variant's state machine now, if it has one (BBR); for tracing, never on a hot path.
    fn phase(&self) -> Option<CcPhase> {
        None
    }
    /// Pacing rate the variant asks for, in payload bits/s (a delivery rate: headers are not
    /// counted); `None` = ACK-clocked. Only `bbr` answers; the sender paces new segments at it
    /// when `tcp.pacing` is on.
    fn pacing_rate_bps(&self) -> Option<f64> {
        None
    }
}

/// RFC 5681 / RFC 3465 growth on a new ACK (docs/design.md §1.3), capped at the receiver window.
///
/// Packet counting: slow start cwnd += SMSS; avoidance cwnd += SMSS²/cwnd.
/// Byte counting: slow start cwnd += min(N, 2·SMSS); avoidance +SMSS per cwnd bytes acked.
pub fn standard_growth(acked: u64, st: &mut CcState) {
    if st.cwnd >= st.rwnd {
        return;
    }
    let n = acked as f64;
    match (st.cwnd < st.ssthresh, st.growth) {
        (true, CwndGrowth::Packet | CwndGrowth::PacketInteger) => st.cwnd += st.mss,
        (true, CwndGrowth::Byte) => st.cwnd += n.min(2.0 * st.mss),
        (false, CwndGrowth::Packet) => st.cwnd += st.mss * st.mss / st.cwnd,
        // ns-3: adder = max(1, SMSS²/cwnd) truncated to whole bytes.
        (false, CwndGrowth::PacketInteger) => {
            st.cwnd += (st.mss * st.mss / st.cwnd.floor()).max(1.0).floor()
        }
        (false, CwndGrowth::Byte) => {
            st.abc_bytes += n;
            if st.abc_bytes >= st.cwnd {
                st.abc_bytes -= st.cwnd;
                st.cwnd += st.mss;
            }
        }
    }
}

/// The window a multiplicative decrease multiplies, where stacks differ: RFC 9438 and ns-3's
/// Veno take the FlightSize the sender reports (with the `flight_size: pipe` TCP option, the RFC
/// 6675 pipe, as ns-3's `BytesInFlight()`); Linux's CUBIC and Veno, and ns-3's CUBIC, take cwnd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceFrom {
    /// The congestion window.
    Cwnd,
    /// The FlightSize in the loss context.
    Flight,
}

crate::choice_ids!(ReduceFrom { Cwnd => "cwnd", Flight => "flight" });

impl ReduceFrom {
    /// The window, bytes.
    pub fn window(self, ctx: &LossCtx) -> f64 {
        match self {
            ReduceFrom::Cwnd => ctx.cwnd,
            ReduceFrom::Flight => ctx.flight_bytes,
        }
    }
}

/// RFC 5681 (4): ssthresh = max(FlightSize/2, 2·SMSS).
pub fn half_flight(ctx: &LossCtx) -> f64 {
    (ctx.flight_bytes / 2.0).max(2.0 * ctx.mss)
}
