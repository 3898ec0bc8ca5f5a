//! JSON → [`Scenario`], collecting every problem with its path (DESIGN §4).

use super::limits::*;
use super::reader::{show, ConfigError, Obj, Problems};
use super::*;
use crate::tcp::{classify, cc, profile, CwndGrowth, NewRenoExit, RttSampling, TcpConfig};
use serde_json::Value;

/// Parse and validate scenario JSON text.
pub fn parse(text: &str) -> Result<Scenario, Vec<ConfigError>> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => parse_value(&v),
        Err(e) => Err(vec![ConfigError {
            path: "(root)".into(),
            message: format!("invalid JSON at line {} column {}: {}", e.line(), e.column(), e),
        }]),
    }
}

/// Validate an already parsed JSON value.
pub fn parse_value(v: &Value) -> Result<Scenario, Vec<ConfigError>> {
    let mut p = Problems::default();
    let sc = scenario(v, &mut p);
    if p.0.is_empty() {
        Ok(sc)
    } else {
        Err(p.0)
    }
}

fn scenario(v: &Value, p: &mut Problems) -> Scenario {
    let mut root = Obj::new(Some(v), String::new(), p);
    let schema = root.int("schema", 1, 1, Some(1), p);
    debug_assert_eq!(schema, 1);
    let id = root.string("id", Some("scenario"), p);
    let title = root.string("title", Some(""), p);
    root.string("description", Some(""), p);
    let seed = root.int("seed", 0, (1u64 << 53) - 1, Some(1), p);

    let mut stop_o = root.obj("stop", p);
    let time_s = stop_o.num("time_s", 0.001, MAX_TIME_S, Some(60.0), p);
    let when_transfers_done = stop_o.bool("when_transfers_done", true, p);
    stop_o.finish(p);

    let topology = topology(root.obj("topology", p), time_s, p);

    let mut flows = Vec::new();
    let items = root.array("flows", p);
    if items.is_empty() {
        p.push(&root.at("flows"), "needs at least one flow");
    }
    for (i, (path, fv)) in items.into_iter().enumerate() {
        flow(fv, path, i, time_s, &mut flows, p);
    }
    if flows.len() as u64 > MAX_FLOWS {
        p.push(&root.at("flows"), format!("too many connections: {} after expanding count (at most {MAX_FLOWS})", flows.len()));
    }
    for (i, f) in flows.iter().enumerate() {
        if flows[..i].iter().any(|g| g.id == f.id) {
            p.push(&format!("flows[{}].id", f.group), format!("duplicate flow id \"{}\"", f.id));
        }
    }

    if let Some(items) = root.get("cross_traffic").and_then(Value::as_array) {
        if !items.is_empty() {
            p.push("cross_traffic", "cross traffic is not available in this version (leave the array empty)");
        }
    }

    let mut obs = root.obj("observe", p);
    let sample_ms = obs.num("sample_ms", 1.0, 600_000.0, Some(100.0), p);
    let throughput_window_ms = obs.num("throughput_window_ms", 1.0, 600_000.0, Some(500.0), p);
    let trace = obs.bool("trace", false, p);
    let mut shadow_classifiers = Vec::new();
    for (path, cv) in obs.array("shadow_classifiers", p) {
        match cv.as_str() {
            Some(s) => {
                if let Some(id) = classifier_id(s, &path, p) {
                    shadow_classifiers.push(id);
                }
            }
            None => p.push(&path, "must be a classifier id string"),
        }
    }
    obs.finish(p);
    root.finish(p);

    let series = (flows.len() * 4 + 5) as f64;
    if time_s * 1000.0 / sample_ms * series > MAX_POINTS {
        p.push(
            "observe.sample_ms",
            format!(
                "would record {} series points (at most {}); raise sample_ms or shorten stop.time_s",
                show((time_s * 1000.0 / sample_ms * series).round()),
                show(MAX_POINTS)
            ),
        );
    }
    Scenario { id, title, seed, stop: Stop { time_s, when_transfers_done }, topology, flows, observe: Observe { sample_ms, throughput_window_ms, shadow_classifiers, trace } }
}

