//! Congestion Warning (CW) marking of the TCP Jersey / New Jersey / NJ+ routers (docs/design.md §3.3, [NJ+]).
//!
//! On every arriving **data** packet (q = packets waiting, or in the system if `counts_in_service`):
//!
//!   after an idle time t_idle:  avg ← (1 − w_q)^m·avg,  m = t_idle/s  (s: this packet's time on the link)
//!   avg ← (1 − w_q)·avg + w_q·q                                       ([`super::update_average`])
//!   mark ⇔ avg ≥ th_cw        (or q ≥ th_cw with `instantaneous`)
//!
//! Marking is deterministic and never drops: the wrapped discipline decides about drops, and an
//! accepted data packet leaves with `cw_mark` set when the rule says so. Pure ACKs and UDP neither
//! update the average nor get marked (docs/design.md §3.3: "marks on pure ACKs are ignored").
//! Defaults (docs/design.md A15): w_q = 0.002, th_cw = 5 packets.

use super::{update_average, Admit, QueueDiscipline, QueueView};
use crate::json_reader::{Obj, Problems};
use crate::limits::MAX_QUEUE_PKTS;
use crate::packet::PacketKind;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::time::SimTime;
use serde::Serialize;

/// The knobs of congestion-warning marking of a queue (docs/design.md §3.3, NJ/NJ+ routers;
/// `QueueSpec::congestion_warning`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// EWMA weight of the average queue (docs/design.md A15: 0.002).
    pub w_q: f64,
    /// Mark while the average (or instantaneous) queue is at least this many packets (A15: 5).
    pub threshold_pkts: f64,
    /// Compare the instantaneous queue instead of the average (`cw_use_instantaneous_queue`).
    pub instantaneous: bool,
}

/// Catalog entry and knobs of the `congestion_warning` queue option.
pub(crate) const KIND: Component = Component {
    info: Info {
        id: "congestion_warning",
        title: "Congestion-warning marking",
        description: "Routers mark data packets while the average queue is at or above a threshold; receivers echo the mark (Jersey, NJ+).",
        reference: "Xu, Tian & Ansari, IEEE JSAC 2004; Kim, Koo & Choo (TCP NJ+) §3",
    },
    mode: None,
    params,
    read: (),
};

fn params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::number(
            "w_q",
            "",
            1e-6,
            1.0,
            0.002,
            "EWMA weight of the average queue.",
        ),
        ParamSpec::number(
            "threshold_pkts",
            "packets",
            0.0,
            MAX_QUEUE_PKTS as f64,
            5.0,
            "Mark while the queue is at least this long (5).",
        ),
        ParamSpec::boolean(
            "instantaneous",
            false,
            "Compare the instantaneous queue instead of the average.",
        ),
    ]
}

/// Read a `congestion_warning` object (docs/design.md A15 defaults: w_q = 0.002, th_cw = 5 packets).
pub(crate) fn read(mut o: Obj, p: &mut Problems) -> Params {
    let mut k = Knobs::new(&mut o, params());
    let w_q = k.num("w_q", p);
    let threshold_pkts = k.num("threshold_pkts", p);
    let instantaneous = k.flag("instantaneous", p);
    o.finish(p);
    Params {
        w_q,
        threshold_pkts,
        instantaneous,
    }
}

impl Params {
    /// Wrap `inner` with marking by these knobs.
    pub fn build(
        &self,
        inner: Box<dyn QueueDiscipline>,
        counts_in_service: bool,
    ) -> Box<dyn QueueDiscipline> {
        Box::new(Marked::new(
            inner,
            CongestionWarning::new(*self, counts_in_service),
        ))
    }
}

/// The CW average and rule of one queue.
#[derive(Clone, Copy, Debug)]
pub struct CongestionWarning {
    spec: Params,
    counts_in_service: bool,
    /// Average queue over data-packet arrivals, packets.
    avg: f64,
}

impl CongestionWarning {
    /// A marker with an empty average.
    pub fn new(spec: Params, counts_in_service: bool) -> Self {
        CongestionWarning {
            spec,
            counts_in_service,
            avg: 0.0,
        }
    }

    /// Update on an arrival; true if a data packet arriving now is to be marked.
    pub fn on_arrival(&mut self, now: SimTime, q: &QueueView) -> bool {
        if q.kind != PacketKind::Data {
            return false;
        }
        let occ = q.occupied(self.counts_in_service) as f64;
        self.avg = update_average(
            self.avg,
            self.spec.w_q,
            occ,
            q.idle_packets(now, q.wire_bytes),
        );
        let level = if self.spec.instantaneous {
            occ
        } else {
            self.avg
        };
        level >= self.spec.threshold_pkts
    }

