//! The sender's RTT samples: from a new ACK, by timestamps (RFC 7323) or by the one timed
//! segment (Karn's algorithm, RFC 6298 §3); measured in ticks with `tcp.rtt_tick_ms` (ns-2's
//! tcpTick_); and handed to the RTO estimator, the variant and the classifiers. The ACK event the
//! variants see carries the same sample. A child module of [`super`]: it extends `Sender`.

use super::*;

impl Sender {
    /// The RTT sample an ACK of `a` gives, in ticks: none unless it acknowledges new data.
    pub(super) fn ack_rtt_sample(&mut self, now: SimTime, p: &Packet, a: u64) -> Option<f64> {
        if a <= self.snd_una {
            return None;
        }
        let r = if self.cfg.timestamps && self.cfg.rtt_sampling == RttSampling::PerAck {
            (now - p.ts_ecr).as_secs_f64()
        } else {
            match self.timed {
                Some((end, at)) if a >= end => {
                    self.timed = None;
                    (now - at).as_secs_f64()
                }
                _ => return None,
            }
        };
        Some(self.ticked(r))
    }

    pub(super) fn take_rtt_sample(&mut self, now: SimTime, r: f64) {
        self.take_rtt_sample_for(now, r, true);
    }

    /// An RTT sample `r` s as measured (`tcp.rtt_tick_ms`): ns-2 measures in ticks of tcpTick_,
    /// so the sample is rounded to the nearest tick, at least one; 0 = exact.
    pub(super) fn ticked(&self, r: f64) -> f64 {
        let tick = self.cfg.rtt_tick_ms * 1e-3;
        if tick > 0.0 {
            (r / tick).round().max(1.0) * tick
        } else {
            r
        }
    }

    /// An RTT sample (already [`Sender::ticked`]) for the RTO estimator and the variant, and for
    /// the loss classifiers when `classifiers` (the handshake's sample reaches them only with
    /// `classifier_handshake_rtt`).
    pub(super) fn take_rtt_sample_for(&mut self, now: SimTime, r: f64, classifiers: bool) {
        self.rtt.sample(r);
        self.cc.on_rtt_sample(r, now);
        if !classifiers {
            return;
        }
        self.classifier.on_rtt_sample(r);
        for s in &mut self.shadows {
            s.classifier.on_rtt_sample(r);
        }
    }
}