fn topology(mut o: Obj, time_s: f64, p: &mut Problems) -> Topology {
    let kind = o.choice("kind", &["dumbbell"], Some("dumbbell"), p);
    debug_assert_eq!(kind, "dumbbell");
    let access = link(o.obj("access", p), 100e6, 0.1, 1000, time_s, p);
    let bottleneck = link(o.obj("bottleneck", p), 1e6, 10.0, 100, time_s, p);
    o.finish(p);
    Topology::Dumbbell { access, bottleneck }
}

fn link(mut o: Obj, rate: f64, delay: f64, limit: u64, time_s: f64, p: &mut Problems) -> LinkSpec {
    let framing_bytes = o.int("framing_bytes", 0, 1000, Some(0), p) as u32;
    let forward = direction(&mut o, None, rate, delay, limit, time_s, p);
    let mut r = o.obj("reverse", p);
    let reverse = direction(&mut r, Some(&forward), rate, delay, limit, time_s, p);
    r.finish(p);
    o.finish(p);
    LinkSpec { forward, reverse, framing_bytes }
}

fn direction(o: &mut Obj, fwd: Option<&DirSpec>, rate: f64, delay: f64, limit: u64, time_s: f64, p: &mut Problems) -> DirSpec {
    let rate_bps = o.num("rate_bps", 1.0, MAX_RATE_BPS, Some(fwd.map_or(rate, |f| f.rate_bps)), p);
    if rate_bps * time_s > MAX_LINK_BITS {
        p.push(
            &o.at("rate_bps"),
            format!("rate × stop.time_s = {} bits exceeds the cap of {} bits per link; shorten stop.time_s", show(rate_bps * time_s), show(MAX_LINK_BITS)),
        );
    }
    let delay_ms = o.num("delay_ms", 0.0, 10_000.0, Some(fwd.map_or(delay, |f| f.delay_ms)), p);
    let queue = match (o.has("queue"), fwd) {
        (false, Some(f)) => f.queue.clone(),
        _ => queue(o.obj("queue", p), limit, p),
    };
    let errors = errors(o.obj("errors", p), p);
    DirSpec { rate_bps, delay_ms, queue, errors }
}

fn queue(mut o: Obj, limit: u64, p: &mut Problems) -> QueueSpec {
    let kind = o.choice("kind", &["drop_tail", "red", "dual_threshold"], Some("drop_tail"), p);
    if kind != "drop_tail" {
        p.push(&o.at("kind"), format!("queue \"{kind}\" is not available in this version (available: drop_tail)"));
    }
    let limit_pkts = o.int("limit_pkts", 1, MAX_QUEUE_PKTS, Some(limit), p) as u32;
    let counts_in_service = o.bool("counts_in_service", false, p);
    o.finish(p);
    QueueSpec::DropTail { limit_pkts, counts_in_service }
}

const ERROR_KINDS: &[&str] = &["none", "bit_error", "packet_error", "gilbert_elliott", "drop_list", "burst"];

fn errors(mut o: Obj, p: &mut Problems) -> ErrorSpec {
    let kind = o.choice("kind", ERROR_KINDS, Some("none"), p);
    let spec = match kind {
        "none" => ErrorSpec::None,
        "bit_error" => {
            let ber = o.num("ber", 0.0, 0.5, None, p);
            let header_bytes = o.int("header_bytes", 0, 1500, Some(24), p) as u32;
            ErrorSpec::BitError { ber, header_bytes }
        }
        "packet_error" => ErrorSpec::PacketError { per: o.num("per", 0.0, 1.0, None, p) },
        other => {
            p.push(&o.at("kind"), format!("error model \"{other}\" is not available in this version (available: none, bit_error, packet_error)"));
            ErrorSpec::None
        }
    };
    o.finish(p);
    spec
}

fn classifier_id(s: &str, path: &str, p: &mut Problems) -> Option<&'static str> {
    match classify::ALL.iter().find(|c| **c == s) {
        Some(id) if classify::AVAILABLE.contains(id) => Some(id),
        Some(id) => {
            p.push(path, format!("classifier \"{id}\" is not available in this version (available: {})", classify::AVAILABLE.join(", ")));
            None
        }
        None => {
            p.push(path, super::reader::unknown_value(s, classify::ALL));
            None
        }
    }
}

