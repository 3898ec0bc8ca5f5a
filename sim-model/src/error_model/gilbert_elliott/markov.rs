//! Gilbert–Elliott channel, Markov form ([`MarkovChannel`], `errors.kind: "gilbert_elliott"`,
//! `mode: "markov"`; Gilbert 1960, Elliott 1963): a packet-indexed two-state chain with
//! loss_good = 0 and loss_bad = 1, set by the mean loss rate L and mean burst length b (packets):
//!
//!   p(B→G) = 1/b,   p(G→B) = L·p(B→G)/(1 − L)      ⇒ stationary P(Bad) = p(G→B)/(p(G→B) + p(B→G)) = L
//!
//! Loss bursts (runs of Bad) are geometric with mean 1/p(B→G) = b packets.

use super::super::{ErrorModel, TxContext};
use crate::error_model::ErrorKind;
use crate::error_model::{ErrorSpec, GilbertSpec};
use crate::json_reader::{show, Problems};
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use serde::Serialize;

// ===== Configuration (`errors.kind: "gilbert_elliott"`, `mode: "markov"`) =====

/// Catalog entry and knobs of `gilbert_elliott` with `mode: "markov"`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "gilbert_elliott",
        title: "Gilbert–Elliott (Markov)",
        description: "Packet-indexed two-state chain: Good loses nothing, Bad loses everything, with a given mean loss and burst length.",
        reference: "Gilbert, Bell Syst. Tech. J. 1960; Elliott, Bell Syst. Tech. J. 1963",
    },
    mode: Some("markov"),
    params: || {
        vec![
            ParamSpec::number("mean_loss", "", 0.0, 1.0, 0.01, "Stationary loss probability; at most mean_burst_pkts/(1 + mean_burst_pkts).").required(),
            ParamSpec::number("mean_burst_pkts", "packets", 1.0, 1e9, 3.0, "Mean length of a loss burst.").required(),
        ]
    },
    read: |o, _, p| {
        ErrorSpec::GilbertElliott(GilbertSpec::Markov(read(&mut Knobs::new(o, (KIND.params)()), p)))
    },
};

/// The knobs of the Markov form (`GilbertSpec::Markov`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Stationary loss probability.
    pub mean_loss: f64,
    /// Mean length of a loss burst, packets.
    pub mean_burst_pkts: f64,
}

/// The Markov fields of a `gilbert_elliott` object; the mean loss must fit the burst length.
pub(crate) fn read(k: &mut Knobs, p: &mut Problems) -> Params {
    let loss_path = k.at("mean_loss");
    let mean_loss = k.num("mean_loss", p);
    let mean_burst_pkts = k.num("mean_burst_pkts", p);
    // p(G→B) = mean_loss·p(B→G)/(1 − mean_loss) must be a probability:
    // mean_loss ≤ mean_burst/(1 + mean_burst).
    let max_loss = mean_burst_pkts / (1.0 + mean_burst_pkts);
    if mean_loss > max_loss {
        p.push(
            &loss_path,
            format!("with mean_burst_pkts = {} at most {} (bursts separated by one good packet); raise mean_burst_pkts", show(mean_burst_pkts), show(max_loss)),
        );
    }
    Params {
        mean_loss,
        mean_burst_pkts,
    }
}

impl Params {
    /// The channel of these knobs, drawing from `rng`.
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(MarkovChannel::new(
            self.mean_loss,
            self.mean_burst_pkts,
            rng,
        ))
    }
}

/// Packet-indexed two-state Markov loss: Good loses nothing, Bad loses every packet.
#[derive(Debug)]
pub struct MarkovChannel {
    /// p(G→B).
    p_gb: f64,
    /// p(B→G).
    p_bg: f64,
    bad: bool,
    rng: SimRng,
}

impl MarkovChannel {
    /// Mean loss rate `mean_loss` in bursts of `mean_burst_pkts` packets on average; starts in Good.
    pub fn new(mean_loss: f64, mean_burst_pkts: f64, rng: SimRng) -> Self {
        let p_bg = 1.0 / mean_burst_pkts;
        let p_gb = (mean_loss * p_bg / (1.0 - mean_loss)).min(1.0);
        MarkovChannel {
            p_gb,
            p_bg,
            bad: false,
            rng,
        }
    }
}

impl ErrorModel for MarkovChannel {
    fn judge(&mut self, _tx: &TxContext) -> Hit {
        // The packet sees the current state, then the chain takes one step.
        let lost = self.bad;
        let flip = if self.bad { self.p_bg } else { self.p_gb };
        if self.rng.chance(flip) {
            self.bad = !self.bad;
        }
        if lost {
            Hit::Lost
        } else {
            Hit::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    #[test]
    fn markov_mean_loss_and_burst_length_match_parameters() {
        // L = 5 %, b = 4: p(B→G) = 0.25, p(G→B) = 0.05·0.25/0.95 = 0.013158.
        // 1 M packets. The chain's lag-1 correlation λ = 1 − 0.013158 − 0.25 = 0.73684, so
        // var(mean) = L(1 − L)(1 + λ)/((1 − λ)·n) = 0.0475·6.6/1e6 → σ = 5.6e-4; tolerance 0.0025.
        // ≈ 1e6·0.05/4 = 12 500 bursts, geometric with σ = sqrt(1 − 0.25)/0.25 = 3.46
        // → standard error 3.46/√12 500 = 0.031; tolerance 0.15 ≈ 5 σ.
        let mut m = MarkovChannel::new(0.05, 4.0, SimRng::stream(3, "mk"));
        let tx = TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime::ZERO,
        };
        let (mut lost, mut bursts, mut prev) = (0u64, 0u64, false);
        for _ in 0..1_000_000 {
            let l = m.judge(&tx) == Hit::Lost;
            lost += l as u64;
            bursts += (l && !prev) as u64;
            prev = l;
        }
        let rate = lost as f64 / 1e6;
        let burst = lost as f64 / bursts as f64;
        assert!((rate - 0.05).abs() < 0.0025, "loss {rate}");
        assert!((burst - 4.0).abs() < 0.15, "mean burst {burst}");
    }
}
