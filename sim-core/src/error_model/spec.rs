//! An error model's configuration (`errors` of a link direction, DESIGN §4): [`ErrorSpec`], the
//! list of models ([`KINDS`], each declared with its knobs in its own file) and the reader of an
//! `errors` object.

use super::{bit_error, burst, drop_list, gilbert_elliott, packet_error, GilbertSpec};
use crate::json_reader::{Obj, Problems};
use crate::param::{kind_ids, Component, Info, Knobs};

/// Error model of a link direction.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorSpec {
    /// Error-free.
    None,
    /// i.i.d. bit errors with paired patterns.
    BitError {
        /// Bit error rate.
        ber: f64,
        /// Sensitive leading bytes whose corruption makes a packet unattributable (SPEC A2).
        header_bytes: u32,
    },
    /// Bernoulli packet loss.
    PacketError {
        /// Loss probability per packet.
        per: f64,
    },
    /// Two-state bursty channel.
    GilbertElliott(GilbertSpec),
    /// Lose exactly these 0-based packet numbers of the direction (sorted, no duplicates).
    DropList {
        /// Packet numbers to lose.
        packets: Vec<u64>,
    },
    /// One error burst (Gurtov §6): packets departing inside the window are lost with `loss`.
    Burst {
        /// Burst start, seconds.
        start_s: f64,
        /// Burst length, seconds.
        duration_s: f64,
        /// Loss probability inside the burst.
        loss: f64,
    },
}

/// Catalog entry of the error-free link (no knobs).
const NONE: Component = Component {
    info: Info { id: "none", title: "Error-free", description: "No transmission errors.", reference: "—" },
    mode: None,
    params: Vec::new,
};

/// The error models (`errors.kind`; `gilbert_elliott` once per `mode`), in catalog order.
pub const KINDS: &[Component] = &[
    NONE,
    bit_error::KIND,
    packet_error::KIND,
    gilbert_elliott::LIM_JANG,
    gilbert_elliott::MARKOV,
    drop_list::KIND,
    burst::KIND,
];

impl ErrorSpec {
    /// Read an `errors` object of a run lasting `time_s`.
    pub fn read(mut o: Obj, time_s: f64, p: &mut Problems) -> ErrorSpec {
        let kind = o.choice("kind", &kind_ids(KINDS), Some("none"), p);
        let spec = match kind {
            "bit_error" => bit_error::read(&mut Knobs::new(&mut o, (bit_error::KIND.params)()), p),
            "packet_error" => packet_error::read(&mut Knobs::new(&mut o, (packet_error::KIND.params)()), p),
            "gilbert_elliott" => ErrorSpec::GilbertElliott(GilbertSpec::read(&mut o, time_s, p)),
            "drop_list" => drop_list::read(&mut o, p),
            "burst" => burst::read(&mut Knobs::new(&mut o, (burst::KIND.params)()), p),
            _ => ErrorSpec::None,
        };
        o.finish(p);
        spec
    }
}
