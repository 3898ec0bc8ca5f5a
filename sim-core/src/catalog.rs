//! The catalog: everything a scenario can choose, with its knobs — what the UI builds its controls
//! from (`catalog()` in wasm, `losslab catalog --json`; docs/design.md §D3, §D7).
//!
//! - `variants` (`tcp.cc`, knobs in `tcp.cc_params`) and `classifiers` (`tcp.classifier`, knobs in
//!   `tcp.classifier_params` or a shadow's `params`).
//! - `queues` (`queue.kind`) and `queue_options` (`queue.congestion_warning`, on any queue).
//! - `errors` (`errors.kind`; `gilbert_elliott` appears once per `mode`).
//! - `profiles` (`tcp.profile`) with the TCP defaults each one resolves to.
//! - `cross_traffic` (`cross_traffic[].kind`) and `tcp`: the per-flow TCP options.
//!
//! Each entry is `{ id, mode?, title, description, reference, params: [ParamSpec] }`. This module
//! only collects: every component declares its own entry and knob table beside its struct
//! (`cc`, `classify`, `queue::KINDS`, `error_model::KINDS`, `net::CROSS_KINDS`, `profile::INFO`,
//! `TcpConfig::params`), and the scenario parser reads the fields through the same tables; the
//! tests build a scenario at every bound and default to keep the two in step. A `null` default
//! means "derived" (the description says from what); a `required` knob's default is a suggested
//! starting value.

use crate::param::{Component, Info, ParamSpec};
use crate::tcp::{cc, classify, custom, profile, TcpConfig};
use crate::{error_model, net, queue};
use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

/// Everything a scenario can choose.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Catalog {
    /// Core version ([`crate::VERSION`]).
    pub version: &'static str,
    /// Congestion-control variants (`tcp.cc`).
    pub variants: Vec<Entry>,
    /// Loss classifiers (`tcp.classifier`, `observe.shadow_classifiers`).
    pub classifiers: Vec<Entry>,
    /// Queue disciplines (`queue.kind`).
    pub queues: Vec<Entry>,
    /// Options any queue may carry, each an object under its id (`queue.congestion_warning`).
    pub queue_options: Vec<Entry>,
    /// Error models (`errors.kind`, with `errors.mode` where an entry has one).
    pub errors: Vec<Entry>,
    /// Stack profiles (`tcp.profile`).
    pub profiles: Vec<ProfileEntry>,
    /// Cross-traffic sources (`cross_traffic[].kind`).
    pub cross_traffic: Vec<Entry>,
    /// Per-flow TCP options (`flows[].tcp`), defaults of the `rfc` profile.
    pub tcp: Vec<ParamSpec>,
}

/// One choosable thing and its knobs.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Entry {
    /// docs/design.md §D3 id (the `kind` / `cc` / `classifier` value).
    pub id: &'static str,
    /// Value of the entry's `mode` key, for kinds with several forms (`gilbert_elliott`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mode: Option<&'static str>,
    /// Short human name.
    pub title: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// Paper, RFC or docs/design.md section.
    pub reference: &'static str,
    /// Its knobs.
    pub params: Vec<ParamSpec>,
}

/// A stack profile and the TCP settings it resolves to.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ProfileEntry {
    /// Profile id.
    pub id: &'static str,
    /// Short human name.
    pub title: &'static str,
    /// One line on where it comes from.
    pub description: &'static str,
    /// Paper or docs/design.md section.
    pub reference: &'static str,
    /// Every `tcp` option's value under this profile (as [`tcp_json`] writes it).
    pub defaults: Map<String, Value>,
}

fn entry(info: &Info, params: Vec<ParamSpec>) -> Entry {
    Entry {
        id: info.id,
        mode: None,
        title: info.title,
        description: info.description,
        reference: info.reference,
        params,
    }
}

fn entries<R: Copy>(components: &[Component<R>]) -> Vec<Entry> {
    components
        .iter()
        .map(|c| Entry {
            mode: c.mode,
            ..entry(&c.info, (c.params)())
        })
        .collect()
}

/// The whole catalog.
pub fn catalog() -> Catalog {
    Catalog {
        version: crate::VERSION,
        variants: cc::AVAILABLE
            .iter()
            .filter_map(|id| cc::info(id).map(|i| entry(i, cc::specs(id))))
            .chain([entry(&custom::CC_INFO, Vec::new())])
            .collect(),
        classifiers: classify::AVAILABLE
            .iter()
            .filter_map(|id| classify::info(id).map(|i| entry(i, classify::specs(id))))
            .chain([entry(&custom::CLASSIFIER_INFO, Vec::new())])
            .collect(),
        queues: entries(queue::KINDS),
        queue_options: entries(queue::OPTIONS),
        errors: entries(error_model::KINDS),
        profiles: profiles(),
        cross_traffic: entries(net::CROSS_KINDS),
        tcp: profile::tcp_params(),
    }
}

fn profiles() -> Vec<ProfileEntry> {
    profile::PROFILES
        .iter()
        .map(|id| {
            let i = profile::INFO
                .iter()
                .find(|i| i.id == *id)
                .unwrap_or(&profile::INFO[0]);
            ProfileEntry {
                id,
                title: i.title,
                description: i.description,
                reference: i.reference,
                defaults: tcp_json(&profile::defaults(id)),
            }
        })
        .collect()
}

/// Every `tcp` option of `c` as scenario JSON (the keys of [`Catalog::tcp`];
/// [`TcpConfig::to_json`]).
pub fn tcp_json(c: &TcpConfig) -> Map<String, Value> {
    c.to_json()
}

#[cfg(test)]
mod tests;
