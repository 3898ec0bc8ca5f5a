//! The resolved scenario for the page (docs/design.md §D4): what the simulator makes of a scenario JSON —
//! every default filled in from the parser and the stack profile, `count` expanded into flow ids
//! (`ld` with count 3 → `ld.0`, `ld.1`, `ld.2`) — so the page reads these facts instead of
//! keeping its own copy of the parser's defaults.
//!
//! JSON shape (numbers as f64, no u64):
//! `{ id, title, seed, stop: { time_s, when_transfers_done }, topology: { kind, access?,
//! bottleneck?, nodes?, links? }, flows: [{ id, group, start_s, bytes, from, to,
//! data_packet_bytes, tcp: { every TCP option } }], cross_traffic: [{ id, kind, rate_bps,
//! packet_bytes, start_s, stop_s }], observe: { sample_ms, throughput_window_ms, trace,
//! shadow_classifiers } }`; a link is `{ rate_bps, delay_ms, framing_bytes, queue: { kind,
//! limit_pkts, counts_in_service }, errors: { kind }, reverse: { rate_bps, delay_ms, queue, errors } }`.

use serde_json::{json, Value};
use sim_core::scenario::{
    CrossKind, DirSpec, Discipline, ErrorSpec, GilbertSpec, LinkSpec, Scenario, Topology,
};

/// The smallest valid scenario: what [`defaults`] resolves (every value the parser's default).
const SKELETON: &str = r#"{ "schema": 1, "id": "defaults", "flows": [{}] }"#;

fn queue_kind(d: &Discipline) -> &'static str {
    match d {
        Discipline::DropTail => "drop_tail",
        Discipline::Red(_) => "red",
        Discipline::DualThreshold(_) => "dual_threshold",
    }
}

fn errors_json(e: &ErrorSpec) -> Value {
    match e {
        ErrorSpec::None => json!({ "kind": "none" }),
        ErrorSpec::BitError(b) => {
            json!({ "kind": "bit_error", "ber": b.ber, "header_bytes": b.header_bytes })
        }
        ErrorSpec::PacketError(e) => json!({ "kind": "packet_error", "per": e.per }),
        ErrorSpec::GilbertElliott(GilbertSpec::LimJang(_)) => {
            json!({ "kind": "gilbert_elliott", "mode": "lim_jang" })
        }
        ErrorSpec::GilbertElliott(GilbertSpec::Markov(_)) => {
            json!({ "kind": "gilbert_elliott", "mode": "markov" })
        }
        ErrorSpec::DropList(_) => json!({ "kind": "drop_list" }),
        ErrorSpec::Burst(_) => json!({ "kind": "burst" }),
    }
}

fn dir_json(d: &DirSpec) -> Value {
    json!({
        "rate_bps": d.rate_bps,
        "delay_ms": d.delay_ms,
        "queue": { "kind": queue_kind(&d.queue.discipline), "limit_pkts": d.queue.limit_pkts,
                   "counts_in_service": d.queue.counts_in_service },
        "errors": errors_json(&d.errors),
    })
}

fn link_json(l: &LinkSpec) -> Value {
    let mut v = dir_json(&l.forward);
    v["framing_bytes"] = json!(l.framing_bytes);
    v["reverse"] = dir_json(&l.reverse);
    v
}

