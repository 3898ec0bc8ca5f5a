//! The `tcp` object of a flow and the shadow classifiers (docs/design.md §D4): the variant and classifier
//! choices with their knobs (checked against `cc::specs` / `classify::specs`), the stack profile,
//! and every other option read through the knob table [`TcpConfig::params`] with the profile's
//! values as defaults.

use crate::json_reader::{kind, show, unknown_value, Obj, Problems};
use crate::param::{validate_params, Knobs, ParamSpec};
use crate::tcp::classify::ClassifierSpec;
use crate::tcp::{
    cc, classify, custom, profile, CwndGrowth, FlightSize, NewRenoExit, PrrBound, RecoverHeuristic,
    Recovery, RttSampling, TcpConfig,
};
use serde_json::Value;

fn classifier_id(s: &str, path: &str, p: &mut Problems) -> Option<&'static str> {
    match classify::CHOICES.iter().find(|c| **c == s) {
        Some(id) if *id == custom::ID || classify::AVAILABLE.contains(id) => Some(id),
        Some(id) => {
            p.push(
                path,
                format!(
                    "classifier \"{id}\" is not available in this version (available: {})",
                    classify::AVAILABLE.join(", ")
                ),
            );
            None
        }
        None => {
            p.push(path, unknown_value(s, classify::CHOICES));
            None
        }
    }
}

/// A shadow classifier: an id string, or `{ "id": …, "params": {…} }` with the classifier's knobs.
pub(super) fn shadow(v: &Value, path: String, p: &mut Problems) -> Option<ClassifierSpec> {
    match v {
        Value::String(s) => classifier_id(s, &path, p).map(|id| ClassifierSpec {
            id,
            params: Vec::new(),
        }),
        Value::Object(_) => {
            let mut o = Obj::new(Some(v), path, p);
            let id_path = o.at("id");
            let id = match o.get("id") {
                Some(Value::String(s)) => classifier_id(s, &id_path, p),
                _ => {
                    o.string("id", None, p);
                    None
                }
            };
            let params = known_params(&mut o, "params", id.map(classify::specs), p);
            o.finish(p);
            id.map(|id| ClassifierSpec { id, params })
        }
        other => {
            p.push(
                &path,
                format!(
                    "must be a classifier id string or {{\"id\": …, \"params\": {{…}}}} (got {})",
                    kind(other)
                ),
            );
            None
        }
    }
}

/// The knobs object `key` checked against `specs` (None: its owner's id was invalid, so only
/// consume the key rather than report every knob as unknown).
fn known_params(
    o: &mut Obj,
    key: &'static str,
    specs: Option<Vec<ParamSpec>>,
    p: &mut Problems,
) -> Vec<(&'static str, Value)> {
    let path = o.at(key);
    let v = o.get(key);
    match specs {
        Some(specs) => validate_params(v, &specs, &path, p),
        None => Vec::new(),
    }
}