fn flow(v: &Value, path: String, group: usize, time_s: f64, out: &mut Vec<FlowSpec>, p: &mut Problems) {
    let mut o = Obj::new(Some(v), path, p);
    let id = o.string("id", Some(&format!("f{group}")), p);
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        p.push(&o.at("id"), format!("\"{id}\" must be non-empty and use only letters, digits, _ and -"));
    }
    let count = o.int("count", 1, MAX_FLOWS, Some(1), p);
    let start_s = o.num("start_s", 0.0, time_s, Some(0.0), p);
    let bytes = match o.get("bytes") {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.int("bytes", 1, 1_000_000_000_000, None, p)),
    };
    let tcp = tcp(o.obj("tcp", p), p);
    o.finish(p);
    for k in 0..count.min(MAX_FLOWS + 1) {
        let id = if count == 1 { id.clone() } else { format!("{id}.{k}") };
        out.push(FlowSpec { id, group, start_s, bytes, tcp: tcp.clone() });
    }
}

fn tcp(mut o: Obj, p: &mut Problems) -> TcpConfig {
    let cc_path = o.at("cc");
    let cc_id = o.choice("cc", cc::ALL, Some("new_reno"), p);
    if !cc::AVAILABLE.contains(&cc_id) {
        p.push(&cc_path, format!("variant \"{cc_id}\" is not available in this version (available: {})", cc::AVAILABLE.join(", ")));
    }
    let cl_path = o.at("classifier");
    let cl = match o.get("classifier") {
        None | Some(Value::Null) => "always_congestion",
        Some(Value::String(s)) => classifier_id(s, &cl_path, p).unwrap_or("always_congestion"),
        Some(_) => {
            p.push(&cl_path, "must be a classifier id string");
            "always_congestion"
        }
    };
    let prof = o.choice("profile", profile::PROFILES, Some("rfc"), p);
    let d = profile::defaults(prof);
    let mss_bytes = o.int("mss_bytes", 64, 65_000, Some(d.mss_bytes as u64), p) as u32;
    let iw_default = if prof == "rfc" { profile::rfc5681_initial_window(mss_bytes) } else { d.initial_window_pkts };
    let c = TcpConfig {
        cc: cc_id,
        classifier: cl,
        profile: prof,
        mss_bytes,
        rwnd_bytes: o.int("rwnd_bytes", 1, 1 << 30, Some(d.rwnd_bytes), p),
        initial_window_pkts: o.int("initial_window_pkts", 1, 1000, Some(iw_default as u64), p) as u32,
        sack: o.bool("sack", d.sack, p),
        timestamps: o.bool("timestamps", d.timestamps, p),
        delayed_ack_ms: o.num("delayed_ack_ms", 0.0, 500.0, Some(d.delayed_ack_ms), p),
        min_rto_ms: o.num("min_rto_ms", 1.0, 600_000.0, Some(d.min_rto_ms), p),
        initial_rto_ms: o.num("initial_rto_ms", 1.0, 600_000.0, Some(d.initial_rto_ms), p),
        max_rto_ms: o.num("max_rto_ms", 1.0, 1e9, Some(d.max_rto_ms), p),
        clock_granularity_ms: o.num("clock_granularity_ms", 0.0, 1000.0, Some(d.clock_granularity_ms), p),
        cwnd_growth: match o.choice("cwnd_growth", &["packet", "byte"], Some(d.cwnd_growth.id()), p) {
            "byte" => CwndGrowth::Byte,
            _ => CwndGrowth::Packet,
        },
        handshake: o.bool("handshake", d.handshake, p),
        dupack_threshold: o.int("dupack_threshold", 1, 100, Some(d.dupack_threshold as u64), p) as u32,
        rtt_tick_ms: o.num("rtt_tick_ms", 0.0, 1000.0, Some(d.rtt_tick_ms), p),
        rtt_sampling: match o.choice("rtt_sampling", &["per_ack", "one_per_rtt"], Some("per_ack"), p) {
            "one_per_rtt" => RttSampling::OnePerRtt,
            _ => RttSampling::PerAck,
        },
        limited_transmit: o.bool("limited_transmit", d.limited_transmit, p),
        newreno_exit: match o.choice("newreno_exit", &["base", "rfc"], Some("base"), p) {
            "rfc" => NewRenoExit::Rfc,
            _ => NewRenoExit::Base,
        },
        recover_guard: o.bool("recover_guard", d.recover_guard, p),
        ld_rto_keep_window: o.bool("ld_rto_keep_window", d.ld_rto_keep_window, p),
    };
    if c.min_rto_ms > c.max_rto_ms {
        p.push(&o.at("min_rto_ms"), format!("must not exceed max_rto_ms ({})", show(c.max_rto_ms)));
    }
    o.finish(p);
    c
}

