//! Random Early Detection (Floyd & Jacobson, "Random Early Detection Gateways for Congestion
//! Avoidance", IEEE/ACM ToN 1993, §4 and Fig. 2), with Floyd's "gentle" variant (2000).
//!
//! On every arrival (q = packets waiting, or in the system if `counts_in_service`):
//!
//!   avg ← (1 − w_q)^m·avg after an idle period, m = idle/s      (s: time of a typical packet)
//!   avg ← (1 − w_q)·avg + w_q·q                                 ([`super::update_average`])
//!
//!   min_th ≤ avg < max_th:  count ← count + 1
//!                           p_b = max_p·(avg − min_th)/(max_th − min_th)
//!                           p_a = p_b/(1 − count·p_b)            (1 once count·p_b ≥ 1)
//!                           drop with probability p_a; on a drop count ← 0
//!   max_th ≤ avg:           drop (count ← 0); gentle: while avg < 2·max_th use
//!                           p_b = max_p + (1 − max_p)·(avg − max_th)/max_th with the same spacing
//!   avg < min_th:           count ← −1
//!
//! The count makes the gap between early drops uniform on {1, …, 1/p_b − 1} for a steady avg,
//! instead of geometric. Early drops carry `Cause::AqmDrop`; an arrival that finds `limit_pkts`
//! packets is tail-dropped (`QueueOverflow`, "forced drop") and also resets the count.
//! Defaults follow docs/design.md A7 (w_q = 0.002, max_p = 0.1, min_th = B/4, max_th = 3B/4, gentle off).
//! Random draws come from the direction's own stream `link:<name>:red`.

use super::spec::common_params;
use super::spec::{Discipline, QueueKind};
use super::{update_average, Admit, QueueDiscipline, QueueView};
use crate::json_reader::{show, Problems};
use crate::limits::MAX_QUEUE_PKTS;
use crate::packet::Cause;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use crate::time::SimTime;
use serde::Serialize;
use serde_json::Value;

// ===== Configuration (`queue.kind: "red"`) =====

/// Catalog entry and knobs of `red`.
pub(crate) const KIND: QueueKind = Component {
    info: Info {
        id: "red",
        title: "RED",
        description: "Random Early Detection: drops arrivals with a probability that rises with the average queue.",
        reference: "Floyd & Jacobson, \"Random early detection gateways for congestion avoidance\", IEEE/ACM ToN 1(4), 1993",
    },
    mode: None,
    params,
    read: |k, limit, p| Discipline::Red(read(k, limit, p)),
};

fn params() -> Vec<ParamSpec> {
    let mut k = common_params();
    k.extend([
        ParamSpec::number("min_th_pkts", "packets", 0.0, MAX_QUEUE_PKTS as f64, 25.0, "Average queue where early drops start (null = limit_pkts/4); below max_th_pkts.")
            .with_default(Value::Null),
        ParamSpec::number("max_th_pkts", "packets", 0.0, MAX_QUEUE_PKTS as f64, 75.0, "Average queue where the drop probability reaches max_p (null = 3·limit_pkts/4); above min_th_pkts.")
            .with_default(Value::Null),
        ParamSpec::number("max_p", "", 0.0, 1.0, 0.1, "Drop probability at max_th_pkts."),
        ParamSpec::number("w_q", "", 1e-6, 1.0, 0.002, "EWMA weight of the average queue."),
        ParamSpec::boolean("gentle", false, "Gentle RED: the probability rises from max_p to 1 between max_th and 2·max_th."),
        ParamSpec::integer("mean_packet_bytes", "bytes", 1, 65_535, 1500, "Typical packet size for the idle-time correction (null = the arriving packet's size).")
            .with_default(Value::Null),
    ]);
    k
}

/// The knobs of RED (`Discipline::Red`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Lower threshold of the average queue (min_th), packets.
    pub min_th_pkts: f64,
    /// Upper threshold of the average queue (max_th), packets.
    pub max_th_pkts: f64,
    /// Drop probability reached at `max_th_pkts` (max_p).
    pub max_p: f64,
    /// EWMA weight of the average queue (w_q).
    pub w_q: f64,
    /// Gentle RED: probability rises linearly from `max_p` to 1 between max_th and 2·max_th.
    pub gentle: bool,
    /// Size of a typical packet for the idle-time correction; `None` = the arriving packet's size.
    pub mean_packet_bytes: Option<u32>,
}

