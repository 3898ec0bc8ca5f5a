//! The knobs of every variant (`tcp.cc_params`) and its catalog text (DESIGN §3 ids).
//!
//! - [`Tunable`] for each variant's `Params`: every field, choice enums by their snake_case ids;
//!   the defaults are the `Params::default()` values (the SPEC's recommendations).
//! - [`specs`]: the knobs of a variant id (`westwood` and `westwood_plus` share `Params` but
//!   each lists only the knobs its estimator reads; `tahoe`, `reno`, `new_reno` have none).
//! - [`INFO`]: title, one-line description and reference per id.

use super::{bbr, cubic, jersey, veno, westwood};
use crate::choice_ids;
use crate::param::{set_bool, set_choice, set_f64, set_uint, unknown, Info, ParamSpec, Tunable};
use crate::tcp::classify::jitter_ratio;
use serde_json::Value;

use jersey::{CwDupRule, CwRtoRule, RtoOwnd};
use westwood::{Exit, Filter};

choice_ids!(Filter { Paper => "paper", Ns3Tustin => "ns3_tustin", Linux => "linux" });
choice_ids!(Exit { PaperMin => "paper_min", Linux => "linux", Ns3 => "ns3" });
choice_ids!(CwDupRule { AnyDupAck => "any_dup_ack", ThirdDupAck => "third_dup_ack" });
choice_ids!(CwRtoRule { LastAck => "last_ack", WithinSrtt => "within_srtt" });
choice_ids!(RtoOwnd { ZeroSample => "zero_sample", LastTwoAcks => "last_two_acks" });

mod jersey_rtt {
    use super::jersey::RttChoice;
    crate::choice_ids!(RttChoice { Latest => "latest", Srtt => "srtt" });
}
mod veno_rtt {
    use super::veno::RttChoice;
    crate::choice_ids!(RttChoice { LatestMin => "latest_min", Srtt => "srtt" });
}
mod reduce_from {
    use super::super::ReduceFrom;
    crate::choice_ids!(ReduceFrom { Cwnd => "cwnd", Flight => "flight" });
}

/// Title, description and reference of every variant, in [`super::ALL`] order.
pub const INFO: &[Info] = &[
    Info {
        id: "tahoe",
        title: "TCP Tahoe",
        description: "Slow start and congestion avoidance; fast retransmit, then every loss restarts from one segment.",
        reference: "Jacobson, \"Congestion avoidance and control\", SIGCOMM 1988; RFC 5681",
    },
    Info {
        id: "reno",
        title: "TCP Reno",
        description: "Halves the window on three duplicate ACKs and recovers one loss per window with fast recovery.",
        reference: "RFC 5681 §3.2",
    },
    Info {
        id: "new_reno",
        title: "TCP NewReno",
        description: "Reno whose fast recovery retransmits on partial ACKs, surviving several losses per window.",
        reference: "RFC 6582",
    },
    Info {
        id: "westwood",
        title: "TCP Westwood",
        description: "After a loss sets the window to a per-ACK, Tustin-filtered bandwidth estimate times the minimum RTT.",
        reference: "Casetti et al., \"TCP Westwood: bandwidth estimation for enhanced transport over wireless links\", MobiCom 2001 (SPEC §2.5)",
    },
    Info {
        id: "westwood_plus",
        title: "TCP Westwood+",
        description: "After a loss sets the window to a once-per-RTT bandwidth estimate times the minimum RTT.",
        reference: "Mascolo et al., \"Performance evaluation of Westwood+ TCP congestion control\", Performance Evaluation 2004 (SPEC §2)",
    },
    Info {
        id: "jersey",
        title: "TCP Jersey",
        description: "Available-bandwidth estimate sizes an optimal window; router congestion-warning marks separate congestion from wireless losses.",
        reference: "Xu, Tian & Ansari, \"TCP-Jersey for wireless IP communications\", IEEE JSAC 22(4), 2004 (SPEC §3)",
    },
    Info {
        id: "new_jersey",
        title: "TCP New Jersey",
        description: "Jersey with the bandwidth estimate timed by the receiver's timestamps, robust to ACK-path jitter.",
        reference: "Xu, Tian & Ansari, \"Improving transmission efficiency of TCP over wireless links\" (TCP New Jersey), Computer Networks 2005 (SPEC §3)",
    },
    Info {
        id: "nj_plus",
        title: "TCP NJ+",
        description: "New Jersey taking the larger of sender and receiver estimates, with gentler reactions to unmarked losses and timeouts.",
        reference: "Kim, Koo & Choo, \"TCP NJ+: packet loss differentiated transmission mechanism robust to high BER environments\" §3 (SPEC §3)",
    },
    Info {
        id: "veno",
        title: "TCP Veno",
        description: "Reno that cuts the window by only 1/5 when the Vegas backlog says a loss was random, and grows slower near congestion.",
        reference: "Fu & Liew, \"TCP Veno: TCP enhancement for transmission over wireless access networks\", IEEE JSAC 21(2), 2003 (SPEC §4)",
    },
    Info {
        id: "jtcp",
        title: "JTCP",
        description: "NewReno that keeps its window when the jitter ratio says a loss was wireless.",
        reference: "Lim & Jang eq. 4 after Wu & Chen, \"JTCP: jitter-based TCP for heterogeneous wireless networks\", IEEE JSAC 22(4), 2004 (SPEC §5.5)",
    },
    Info {
        id: "cubic",
        title: "CUBIC",
        description: "Window a cubic function of the time since the last loss, with a Reno-friendly floor (modern baseline).",
        reference: "RFC 9438",
    },
    Info {
        id: "bbr",
        title: "BBR v1",
        description: "Model-based: pacing rate and window from the windowed-max bandwidth and windowed-min RTT; losses do not shrink it (modern baseline).",
        reference: "Cardwell et al., \"BBR: congestion-based congestion control\", ACM Queue 14(5), 2016; Linux tcp_bbr.c",
    },
];

