//! Round-trip time estimation and the retransmission timeout (RFC 6298).
//!
//!   first sample R:   SRTT = R, RTTVAR = R/2                                   (2.2)
//!   later sample R':  RTTVAR = (1 − 1/4)·RTTVAR + 1/4·|SRTT − R'|,
//!                     SRTT   = (1 − 1/8)·SRTT   + 1/8·R'                        (2.3)
//!   RTO = SRTT + max(G, 4·RTTVAR), clamped to [min_rto, max_rto]                (2.2–2.5)
//!   on expiry: RTO ← min(2·RTO, max_rto) (backoff), removed by the next valid sample (5.5–5.7)

use crate::time::SimDuration;

/// RFC 6298 estimator plus the min/max/latest samples variants and classifiers read.
#[derive(Clone, Debug)]
pub struct RttEstimator {
    srtt_s: Option<f64>,
    rttvar_s: f64,
    rto_s: f64,
    /// Number of consecutive backoffs since the last valid sample.
    pub backoff: u32,
    /// `rto_s()` as a duration, kept current (read on every ACK).
    rto: SimDuration,
    min_rto_s: f64,
    max_rto_s: f64,
    granularity_s: f64,
    /// Smallest sample of the connection (BaseRTT).
    pub min_rtt_s: f64,
    /// Largest sample of the connection.
    pub max_rtt_s: f64,
    /// Most recent valid sample.
    pub last_rtt_s: f64,
}

impl RttEstimator {
    /// An estimator with no samples yet (RTO = initial RTO).
    pub fn new(initial_rto_ms: f64, min_rto_ms: f64, max_rto_ms: f64, granularity_ms: f64) -> Self {
        RttEstimator {
            srtt_s: None,
            rttvar_s: 0.0,
            rto_s: (initial_rto_ms * 1e-3).min(max_rto_ms * 1e-3),
            backoff: 0,
            rto: SimDuration::from_secs_f64((initial_rto_ms * 1e-3).min(max_rto_ms * 1e-3)),
            min_rto_s: min_rto_ms * 1e-3,
            max_rto_s: max_rto_ms * 1e-3,
            granularity_s: granularity_ms * 1e-3,
            min_rtt_s: f64::INFINITY,
            max_rtt_s: 0.0,
            last_rtt_s: 0.0,
        }
    }

    /// Feed a valid sample `r` seconds (RFC 6298 §2.2–2.3); clears any backoff.
    pub fn sample(&mut self, r: f64) {
        match self.srtt_s {
            None => {
                self.srtt_s = Some(r);
                self.rttvar_s = r / 2.0;
            }
            Some(srtt) => {
                // RFC 6298 (2.3): RTTVAR uses the SRTT from before this update.
                self.rttvar_s = 0.75 * self.rttvar_s + 0.25 * (srtt - r).abs();
                self.srtt_s = Some(0.875 * srtt + 0.125 * r);
            }
        }
        let srtt = self.srtt_s.unwrap_or(r);
        self.rto_s = (srtt + self.granularity_s.max(4.0 * self.rttvar_s))
            .clamp(self.min_rto_s, self.max_rto_s);
        self.backoff = 0;
        self.rto = SimDuration::from_secs_f64(self.rto_s());
        self.min_rtt_s = self.min_rtt_s.min(r);
        self.max_rtt_s = self.max_rtt_s.max(r);
        self.last_rtt_s = r;
    }

    /// The timer expired: double the RTO (RFC 6298 §5.5), up to `max_rto`.
    pub fn on_timeout(&mut self) {
        self.backoff = (self.backoff + 1).min(40);
        self.rto = SimDuration::from_secs_f64(self.rto_s());
    }

    /// Current RTO including backoff, seconds.
    pub fn rto_s(&self) -> f64 {
        // 2^backoff exactly (backoff ≤ 40).
        (self.rto_s * (1u64 << self.backoff) as f64).min(self.max_rto_s)
    }
    /// Current RTO including backoff.
    pub fn rto(&self) -> SimDuration {
        self.rto
    }
    /// Smoothed RTT, seconds (0 before the first sample).
    pub fn srtt_s(&self) -> f64 {
        self.srtt_s.unwrap_or(0.0)
    }
    /// RTT variation, seconds.
    pub fn rttvar_s(&self) -> f64 {
        self.rttvar_s
    }
    /// True once a sample has arrived.
    pub fn has_sample(&self) -> bool {
        self.srtt_s.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn rto_follows_rfc6298_by_hand() {
        let mut e = RttEstimator::new(1000.0, 0.0, 60_000.0, 0.0);
        assert!(close(e.rto_s(), 1.0)); // (2.1) initial RTO
        e.sample(0.100);
        // SRTT = 0.1, RTTVAR = 0.05, RTO = 0.1 + 4·0.05 = 0.3
        assert!(close(e.srtt_s(), 0.1) && close(e.rttvar_s(), 0.05) && close(e.rto_s(), 0.3));
        e.sample(0.200);
        // RTTVAR = 0.75·0.05 + 0.25·|0.1 − 0.2| = 0.0625; SRTT = 0.875·0.1 + 0.125·0.2 = 0.1125
        // RTO = 0.1125 + 4·0.0625 = 0.3625
        assert!(
            close(e.rttvar_s(), 0.0625) && close(e.srtt_s(), 0.1125) && close(e.rto_s(), 0.3625)
        );
    }

    #[test]
    fn granularity_and_floor_apply() {
        // G = 0.5 s dominates 4·RTTVAR = 0.02: RTO = 0.01 + 0.5 = 0.51; a 1 s floor lifts it to 1.
        let mut e = RttEstimator::new(3000.0, 0.0, 60_000.0, 500.0);
        e.sample(0.010);
        assert!(close(e.rto_s(), 0.51));
        let mut f = RttEstimator::new(3000.0, 1000.0, 60_000.0, 0.0);
        f.sample(0.010);
        assert!(close(f.rto_s(), 1.0));
    }

    #[test]
    fn backoff_doubles_caps_and_resets() {
        let mut e = RttEstimator::new(1000.0, 1000.0, 8_000.0, 0.0);
        e.sample(0.1); // RTO = max(0.3, 1) = 1
        e.on_timeout();
        assert!(close(e.rto_s(), 2.0));
        e.on_timeout();
        assert!(close(e.rto_s(), 4.0));
        e.on_timeout();
        e.on_timeout();
        assert!(close(e.rto_s(), 8.0)); // capped at max_rto
        e.sample(0.1); // a valid sample removes the backoff
        assert_eq!(e.backoff, 0);
        assert!(close(e.rto_s(), 1.0));
    }
}
