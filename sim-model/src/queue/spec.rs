//! A queue's configuration (`queue` of a link direction, docs/design.md §D4): [`QueueSpec`] and its
//! [`Discipline`], the knobs every discipline shares (`limit_pkts`, `counts_in_service`), the
//! list of disciplines ([`KINDS`], each declared in its own file) and the reader of a `queue`
//! object.

use super::{congestion_warning, drop_tail, dual_threshold, red};
use crate::json_reader::{Obj, Problems};
use crate::limits::MAX_QUEUE_PKTS;
use crate::param::{kind_ids, Component, Knobs, ParamSpec};
use serde::Serialize;
use serde_json::Value;

/// Queue of a link direction: a discipline, its hard limit, and optional congestion-warning marks.
/// Serialised as in a scenario file: the discipline's `kind` and knobs beside the shared ones.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueueSpec {
    /// Which discipline decides about arriving packets.
    #[serde(flatten)]
    pub discipline: Discipline,
    /// Hard capacity in packets: an arrival that finds the buffer full is tail-dropped.
    pub limit_pkts: u32,
    /// Whether the packet in service counts against the limit and the averages (docs/design.md A24).
    pub counts_in_service: bool,
    /// Mark data packets when the average queue is high (docs/design.md §3.3); `None` = no marking.
    pub congestion_warning: Option<congestion_warning::Params>,
}

/// The drop policy of a queue (`queue.kind`), with its knobs (declared in the discipline's file).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Discipline {
    /// Tail drop at `limit_pkts` (`drop_tail`).
    DropTail,
    /// Random Early Detection (`red`, Floyd & Jacobson 1993).
    Red(red::Params),
    /// Gurtov's dual threshold (`dual_threshold`): one early drop when the queue reaches a soft limit.
    DualThreshold(dual_threshold::Params),
}

/// How a discipline's file reads its fields (the shared knobs read already; `limit_pkts` given).
pub type Reader = fn(&mut Knobs, u32, &mut Problems) -> Discipline;

/// A queue discipline's entry: catalog text, knobs and reader.
pub type QueueKind = Component<Reader>;

/// The disciplines (`queue.kind`), in catalog order: the one list of them. A discipline is its
/// file (entry, `Params`, reader, queue) and a line here, plus its variant of [`Discipline`] and
/// its arm of `queue::build`, which the compiler asks for.
pub const KINDS: &[QueueKind] = &[drop_tail::KIND, red::KIND, dual_threshold::KIND];

/// Options any queue may carry, each an object under its id (`queue.congestion_warning`).
pub const OPTIONS: &[Component] = &[congestion_warning::KIND];

/// The knobs of every discipline: the hard limit and what counts against it.
pub(crate) fn common_params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::integer(
            "limit_pkts",
            "packets",
            1,
            MAX_QUEUE_PKTS as i64,
            100,
            "Hard capacity; an arrival that finds it full is dropped (access link default 1000).",
        ),
        ParamSpec::boolean(
            "counts_in_service",
            false,
            "The packet being transmitted counts against the limit and the averages.",
        ),
    ]
}

impl QueueSpec {
    /// Read a `queue` object; `limit` is the link's default `limit_pkts`.
    pub fn read(mut o: Obj, limit: u64, p: &mut Problems) -> QueueSpec {
        let kind = o.choice("kind", &kind_ids(KINDS), Some("drop_tail"), p);
        let entry = KINDS
            .iter()
            .find(|k| k.info.id == kind)
            .unwrap_or(&KINDS[0]);
        let mut k = Knobs::new(&mut o, (entry.params)());
        let limit_pkts = k.int_or("limit_pkts", limit, p) as u32;
        let counts_in_service = k.flag("counts_in_service", p);
        let discipline = (entry.read)(&mut k, limit_pkts, p);
        let congestion_warning = match o.get("congestion_warning") {
            None | Some(Value::Null) => None,
            Some(_) => Some(congestion_warning::read(o.obj("congestion_warning", p), p)),
        };
        o.finish(p);
        QueueSpec {
            discipline,
            limit_pkts,
            counts_in_service,
            congestion_warning,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Topology;
    use crate::{parse, problems};

    #[test]
    fn queue_fields_are_validated() {
        let sc = parse(
            r#"{"topology": {"bottleneck": {"queue": {"kind": "red", "limit_pkts": 20, "gentle": true,
            "congestion_warning": {}}}}, "flows": [{}]}"#,
        )
        .unwrap();
        let Topology::Dumbbell { bottleneck, .. } = &sc.topology else {
            panic!()
        };
        // docs/design.md A7: min_th = B/4 = 5, max_th = 3B/4 = 15; A15: w_q 0.002, th_cw 5.
        let q = &bottleneck.forward.queue;
        let Discipline::Red(r) = &q.discipline else {
            panic!("{:?}", q.discipline)
        };
        assert_eq!(
            (r.min_th_pkts, r.max_th_pkts, r.max_p, r.w_q),
            (5.0, 15.0, 0.1, 0.002)
        );
        assert_eq!((r.gentle, r.mean_packet_bytes), (true, None));
        let cw = q.congestion_warning.unwrap();
        assert_eq!(
            (cw.w_q, cw.threshold_pkts, cw.instantaneous),
            (0.002, 5.0, false)
        );
        assert_eq!(
            bottleneck.reverse.queue, *q,
            "the reverse direction inherits the queue"
        );
        let errs = problems(
            r#"{"topology": {"bottleneck": {"queue": {"kind": "red", "min_th_pkts": 10, "max_th_pkts": 8, "w_q": 0},
                "reverse": {"queue": {"kind": "dual_threshold", "limit_pkts": 10, "soft_pkts": 10,
                                      "congestion_warning": {"treshold_pkts": 3}}}}},
               "flows": [{}]}"#,
        );
        assert_eq!(
            errs,
            [
                "topology.bottleneck.queue.max_th_pkts: must be larger than min_th_pkts (10)",
                "topology.bottleneck.queue.w_q: must be between 0.000001 and 1 (got 0)",
                "topology.bottleneck.reverse.queue.soft_pkts: must be smaller than limit_pkts (10)",
                "topology.bottleneck.reverse.queue.congestion_warning.treshold_pkts: unknown field \"treshold_pkts\" (did you mean \"threshold_pkts\"?)",
            ]
        );
    }
}
