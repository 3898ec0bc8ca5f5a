//! TCP Jersey (`jersey`), TCP New Jersey (`new_jersey`) and TCP NJ+ (`nj_plus`): an available
//! bandwidth estimate (ABE) sizes an "optimal window" ownd, and congestion-warning (CW) marks from
//! the routers tell congestion losses from wireless ones (docs/design.md §3; Kim, Koo & Choo, "TCP NJ+:
//! packet loss differentiated transmission mechanism robust to high BER environments", §3,
//! Figs. 1–3; Xu, Tian & Ansari, IEEE JSAC 2004 and Computer Networks 2005).
//!
//! ABE, eq. (1) of \[NJ+\], on every ACK n (docs/design.md §3.1–3.2):
//! ```text
//!   R_n = (RTT·R_{n−1} + L_n) / ((t_n − t_{n−1}) + RTT)
//!   jersey:      t_n = ACK arrival at the sender                     R = Rs
//!   new_jersey:  t_n = receiver timestamp of the ACK (TSval)         R = Rr
//!   nj_plus:     both, R = max(Rs, Rr)                               (Fig. 1)
//!   ownd_n = max(R_n·RTT/SMSS, 2) segments                            (eq. 2, [ASSUME] floor 2)
//! ```
//! `L_n` is the dupACK-aware delivery credit of docs/design.md §2.2 (\[ASSUME\], A18); `RTT` the latest
//! sample (option: SRTT); R_0 = 0 and t_0 = the first RTT sample or ACK (≈ the start of data).
//!
//! Reactions (docs/design.md §1.12 table, §3.4–3.5, Figs. 2–3; windows in segments):
//! ```text
//!   3rd dupACK, CW:     ssthresh = ownd_n;  cwnd_base = ownd_n if cwnd > ssthresh, else cwnd
//!   3rd dupACK, no CW:  jersey / new_jersey: ssthresh, cwnd unchanged
//!                       nj_plus:             ssthresh = ownd_n;  cwnd_base = cwnd + 1
//!   RTO, CW:            ssthresh = ownd_n;  cwnd = 1
//!   RTO, no CW:         jersey / new_jersey: ssthresh = cwnd = ownd_n
//!                       nj_plus:             ssthresh = ownd_n;  cwnd = max(1, ⌊(ownd_n + ownd_{n−1})/2⌋)
//! ```
//! CW for a dupACK loss = any dupACK of the series since the last new ACK carried a CW echo
//! (A16; option: the 3rd dupACK only). CW at an RTO = the last ACK before the timeout carried one
//! (option: any CW echo within the last SRTT).
//!
//! ownd at an RTO (A17, `nj_rto_ownd`): by default `ownd_{n−1}` is the last ACK-based ownd and
//! `ownd_n` is recomputed at the RTO instant with a zero-byte sample,
//! ```text
//!   R' = RTT·R / ((t_RTO − t_{n−1}) + RTT)      (sender time for both Rs and Rr)
//! ```
//! The what-if value is not stored: the next ACK updates the estimator from its last ACK as usual.
//! Option `last_two_acks`: the two last ACK-based values.
//!
//! Growth is standard (§3.6). Jersey's rate control (`jersey_rc_on_cw`, default off): on a
//! CW-marked new ACK, at most once per RTT, ssthresh = ownd and cwnd = min(cwnd, ownd).
//!
//! The reactions decide congestion vs wireless from the CW echo themselves, so run these variants
//! with the `always_congestion` classifier: a `Wireless` verdict from the flow's classifier makes
//! the sender skip `on_fast_retransmit` (cwnd and ssthresh kept), which for `nj_plus` loses its
//! no-CW rule.

use super::{standard_growth, CcState, CongestionControl, Reaction, Variant};
use crate::choice_ids;
use crate::param::{set_bool, set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckCredit, AckEvent, LossCtx, Srtt, Verdict};
use crate::time::SimTime;
use serde_json::Value;

/// Which member of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Sender ACK-arrival clock.
    Jersey,
    /// Receiver clock (timestamps).
    NewJersey,
    /// Max of both estimates; improved RTO and no-CW dupACK reactions.
    NjPlus,
}