/// The resolved form of a validated scenario (see the module docs).
pub fn resolved_json(sc: &Scenario) -> Value {
    let topology = match &sc.topology {
        Topology::Dumbbell { access, bottleneck } => {
            json!({ "kind": "dumbbell", "access": link_json(access), "bottleneck": link_json(bottleneck) })
        }
        Topology::Graph { nodes, links } => json!({
            "kind": "graph",
            "nodes": nodes,
            "links": links.iter().map(|l| {
                let mut v = link_json(&l.link);
                v["id"] = json!(l.id);
                v["a"] = json!(nodes[l.a]);
                v["b"] = json!(nodes[l.b]);
                v
            }).collect::<Vec<_>>(),
        }),
    };
    let flows: Vec<Value> = sc
        .flows
        .iter()
        .map(|f| {
            json!({
                "id": f.id,
                "group": f.group,
                "start_s": f.start_s,
                "bytes": f.bytes.map(|b| b as f64),
                "from": f.from,
                "to": f.to,
                // A full data segment on the wire: MSS + 40 (IP/TCP) + 12 with timestamps.
                "data_packet_bytes": f.tcp.data_packet_bytes(f.tcp.mss_bytes),
                "tcp": sim_core::catalog::tcp_json(&f.tcp),
            })
        })
        .collect();
    let cross: Vec<Value> = sc
        .cross_traffic
        .iter()
        .map(|c| {
            json!({
                "id": c.id,
                "kind": match c.kind { CrossKind::Cbr(_) => "cbr", CrossKind::Poisson(_) => "poisson", CrossKind::OnOff(_) => "on_off" },
                "rate_bps": c.rate_bps,
                "packet_bytes": c.packet_bytes,
                "start_s": c.start_s,
                "stop_s": c.stop_s,
            })
        })
        .collect();
    json!({
        "id": sc.id,
        "title": sc.title,
        "seed": sc.seed as f64,
        "stop": { "time_s": sc.stop.time_s, "when_transfers_done": sc.stop.when_transfers_done },
        "topology": topology,
        "flows": flows,
        "cross_traffic": cross,
        "observe": {
            "sample_ms": sc.observe.sample_ms,
            "throughput_window_ms": sc.observe.throughput_window_ms,
            "trace": sc.observe.trace,
            "shadow_classifiers": sc.observe.shadow_classifiers.iter().map(|c| c.id).collect::<Vec<_>>(),
        },
    })
}

/// Parse `json` and resolve it; every problem as `"<path>: <message>"`, one per line.
pub fn resolve(json: &str) -> Result<Value, String> {
    sim_core::parse(json)
        .map(|sc| resolved_json(&sc))
        .map_err(|errs| {
            errs.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
}

/// The resolved smallest scenario: the parser's defaults (dumbbell links, stop time, sampling).
pub fn defaults() -> Value {
    resolve(SKELETON).expect("the skeleton scenario is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_counts_and_fills_profile_defaults() {
        let v = resolve(r#"{ "schema": 1, "id": "x", "flows": [{ "id": "ld", "count": 3, "tcp": { "profile": "freebsd45" } }, { "id": "b" }] }"#).unwrap();
        let ids: Vec<&str> = v["flows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, ["ld.0", "ld.1", "ld.2", "b"]);
        let mss = v["flows"][0]["tcp"]["mss_bytes"].as_u64().unwrap() as u32;
        // freebsd45 uses timestamps: MSS + 40 + 12.
        assert_eq!(
            v["flows"][0]["data_packet_bytes"].as_u64().unwrap() as u32,
            mss + 52
        );
        assert_eq!(v["flows"][3]["tcp"]["profile"], "rfc");
    }

    #[test]
    fn defaults_are_the_parser_defaults() {
        let d = defaults();
        let sc = sim_core::parse(SKELETON).unwrap();
        assert_eq!(d["stop"]["time_s"].as_f64().unwrap(), sc.stop.time_s);
        assert_eq!(
            d["observe"]["sample_ms"].as_f64().unwrap(),
            sc.observe.sample_ms
        );
        assert_eq!(d["topology"]["kind"], "dumbbell");
        assert!(d["topology"]["bottleneck"]["rate_bps"].as_f64().unwrap() > 0.0);
    }

    #[test]
    fn problems_are_the_validators_messages() {
        let e = resolve(r#"{ "schema": 1, "id": "x", "flows": [{ "tcp": { "cc": "renoo" } }] }"#)
            .unwrap_err();
        assert!(e.starts_with("flows[0].tcp.cc: "), "{e}");
    }
}
