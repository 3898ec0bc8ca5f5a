//! Simulated time: integer nanoseconds since the start of a run, never read from a clock.
//!
//! - [`SimTime`]: an instant of simulated time.
//! - [`SimDuration`]: a span between two instants.
//!
//! Only `f64` milliseconds cross to JavaScript (a `u64` would become a BigInt).

use std::ops::{Add, AddAssign, Sub};

/// An instant of simulated time, in nanoseconds since the run began.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

/// A span of simulated time, in nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimDuration(pub u64);

impl SimTime {
    /// The start of every run.
    pub const ZERO: SimTime = SimTime(0);
    /// Later than any event a run can schedule.
    pub const NEVER: SimTime = SimTime(u64::MAX);

    /// Seconds as `f64` (for estimators and output).
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 * 1e-9
    }
    /// Milliseconds as `f64`: the only form of time that crosses to JavaScript.
    pub fn as_millis_f64(self) -> f64 {
        self.0 as f64 * 1e-6
    }
    /// An instant from seconds; negative and NaN values clamp to zero.
    pub fn from_secs_f64(s: f64) -> Self {
        SimTime(SimDuration::from_secs_f64(s).0)
    }
    /// An instant from milliseconds; negative and NaN values clamp to zero.
    pub fn from_millis_f64(ms: f64) -> Self {
        SimTime(SimDuration::from_millis_f64(ms).0)
    }
    /// `self - earlier`, or zero if `earlier` is later.
    pub fn saturating_since(self, earlier: SimTime) -> SimDuration {
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}

impl SimDuration {
    /// Zero length.
    pub const ZERO: SimDuration = SimDuration(0);

    /// From whole milliseconds.
    pub const fn from_millis(ms: u64) -> Self {
        SimDuration(ms * 1_000_000)
    }
    /// From fractional milliseconds, rounded to the nearest nanosecond.
    pub fn from_millis_f64(ms: f64) -> Self {
        Self::from_secs_f64(ms * 1e-3)
    }
    /// From fractional seconds, rounded to the nearest nanosecond (NaN and negatives → 0).
    pub fn from_secs_f64(s: f64) -> Self {
        let ns = s * 1e9;
        if ns.is_nan() || ns <= 0.0 {
            SimDuration(0)
        } else if ns >= u64::MAX as f64 {
            SimDuration(u64::MAX)
        } else {
            // Round half away from zero without a libm call (hot path): the truncation is exact,
            // and so is the fraction for values below 2^53.
            let whole = ns as u64;
            SimDuration(if ns - whole as f64 >= 0.5 {
                whole + 1
            } else {
                whole
            })
        }
    }
    /// Serialization delay of `bytes` at `rate_bps`: 8·bytes / rate, rounded to the nearest ns.
    pub fn transmission(bytes: u64, rate_bps: f64) -> Self {
        Self::from_secs_f64(bytes as f64 * 8.0 / rate_bps)
    }
    /// Seconds as `f64`.
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 * 1e-9
    }
    /// Milliseconds as `f64`.
    pub fn as_millis_f64(self) -> f64 {
        self.0 as f64 * 1e-6
    }
}

impl Add<SimDuration> for SimTime {
    type Output = SimTime;
    fn add(self, d: SimDuration) -> SimTime {
        SimTime(self.0.saturating_add(d.0))
    }
}
impl AddAssign<SimDuration> for SimTime {
    fn add_assign(&mut self, d: SimDuration) {
        self.0 = self.0.saturating_add(d.0);
    }
}
impl Sub<SimTime> for SimTime {
    type Output = SimDuration;
    fn sub(self, earlier: SimTime) -> SimDuration {
        debug_assert!(earlier <= self, "time subtraction went negative");
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}
impl Add for SimDuration {
    type Output = SimDuration;
    fn add(self, o: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_add(o.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialization_delay_of_a_1500_byte_packet_at_1_mbps() {
        // 1500 B · 8 = 12 000 bit; 12 000 / 1e6 bit/s = 12 ms
        assert_eq!(
            SimDuration::transmission(1500, 1e6),
            SimDuration::from_millis(12)
        );
        // Gurtov's 9600 bit/s link: 304 B · 8 / 9600 = 0.253 333 s
        assert_eq!(SimDuration::transmission(304, 9600.0).0, 253_333_333);
    }

    #[test]
    fn conversions_round_trip_and_clamp() {
        assert_eq!(SimTime::from_secs_f64(1.5).0, 1_500_000_000);
        assert_eq!(SimTime::from_millis_f64(0.1).0, 100_000);
        assert_eq!(SimTime::from_secs_f64(-3.0), SimTime::ZERO);
        assert_eq!(SimTime::from_secs_f64(f64::NAN), SimTime::ZERO);
        assert_eq!(SimTime(2_500_000).as_millis_f64(), 2.5);
    }
}
