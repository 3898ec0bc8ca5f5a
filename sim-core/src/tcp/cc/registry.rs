//! The registry of variants: every docs/design.md §D3 id, its catalog text ([`INFO`]), its knobs
//! ([`specs`]) and its constructor ([`build`]).
//!
//! Each variant's knob table (its `Params`' [`Tunable`] impl) and catalog text live in the
//! variant's own file; this module only collects them by id. `westwood` and `westwood_plus` share
//! `Params` but each lists only the knobs its estimator reads; `tahoe`, `reno`, `new_reno` have
//! none; `jtcp`'s knobs are those of its jitter-ratio test.

use super::{bbr, cubic, jersey, jtcp, standard, veno, westwood};
use super::{
    Bbr, CongestionControl, Cubic, Jersey, NewJersey, NjPlus, Standard, Veno, Westwood,
    WestwoodPlus,
};
use crate::param::{tuned, Info, ParamSpec, Tunable};
use serde_json::Value;

/// Every variant id of docs/design.md §D3.
pub const ALL: &[&str] = &[
    "tahoe",
    "reno",
    "new_reno",
    "westwood",
    "westwood_plus",
    "jersey",
    "new_jersey",
    "nj_plus",
    "veno",
    "jtcp",
    "cubic",
    "bbr",
];
/// Variants this build implements (all of them).
pub const AVAILABLE: &[&str] = ALL;

/// Title, description and reference of every variant, in [`ALL`] order.
pub const INFO: &[Info] = &[
    standard::TAHOE_INFO,
    standard::RENO_INFO,
    standard::NEW_RENO_INFO,
    westwood::WESTWOOD_INFO,
    westwood::WESTWOOD_PLUS_INFO,
    jersey::JERSEY_INFO,
    jersey::NEW_JERSEY_INFO,
    jersey::NJ_PLUS_INFO,
    veno::INFO,
    jtcp::INFO,
    cubic::INFO,
    bbr::INFO,
];

/// The catalog text of variant `id`.
pub fn info(id: &str) -> Option<&'static Info> {
    INFO.iter().find(|i| i.id == id)
}

/// The knobs of variant `id` (empty for the standard variants and unknown ids).
pub fn specs(id: &str) -> Vec<ParamSpec> {
    match id {
        "westwood" => westwood::knobs(false),
        "westwood_plus" => westwood::knobs(true),
        "jersey" | "new_jersey" | "nj_plus" => jersey::Params::specs(),
        "veno" => veno::Params::specs(),
        "jtcp" => jtcp::Params::specs(),
        "cubic" => cubic::Params::specs(),
        "bbr" => bbr::Params::specs(),
        _ => Vec::new(),
    }
}

/// Build variant `id` (one of [`AVAILABLE`]) with its default parameters overridden by `params`
/// (pairs accepted by [`crate::param::validate_params`] against [`specs`]`(id)`); an unknown id
/// gets the standard reactions (scenario validation rejects ids outside [`AVAILABLE`] first).
pub fn build(id: &'static str, params: &[(&'static str, Value)]) -> Box<dyn CongestionControl> {
    match id {
        "westwood_plus" => Box::new(WestwoodPlus::with_params(tuned(params))),
        "westwood" => Box::new(Westwood::with_params(tuned(params))),
        "jersey" => Box::new(Jersey::with_params(tuned(params))),
        "new_jersey" => Box::new(NewJersey::with_params(tuned(params))),
        "nj_plus" => Box::new(NjPlus::with_params(tuned(params))),
        "veno" => Box::new(Veno::with_params(tuned(params))),
        "jtcp" => Box::new(jtcp::Jtcp::with_params(tuned(params))),
        "cubic" => Box::new(Cubic::with_params(tuned(params))),
        "bbr" => Box::new(Bbr::with_params(tuned(params))),
        _ => Box::new(Standard { id }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_info_and_builds_with_its_knobs() {
        let ids: Vec<&str> = INFO.iter().map(|i| i.id).collect();
        assert_eq!(ids, ALL);
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