/// The catalog text of variant `id`.
pub fn info(id: &str) -> Option<&'static Info> {
    INFO.iter().find(|i| i.id == id)
}

/// The knobs of variant `id` (empty for the standard variants and unknown ids).
pub fn specs(id: &str) -> Vec<ParamSpec> {
    let drop = |mut s: Vec<ParamSpec>, names: &[&str]| {
        s.retain(|p| !names.contains(&p.name));
        s
    };
    match id {
        "westwood" => drop(westwood::Params::specs(), &["filter", "sample_floor_s"]),
        "westwood_plus" => drop(westwood::Params::specs(), &["tau_s"]),
        "jersey" | "new_jersey" | "nj_plus" => jersey::Params::specs(),
        "veno" => veno::Params::specs(),
        "jtcp" => jitter_ratio::Params::specs(),
        "cubic" => cubic::Params::specs(),
        "bbr" => bbr::Params::specs(),
        _ => Vec::new(),
    }
}

impl Tunable for westwood::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("filter", d.filter, "Filter of the per-RTT bandwidth samples: paper 0.9/0.1 EWMA, ns-3 Tustin, or Linux's two cascaded 1/8 EWMAs (Westwood+)."),
            ParamSpec::choice_of("exit", d.exit, "When the window is set from the estimate after a fast retransmit: at the 3rd dupACK (paper_min, ns3) or at recovery exit (linux)."),
            ParamSpec::boolean("reset_rtt_min", d.reset_rtt_min, "Replace RTTmin by the first sample after a timeout (Linux)."),
            ParamSpec::number("sample_floor_s", "s", 0.001, 10.0, d.sample_floor_s, "Shortest bandwidth sampling window (Linux 50 ms; Westwood+)."),
            ParamSpec::number("tau_s", "s", 0.001, 100.0, d.tau_s, "Time constant of the Tustin low-pass filter (original Westwood)."),
            ParamSpec::boolean("whole_segments", d.whole_segments, "ssthresh in whole segments, floor(bwe·RTTmin/SMSS) (Linux); off = bytes (ns-3)."),
            ParamSpec::boolean("seed_with_first_sample", d.seed_with_first_sample, "The first bandwidth sample initialises the filter instead of being averaged with 0."),
            ParamSpec::boolean("pause_at_rto", d.pause_at_rto, "Stop the bandwidth sampling clock from the last ACK before a timeout to the first ACK after it, so the stall is not measured as zero bandwidth; off = Linux."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "filter" => set_choice(&mut self.filter, v),
            "exit" => set_choice(&mut self.exit, v),
            "reset_rtt_min" => set_bool(&mut self.reset_rtt_min, v),
            "sample_floor_s" => set_f64(&mut self.sample_floor_s, v),
            "tau_s" => set_f64(&mut self.tau_s, v),
            "whole_segments" => set_bool(&mut self.whole_segments, v),
            "seed_with_first_sample" => set_bool(&mut self.seed_with_first_sample, v),
            "pause_at_rto" => set_bool(&mut self.pause_at_rto, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for jersey::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("rtt", d.rtt, "RTT in the bandwidth estimate and the optimal window: latest sample or smoothed RTT (SPEC A18)."),
            ParamSpec::choice_of("cw_dup_rule", d.cw_dup_rule, "Which duplicate ACKs decide a congestion warning for a dupACK loss (SPEC A16)."),
            ParamSpec::choice_of("cw_rto_rule", d.cw_rto_rule, "Which ACKs decide a congestion warning at a timeout: the last one, or any within one SRTT (SPEC A16)."),
            ParamSpec::choice_of("rto_ownd", d.rto_ownd, "ownd_n and ownd_n−1 at a timeout: a zero-byte sample at the RTO instant, or the last two ACK-based values (SPEC A17)."),
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

impl Tunable for veno::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("rtt", d.rtt, "RTT in the backlog N: minimum sample since the last evaluation (Linux, ns-3) or the smoothed RTT (Veno paper) (SPEC A22)."),
            ParamSpec::number("beta_segments", "segments", 0.0, 1000.0, d.beta_segments, "β: a backlog N ≥ β means congestive loss (halve) and slower growth; below it a loss is random (cut by 1/5)."),
            ParamSpec::integer("min_samples", "samples", 0, 1000, d.min_samples as i64, "RTT samples needed before N is used; until then Veno is Reno."),
            ParamSpec::choice_of("reduce_from", d.reduce_from, "Window the 4/5 and 1/2 reductions multiply: cwnd (Linux) or the sender's FlightSize (ns-3) (SPEC §4.3)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "rtt" => set_choice(&mut self.rtt, v),
            "beta_segments" => set_f64(&mut self.beta_segments, v),
            "min_samples" => set_uint(&mut self.min_samples, v),
            "reduce_from" => set_choice(&mut self.reduce_from, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for cubic::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number(
                "c",
                "segments/s³",
                0.01,
                10.0,
                d.c,
                "C: aggressiveness of the cubic function (RFC 9438: 0.4).",
            ),
            ParamSpec::number(
                "beta",
                "",
                0.1,
                0.95,
                d.beta,
                "β_cubic: window kept after a congestion event (RFC 9438: 0.7).",
            ),
            ParamSpec::boolean(
                "fast_convergence",
                d.fast_convergence,
                "Lower W_max further when a loss comes before the previous W_max (RFC 9438 §4.7).",
            ),
            ParamSpec::boolean(
                "reno_friendly",
                d.reno_friendly,
                "Never grow slower than an AIMD flow with the same β (RFC 9438 §4.3).",
            ),
            ParamSpec::choice_of(
                "reduce_from",
                d.reduce_from,
                "Window β multiplies at a congestion event: the sender's FlightSize (RFC 9438 §4.6) or cwnd (Linux, ns-3).",
            ),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "c" => set_f64(&mut self.c, v),
            "beta" => set_f64(&mut self.beta, v),
            "fast_convergence" => set_bool(&mut self.fast_convergence, v),
            "reno_friendly" => set_bool(&mut self.reno_friendly, v),
            "reduce_from" => set_choice(&mut self.reduce_from, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for bbr::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("high_gain", "", 1.0, 10.0, d.high_gain, "Startup pacing and cwnd gain (2/ln 2 ≈ 2.885)."),
            ParamSpec::number("drain_gain", "", 0.05, 1.0, d.drain_gain, "Drain pacing gain (ln 2/2 ≈ 0.347)."),
            ParamSpec::number("cwnd_gain", "", 1.0, 10.0, d.cwnd_gain, "ProbeBW window gain: cwnd target = cwnd_gain·BDP (2)."),
            ParamSpec::number("probe_up_gain", "", 1.0, 4.0, d.gain_cycle[0], "Pacing gain of ProbeBW phase 0, the bandwidth probe (5/4; acts through tcp.pacing)."),
            ParamSpec::number("probe_down_gain", "", 0.1, 1.0, d.gain_cycle[1], "Pacing gain of ProbeBW phase 1, the drain after a probe (3/4); phases 2–7 cruise at 1."),
            ParamSpec::integer("probe_bw_start_phase", "", 0, 7, d.probe_bw_start_phase as i64, "Phase of the 8-phase gain cycle ProbeBW starts in (Linux: random, never 1)."),
            ParamSpec::integer("bw_window_rounds", "round trips", 1, 1000, d.bw_window_rounds as i64, "Window of the max-bandwidth filter (10)."),
            ParamSpec::number("min_rtt_window_s", "s", 0.1, 1000.0, d.min_rtt_window_s, "Window of the min-RTT filter; ProbeRTT runs when it expires (10 s)."),
            ParamSpec::number("probe_rtt_s", "s", 0.0, 10.0, d.probe_rtt_s, "Time ProbeRTT holds the minimum window (0.2 s)."),
            ParamSpec::number("min_cwnd_segments", "segments", 1.0, 100.0, d.min_cwnd_segments, "Minimum window, also the ProbeRTT window (4)."),
            ParamSpec::number("full_bw_growth", "", 1.01, 4.0, d.full_bw_growth, "Bandwidth growth per round that still counts as growing in Startup (1.25)."),
            ParamSpec::integer("full_bw_rounds", "round trips", 1, 100, d.full_bw_rounds as i64, "Rounds without such growth before the pipe counts as full (3)."),
            ParamSpec::number("quanta", "quanta", 0.0, 100.0, d.quanta, "Send quanta added to the window for ACK aggregation (3)."),
            ParamSpec::number("pacing_margin", "", 0.0, 0.5, d.pacing_margin, "Pacing this fraction below the estimated bandwidth (0.01)."),
            ParamSpec::boolean("drain_by_cwnd", d.drain_by_cwnd, "Drain with window gain 1 as well as by pacing (needed when tcp.pacing is off; Linux drains by pacing only)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "high_gain" => set_f64(&mut self.high_gain, v),
            "drain_gain" => set_f64(&mut self.drain_gain, v),
            "cwnd_gain" => set_f64(&mut self.cwnd_gain, v),
            "probe_up_gain" => set_f64(&mut self.gain_cycle[0], v),
            "probe_down_gain" => set_f64(&mut self.gain_cycle[1], v),
            "probe_bw_start_phase" => set_uint(&mut self.probe_bw_start_phase, v),
            "bw_window_rounds" => set_uint(&mut self.bw_window_rounds, v),
            "min_rtt_window_s" => set_f64(&mut self.min_rtt_window_s, v),
            "probe_rtt_s" => set_f64(&mut self.probe_rtt_s, v),
            "min_cwnd_segments" => set_f64(&mut self.min_cwnd_segments, v),
            "full_bw_growth" => set_f64(&mut self.full_bw_growth, v),
            "full_bw_rounds" => set_uint(&mut self.full_bw_rounds, v),
            "quanta" => set_f64(&mut self.quanta, v),
            "pacing_margin" => set_f64(&mut self.pacing_margin, v),
            "drain_by_cwnd" => set_bool(&mut self.drain_by_cwnd, v),
            _ => unknown(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{build, AVAILABLE};
    use super::*;
    use crate::param::testing::{check_tunable, round_trip};

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        check_tunable::<westwood::Params>();
        check_tunable::<jersey::Params>();
        check_tunable::<veno::Params>();
        check_tunable::<cubic::Params>();
        check_tunable::<bbr::Params>();
        round_trip::<Filter>();
        round_trip::<Exit>();
        round_trip::<CwDupRule>();
        round_trip::<CwRtoRule>();
        round_trip::<RtoOwnd>();
        round_trip::<jersey::RttChoice>();
        round_trip::<veno::RttChoice>();
    }

    #[test]
    fn every_variant_has_info_and_builds_with_its_knobs() {
        let ids: Vec<&str> = INFO.iter().map(|i| i.id).collect();
        assert_eq!(ids, super::super::ALL);
        for id in AVAILABLE {
            let params: Vec<(&'static str, Value)> =
                specs(id).into_iter().map(|s| (s.name, s.default)).collect();
            assert_eq!(build(id, &params).id(), *id);
        }
        let ww: Vec<&str> = specs("westwood").iter().map(|s| s.name).collect();
        assert!(ww.contains(&"tau_s") && !ww.contains(&"filter"));
        assert!(specs("new_reno").is_empty());
    }
}
