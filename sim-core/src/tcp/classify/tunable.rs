//! The knobs of every classifier (`tcp.classifier_params`, shadow `params`) and its catalog text.
//!
//! - [`Tunable`] for each classifier's `Params`: every field, choice enums by their snake_case
//!   ids; ZBS flattens its Spike and ZigZag components as `spike_alpha`, `zigzag_n_gt3`, ….
//! - [`specs`]: the knobs of a classifier id (`always_congestion`, `oracle`, `checksum`: none).
//! - [`INFO`]: title, one-line description and reference per id.

use super::congestion_warning::{self, CwScope};
use super::ncpld::Sampling;
use super::vegas_predictor::{self, RttInput};
use super::zigzag::{self, ZigZagNGt3};
use super::{adaptive_threshold, biaz, checksum, jitter_ratio, mbiaz, ncpld, spike, zbs};
use crate::choice_ids;
use crate::param::{
    set_bool, set_choice, set_f64, set_uint, unknown, Choice, Info, ParamSpec, Tunable,
};
use serde_json::Value;

choice_ids!(RttInput { Srtt => "srtt", Latest => "latest" });
choice_ids!(CwScope { AnyDupAck => "any_dup_ack", TriggeringDupAck => "triggering_dup_ack" });
choice_ids!(Sampling { PerRtt => "per_rtt", PerAck => "per_ack" });

// ZigZagNGt3 already has inherent `id` / `from_id`; the trait uses the same ids.
impl Choice for ZigZagNGt3 {
    const OPTIONS: &'static [(Self, &'static str)] = &[
        (ZigZagNGt3::MinusHalfDev, "minus_half_dev"),
        (ZigZagNGt3::PlusHalfDev, "plus_half_dev"),
    ];
}

const CEN: &str = "Cen, Cosman & Voelker, \"End-to-end differentiation of congestion and wireless losses\", IEEE/ACM ToN 11(5), 2003";

/// Title, description and reference of every classifier, in [`super::ALL`] order.
pub const INFO: &[Info] = &[
    Info {
        id: "always_congestion",
        title: "Standard TCP",
        description: "Every loss is a congestion signal: the window is always reduced.",
        reference: "RFC 5681",
    },
    Info {
        id: "oracle",
        title: "Oracle",
        description: "Judges each loss by its true cause: the upper bound any real classifier can reach (teaching only).",
        reference: "LossLab ground truth (DESIGN §3)",
    },
    Info {
        id: "checksum",
        title: "Checksum notification",
        description: "The receiver reports segments that failed the TCP checksum; the sender retransmits them without reducing its window.",
        reference: "Garcia & Brunstrom, \"An experimental study on the performance and fairness of loss differentiation for TCP\", ICETE 2004 (SPEC §7)",
    },
    Info {
        id: "vegas_predictor",
        title: "Vegas predictor",
        description: "A loss is congestion when the Vegas backlog N = cwnd·(RTT − BaseRTT)/RTT reaches β segments.",
        reference: "Lim & Jang eq. 1; Fu & Liew, IEEE JSAC 21(2), 2003 (SPEC §5.2)",
    },
    Info {
        id: "spike",
        title: "Spike",
        description: "A loss during an RTT spike (entered above min + α·range, left below min + β·range) is congestion.",
        reference: "Lim & Jang eq. 2 after Cen, Cosman & Voelker 2003 (SPEC §5.3)",
    },
    Info {
        id: "ncpld",
        title: "NCPLD",
        description: "A loss is congestion when the RTT is beyond the knee of the delay-versus-load curve.",
        reference: "Samaraweera, \"Non-congestion packet loss detection for TCP error recovery using wireless links\", IEE Proc. Commun. 146(4), 1999; Lim & Jang eq. 3 (SPEC §5.4)",
    },
    Info {
        id: "jitter_ratio",
        title: "Jitter ratio",
        description: "A loss is congestion when the jitter ratio of the latest arrivals exceeds k/cwnd (JTCP's test).",
        reference: "Lim & Jang eq. 4 (SPEC §5.5)",
    },
    Info {
        id: "adaptive_threshold",
        title: "Adaptive threshold",
        description: "A loss is congestion when the RTT exceeds a threshold adapting to the RTT mean, deviation and minimum.",
        reference: "Lim & Jang, \"An adaptive end-to-end loss differentiation scheme for TCP over wired/wireless networks\" §3.2, eq. 5–7 (SPEC §5.6)",
    },
    Info {
        id: "biaz",
        title: "Biaz",
        description: "Receiver side: a loss is wireless when the gap before the next arrival is (n+1) to (n+2) packet times.",
        reference: "Biaz & Vaidya 1999, as evaluated by Cen, Cosman & Voelker 2003 (SPEC §6)",
    },
    Info { id: "mbiaz", title: "mBiaz", description: "Biaz with the narrower interval (n+1) to (n+1.25) packet times.", reference: CEN },
    Info {
        id: "zigzag",
        title: "ZigZag",
        description: "Receiver side: a loss is wireless when the one-way delay is low, with a threshold depending on the losses in a row.",
        reference: CEN,
    },
    Info {
        id: "zbs",
        title: "ZBS",
        description: "Hybrid choosing ZigZag, mBiaz or Spike per loss from the normalised inter-arrival time.",
        reference: CEN,
    },
    Info {
        id: "congestion_warning",
        title: "Congestion warning",
        description: "A loss is congestion when routers marked the packets around it (the Jersey / NJ+ router signal).",
        reference: "Xu, Tian & Ansari, IEEE JSAC 2004; Kim, Koo & Choo (TCP NJ+) §3 (SPEC §3.3–3.4)",
    },
];

