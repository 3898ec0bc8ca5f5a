//! Gilbert–Elliott two-state channels: Good and Bad states with their own loss probabilities
//! (`errors.kind: "gilbert_elliott"`), in two forms chosen by `errors.mode`, each in its own file:
//!
//! - [`lim_jang`] ([`GilbertElliott`], `mode: "lim_jang"`, the default): Lim & Jang's time-driven
//!   channel with deterministic sojourns (docs/design.md §8.3, \[LJ\] §4.2).
//! - [`markov`] ([`MarkovChannel`], `mode: "markov"`): a packet-indexed chain set by its mean
//!   loss rate and mean burst length (Gilbert 1960, Elliott 1963).
//!
//! This file holds what the two share: [`GilbertSpec`] (which form, with its knobs) and the
//! reader of `mode`.

pub mod fit;
pub mod lim_jang;
pub mod markov;

pub use lim_jang::GilbertElliott;
pub use markov::MarkovChannel;

use super::ErrorModel;
use crate::rng::SimRng;
use serde::Serialize;

/// The two forms of the Gilbert–Elliott channel (`errors.mode`).
/// Serialised with its `mode` (`lim_jang`, `markov`) beside its knobs, as in a scenario file.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum GilbertSpec {
    /// Lim & Jang §4.2 (docs/design.md §8.3): deterministic sojourns, time-driven, 50/50 next state.
    LimJang(lim_jang::Params),
    /// Packet-indexed two-state Markov chain, Good loses nothing and Bad loses everything.
    Markov(markov::Params),
}

impl GilbertSpec {
    /// The channel of this form, drawing from `rng`.
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        match self {
            GilbertSpec::LimJang(s) => s.build(rng),
            GilbertSpec::Markov(s) => s.build(rng),
        }
    }
}