/// The RED fields of a `queue` object; min_th < max_th.
pub(crate) fn read(k: &mut Knobs, limit_pkts: u32, p: &mut Problems) -> Params {
    // docs/design.md A7: min_th = B/4, max_th = 3B/4, w_q = 0.002, max_p = 0.1, gentle off.
    let b = limit_pkts as f64;
    let min_th_pkts = k.num_or("min_th_pkts", b / 4.0, p);
    let max_th_path = k.at("max_th_pkts");
    let max_th_pkts = k.num_or("max_th_pkts", 3.0 * b / 4.0, p);
    if max_th_pkts <= min_th_pkts {
        p.push(
            &max_th_path,
            format!("must be larger than min_th_pkts ({})", show(min_th_pkts)),
        );
    }
    let max_p = k.num("max_p", p);
    let w_q = k.num("w_q", p);
    let gentle = k.flag("gentle", p);
    let mean_packet_bytes = k.opt_int("mean_packet_bytes", p).map(|x| x as u32);
    Params {
        min_th_pkts,
        max_th_pkts,
        max_p,
        w_q,
        gentle,
        mean_packet_bytes,
    }
}

impl Params {
    /// The queue of these knobs with hard capacity `limit_pkts`, drawing from `rng`.
    pub fn build(
        &self,
        limit_pkts: u32,
        counts_in_service: bool,
        rng: SimRng,
    ) -> Box<dyn QueueDiscipline> {
        Box::new(Red::new(*self, limit_pkts, counts_in_service, rng))
    }
}

/// RED queue state.
#[derive(Debug)]
pub struct Red {
    /// The knobs (validated by the scenario parser).
    p: Params,
    /// Hard capacity, packets.
    limit_pkts: u32,
    /// Whether the packet in service counts in q and against the limit.
    counts_in_service: bool,
    /// Average queue, packets.
    avg: f64,
    /// Packets since the last early drop (−1: avg below min_th).
    count: i64,
    rng: SimRng,
}

impl Red {
    /// A RED queue with an empty average and hard capacity `limit_pkts`.
    pub fn new(p: Params, limit_pkts: u32, counts_in_service: bool, rng: SimRng) -> Self {
        Red {
            p,
            limit_pkts,
            counts_in_service,
            avg: 0.0,
            count: -1,
            rng,
        }
    }

    /// The base drop probability p_b for the current average (None below min_th; 1 = forced).
    fn p_b(&self) -> Option<f64> {
        let Params {
            min_th_pkts: lo,
            max_th_pkts: hi,
            max_p,
            gentle,
            ..
        } = self.p;
        if self.avg < lo {
            None
        } else if self.avg < hi {
            Some(max_p * (self.avg - lo) / (hi - lo))
        } else if gentle && self.avg < 2.0 * hi {
            Some(max_p + (1.0 - max_p) * (self.avg - hi) / hi)
        } else {
            Some(1.0)
        }
    }
}

