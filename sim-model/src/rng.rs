//! Seeded random streams, one per component, so that changing one knob does not reshuffle the rest.
//!
//! `SimRng::stream(seed, "link:bottleneck:ab:errors")` derives an independent PCG stream from the run
//! seed and a component key (FNV-1a of the key, mixed by SplitMix64). No OS randomness, no wall clock.
//! Transcendental functions go through `libm` so native and wasm builds draw identical numbers.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A deterministic random stream owned by one component.
#[derive(Clone, Debug)]
pub struct SimRng(Pcg64Mcg);

fn fnv1a(key: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// SplitMix64 step: a good 64-bit mixer for seed derivation.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl SimRng {
    /// The stream of `component` in the run seeded with `run_seed`.
    pub fn stream(run_seed: u64, component: &str) -> Self {
        let a = splitmix64(run_seed ^ fnv1a(component));
        let b = splitmix64(a);
        let seed = ((a as u128) << 64) | b as u128;
        SimRng(Pcg64Mcg::new(seed | 1))
    }
    /// Next raw 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in [0, 1) with 53 bits of precision.
    pub fn uniform(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
    /// Uniform in (0, 1]: safe to take the logarithm of.
    pub fn uniform_open0(&mut self) -> f64 {
        1.0 - self.uniform()
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.uniform() < p
    }
    /// Exponential with the given mean: −mean·ln(U).
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * libm::log(self.uniform_open0())
    }
    /// Number of failures before the first success of Bernoulli(p) trials:
    /// ⌊ln U / ln(1 − p)⌋ (inverse-CDF of the geometric law). `p = 0` gives `u64::MAX`.
    pub fn geometric(&mut self, p: f64) -> u64 {
        if p <= 0.0 {
            return u64::MAX;
        }
        if p >= 1.0 {
            return 0;
        }
        let g = libm::floor(libm::log(self.uniform_open0()) / libm::log1p(-p));
        if g >= (u64::MAX / 4) as f64 {
            u64::MAX / 4
        } else {
            g as u64
        }
    }
}

/// Seed from one u64 (used by tests that need an arbitrary stream).
impl From<u64> for SimRng {
    fn from(seed: u64) -> Self {
        SimRng(Pcg64Mcg::seed_from_u64(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_independent() {
        let mut a1 = SimRng::stream(7, "link:bottleneck:ab:errors");
        let mut a2 = SimRng::stream(7, "link:bottleneck:ab:errors");
        let mut b = SimRng::stream(7, "link:access:ab:errors");
        let xs: Vec<u64> = (0..4).map(|_| a1.next_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| a2.next_u64()).collect();
        let zs: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn geometric_mean_matches_theory() {
        // E[failures before success] = (1 − p)/p = 99 for p = 0.01; 20 000 draws give a
        // standard error of sqrt((1−p)/p²)/sqrt(20 000) ≈ 0.70, so ±3 is > 4 σ.
        let mut r = SimRng::from(3);
        let n = 20_000;
        let mean = (0..n).map(|_| r.geometric(0.01) as f64).sum::<f64>() / n as f64;
        assert!((mean - 99.0).abs() < 3.0, "mean {mean}");
        assert_eq!(r.geometric(0.0), u64::MAX);
        assert_eq!(r.geometric(1.0), 0);
    }
}