/// `jersey`: ABE on the sender's ACK-arrival clock.
pub(super) const JERSEY: Variant = Variant {
    info: JERSEY_INFO,
    specs: Params::specs,
    build: |p| Box::new(Jersey::new(Flavour::Jersey, tuned(p))),
};

/// `new_jersey`: ABE on the receiver's timestamp clock.
pub(super) const NEW_JERSEY: Variant = Variant {
    info: NEW_JERSEY_INFO,
    specs: Params::specs,
    build: |p| Box::new(Jersey::new(Flavour::NewJersey, tuned(p))),
};

/// `nj_plus`: max of both ABEs; improved RTO and BER-loss reactions.
pub(super) const NJ_PLUS: Variant = Variant {
    info: NJ_PLUS_INFO,
    specs: Params::specs,
    build: |p| Box::new(Jersey::new(Flavour::NjPlus, tuned(p))),
};

/// RTT in the ABE and ownd (A18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttChoice {
    /// Latest valid sample (default).
    Latest,
    /// Smoothed RTT.
    Srtt,
}

/// Which ACKs decide CW for a dupACK loss (A16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CwDupRule {
    /// Any dupACK of the series since the last new ACK (default).
    AnyDupAck,
    /// Only the 3rd (latest) dupACK.
    ThirdDupAck,
}

/// Which ACKs decide CW at an RTO (A16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CwRtoRule {
    /// The last ACK received before the timeout (default).
    LastAck,
    /// Any CW echo within the last SRTT.
    WithinSrtt,
}

/// Meaning of ownd_n and ownd_{n−1} at an RTO (A17, `nj_rto_ownd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtoOwnd {
    /// ownd_n = zero-byte sample at the RTO instant, ownd_{n−1} = last ACK-based (default).
    ZeroSample,
    /// The last two ACK-based values.
    LastTwoAcks,
}

/// Jersey-family knobs with the docs/design.md defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// RTT in eq. (1) and (2).
    pub rtt: RttChoice,
    /// CW rule for the 3rd dupACK.
    pub cw_dup_rule: CwDupRule,
    /// CW rule at an RTO.
    pub cw_rto_rule: CwRtoRule,
    /// ownd_n / ownd_{n−1} at an RTO.
    pub rto_ownd: RtoOwnd,
    /// Jersey rate control on CW-marked new ACKs (default off).
    pub jersey_rc_on_cw: bool,
    /// Smallest ownd, segments (2).
    pub ownd_floor_segments: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            rtt: RttChoice::Latest,
            cw_dup_rule: CwDupRule::AnyDupAck,
            cw_rto_rule: CwRtoRule::LastAck,
            rto_ownd: RtoOwnd::ZeroSample,
            jersey_rc_on_cw: false,
            ownd_floor_segments: 2.0,
        }
    }
}

/// Catalog text of `jersey`.
pub(super) const JERSEY_INFO: Info = Info {
    id: "jersey",
    title: "TCP Jersey",
    description: "Available-bandwidth estimate sizes an optimal window; router congestion-warning marks separate congestion from wireless losses.",
    reference: "Xu, Tian & Ansari, \"TCP-Jersey for wireless IP communications\", IEEE JSAC 22(4), 2004",
};

/// Catalog text of `new_jersey`.
pub(super) const NEW_JERSEY_INFO: Info = Info {
    id: "new_jersey",
    title: "TCP New Jersey",
    description: "Jersey with the bandwidth estimate timed by the receiver's timestamps, robust to ACK-path jitter.",
    reference: "Xu, Tian & Ansari, \"Improving transmission efficiency of TCP over wireless links\" (TCP New Jersey), Computer Networks 2005",
};

/// Catalog text of `nj_plus`.
pub(super) const NJ_PLUS_INFO: Info = Info {
    id: "nj_plus",
    title: "TCP NJ+",
    description: "New Jersey taking the larger of sender and receiver estimates, with gentler reactions to unmarked losses and timeouts.",
    reference: "Kim, Koo & Choo, \"TCP NJ+: packet loss differentiated transmission mechanism robust to high BER environments\" §3",
};

