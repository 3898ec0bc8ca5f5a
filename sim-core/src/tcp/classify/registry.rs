//! The registry of classifiers: every docs/design.md §D3 id, its catalog text ([`INFO`]), its knobs
//! ([`specs`]) and its constructor ([`build`]).
//!
//! Each classifier's knob table (its `Params`' [`Tunable`] impl, choice enums by their snake_case
//! ids) and catalog text live in the classifier's own file; this module only collects them by id.
//! ZBS flattens its Spike and ZigZag components as `spike_alpha`, `zigzag_n_gt3`, …;
//! `always_congestion`, `oracle` and `checksum` have no knobs.

use super::{
    adaptive_threshold, always_congestion, biaz, checksum, congestion_warning, jitter_ratio,
};
use super::{mbiaz, ncpld, oracle, spike, vegas_predictor, zbs, zigzag};
use super::{AdaptiveThreshold, AlwaysCongestion, Biaz, Checksum, CongestionWarning, JitterRatio};
use super::{LossClassifier, MBiaz, Ncpld, Oracle, Spike, VegasPredictor, Zbs, ZigZag};
use crate::param::{tuned, Info, ParamSpec, Tunable};
use serde_json::Value;

/// Every classifier id of docs/design.md §D3.
#[rustfmt::skip]
pub const ALL: &[&str] = &[
    "always_congestion", "oracle", "checksum", "vegas_predictor", "spike", "ncpld", "jitter_ratio",
    "adaptive_threshold", "biaz", "mbiaz", "zigzag", "zbs", "congestion_warning",
];
/// Classifiers this build implements.
pub const AVAILABLE: &[&str] = ALL;

/// Title, description and reference of every classifier, in [`ALL`] order.
pub const INFO: &[Info] = &[
    always_congestion::INFO,
    oracle::INFO,
    checksum::INFO,
    vegas_predictor::INFO,
    spike::INFO,
    ncpld::INFO,
    jitter_ratio::INFO,
    adaptive_threshold::INFO,
    biaz::INFO,
    mbiaz::INFO,
    zigzag::INFO,
    zbs::INFO,
    congestion_warning::INFO,
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

/// Build classifier `id` (one of [`AVAILABLE`]) with its default parameters overridden by
/// `params` (pairs accepted by [`crate::param::validate_params`] against [`specs`]`(id)`); an
/// unknown id gives [`AlwaysCongestion`].
pub fn build(id: &str, params: &[(&'static str, Value)]) -> Box<dyn LossClassifier> {
    match id {
        "oracle" => Box::new(Oracle),
        "checksum" => Box::new(Checksum::with_params(tuned(params))),
        "vegas_predictor" => Box::new(VegasPredictor::with_params(tuned(params))),
        "spike" => Box::new(Spike::with_params(tuned(params))),
        "ncpld" => Box::new(Ncpld::with_params(tuned(params))),
        "jitter_ratio" => Box::new(JitterRatio::with_params(tuned(params))),
        "adaptive_threshold" => Box::new(AdaptiveThreshold::with_params(tuned(params))),
        "biaz" => Box::new(Biaz::with_params(tuned(params))),
        "mbiaz" => Box::new(MBiaz::with_params(tuned(params))),
        "zigzag" => Box::new(ZigZag::with_params(tuned(params))),
        "zbs" => Box::new(Zbs::with_params(tuned(params))),
        "congestion_warning" => Box::new(CongestionWarning::with_params(tuned(params))),
        _ => Box::new(AlwaysCongestion),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
