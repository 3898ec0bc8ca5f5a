//! Tests of the packet view's path trace: it agrees with the run's own loss counters, a tail
//! drop appears only at a full queue, verdicts carry the truth, and turning it on changes nothing.

use super::{HitPlace, PathEvent, What};
use crate::engine::Simulation;
use crate::packet::Cause;
use serde_json::json;
use std::collections::BTreeSet;

/// Two NewReno flows over a 1 Mbit/s bottleneck with a 12-packet drop-tail queue and bit errors
/// (BER 2e-6: about 2 % of 1500-byte packets hit; a hit in the first 300 bytes counts as
/// the header so both places occur), 20 s.
fn scenario() -> String {
    json!({
        "schema": 1, "id": "path-trace-test", "seed": 3,
        "stop": { "time_s": 20, "when_transfers_done": true },
        "topology": { "kind": "dumbbell",
            "access": { "rate_bps": 100e6, "delay_ms": 0.1, "queue": { "kind": "drop_tail", "limit_pkts": 1000 } },
            "bottleneck": { "rate_bps": 1e6, "delay_ms": 10,
                "queue": { "kind": "drop_tail", "limit_pkts": 12 },
                "errors": { "kind": "bit_error", "ber": 2e-6, "header_bytes": 300 } } },
        "flows": [{ "id": "f", "count": 2, "bytes": null,
            "tcp": { "cc": "new_reno", "classifier": "spike" } }],
        "observe": { "sample_ms": 100 }
    })
    .to_string()
}

fn traced() -> (Simulation, Vec<PathEvent>) {
    let mut sim = crate::engine::test_simulation(&scenario()).expect("valid");
    sim.enable_path_trace();
    let mut all = Vec::new();
    // Drained in slices, as the browser does.
    let mut t = 0.0;
    while !sim.is_finished() {
        t += 1000.0;
        sim.run_until(crate::time::SimTime::from_millis_f64(t), u64::MAX)
            .expect("run");
        all.extend(sim.take_path_events());
    }
    (sim, all)
}

#[test]
fn corrupted_and_dropped_data_packets_match_the_summary_loss_counts() {
    let (sim, evs) = traced();
    let s = sim.summary();
    let dropped: BTreeSet<u64> = evs
        .iter()
        .filter_map(|e| match e {
            PathEvent::Drop { pkt, .. } if pkt.what == What::Data => Some(pkt.id),
            _ => None,
        })
        .collect();
    // A data packet hit on any link and not refused by a later queue is a corruption loss.
    let corrupted: BTreeSet<u64> = evs
        .iter()
        .filter_map(|e| match e {
            PathEvent::Hop { pkt, hit, .. } if pkt.what == What::Data && *hit != HitPlace::None => {
                Some(pkt.id)
            }
            _ => None,
        })
        .filter(|id| !dropped.contains(id))
        .collect();
    let queue: u64 = s.flows.iter().map(|f| f.losses_queue).sum();
    let corruption: u64 = s.flows.iter().map(|f| f.losses_corruption).sum();
    assert!(
        queue > 0 && corruption > 0,
        "the scenario has both: {queue} {corruption}"
    );
    assert_eq!(dropped.len() as u64, queue);
    assert_eq!(corrupted.len() as u64, corruption);
    // Both places are seen, and each link's counter agrees.
    let hits = |place| {
        evs.iter()
            .filter(|e| matches!(e, PathEvent::Hop { hit, .. } if *hit == place))
            .count() as u64
    };
    assert!(hits(HitPlace::Header) > 0 && hits(HitPlace::Payload) > 0);
    let link_corrupted: u64 = sim.link_stats().iter().map(|(_, c)| c.corrupted).sum();
    assert_eq!(
        hits(HitPlace::Header) + hits(HitPlace::Payload),
        link_corrupted
    );
    assert_eq!(sim.path_dropped(), 0);
}

#[test]
fn a_queue_drop_appears_only_when_the_queue_is_full() {
    let (sim, evs) = traced();
    let links = sim.path_links();
    let mut drops = 0;
    for e in &evs {
        match *e {
            PathEvent::Drop {
                cause,
                queued,
                limit,
                link,
                ..
            } => {
                drops += 1;
                assert_eq!(cause, Cause::QueueOverflow);
                assert_eq!(limit, links[link as usize].limit_pkts);
                // Drop-tail counts the waiting packets, not the one in service.
                assert!(queued > limit, "dropped at {queued} of {limit}");
            }
            PathEvent::Hop { ahead, link, .. } => {
                assert!(
                    ahead <= links[link as usize].limit_pkts,
                    "accepted past the limit"
                );
            }
            _ => {}
        }
    }
    assert!(drops > 0);
}

#[test]
fn hops_are_ordered_in_time_and_chain_along_the_route() {
    let (sim, evs) = traced();
    let routes = sim.path_routes();
    assert_eq!(routes.len(), 2);
    assert_eq!(routes[0].classifier, "spike");
    let mut prev = 0.0;
    for e in &evs {
        assert!(e.t_ms() >= prev, "records out of order");
        prev = e.t_ms();
        if let PathEvent::Hop {
            offer_ms,
            start_ms,
            depart_ms,
            arrive_ms,
            ..
        } = *e
        {
            assert!(offer_ms <= start_ms && start_ms < depart_ms && depart_ms <= arrive_ms);
        }
    }
    // The first data packet of flow 0 crosses the data route link by link.
    let first: Vec<u32> = evs
        .iter()
        .filter_map(|e| match e {
            PathEvent::Hop { pkt, link, .. } if pkt.what == What::Data && pkt.flow == 0 => {
                Some((pkt.id, *link))
            }
            _ => None,
        })
        .scan(None, |id, (i, l)| {
            let keep = id.is_none_or(|x| x == i);
            *id = Some(id.unwrap_or(i));
            Some(keep.then_some(l))
        })
        .flatten()
        .collect();
    assert_eq!(first, routes[0].data);
}

#[test]
fn verdicts_carry_the_truth_and_dup_acks_and_retransmissions_show() {
    let (sim, evs) = traced();
    let verdicts: Vec<_> = evs
        .iter()
        .filter_map(|e| match e {
            PathEvent::Verdict { verdict, truth, .. } => Some((*verdict, *truth)),
            _ => None,
        })
        .collect();
    let judged: u64 = sim
        .summary()
        .flows
        .iter()
        .map(|f| f.verdicts_congestion + f.verdicts_wireless)
        .sum();
    assert_eq!(verdicts.len() as u64, judged);
    assert!(verdicts
        .iter()
        .any(|(_, t)| t.is_some_and(Cause::is_congestion)));
    assert!(verdicts
        .iter()
        .any(|(_, t)| t.is_some_and(Cause::is_corruption)));
    let retx = evs
        .iter()
        .filter(|e| matches!(e, PathEvent::Hop { pkt, hop: 0, .. } if pkt.retx))
        .count();
    let dup = evs
        .iter()
        .filter(|e| matches!(e, PathEvent::Hop { pkt, hop: 0, .. } if pkt.dup_ack))
        .count();
    assert!(retx > 0 && dup >= 3 * verdicts.len().min(1));
}

#[test]
fn turning_the_trace_on_changes_no_result() {
    let mut plain = crate::engine::test_simulation(&scenario()).expect("valid");
    plain.run().expect("run");
    assert!(!plain.path_trace_on());
    assert!(plain.take_path_events().is_empty());
    let (traced, _) = traced();
    assert_eq!(
        crate::csv::summary_csv(&plain.summary()),
        crate::csv::summary_csv(&traced.summary())
    );
    assert_eq!(plain.events_done(), traced.events_done());
}