choice_ids!(RttChoice { Latest => "latest", Srtt => "srtt" });
choice_ids!(CwDupRule { AnyDupAck => "any_dup_ack", ThirdDupAck => "third_dup_ack" });
choice_ids!(CwRtoRule { LastAck => "last_ack", WithinSrtt => "within_srtt" });
choice_ids!(RtoOwnd { ZeroSample => "zero_sample", LastTwoAcks => "last_two_acks" });

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("rtt", d.rtt, "RTT in the bandwidth estimate and the optimal window: latest sample or smoothed RTT."),
            ParamSpec::choice_of("cw_dup_rule", d.cw_dup_rule, "Which duplicate ACKs decide a congestion warning for a dupACK loss."),
            ParamSpec::choice_of("cw_rto_rule", d.cw_rto_rule, "Which ACKs decide a congestion warning at a timeout: the last one, or any within one SRTT."),
            ParamSpec::choice_of("rto_ownd", d.rto_ownd, "ownd_n and ownd_n−1 at a timeout: a zero-byte sample at the RTO instant, or the last two ACK-based values."),
            ParamSpec::boolean("jersey_rc_on_cw", d.jersey_rc_on_cw, "Jersey rate control: on a marked new ACK, at most once per RTT, ssthresh = ownd and cwnd = min(cwnd, ownd)."),
            ParamSpec::number("ownd_floor_segments", "segments", 1.0, 1000.0, d.ownd_floor_segments, "Smallest optimal window."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "rtt" => set_choice(&mut self.rtt, v),
            "cw_dup_rule" => set_choice(&mut self.cw_dup_rule, v),
            "cw_rto_rule" => set_choice(&mut self.cw_rto_rule, v),
            "rto_ownd" => set_choice(&mut self.rto_ownd, v),
            "jersey_rc_on_cw" => set_bool(&mut self.jersey_rc_on_cw, v),
            "ownd_floor_segments" => set_f64(&mut self.ownd_floor_segments, v),
            _ => unknown(name),
        }
    }
}

/// One ABE of eq. (1): a rate and the time of its last update.
#[derive(Clone, Copy, Debug)]
pub struct Abe {
    /// R_{n}, bytes/s.
    pub rate: f64,
    /// t_{n}, s (None before the first update).
    pub t_prev: Option<f64>,
}

impl Abe {
    /// Eq. (1) with `l` bytes at time `t`, round-trip time `rtt` (both s).
    pub fn update(&mut self, t: f64, l: f64, rtt: f64) {
        let prev = self.t_prev.unwrap_or(t);
        let dt = (t - prev).max(0.0);
        let den = dt + rtt;
        if den > 0.0 {
            self.rate = (rtt * self.rate + l) / den;
        }
        self.t_prev = Some(prev.max(t));
    }

    /// The rate a zero-byte sample at `t` would give: RTT·R/((t − t_prev) + RTT).
    pub fn decayed(&self, t: f64, rtt: f64) -> f64 {
        let dt = self.t_prev.map_or(0.0, |p| (t - p).max(0.0));
        if dt + rtt > 0.0 {
            rtt * self.rate / (dt + rtt)
        } else {
            self.rate
        }
    }
}

/// TCP Jersey, New Jersey or NJ+, as `flavour` says (`jersey`, `new_jersey`, `nj_plus`).
#[derive(Clone, Debug)]
pub struct Jersey {
    flavour: Flavour,
    p: Params,
    credit: AckCredit,
    abe_s: Abe,
    abe_r: Abe,
    /// Time of the last ACK at the sender, s (for the RTO decay).
    last_ack_s: Option<f64>,
    srtt: Srtt,
    last_rtt_s: f64,
    /// ownd after the latest ACK, segments.
    ownd: f64,
    /// ownd before the latest ACK, segments.
    ownd_prev: f64,
    series_cw: bool,
    last_dup_cw: bool,
    last_ack_cw: bool,
    last_cw_at_s: Option<f64>,
    rc_pending: bool,
    last_rc_s: Option<f64>,
    last_verdict: Option<Verdict>,
}