    /// The current average, packets.
    pub fn average(&self) -> f64 {
        self.avg
    }
}

/// Any discipline plus congestion-warning marking.
#[derive(Debug)]
pub struct Marked {
    inner: Box<dyn QueueDiscipline>,
    cw: CongestionWarning,
}

impl Marked {
    /// Wrap `inner` with the marker `cw`.
    pub fn new(inner: Box<dyn QueueDiscipline>, cw: CongestionWarning) -> Self {
        Marked { inner, cw }
    }
}

impl QueueDiscipline for Marked {
    fn admit(&mut self, now: SimTime, q: QueueView) -> Admit {
        // The average sees every data arrival, also those the discipline then drops (as RED's does).
        let warn = self.cw.on_arrival(now, &q);
        match self.inner.admit(now, q) {
            Admit::Accept { mark } => Admit::Accept { mark: mark || warn },
            drop => drop,
        }
    }
    fn limit_pkts(&self) -> u32 {
        self.inner.limit_pkts()
    }
    fn average_pkts(&self) -> Option<f64> {
        Some(self.cw.average())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::view;
    use super::super::DropTail;
    use super::*;
    use crate::packet::Cause;

    fn marked(threshold: f64, instantaneous: bool) -> Marked {
        let spec = Params {
            w_q: 0.002,
            threshold_pkts: threshold,
            instantaneous,
        };
        Marked::new(
            Box::new(DropTail {
                limit_pkts: 50,
                counts_in_service: false,
            }),
            CongestionWarning::new(spec, false),
        )
    }

    #[test]
    fn marking_starts_when_the_average_crosses_the_threshold() {
        // Data packets keep finding q = 20 waiting: avg_n = 20·(1 − 0.998^n). It reaches th = 5 when
        // 0.998^n ≤ 0.75, n ≥ ln 0.75/ln 0.998 = 143.7, i.e. at the 144th arrival (avg_143 = 4.9791,
        // avg_144 = 5.0091). Every later data packet is marked; nothing is dropped.
        let mut m = marked(5.0, false);
        let first = (1..=300)
            .find(|_| m.admit(SimTime::ZERO, view(Some(20), 0)) == Admit::Accept { mark: true });
        assert_eq!(first, Some(144));
        assert!((m.average_pkts().unwrap() - 5.0091).abs() < 1e-3);
        assert_eq!(
            m.admit(SimTime::ZERO, view(Some(20), 0)),
            Admit::Accept { mark: true }
        );
        // Pure ACKs are neither counted nor marked.
        let mut ack = view(Some(20), 0);
        ack.kind = PacketKind::Ack;
        let before = m.average_pkts();
        assert_eq!(m.admit(SimTime::ZERO, ack), Admit::ACCEPT);
        assert_eq!(m.average_pkts(), before);
        // A full buffer still tail-drops (the marker never accepts what the discipline refuses).
        assert_eq!(
            m.admit(SimTime::ZERO, view(Some(50), 0)),
            Admit::Drop(Cause::QueueOverflow)
        );
    }

    #[test]
    fn idle_time_ends_the_warning_and_instantaneous_mode_follows_q() {
        // avg = 5.0091 after the ramp above; an idle second on 1 Mbit/s with 1500-B packets is
        // m = 1/0.012 = 83.3 packet times: avg ← 0.998^83.3·5.0091·0.998 = 0.84634·5.0091·0.998 = 4.2309 < 5.
        let mut m = marked(5.0, false);
        for _ in 0..144 {
            m.admit(SimTime::ZERO, view(Some(20), 0));
        }
        assert_eq!(
            m.admit(SimTime(1_000_000_000), view(None, 0)),
            Admit::ACCEPT
        );
        assert!(
            (m.average_pkts().unwrap() - 4.2309).abs() < 1e-3,
            "{:?}",
            m.average_pkts()
        );
        // Instantaneous: marks exactly when the arrival finds ≥ 5 waiting.
        let mut i = marked(5.0, true);
        assert_eq!(i.admit(SimTime::ZERO, view(Some(4), 0)), Admit::ACCEPT);
        assert_eq!(
            i.admit(SimTime::ZERO, view(Some(5), 0)),
            Admit::Accept { mark: true }
        );
    }
}
