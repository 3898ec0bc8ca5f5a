//! An error model's configuration (`errors` of a link direction, docs/design.md §D4): [`ErrorSpec`], the
//! list of models ([`KINDS`], each declared with its knobs in its own file) and the reader of an
//! `errors` object.

use super::{bit_error, burst, drop_list, gilbert_elliott, loss_trace, packet_error, GilbertSpec};
use crate::json_reader::{Obj, Problems};
use crate::param::{kind_ids, pick, Component, Info};
use serde::Serialize;

/// Error model of a link direction: which model, with its knobs (declared in the model's file).
/// Serialised as in a scenario file: `{ "kind": "bit_error", "ber": …, "header_bytes": … }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ErrorSpec {
    /// Error-free.
    None,
    /// i.i.d. bit errors with paired patterns.
    BitError(bit_error::Params),
    /// Bernoulli packet loss.
    PacketError(packet_error::Params),
    /// Two-state bursty channel.
    GilbertElliott(GilbertSpec),
    /// Lose exactly these 0-based packet numbers of the direction (sorted, no duplicates).
    DropList(drop_list::Params),
    /// One error burst (Gurtov §6): packets departing inside the window are lost with `loss`.
    Burst(burst::Params),
    /// Measured loss or corruption events replayed in time.
    LossTrace(loss_trace::Params),
}

/// How an error model's file reads its fields of an `errors` object, in a run lasting `time_s`.
pub type Reader = fn(&mut Obj, f64, &mut Problems) -> ErrorSpec;

/// An error model's entry: catalog text, knobs and reader.
pub type ErrorKind = Component<Reader>;

/// Catalog entry of the error-free link (no knobs).
const NONE: ErrorKind = Component {
    info: Info {
        id: "none",
        title: "Error-free",
        description: "No transmission errors.",
        reference: "—",
    },
    mode: None,
    params: Vec::new,
    read: |_, _, _| ErrorSpec::None,
};

/// The error models (`errors.kind`; `gilbert_elliott` once per `mode`), in catalog order: the one
/// list of them. A model is its file (its entry, `Params`, reader and process) and a line here,
/// plus its variant of [`ErrorSpec`] and its arm of `error_model::build`, which the compiler asks for.
pub const KINDS: &[ErrorKind] = &[
    NONE,
    bit_error::KIND,
    packet_error::KIND,
    gilbert_elliott::lim_jang::KIND,
    gilbert_elliott::markov::KIND,
    drop_list::KIND,
    burst::KIND,
    loss_trace::KIND,
];

impl ErrorSpec {
    /// Read an `errors` object of a run lasting `time_s`: its `kind` (and `mode`) pick the entry of
    /// [`KINDS`] whose reader reads the rest.
    pub fn read(mut o: Obj, time_s: f64, p: &mut Problems) -> ErrorSpec {
        let kind = o.choice("kind", &kind_ids(KINDS), Some("none"), p);
        let spec = match pick(KINDS, kind, &mut o, p) {
            Some(k) => (k.read)(&mut o, time_s, p),
            None => ErrorSpec::None,
        };
        o.finish(p);
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Topology;
    use crate::{parse, problems};

    #[test]
    fn error_model_fields_are_validated() {
        let ge = |e: &str| {
            format!(r#"{{"topology": {{"bottleneck": {{"errors": {e}}}}}, "flows": [{{}}]}}"#)
        };
        let sc = parse(&ge(r#"{"kind": "gilbert_elliott", "bad_s": 0.01}"#)).unwrap();
        let Topology::Dumbbell { bottleneck, .. } = &sc.topology else {
            panic!()
        };
        let ErrorSpec::GilbertElliott(GilbertSpec::LimJang(g)) = &bottleneck.forward.errors else {
            panic!("{:?}", bottleneck.forward.errors)
        };
        assert_eq!(
            (g.good_s, g.bad_s, g.p_next_bad, g.loss_good, g.loss_bad),
            (1.0, 0.01, 0.5, 0.001, 0.1)
        );
        assert!(!g.lazy_transitions);
        assert_eq!(
            bottleneck.reverse.errors,
            ErrorSpec::None,
            "top-level errors apply to a→b only"
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "gilbert_elliott"}"#)),
            ["topology.bottleneck.errors.bad_s: is required (a number from 0.0001 to 100000)"]
        );
        // Markov: p(G→B) = 0.6·(1/1)/(1 − 0.6) = 1.5 > 1; the Lim & Jang fields are not part of it.
        assert_eq!(
            problems(&ge(r#"{"kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.6, "mean_burst_pkts": 1, "good_s": 1}"#)),
            [
                "topology.bottleneck.errors.mean_loss: with mean_burst_pkts = 1 at most 0.5 (bursts separated by one good packet); raise mean_burst_pkts",
                "topology.bottleneck.errors.good_s: unknown field \"good_s\" (expected one of: kind, mean_burst_pkts, mean_loss, mode)",
            ]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "drop_list", "packets": [3, -1, 2.5, "x"]}"#)),
            [
                "topology.bottleneck.errors.packets[1]: must be a whole packet number from 0 to 9000000000000000 (got -1)",
                "topology.bottleneck.errors.packets[2]: must be a whole packet number from 0 to 9000000000000000 (got 2.5)",
                "topology.bottleneck.errors.packets[3]: must be a whole packet number from 0 to 9000000000000000 (got \"x\")",
            ]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "drop_list"}"#)),
            ["topology.bottleneck.errors.packets: is required (an array of 0-based packet numbers, e.g. [5, 6])"]
        );
        assert_eq!(
            problems(&ge(r#"{"kind": "burst", "start_s": 5, "loss": 1.5}"#)),
            [
                "topology.bottleneck.errors.duration_s: is required (a number from 0 to 100000)",
                "topology.bottleneck.errors.loss: must be between 0 and 1 (got 1.5)",
            ]
        );
    }
}