/// The catalog text of classifier `id`.
pub fn info(id: &str) -> Option<&'static Info> {
    INFO.iter().find(|i| i.id == id)
}

/// The knobs of classifier `id` (empty for those without any and for unknown ids).
pub fn specs(id: &str) -> Vec<ParamSpec> {
    match id {
        "checksum" => checksum::Params::specs(),
        "vegas_predictor" => vegas_predictor::Params::specs(),
        "spike" => spike::Params::specs(),
        "ncpld" => ncpld::Params::specs(),
        "jitter_ratio" => jitter_ratio::Params::specs(),
        "adaptive_threshold" => adaptive_threshold::Params::specs(),
        "biaz" => biaz::Params::specs(),
        "mbiaz" => mbiaz::Params::specs(),
        "zigzag" => zigzag::Params::specs(),
        "zbs" => zbs::Params::specs(),
        "congestion_warning" => congestion_warning::Params::specs(),
        _ => Vec::new(),
    }
}

impl Tunable for checksum::Params {
    fn specs() -> Vec<ParamSpec> {
        Vec::new()
    }
    fn set(&mut self, name: &str, _v: &Value) {
        unknown(name)
    }
}

impl Tunable for vegas_predictor::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("beta", "segments", 0.0, 1000.0, d.beta, "β: a backlog N ≥ β segments means congestion (Lim & Jang: 3)."),
            ParamSpec::choice_of("rtt", d.rtt, "RTT in N: smoothed (Veno paper, Lim & Jang) or the latest sample (Linux, ns-3) (SPEC A22)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "beta" => set_f64(&mut self.beta, v),
            "rtt" => set_choice(&mut self.rtt, v),
            _ => unknown(name),
        }
    }
}

fn spike_specs(prefix: bool, d: spike::Params) -> Vec<ParamSpec> {
    let (a, b) = if prefix {
        ("spike_alpha", "spike_beta")
    } else {
        ("alpha", "beta")
    };
    vec![
        ParamSpec::number(
            a,
            "",
            0.0,
            1.0,
            d.alpha,
            "α: a spike starts above min + α·(max − min) of the delay (1/2).",
        ),
        ParamSpec::number(
            b,
            "",
            0.0,
            1.0,
            d.beta,
            "β: the spike ends below min + β·(max − min); keep β < α (1/3).",
        ),
    ]
}

