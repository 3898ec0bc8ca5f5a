//! Property tests over random scenarios: packets are conserved, time never decreases,
//! application bytes arrive in order exactly once, cwnd never falls below one segment, and the
//! same seed gives the same result.

use proptest::prelude::*;
use serde_json::{json, Value};
use sim_core::tcp::cc;
use sim_core::RunStatus;

fn errors() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({ "kind": "none" })),
        (1e-7f64..3e-5).prop_map(|ber| json!({ "kind": "bit_error", "ber": ber })),
        (0.0f64..0.2).prop_map(|per| json!({ "kind": "packet_error", "per": per })),
        (0.0001f64..0.1).prop_map(|bad| json!({ "kind": "gilbert_elliott", "bad_s": bad })),
        (0.0f64..3.0, 0.1f64..2.0)
            .prop_map(|(s, d)| json!({ "kind": "burst", "start_s": s, "duration_s": d })),
    ]
}

fn flow() -> impl Strategy<Value = Value> {
    (
        0..cc::AVAILABLE.len(),
        any::<bool>(),
        prop_oneof![Just(0.0), Just(100.0), Just(200.0)],
        any::<bool>(),
        prop_oneof![
            Just(Value::Null),
            (1_000u64..400_000).prop_map(|b| json!(b))
        ],
        0.0f64..1.0,
        prop::sample::select(vec![
            "rfc",
            "freebsd45",
            "linux24",
            "ns2",
            "ns2_2006",
            "ns3",
        ]),
        1u32..4,
    )
        .prop_map(|(cc_i, sack, delack, ts, bytes, start, profile, count)| {
            json!({ "count": count, "start_s": start, "bytes": bytes,
                    "tcp": { "cc": cc::AVAILABLE[cc_i], "sack": sack, "delayed_ack_ms": delack,
                             "timestamps": ts, "profile": profile } })
        })
}

fn scenario() -> impl Strategy<Value = Value> {
    (
        64e3f64..10e6,
        0.0f64..100.0,
        2u64..200,
        errors(),
        errors(),
        prop::collection::vec(flow(), 1..4),
        1.0f64..10.0,
        0u64..1000,
    )
        .prop_map(|(rate, delay, limit, fwd, rev, flows, time_s, seed)| {
            json!({ "seed": seed, "stop": { "time_s": time_s },
                    "topology": { "kind": "dumbbell",
                        "bottleneck": { "rate_bps": rate, "delay_ms": delay,
                                        "queue": { "kind": "drop_tail", "limit_pkts": limit },
                                        "errors": fwd, "reverse": { "errors": rev } } },
                    "flows": flows, "observe": { "sample_ms": 50 } })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_at_every_slice(v in scenario(), slice_ms in 5.0f64..400.0) {
        let mut sim = sim_core::budget::simulation(&v.to_string()).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        let mut last_t = sim.now();
        let mut delivered: Vec<u64> = vec![0; sim.flows.len()];
        let mut t = 0.0;
        loop {
            t += slice_ms;
            let status = sim.run_until(sim_core::time::SimTime::from_millis_f64(t), u64::MAX).unwrap();
            prop_assert!(sim.now() >= last_t, "time went backwards");
            last_t = sim.now();
            let l = sim.ledger();
            prop_assert_eq!(l.injected, l.delivered + l.dropped + l.in_flight, "packets not conserved: {:?}", l);
            for (i, f) in sim.flows.iter().enumerate() {
                let got = f.receiver.delivered();
                prop_assert!(got >= delivered[i], "delivered bytes went down");
                delivered[i] = got;
                // In order, exactly once: the receiver's in-order point lies between what the
                // sender knows is acknowledged and what it has sent, and never past the transfer.
                prop_assert!(f.sender.snd_una() <= got && got <= f.sender.snd_max());
                if let Some(total) = f.bytes {
                    prop_assert!(got <= total);
                    prop_assert_eq!(f.receiver.completed_at.is_some(), got == total);
                }
                let mss = sim.scenario().flows[i].tcp.mss_bytes as f64;
                prop_assert!(f.sender.cwnd >= mss, "cwnd {} < MSS {}", f.sender.cwnd, mss);
                prop_assert!(f.sender.cwnd.is_finite() && f.sender.ssthresh.is_finite());
            }
            if status == RunStatus::Finished {
                break;
            }
        }
        prop_assert!(sim.now() <= sim.stop_at());
    }

    #[test]
    fn same_seed_same_summary(v in scenario()) {
        let run = || {
            let mut sim = sim_core::budget::simulation(&v.to_string()).unwrap();
            sim.run().unwrap();
            // Points compared bit for bit: an undefined value is NaN, and NaN != NaN.
            let points: Vec<u64> = sim.take_points().iter().map(|x| x.to_bits()).collect();
            (sim.summary(), points)
        };
        prop_assert_eq!(run(), run());
    }
}