/// A flow's `tcp` object.
pub(super) fn tcp(mut o: Obj, p: &mut Problems) -> TcpConfig {
    let cc_path = o.at("cc");
    let before = p.0.len();
    let cc_id = o.choice("cc", cc::CHOICES, Some("new_reno"), p);
    let mut cc_ok = p.0.len() == before;
    if cc_id != custom::ID && !cc::AVAILABLE.contains(&cc_id) {
        p.push(
            &cc_path,
            format!(
                "variant \"{cc_id}\" is not available in this version (available: {})",
                cc::AVAILABLE.join(", ")
            ),
        );
        cc_ok = false;
    }
    let cc_params = known_params(&mut o, "cc_params", cc_ok.then(|| cc::specs(cc_id)), p);
    let cl_path = o.at("classifier");
    let cl = match o.get("classifier") {
        None | Some(Value::Null) => Some("always_congestion"),
        Some(Value::String(s)) => classifier_id(s, &cl_path, p),
        Some(_) => {
            p.push(&cl_path, "must be a classifier id string");
            None
        }
    };
    let classifier_params = known_params(&mut o, "classifier_params", cl.map(classify::specs), p);
    let cl = cl.unwrap_or("always_congestion");
    let mut k = Knobs::new(&mut o, profile::tcp_params());
    let prof = k.pick("profile", p);
    let d = profile::defaults(prof);
    let mss_bytes = k.int_or("mss_bytes", d.mss_bytes as u64, p) as u32;
    let iw_default = if prof == "rfc" {
        profile::rfc5681_initial_window(mss_bytes)
    } else {
        d.initial_window_pkts
    };
    let c = TcpConfig {
        cc: cc_id,
        classifier: cl,
        cc_params,
        classifier_params,
        profile: prof,
        mss_bytes,
        rwnd_bytes: k.int_or("rwnd_bytes", d.rwnd_bytes, p),
        initial_window_pkts: k.int_or("initial_window_pkts", iw_default as u64, p) as u32,
        sack: k.flag_or("sack", d.sack, p),
        timestamps: k.flag_or("timestamps", d.timestamps, p),
        delayed_ack_ms: k.num_or("delayed_ack_ms", d.delayed_ack_ms, p),
        min_rto_ms: k.num_or("min_rto_ms", d.min_rto_ms, p),
        initial_rto_ms: k.num_or("initial_rto_ms", d.initial_rto_ms, p),
        max_rto_ms: k.num_or("max_rto_ms", d.max_rto_ms, p),
        clock_granularity_ms: k.num_or("clock_granularity_ms", d.clock_granularity_ms, p),
        cwnd_growth: CwndGrowth::from_id(k.pick_or("cwnd_growth", d.cwnd_growth.id(), p)),
        handshake: k.flag_or("handshake", d.handshake, p),
        classifier_handshake_rtt: k.flag_or(
            "classifier_handshake_rtt",
            d.classifier_handshake_rtt,
            p,
        ),
        dupack_threshold: k.int_or("dupack_threshold", d.dupack_threshold as u64, p) as u32,
        rtt_tick_ms: k.num_or("rtt_tick_ms", d.rtt_tick_ms, p),
        rtt_sampling: RttSampling::from_id(k.pick_or("rtt_sampling", d.rtt_sampling.id(), p)),
        limited_transmit: k.flag_or("limited_transmit", d.limited_transmit, p),
        newreno_exit: NewRenoExit::from_id(k.pick_or("newreno_exit", d.newreno_exit.id(), p)),
        recover_guard: k.flag_or("recover_guard", d.recover_guard, p),
        ld_rto_keep_window: k.flag_or("ld_rto_keep_window", d.ld_rto_keep_window, p),
        pacing: k.flag_or("pacing", d.pacing, p),
        rto_restart_every_partial: k.flag_or(
            "rto_restart_every_partial",
            d.rto_restart_every_partial,
            p,
        ),
        send_overhead_ms: k.num_or("send_overhead_ms", d.send_overhead_ms, p),
        flight_size: FlightSize::from_id(k.pick_or("flight_size", d.flight_size.id(), p)),
        recover_heuristic: RecoverHeuristic::from_id(k.pick_or(
            "recover_heuristic",
            d.recover_heuristic.id(),
            p,
        )),
        recovery: Recovery::from_id(k.pick_or("recovery", d.recovery.id(), p)),
        prr_bound: PrrBound::from_id(k.pick_or("prr_bound", d.prr_bound.id(), p)),
    };
    if c.rwnd_bytes < u64::from(c.mss_bytes) {
        p.push(
            k.at("rwnd_bytes"),
            format!(
                "{} bytes is smaller than one segment (mss_bytes {}): the sender could never send a full segment; use at least {}",
                c.rwnd_bytes, c.mss_bytes, c.mss_bytes
            ),
        );
    }
    if c.min_rto_ms > c.max_rto_ms {
        p.push(
            k.at("min_rto_ms"),
            format!("must not exceed max_rto_ms ({})", show(c.max_rto_ms)),
        );
    }
    o.finish(p);
    c
}