impl Jersey {
    /// A fresh estimator for `flavour`.
    pub fn new(flavour: Flavour, p: Params) -> Self {
        Jersey {
            flavour,
            p,
            credit: AckCredit::default(),
            abe_s: Abe {
                rate: 0.0,
                t_prev: None,
            },
            abe_r: Abe {
                rate: 0.0,
                t_prev: None,
            },
            last_ack_s: None,
            srtt: Srtt::default(),
            last_rtt_s: 0.0,
            ownd: p.ownd_floor_segments,
            ownd_prev: p.ownd_floor_segments,
            series_cw: false,
            last_dup_cw: false,
            last_ack_cw: false,
            last_cw_at_s: None,
            rc_pending: false,
            last_rc_s: None,
            last_verdict: None,
        }
    }

    /// Current estimate R_n, bytes/s (Rs, Rr or their max).
    pub fn rate(&self) -> f64 {
        self.combine(self.abe_s.rate, self.abe_r.rate)
    }
    /// The sender-clock and receiver-clock estimates (Rs, Rr), bytes/s.
    pub fn rates(&self) -> (f64, f64) {
        (self.abe_s.rate, self.abe_r.rate)
    }
    /// ownd after the latest ACK, segments.
    pub fn ownd(&self) -> f64 {
        self.ownd
    }

    fn combine(&self, rs: f64, rr: f64) -> f64 {
        match self.flavour {
            Flavour::Jersey => rs,
            Flavour::NewJersey => rr,
            Flavour::NjPlus => rs.max(rr),
        }
    }

    fn rtt(&self) -> f64 {
        let srtt = self.srtt.get().unwrap_or(0.0);
        match self.p.rtt {
            RttChoice::Latest if self.last_rtt_s > 0.0 => self.last_rtt_s,
            _ => srtt,
        }
    }

    fn ownd_of(&self, rate: f64, rtt: f64, mss: f64) -> f64 {
        let w = rate * rtt / mss;
        if w.is_finite() {
            w.max(self.p.ownd_floor_segments)
        } else {
            self.p.ownd_floor_segments
        }
    }

    /// (ownd_n, ownd_{n−1}) at an RTO at `now_s`, segments.
    fn rto_ownds(&self, now_s: f64, mss: f64) -> (f64, f64) {
        match self.p.rto_ownd {
            RtoOwnd::LastTwoAcks => (self.ownd, self.ownd_prev),
            RtoOwnd::ZeroSample => {
                let rtt = self.rtt();
                // Sender time for both estimators: the gap since the last ACK arrived.
                let since = |abe: &Abe| match self.last_ack_s {
                    Some(t_last) => Abe {
                        rate: abe.rate,
                        t_prev: Some(t_last),
                    }
                    .decayed(now_s, rtt),
                    None => abe.rate,
                };
                let r = self.combine(since(&self.abe_s), since(&self.abe_r));
                (self.ownd_of(r, rtt, mss), self.ownd)
            }
        }
    }

    fn cw_at_rto(&self, now_s: f64) -> bool {
        match self.p.cw_rto_rule {
            CwRtoRule::LastAck => self.last_ack_cw,
            CwRtoRule::WithinSrtt => {
                let srtt = self.srtt.get().unwrap_or(0.0);
                self.last_cw_at_s.is_some_and(|t| now_s - t <= srtt)
            }
        }
    }
}

