//! Small estimators shared by several variants and classifiers: the dupACK-aware delivery credit
//! of Westwood+ (docs/design.md §2.2, Linux `westwood_acked_count`) and an RFC 6298 smoothed RTT.
//!
//! Delivery credit per ACK, with `cum` = bytes newly acknowledged by the cumulative ACK:
//!
//! ```text
//!   duplicate ACK (cum = 0):   accounted += SMSS;               credit = SMSS
//!   cum > SMSS, accounted ≥ cum: accounted −= cum;              credit = SMSS
//!   cum > SMSS, accounted < cum: credit = cum − accounted;      accounted = 0
//!   otherwise:                                                  credit = cum
//! ```
//! A duplicate ACK means one segment left the network; the later cumulative ACK that covers it
//! must not count it twice. Westwood+, the Jersey family (as `L_n` of the ABE, docs/design.md §3.1 \[ASSUME\])
//! BBR (as its delivered count) and the NCPLD classifier use the same rule.
//!
//! SRTT (RFC 6298 (2.2)–(2.3)): first sample R → SRTT = R; later R' → SRTT = 7/8·SRTT + 1/8·R'.
//! The sender's estimator gets the same samples, so the value equals `LossCtx::srtt_s`; variants
//! keep their own copy because [`AckEvent`] does not carry the smoothed RTT.

use super::AckEvent;

/// Bytes delivered per ACK with duplicate-ACK credit (docs/design.md §2.2).
#[derive(Clone, Copy, Debug, Default)]
pub struct AckCredit {
    /// Credit already given to duplicate ACKs and not yet matched by a cumulative ACK, bytes.
    pub accounted: f64,
}

impl AckCredit {
    /// Credit for `ev`, in bytes. ACKs that are neither new nor duplicate (old or window-only)
    /// credit nothing.
    pub fn credit(&mut self, ev: &AckEvent) -> f64 {
        self.credit_bytes(ev.duplicate, ev.acked_bytes as f64, ev.mss)
    }

    /// The rule itself: `duplicate` ACK or `cum` bytes newly acknowledged, segment size `mss`.
    pub fn credit_bytes(&mut self, duplicate: bool, cum: f64, mss: f64) -> f64 {
        if duplicate {
            self.accounted += mss;
            return mss;
        }
        if cum > mss {
            if self.accounted >= cum {
                self.accounted -= cum;
                mss
            } else {
                let c = cum - self.accounted;
                self.accounted = 0.0;
                c
            }
        } else {
            cum
        }
    }
}

/// RFC 6298 smoothed RTT, seconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Srtt {
    value: Option<f64>,
}

impl Srtt {
    /// Feed a valid sample `r` seconds.
    pub fn sample(&mut self, r: f64) {
        self.value = Some(match self.value {
            None => r,
            Some(s) => 0.875 * s + 0.125 * r,
        });
    }
    /// The smoothed RTT, if any sample arrived.
    pub fn get(&self) -> Option<f64> {
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credit_follows_linux_westwood_accounting() {
        let mut c = AckCredit::default();
        // In-order ACK of one segment: credit = cum = 1000.
        assert_eq!(c.credit_bytes(false, 1000.0, 1000.0), 1000.0);
        // Three dupACKs: each credits SMSS; accounted = 3·1000 = 3000.
        for _ in 0..3 {
            assert_eq!(c.credit_bytes(true, 0.0, 1000.0), 1000.0);
        }
        assert_eq!(c.accounted, 3000.0);
        // Cumulative ACK of 5000 B: 5000 > accounted 3000 → credit 5000 − 3000 = 2000, accounted 0.
        assert_eq!(c.credit_bytes(false, 5000.0, 1000.0), 2000.0);
        assert_eq!(c.accounted, 0.0);
        // Two dupACKs (accounted 2000), then a partial ACK of 2000 ≤ accounted:
        // accounted = 2000 − 2000 = 0, credit SMSS = 1000.
        c.credit_bytes(true, 0.0, 1000.0);
        c.credit_bytes(true, 0.0, 1000.0);
        assert_eq!(c.credit_bytes(false, 2000.0, 1000.0), 1000.0);
        assert_eq!(c.accounted, 0.0);
        // An old ACK (not new, not duplicate, cum = 0) credits nothing.
        assert_eq!(c.credit_bytes(false, 0.0, 1000.0), 0.0);
    }

    #[test]
    fn srtt_is_rfc6298_ewma() {
        let mut s = Srtt::default();
        assert_eq!(s.get(), None);
        s.sample(0.1);
        s.sample(0.2);
        // SRTT = 0.875·0.1 + 0.125·0.2 = 0.1125
        assert!((s.get().unwrap() - 0.1125).abs() < 1e-15);
    }
}
