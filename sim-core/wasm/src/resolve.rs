//! The resolved scenario for the page (docs/design.md §D4): what the simulator makes of a scenario JSON —
//! every default filled in from the parser and the stack profile, `count` expanded into flow ids
//! (`ld` with count 3 → `ld.0`, `ld.1`, `ld.2`) — so the page reads these facts instead of
//! keeping its own copy of the parser's defaults. The shape is `Scenario`'s serde derive
//! (sim-core `scenario/mod.rs` says how each part is written); nothing here writes JSON by hand.

use sim_core::scenario::Scenario;

/// The smallest valid scenario: what [`defaults`] resolves (every value the parser's default).
const SKELETON: &str = r#"{ "schema": 1, "id": "defaults", "flows": [{}] }"#;

/// Parse `json` and resolve it; every problem as `"<path>: <message>"`, one per line.
pub fn resolve(json: &str) -> Result<Scenario, String> {
    sim_core::parse(json).map_err(|errs| {
        errs.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The resolved smallest scenario: the parser's defaults (dumbbell links, stop time, sampling).
pub fn defaults() -> Scenario {
    resolve(SKELETON).expect("the skeleton scenario is valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn resolved(json: &str) -> Value {
        serde_json::to_value(resolve(json).unwrap()).unwrap()
    }

    #[test]
    fn expands_counts_and_fills_profile_defaults() {
        let v = resolved(
            r#"{ "schema": 1, "id": "x", "flows": [{ "id": "ld", "count": 3, "tcp": { "profile": "freebsd45" } }, { "id": "b" }] }"#,
        );
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
    fn components_are_written_as_in_a_scenario_file() {
        let v = resolved(
            r#"{ "schema": 1, "id": "x", "flows": [{}],
                 "topology": { "bottleneck": { "errors": { "kind": "bit_error", "ber": 1e-5 },
                   "queue": { "kind": "red", "limit_pkts": 40 },
                   "reverse": { "errors": { "kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.01, "mean_burst_pkts": 3 } } } },
                 "cross_traffic": [{ "id": "u", "kind": "on_off", "rate_bps": 1e5 }],
                 "observe": { "shadow_classifiers": ["biaz"] } }"#,
        );
        let b = &v["topology"]["bottleneck"];
        assert_eq!(v["topology"]["kind"], "dumbbell");
        assert_eq!(b["errors"]["kind"], "bit_error");
        assert_eq!(b["errors"]["ber"], 1e-5);
        assert_eq!(b["errors"]["header_bytes"], 24);
        assert_eq!(b["queue"]["kind"], "red");
        assert_eq!(b["queue"]["limit_pkts"], 40);
        assert_eq!(b["reverse"]["errors"]["kind"], "gilbert_elliott");
        assert_eq!(b["reverse"]["errors"]["mode"], "markov");
        assert!(b["framing_bytes"].is_u64() && b["rate_bps"].is_f64());
        assert_eq!(v["cross_traffic"][0]["kind"], "on_off");
        assert_eq!(v["cross_traffic"][0]["id"], "u");
        assert_eq!(v["observe"]["shadow_classifiers"][0], "biaz");
        assert!(v["seed"].is_u64());
    }

    #[test]
    fn defaults_are_the_parser_defaults() {
        let d = serde_json::to_value(defaults()).unwrap();
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