impl QueueDiscipline for Red {
    fn admit(&mut self, now: SimTime, q: QueueView) -> Admit {
        let occ = q.occupied(self.counts_in_service);
        let typical = self.p.mean_packet_bytes.unwrap_or(q.wire_bytes);
        self.avg = update_average(
            self.avg,
            self.p.w_q,
            occ as f64,
            q.idle_packets(now, typical),
        );
        let early = match self.p_b() {
            None => {
                self.count = -1;
                false
            }
            Some(p_b) if p_b >= 1.0 => true,
            Some(p_b) => {
                self.count += 1;
                let denom = 1.0 - self.count as f64 * p_b;
                let p_a = if denom <= 0.0 { 1.0 } else { p_b / denom };
                self.rng.chance(p_a)
            }
        };
        if early {
            self.count = 0;
            return Admit::Drop(Cause::AqmDrop);
        }
        if occ >= self.limit_pkts {
            self.count = 0;
            return Admit::Drop(Cause::QueueOverflow);
        }
        Admit::ACCEPT
    }
    fn limit_pkts(&self) -> u32 {
        self.limit_pkts
    }
    fn average_pkts(&self) -> Option<f64> {
        Some(self.avg)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::view;
    use super::*;

    fn red(limit: u32, min: f64, max: f64, w_q: f64, gentle: bool) -> Red {
        let p = Params {
            min_th_pkts: min,
            max_th_pkts: max,
            max_p: 0.1,
            w_q,
            gentle,
            mean_packet_bytes: None,
        };
        Red::new(p, limit, false, SimRng::stream(1, "link:t:red"))
    }

    #[test]
    fn average_rises_slowly_so_a_burst_passes_untouched() {
        // docs/design.md A7 for B = 20: min_th 5, max_th 15, w_q 0.002. A back-to-back burst of 20 packets
        // sees q = 0, 1, …, 19 waiting: avg = Σ_{k=0}^{19} 0.002·k·0.998^(19−k) ≈ 0.002·Σk = 0.38
        // (exactly 0.37548) < min_th, so no early drop; the 21st packet (q = 20) meets the hard limit.
        let mut r = red(20, 5.0, 15.0, 0.002, false);
        for k in 0..20 {
            assert_eq!(
                r.admit(SimTime::ZERO, view(Some(k), 0)),
                Admit::ACCEPT,
                "packet {k}"
            );
        }
        assert_eq!(
            r.admit(SimTime::ZERO, view(Some(20), 0)),
            Admit::Drop(Cause::QueueOverflow)
        );
        let avg = r.average_pkts().unwrap();
        // The 21st arrival still updates the average: 0.998·0.37548 + 0.002·20 = 0.41473.
        assert!((avg - 0.4147).abs() < 0.002, "avg {avg}");
        // The forced drop reset the count (avg < min_th had kept it at −1 until then).
        assert_eq!(r.count, 0);
    }

    #[test]
    fn count_spaces_early_drops_uniformly() {
        // Hold avg at 10 (w_q tiny, q = 10): p_b = 0.1·(10 − 5)/(15 − 5) = 0.05. With the count,
        // P(gap = k) = p_b/(1 − p_b) for k = 1 … 1/p_b − 1 = 19: the gap never exceeds 19 and its
        // mean is (1 + 19)/2 = 10 (σ = sqrt((19² − 1)/12) = 5.48; over ≈ 2 000 gaps the standard
        // error is 0.12, tolerance 0.5). Without the count (geometric) the mean would be 20.
        let mut r = red(1000, 5.0, 15.0, 1e-12, false);
        r.avg = 10.0;
        let (mut gaps, mut since) = (Vec::new(), 0u32);
        for _ in 0..20_000 {
            since += 1;
            match r.admit(SimTime::ZERO, view(Some(10), 0)) {
                Admit::Drop(c) => {
                    assert_eq!(c, Cause::AqmDrop);
                    gaps.push(since);
                    since = 0;
                }
                a => assert_eq!(a, Admit::ACCEPT),
            }
        }
        let max = *gaps.iter().max().unwrap();
        let mean = gaps.iter().sum::<u32>() as f64 / gaps.len() as f64;
        assert!(max <= 19, "gap {max}");
        assert!((mean - 10.0).abs() < 0.5, "mean gap {mean}");
    }

    #[test]
    fn above_max_th_drops_all_unless_gentle() {
        // avg = 20 ≥ max_th = 15: classic RED drops every arrival.
        let mut r = red(1000, 5.0, 15.0, 1e-12, false);
        r.avg = 20.0;
        assert!((0..100)
            .all(|_| r.admit(SimTime::ZERO, view(Some(20), 0)) == Admit::Drop(Cause::AqmDrop)));
        // Gentle: p_b = 0.1 + 0.9·(20 − 15)/15 = 0.4, spaced by the count: the gap is uniform on
        // {1, …, ⌈1/0.4⌉ − 1}: P(1) = 0.4/0.6 = 2/3, P(2) = 1/3 → mean gap 4/3, drop share 3/4.
        // Over 20 000 arrivals (≈ 15 000 drops) the share's σ ≈ 0.003; tolerance 0.02.
        let mut g = red(1000, 5.0, 15.0, 1e-12, true);
        g.avg = 20.0;
        let drops = (0..20_000)
            .filter(|_| g.admit(SimTime::ZERO, view(Some(20), 0)) != Admit::ACCEPT)
            .count();
        assert!(
            (drops as f64 / 2e4 - 0.75).abs() < 0.02,
            "gentle drop share {}",
            drops as f64 / 2e4
        );
        // Beyond 2·max_th = 30 gentle drops everything too.
        g.avg = 31.0;
        assert_eq!(
            g.admit(SimTime::ZERO, view(Some(31), 0)),
            Admit::Drop(Cause::AqmDrop)
        );
    }

    #[test]
    fn idle_time_decays_the_average() {
        // avg = 8, link idle for 2.4 s at 1 Mbit/s with 1500-B packets: m = 2.4/0.012 = 200;
        // avg ← 0.998^200·8 = 0.670052·8 = 5.36041, then ·0.998 (q = 0 sample) = 5.34969 — still
        // above min_th = 5 (a 1e-3 tolerance covers rounding of the hand arithmetic).
        let mut r = red(100, 5.0, 15.0, 0.002, false);
        r.avg = 8.0;
        r.admit(SimTime(2_400_000_000), view(None, 0));
        let avg = r.average_pkts().unwrap();
        assert!((avg - 5.34969).abs() < 1e-3, "avg {avg}");
    }
}