impl CongestionControl for Jersey {
    fn id(&self) -> &'static str {
        match self.flavour {
            Flavour::Jersey => "jersey",
            Flavour::NewJersey => "new_jersey",
            Flavour::NjPlus => "nj_plus",
        }
    }

    fn on_rtt_sample(&mut self, r: f64, now: SimTime) {
        self.last_rtt_s = r;
        self.srtt.sample(r);
        // t_0 = the start of data (the SYN-ACK sample, or the first ACK without a handshake).
        let t0 = now.as_secs_f64();
        self.abe_s.t_prev.get_or_insert(t0);
        self.abe_r.t_prev.get_or_insert(t0);
    }

    fn on_ack(&mut self, ev: &AckEvent) {
        let now_s = ev.now.as_secs_f64();
        // CW bookkeeping (every ACK, even an old one, carries the echo).
        self.last_ack_cw = ev.cw_echo;
        if ev.cw_echo {
            self.last_cw_at_s = Some(now_s);
        }
        if ev.duplicate {
            self.series_cw |= ev.cw_echo;
            self.last_dup_cw = ev.cw_echo;
        } else if ev.acked_bytes > 0 {
            self.series_cw = false;
            self.last_dup_cw = false;
            let rtt = self.rtt();
            let due = self.last_rc_s.is_none_or(|t| now_s - t >= rtt);
            self.rc_pending = self.p.jersey_rc_on_cw && ev.cw_echo && !ev.in_recovery && due;
        }
        if !ev.duplicate && ev.acked_bytes == 0 {
            return; // an old ACK delivers nothing
        }
        // ABE, eq. (1), on every new or duplicate ACK.
        let l = self.credit.credit(ev);
        let rtt = self.rtt();
        if rtt > 0.0 {
            self.abe_s.update(now_s, l, rtt);
            self.abe_r.update(ev.receiver_ts.as_secs_f64(), l, rtt);
        } else {
            // No RTT yet: only start the clocks.
            self.abe_s.t_prev.get_or_insert(now_s);
            self.abe_r
                .t_prev
                .get_or_insert(ev.receiver_ts.as_secs_f64());
        }
        self.last_ack_s = Some(now_s);
        self.ownd_prev = self.ownd;
        self.ownd = self.ownd_of(self.rate(), rtt, ev.mss);
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        if std::mem::take(&mut self.rc_pending) {
            // Jersey rate control: ssthresh = ownd, cwnd = min(cwnd, ownd).
            let ownd = self.ownd * st.mss;
            st.ssthresh = ownd;
            st.cwnd = st.cwnd.min(ownd);
            self.last_rc_s = self.last_ack_s;
            return;
        }
        standard_growth(acked, st);
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        let cw = match self.p.cw_dup_rule {
            CwDupRule::AnyDupAck => self.series_cw,
            CwDupRule::ThirdDupAck => self.last_dup_cw,
        };
        let ownd = self.ownd * ctx.mss;
        // A loss with a congestion warning is congestion; without one it is a BER loss.
        self.last_verdict = Some(if cw {
            Verdict::Congestion
        } else {
            Verdict::Wireless
        });
        if cw {
            // Fig. 3, congestion: ssthresh = ownd; cwnd = ownd if cwnd > ssthresh.
            let cwnd_base = if ctx.cwnd > ownd { ownd } else { ctx.cwnd };
            return Reaction {
                ssthresh: ownd,
                cwnd_base,
            };
        }
        match self.flavour {
            // New Jersey, BER loss: keep ssthresh and cwnd.
            Flavour::Jersey | Flavour::NewJersey => Reaction {
                ssthresh: ctx.ssthresh,
                cwnd_base: ctx.cwnd,
            },
            // NJ+, BER loss: ssthresh = ownd; cwnd = cwnd + 1.
            Flavour::NjPlus => Reaction {
                ssthresh: ownd,
                cwnd_base: ctx.cwnd + ctx.mss,
            },
        }
    }

    fn loss_verdict(&self) -> Option<Verdict> {
        self.last_verdict
    }

    fn on_wireless_loss(&mut self, ctx: &LossCtx) -> Reaction {
        // Another classifier called the loss wireless: apply the family's no-CW rule.
        self.series_cw = false;
        self.last_dup_cw = false;
        let r = self.on_fast_retransmit(ctx);
        self.last_verdict = None;
        r
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        let now_s = ctx.now.as_secs_f64();
        let (ownd_n, ownd_n1) = self.rto_ownds(now_s, ctx.mss);
        let ssthresh = ownd_n * ctx.mss;
        self.series_cw = false;
        let cw = self.cw_at_rto(now_s);
        self.last_verdict = Some(if cw {
            Verdict::Congestion
        } else {
            Verdict::Wireless
        });
        if cw {
            return Reaction {
                ssthresh,
                cwnd_base: ctx.mss,
            };
        }
        let cwnd_base = match self.flavour {
            Flavour::Jersey | Flavour::NewJersey => ssthresh,
            Flavour::NjPlus => ((ownd_n + ownd_n1) / 2.0).floor().max(1.0) * ctx.mss,
        };
        Reaction {
            ssthresh,
            cwnd_base,
        }
    }
}

#[cfg(test)]
mod tests;
