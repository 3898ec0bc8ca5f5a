//! Proportional Rate Reduction (RFC 6937 §3): how much the sender may send on each ACK of a
//! fast-recovery episode, so that the window comes down to ssthresh smoothly instead of by
//! halving at once (RFC 6675) or by inflation and a deflation burst (RFC 5681 / 6582).
//!
//! ```text
//!   start:      prr_delivered = 0, prr_out = 0, RecoverFS = snd.nxt − snd.una
//!   every ACK:  prr_delivered += DeliveredData          (Δsnd.una + ΔSACKed; 1 SMSS per dupACK
//!                                                        without SACK, RFC 6937 §3)
//!     pipe > ssthresh  (proportional part):
//!               sndcnt = CEIL(prr_delivered · ssthresh / RecoverFS) − prr_out
//!     pipe ≤ ssthresh  (reduction bound):
//!               limit  = prr_delivered − prr_out                                 (PRR-CRB)
//!               limit  = MAX(prr_delivered − prr_out, DeliveredData) + SMSS      (PRR-SSRB)
//!               sndcnt = MIN(ssthresh − pipe, limit)
//!   every send: prr_out += bytes sent
//!   exit:       cwnd = ssthresh
//! ```
//! The CEIL is taken in whole segments, as in Linux `tcp_cwnd_reduction` and the RFC's examples
//! (which count segments), so a fractional segment is never a send opportunity. sndcnt ≥ 0.
//! The fast retransmit itself is always allowed on the ACK that starts recovery (Linux: "force a
//! fast retransmit upon entering fast recovery"; with ssthresh > 0 the formula gives it anyway).

use super::config::PrrBound;

/// PRR state of one recovery episode (bytes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Prr {
    /// FlightSize when recovery began.
    pub recover_fs: f64,
    /// Data delivered to the receiver since recovery began.
    pub prr_delivered: f64,
    /// Data sent since recovery began.
    pub prr_out: f64,
}

impl Prr {
    /// A new episode with `flight` bytes outstanding.
    pub fn start(flight: f64) -> Self {
        Prr {
            recover_fs: flight,
            prr_delivered: 0.0,
            prr_out: 0.0,
        }
    }

    /// An ACK reported `delivered` bytes; returns sndcnt, the bytes that may be sent now.
    pub fn on_ack(
        &mut self,
        delivered: f64,
        pipe: f64,
        ssthresh: f64,
        mss: f64,
        bound: PrrBound,
    ) -> f64 {
        self.prr_delivered += delivered;
        let sndcnt = if pipe > ssthresh {
            let target = self.prr_delivered * ssthresh / self.recover_fs.max(mss);
            // CEIL in segments (a tiny tolerance keeps exact multiples exact in floating point).
            (target / mss - 1e-9).ceil() * mss - self.prr_out
        } else {
            let limit = match bound {
                PrrBound::Crb => self.prr_delivered - self.prr_out,
                PrrBound::Ssrb => (self.prr_delivered - self.prr_out).max(delivered) + mss,
            };
            (ssthresh - pipe).min(limit)
        };
        sndcnt.max(0.0)
    }

    /// `bytes` were sent (new data or a retransmission).
    pub fn on_sent(&mut self, bytes: f64) {
        self.prr_out += bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSS: f64 = 1000.0;

    /// Segments sent on each of `acks` ACKs that each deliver one segment, with pipe falling by
    /// one segment per ACK and rising by what is sent (a single loss, no further losses).
    fn pattern(fs: f64, ssthresh: f64, acks: usize, bound: PrrBound) -> (Vec<u32>, f64) {
        let mut prr = Prr::start(fs * MSS);
        let mut pipe = fs * MSS;
        let mut sent = vec![];
        for _ in 0..acks {
            pipe -= MSS;
            let mut n = 0;
            let mut cnt = prr.on_ack(MSS, pipe, ssthresh * MSS, MSS, bound);
            while cnt >= MSS {
                prr.on_sent(MSS);
                pipe += MSS;
                cnt -= MSS;
                n += 1;
            }
            sent.push(n);
        }
        (sent, pipe)
    }

    #[test]
    fn one_segment_per_two_acks_when_ssthresh_is_half_the_flight() {
        // RFC 6937 §5 example: one loss in a flight of 20, ssthresh = 10: PRR sends on every other
        // ACK ("R", "N", "N", …), starting with the retransmission on the first.
        let (sent, pipe) = pattern(20.0, 10.0, 20, PrrBound::Ssrb);
        assert_eq!(sent[..18], [1, 0].repeat(9)[..]);
        // Once pipe reaches ssthresh the reduction bound holds it there: after the whole flight
        // has been acknowledged ssthresh segments were sent and pipe = ssthresh.
        assert_eq!(sent.iter().sum::<u32>(), 10);
        assert_eq!(pipe, 10.0 * MSS);
    }

    #[test]
    fn the_proportional_part_spreads_any_reduction_factor() {
        // ssthresh = 0.7 · FlightSize (CUBIC's β): 7 segments per 10 ACKs.
        let (sent, _) = pattern(10.0, 7.0, 10, PrrBound::Ssrb);
        assert_eq!(sent.iter().sum::<u32>(), 7);
        assert_eq!(sent[0], 1, "the fast retransmit goes out on the first ACK");
    }

    #[test]
    fn reduction_bounds_when_pipe_falls_below_ssthresh() {
        // After heavy loss pipe is far below ssthresh: CRB sends only what was delivered
        // (conservation); SSRB one segment more per ACK (slow start) until pipe reaches ssthresh.
        let mut crb = Prr::start(20.0 * MSS);
        assert_eq!(
            crb.on_ack(MSS, 4.0 * MSS, 10.0 * MSS, MSS, PrrBound::Crb),
            MSS
        );
        let mut ssrb = Prr::start(20.0 * MSS);
        assert_eq!(
            ssrb.on_ack(MSS, 4.0 * MSS, 10.0 * MSS, MSS, PrrBound::Ssrb),
            2.0 * MSS
        );
        // Never more than ssthresh − pipe.
        let mut near = Prr::start(20.0 * MSS);
        assert_eq!(
            near.on_ack(3.0 * MSS, 9.5 * MSS, 10.0 * MSS, MSS, PrrBound::Ssrb),
            0.5 * MSS
        );
    }
}