#[cfg(test)]
mod tests {
    use super::super::reader::child;
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        parse(text).err().unwrap_or_default().iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn minimal_scenario_gets_defaults() {
        let sc = parse(r#"{"flows":[{}]}"#).unwrap();
        assert_eq!(sc.flows.len(), 1);
        assert_eq!(sc.flows[0].id, "f0");
        assert_eq!(sc.flows[0].tcp.cc, "new_reno");
        assert_eq!(sc.stop.time_s, 60.0);
    }

    #[test]
    fn count_expands_to_parallel_connections() {
        let sc = parse(r#"{"flows":[{"id":"ld","count":3,"bytes":1000}]}"#).unwrap();
        let ids: Vec<&str> = sc.flows.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["ld.0", "ld.1", "ld.2"]);
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let errs = problems(
            r#"{"schema":1,"topology":{"bottleneck":{"rate_bps":-5,"delay_ms":10,"errors":{"kind":"bit_error","ber":2}}},
               "flows":[{"tcp":{"cc":"renoo","mss_byte":1000}}],"observ":{}}"#,
        );
        assert!(errs.contains(&"topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got -5)".to_string()), "{errs:?}");
        assert!(errs.contains(&"topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)".to_string()), "{errs:?}");
        assert!(errs.iter().any(|e| e.starts_with("flows[0].tcp.cc: unknown value \"renoo\" (did you mean \"reno\"?")), "{errs:?}");
        assert!(errs.contains(&"flows[0].tcp.mss_byte: unknown field \"mss_byte\" (did you mean \"mss_bytes\"?)".to_string()), "{errs:?}");
        assert!(errs.contains(&"observ: unknown field \"observ\" (did you mean \"observe\"?)".to_string()), "{errs:?}");
        assert_eq!(errs.len(), 5, "{errs:?}");
    }

    #[test]
    fn rejects_runaway_and_malformed_input() {
        assert!(problems("{").first().unwrap().starts_with("(root): invalid JSON"));
        assert!(problems("[]")[0].starts_with("(root): must be an object"));
        let errs = problems(r#"{"stop":{"time_s":90000},"topology":{"bottleneck":{"rate_bps":1e9}},"flows":[{}]}"#);
        assert!(errs.iter().any(|e| e.starts_with("topology.bottleneck.rate_bps: rate × stop.time_s")), "{errs:?}");
        let errs = problems(r#"{"flows":[{"count":5000}]}"#);
        assert_eq!(errs, vec!["flows[0].count: must be between 1 and 1000 (got 5000)"]);
        let errs = problems(r#"{"flows":[{"id":"a"},{"id":"a"}]}"#);
        assert_eq!(errs, vec!["flows[1].id: duplicate flow id \"a\""]);
    }

    #[test]
    fn profile_fields_can_be_overridden() {
        let sc = parse(r#"{"flows":[{"tcp":{"profile":"freebsd45","delayed_ack_ms":0,"initial_window_pkts":4}}]}"#).unwrap();
        let t = &sc.flows[0].tcp;
        assert_eq!((t.mss_bytes, t.delayed_ack_ms, t.initial_window_pkts), (1448, 0.0, 4));
        assert_eq!(child("a", "b"), "a.b");
    }
}