impl Tunable for spike::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        let mut s = spike_specs(false, d);
        s.push(ParamSpec::number(
            "window_s",
            "s",
            0.0,
            1.0e6,
            d.window_s,
            "Ageing of RTTmin/RTTmax: they cover the current and the previous epoch of this many seconds; 0 = the whole connection (the paper).",
        ));
        s
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "alpha" => set_f64(&mut self.alpha, v),
            "beta" => set_f64(&mut self.beta, v),
            "window_s" => set_f64(&mut self.window_s, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for ncpld::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("btx_gain", "", 0.001, 1.0, d.btx_gain, "Gain of the EWMA of the transmission rate B_TX (SPEC A10: 1/8)."),
            ParamSpec::boolean("dupack_credit", d.dupack_credit, "Credit a segment per duplicate ACK (and subtract it from the next cumulative ACK)."),
            ParamSpec::choice_of("btx_sampling", d.btx_sampling, "B_TX rate samples: delivered segments per RTT window, the flow's own rate (default), or per ACK, which measures the bottleneck's burst rate (SPEC A10)."),
            ParamSpec::choice_of("pipe_sampling", d.pipe_sampling, "Pipe-size differences Δcwnd/ΔT between RTT samples one RTT apart, as ns-2's one timed segment per RTT (default), or between consecutive ACKs (SPEC A10)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "btx_gain" => set_f64(&mut self.btx_gain, v),
            "dupack_credit" => set_bool(&mut self.dupack_credit, v),
            "btx_sampling" => set_choice(&mut self.btx_sampling, v),
            "pipe_sampling" => set_choice(&mut self.pipe_sampling, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for jitter_ratio::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number(
                "k",
                "",
                0.0,
                1000.0,
                d.k,
                "A loss is congestion when the jitter ratio exceeds k/cwnd (JTCP: 1).",
            ),
            ParamSpec::integer(
                "history_segments",
                "segments",
                2,
                65_536,
                d.history_segments as i64,
                "Send/arrival history kept; larger windows judge congestion.",
            ),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "k" => set_f64(&mut self.k, v),
            "history_segments" => set_uint(&mut self.history_segments, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for adaptive_threshold::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("k", "", 0.0, 20.0, d.k, "Exponent of the adaptation term (Tp/T)^k (Lim & Jang: 3)."),
            ParamSpec::number("initial_dev_fraction", "", 0.0, 10.0, d.initial_dev_fraction, "RTT deviation at the first sample as a fraction of the sample (SPEC A9: 1/2)."),
            ParamSpec::boolean("deviation_first", d.deviation_first, "Update the deviation before the mean (RFC 6298 order); off = the paper's listing order."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "k" => set_f64(&mut self.k, v),
            "initial_dev_fraction" => set_f64(&mut self.initial_dev_fraction, v),
            "deviation_first" => set_bool(&mut self.deviation_first, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for biaz::Params {
    fn specs() -> Vec<ParamSpec> {
        vec![ParamSpec::number(
            "upper",
            "",
            1.0,
            10.0,
            Self::default().upper,
            "Wireless when (n+1)·T_min ≤ gap < (n + upper)·T_min (Biaz: 2).",
        )]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "upper" => set_f64(&mut self.upper, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for mbiaz::Params {
    fn specs() -> Vec<ParamSpec> {
        vec![ParamSpec::number(
            "upper",
            "",
            1.0,
            10.0,
            Self::default().upper,
            "Wireless when (n+1)·T_min ≤ gap < (n + upper)·T_min (mBiaz: 1.25).",
        )]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "upper" => set_f64(&mut self.upper, v),
            _ => unknown(name),
        }
    }
}

fn zigzag_specs(prefix: bool, d: zigzag::Params) -> Vec<ParamSpec> {
    let (a, n) = if prefix {
        ("zigzag_alpha", "zigzag_n_gt3")
    } else {
        ("alpha", "n_gt3")
    };
    vec![
        ParamSpec::number(a, "", 0.001, 0.5, d.alpha, "α_z: gain of the one-way-delay mean (the deviation uses 2α_z) (1/32)."),
        ParamSpec::choice_of(n, d.n_gt3, "Threshold for more than three losses in a row: mean − dev/2 or mean + dev/2 (SPEC A21)."),
    ]
}

impl Tunable for zigzag::Params {
    fn specs() -> Vec<ParamSpec> {
        zigzag_specs(false, Self::default())
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "alpha" => set_f64(&mut self.alpha, v),
            "n_gt3" => set_choice(&mut self.n_gt3, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for zbs::Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        let mut s = spike_specs(true, d.spike);
        s.extend(zigzag_specs(true, d.zigzag));
        s.extend([
            ParamSpec::number(
                "mbiaz_upper",
                "",
                1.0,
                10.0,
                d.mbiaz_upper,
                "mBiaz branch: wireless when the gap < (n + upper)·T_min (1.25).",
            ),
            ParamSpec::number(
                "t_avg_gain",
                "",
                0.001,
                1.0,
                d.t_avg_gain,
                "Gain of the EWMA of the normalised inter-arrival time (1/8).",
            ),
            ParamSpec::number(
                "spike_margin",
                "",
                0.0,
                10.0,
                d.spike_margin,
                "Spike branch when the delay < min + margin·T_min (0.05).",
            ),
            ParamSpec::number(
                "zigzag_below",
                "",
                0.0,
                100.0,
                d.zigzag_below,
                "ZigZag branch below this normalised inter-arrival time (0.875).",
            ),
            ParamSpec::number(
                "mbiaz_below",
                "",
                0.0,
                100.0,
                d.mbiaz_below,
                "mBiaz branch below this value (and at or above zigzag_below) (1.5).",
            ),
            ParamSpec::number(
                "spike_from",
                "",
                0.0,
                100.0,
                d.spike_from,
                "ZigZag again below this value, Spike at or above it (2).",
            ),
        ]);
        s
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "spike_alpha" => set_f64(&mut self.spike.alpha, v),
            "spike_beta" => set_f64(&mut self.spike.beta, v),
            "zigzag_alpha" => set_f64(&mut self.zigzag.alpha, v),
            "zigzag_n_gt3" => set_choice(&mut self.zigzag.n_gt3, v),
            "mbiaz_upper" => set_f64(&mut self.mbiaz_upper, v),
            "t_avg_gain" => set_f64(&mut self.t_avg_gain, v),
            "spike_margin" => set_f64(&mut self.spike_margin, v),
            "zigzag_below" => set_f64(&mut self.zigzag_below, v),
            "mbiaz_below" => set_f64(&mut self.mbiaz_below, v),
            "spike_from" => set_f64(&mut self.spike_from, v),
            _ => unknown(name),
        }
    }
}

impl Tunable for congestion_warning::Params {
    fn specs() -> Vec<ParamSpec> {
        vec![ParamSpec::choice_of(
            "scope",
            Self::default().scope,
            "Which duplicate ACKs' marks count: any of the series (SPEC A16) or only the one that triggered the fast retransmit.",
        )]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "scope" => set_choice(&mut self.scope, v),
            _ => unknown(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{build, ALL, AVAILABLE};
    use super::*;
    use crate::param::testing::{check_tunable, round_trip};

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        check_tunable::<vegas_predictor::Params>();
        check_tunable::<spike::Params>();
        check_tunable::<ncpld::Params>();
        check_tunable::<jitter_ratio::Params>();
        check_tunable::<adaptive_threshold::Params>();
        check_tunable::<biaz::Params>();
        check_tunable::<mbiaz::Params>();
        check_tunable::<zigzag::Params>();
        check_tunable::<zbs::Params>();
        check_tunable::<congestion_warning::Params>();
        round_trip::<RttInput>();
        round_trip::<CwScope>();
        round_trip::<Sampling>();
        round_trip::<ZigZagNGt3>();
        for (v, id) in ZigZagNGt3::OPTIONS {
            assert_eq!(
                (v.id(), ZigZagNGt3::from_id(id)),
                (*id, Some(*v)),
                "inherent ids agree"
            );
        }
    }

    #[test]
    fn every_classifier_has_info_and_builds_with_its_knobs() {
        let ids: Vec<&str> = INFO.iter().map(|i| i.id).collect();
        assert_eq!(ids, ALL);
        for id in AVAILABLE {
            let params: Vec<(&'static str, Value)> =
                specs(id).into_iter().map(|s| (s.name, s.default)).collect();
            assert_eq!(build(id, &params).id(), *id);
        }
    }
}
