//! Standard TCP congestion control (RFC 5681 §3.1–3.2): `tahoe`, `reno`, `new_reno`.
//!
//!   3rd dupACK: ssthresh = max(FlightSize/2, 2·SMSS); cwnd_base = ssthresh       (RFC 5681 (4))
//!   RTO:        ssthresh = max(FlightSize/2, 2·SMSS), unchanged if the segment was already
//!               retransmitted by a timeout; cwnd = 1·SMSS (loss window)        (RFC 5681 (4), §3.1)
//! Growth is the shared [`super::standard_growth`].

use super::{half_flight, CongestionControl, Reaction, Variant};
use crate::param::Info;
use crate::tcp::registry::no_knobs;
use crate::tcp::signal::LossCtx;

/// Catalog text of `tahoe`.
pub(super) const TAHOE_INFO: Info = Info {
    id: "tahoe",
    title: "TCP Tahoe",
    description: "Slow start and congestion avoidance; fast retransmit, then every loss restarts from one segment.",
    reference: "Jacobson, \"Congestion avoidance and control\", SIGCOMM 1988; RFC 5681",
};

/// Catalog text of `reno`.
pub(super) const RENO_INFO: Info = Info {
    id: "reno",
    title: "TCP Reno",
    description: "Halves the window on three duplicate ACKs and recovers one loss per window with fast recovery.",
    reference: "RFC 5681 §3.2",
};

/// Catalog text of `new_reno`.
pub(super) const NEW_RENO_INFO: Info = Info {
    id: "new_reno",
    title: "TCP NewReno",
    description:
        "Reno whose fast recovery retransmits on partial ACKs, surviving several losses per window.",
    reference: "RFC 6582",
};

/// `tahoe`: restarts from one segment after every loss (the sender's Tahoe recovery).
pub(super) const TAHOE: Variant = Variant {
    info: TAHOE_INFO,
    specs: no_knobs,
    build: |_| Box::new(Standard { id: "tahoe" }),
};

/// `reno`: fast recovery of one loss per window.
pub(super) const RENO: Variant = Variant {
    info: RENO_INFO,
    specs: no_knobs,
    build: |_| Box::new(Standard { id: "reno" }),
};

/// `new_reno`: fast recovery through partial ACKs.
pub(super) const NEW_RENO: Variant = Variant {
    info: NEW_RENO_INFO,
    specs: no_knobs,
    build: |_| Box::new(Standard { id: "new_reno" }),
};

/// Standard reactions; the id selects the sender's recovery procedure.
#[derive(Clone, Copy, Debug)]
pub struct Standard {
    /// `tahoe`, `reno` or `new_reno`.
    pub id: &'static str,
}

impl CongestionControl for Standard {
    fn id(&self) -> &'static str {
        self.id
    }
    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        let ssthresh = half_flight(ctx);
        Reaction {
            ssthresh,
            cwnd_base: ssthresh,
        }
    }
    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        let ssthresh = if ctx.repeated_timeout {
            ctx.ssthresh
        } else {
            half_flight(ctx)
        };
        Reaction {
            ssthresh,
            cwnd_base: ctx.mss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{standard_growth, CcState};
    use super::*;
    use crate::tcp::CwndGrowth;
    use crate::time::SimTime;

    fn ctx(flight: f64, repeated: bool) -> LossCtx {
        LossCtx {
            now: SimTime::ZERO,
            seq: 0,
            flight_bytes: flight,
            cwnd: flight,
            ssthresh: 30_000.0,
            mss: 1000.0,
            srtt_s: 0.1,
            last_rtt_s: 0.1,
            min_rtt_s: 0.1,
            max_rtt_s: 0.1,
            corruption_notified: false,
            repeated_timeout: repeated,
        }
    }

    #[test]
    fn halves_flight_on_third_dup_ack_with_floor() {
        let mut c = Standard { id: "new_reno" };
        // ssthresh = max(20 000/2, 2·1000) = 10 000
        assert_eq!(
            c.on_fast_retransmit(&ctx(20_000.0, false)),
            Reaction {
                ssthresh: 10_000.0,
                cwnd_base: 10_000.0
            }
        );
        // ssthresh = max(3 000/2, 2 000) = 2 000
        assert_eq!(c.on_fast_retransmit(&ctx(3_000.0, false)).ssthresh, 2_000.0);
    }

    #[test]
    fn rto_sets_loss_window_and_keeps_ssthresh_on_repeat() {
        let mut c = Standard { id: "reno" };
        assert_eq!(
            c.on_rto(&ctx(20_000.0, false)),
            Reaction {
                ssthresh: 10_000.0,
                cwnd_base: 1000.0
            }
        );
        assert_eq!(
            c.on_rto(&ctx(20_000.0, true)),
            Reaction {
                ssthresh: 30_000.0,
                cwnd_base: 1000.0
            }
        );
    }

    #[test]
    fn growth_per_counting_mode() {
        let mut st = CcState {
            cwnd: 2000.0,
            ssthresh: 4000.0,
            mss: 1000.0,
            rwnd: 1e9,
            growth: CwndGrowth::Packet,
            abc_bytes: 0.0,
        };
        standard_growth(2000, &mut st); // slow start, packet counting: +1 SMSS whatever is acked
        assert_eq!(st.cwnd, 3000.0);
        st.cwnd = 4000.0;
        standard_growth(1000, &mut st); // avoidance: + 1000²/4000 = 250
        assert_eq!(st.cwnd, 4250.0);
        let mut b = CcState {
            growth: CwndGrowth::Byte,
            cwnd: 2000.0,
            ..st
        };
        standard_growth(3000, &mut b); // ABC slow start: + min(3000, 2·1000) = 2000
        assert_eq!(b.cwnd, 4000.0);
        b.ssthresh = 1000.0;
        standard_growth(3000, &mut b); // avoidance: 3000 < cwnd 4000 → no increase yet
        assert_eq!(b.cwnd, 4000.0);
        standard_growth(1000, &mut b); // 4000 acked ≥ cwnd → +1 SMSS, carry 0
        assert_eq!((b.cwnd, b.abc_bytes), (5000.0, 0.0));
        let mut capped = CcState {
            cwnd: 5000.0,
            rwnd: 5000.0,
            ..st
        };
        standard_growth(1000, &mut capped); // never grows past the receiver window
        assert_eq!(capped.cwnd, 5000.0);
    }
}
