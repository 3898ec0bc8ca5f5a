//! Maximum-likelihood fit of the Markov Gilbert–Elliott channel ([`super::markov`]) to a measured
//! packet-loss trace (`losslab fit-ge`, docs/traces.md "Fitting bursty loss").
//!
//! In the Markov form Good loses nothing and Bad loses every packet, so the state is the outcome
//! itself and the chain is observed directly. For outcomes x₁ … xₙ (1 = lost), conditioning on the
//! first packet, the likelihood is
//!
//! ```text
//! L(p, r) = (1 − p)^n_GG · p^n_GB · r^n_BG · (1 − r)^n_BB      p = P(G→B), r = P(B→G)
//! ```
//!
//! with n_XY the number of packets in state X followed by one in state Y. It is maximised at
//!
//! ```text
//! p̂ = n_GB / (n_GG + n_GB)          r̂ = n_BG / (n_BG + n_BB)
//! mean_burst_pkts = 1 / r̂           mean_loss = p̂ / (p̂ + r̂)   (the stationary P(Bad))
//! ```
//!
//! Uncertainty: p̂ and r̂ are binomial proportions; each gets a 95 % Wilson score interval. The mean
//! burst is monotone in r alone, so its interval is [1/r_high, 1/r_low]; the mean loss rises with p
//! and falls with r, so [p_low/(p_low + r_high), p_high/(p_high + r_low)] covers it (conservatively:
//! the two ends take both intervals' extremes at once).
//!
//! Burstiness check: independent losses (Bernoulli with q = the loss share of x₂ … xₙ) are the
//! special case r = 1 − p, one constraint, so the likelihood ratio 2·(ℓ_GE − ℓ_Bernoulli) is χ² with
//! one degree of freedom when losses are independent; above 3.84 independence is rejected at 5 %.
//! The losses are *bursty* when it is rejected and a loss makes the next one likelier (the chain's
//! lag-one correlation 1 − p − r is positive).

use serde::Serialize;

/// z of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;
/// The χ²(1) quantile at 95 %.
pub const CHI2_1_95: f64 = 3.841_458_820_694_124;

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The maximum-likelihood value.
    pub value: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

/// The fitted channel, its intervals and the burstiness check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GeFit {
    /// Packets in the trace.
    pub packets: u64,
    /// Packets lost.
    pub lost: u64,
    /// Runs of consecutive losses.
    pub bursts: u64,
    /// P(Good → Bad) per packet.
    pub p_good_bad: Estimate,
    /// P(Bad → Good) per packet.
    pub p_bad_good: Estimate,
    /// The scenario knob `mean_loss` (stationary loss probability).
    pub mean_loss: Estimate,
    /// The scenario knob `mean_burst_pkts`.
    pub mean_burst_pkts: Estimate,
    /// Log-likelihood of the fitted chain (natural log, first packet conditioned on).
    pub log_likelihood: f64,
    /// Log-likelihood of independent losses on the same packets.
    pub log_likelihood_independent: f64,
    /// 2·(ℓ_GE − ℓ_independent): χ² with one degree of freedom under independence.
    pub likelihood_ratio: f64,
    /// True when independence is rejected at 5 % (`likelihood_ratio` > [`CHI2_1_95`]) and a loss
    /// makes the next one likelier (1 − p − r > 0).
    pub bursty: bool,
}

/// 95 % Wilson score interval of `k` successes in `n` trials (`n` > 0).
fn wilson(k: u64, n: u64) -> Estimate {
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// `k · ln(x)`, 0 when `k` = 0 (the limit the likelihood takes at a boundary estimate).
fn xlogy(k: u64, x: f64) -> f64 {
    if k == 0 {
        0.0
    } else {
        k as f64 * x.ln()
    }
}

/// Fit the Markov channel to `lost` (one entry per packet, in order). An error in plain words when
/// the trace cannot identify the chain: fewer than two packets, no loss, nothing but losses, or no
/// loss burst that ends.
pub fn fit(lost: &[bool]) -> Result<GeFit, String> {
    let n = lost.len() as u64;
    if n < 2 {
        return Err(format!(
            "the trace has {n} packet(s); a fit needs at least two"
        ));
    }
    let (mut gg, mut gb, mut bg, mut bb) = (0u64, 0u64, 0u64, 0u64);
    for w in lost.windows(2) {
        match (w[0], w[1]) {
            (false, false) => gg += 1,
            (false, true) => gb += 1,
            (true, false) => bg += 1,
            (true, true) => bb += 1,
        }
    }
    let lost_n = lost.iter().filter(|&&l| l).count() as u64;
    let bursts = gb + u64::from(lost[0]);
    if lost_n == 0 {
        return Err(format!(
            "the trace has no lost packet among its {n}: there is no loss to fit"
        ));
    }
    if gg + gb == 0 {
        return Err(
            "every packet of the trace but the last is lost: there is no good state to fit".into(),
        );
    }
    if bg == 0 {
        return Err("no loss burst in the trace ends (every loss runs to the end of the trace): the mean burst length cannot be estimated".into());
    }
    let p = wilson(gb, gg + gb);
    let r = wilson(bg, bg + bb);
    let ll = xlogy(gg, 1.0 - p.value)
        + xlogy(gb, p.value)
        + xlogy(bg, r.value)
        + xlogy(bb, 1.0 - r.value);
    // Independent losses on the same n − 1 conditioned packets.
    let (lost_tail, kept_tail) = (gb + bb, gg + bg);
    let q = lost_tail as f64 / (n - 1) as f64;
    let ll0 = xlogy(lost_tail, q) + xlogy(kept_tail, 1.0 - q);
    let lr = (2.0 * (ll - ll0)).max(0.0);
    let stationary = |p: f64, r: f64| if p + r > 0.0 { p / (p + r) } else { 0.0 };
    Ok(GeFit {
        packets: n,
        lost: lost_n,
        bursts,
        p_good_bad: p,
        p_bad_good: r,
        mean_loss: Estimate {
            value: stationary(p.value, r.value),
            low: stationary(p.low, r.high),
            high: stationary(p.high, r.low),
        },
        mean_burst_pkts: Estimate {
            value: 1.0 / r.value,
            low: 1.0 / r.high,
            high: if r.low > 0.0 {
                1.0 / r.low
            } else {
                f64::INFINITY
            },
        },
        log_likelihood: ll,
        log_likelihood_independent: ll0,
        likelihood_ratio: lr,
        bursty: lr > CHI2_1_95 && 1.0 - p.value - r.value > 0.0,
    })
}

/// The packet outcomes of a loss trace, one per packet in order: CSV with a header naming a
/// `lost` column (other columns, such as `time_s`, are ignored), or one value per line without a
/// header. A value is `0`/`1` or `false`/`true`; blank lines and lines starting with `#` are
/// skipped. Errors name the line.
pub fn read_outcomes(text: &str) -> Result<Vec<bool>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    let Some(&(first_no, first)) = lines.peek() else {
        return Err("the trace is empty".into());
    };
    let header: Vec<&str> = first.split(',').map(str::trim).collect();
    let column = if header.iter().any(|h| value(h).is_none()) {
        lines.next();
        header.iter().position(|&h| h == "lost").ok_or_else(|| {
            format!(
                "line {first_no}: the header names no `lost` column (it has: {}); write one 0/1 per packet under a `lost` header",
                header.join(", ")
            )
        })?
    } else {
        0
    };
    let mut out = Vec::new();
    for (no, l) in lines {
        let field = l
            .split(',')
            .nth(column)
            .map(str::trim)
            .ok_or_else(|| format!("line {no}: no value in column {} (`lost`)", column + 1))?;
        out.push(value(field).ok_or_else(|| {
            format!(
                "line {no}: `lost` must be 0 or 1 (or false/true), got \"{}\"",
                truncate(field)
            )
        })?);
    }
    Ok(out)
}

/// A cell's outcome: lost (`1`, `true`) or not (`0`, `false`).
pub(crate) fn value(s: &str) -> Option<bool> {
    match s {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

/// At most 40 characters of `s`, for a message.
fn truncate(s: &str) -> String {
    let t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error_model::gilbert_elliott::markov::MarkovChannel;
    use crate::error_model::{ErrorModel, TxContext};
    use crate::packet::Hit;
    use crate::rng::SimRng;
    use crate::time::SimTime;

    fn channel_trace(mean_loss: f64, burst: f64, n: usize, seed: u64) -> Vec<bool> {
        let mut m = MarkovChannel::new(mean_loss, burst, SimRng::stream(seed, "fit"));
        let tx = TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime::ZERO,
        };
        (0..n).map(|_| m.judge(&tx) == Hit::Lost).collect()
    }

    #[test]
    fn counts_give_the_closed_form_estimates() {
        // 0 0 1 1 0 0 0 1 0 0: GG 4, GB 2, BG 2, BB 1.
        let x: Vec<bool> = [0, 0, 1, 1, 0, 0, 0, 1, 0, 0]
            .iter()
            .map(|&v| v == 1)
            .collect();
        let f = fit(&x).unwrap();
        assert_eq!((f.packets, f.lost, f.bursts), (10, 3, 2));
        assert!((f.p_good_bad.value - 2.0 / 6.0).abs() < 1e-12);
        assert!((f.p_bad_good.value - 2.0 / 3.0).abs() < 1e-12);
        assert!((f.mean_burst_pkts.value - 1.5).abs() < 1e-12);
        // p/(p + r) = (1/3)/(1/3 + 2/3) = 1/3.
        assert!((f.mean_loss.value - 1.0 / 3.0).abs() < 1e-12);
        let e = f.p_good_bad;
        assert!(e.low < e.value && e.value < e.high);
    }

    #[test]
    fn recovers_the_parameters_of_losslab_s_own_channel_with_calibrated_intervals() {
        // 40 traces of 300 000 packets at L = 2 %, b = 3 (about 2 000 bursts each, so r̂ has a
        // standard error of about 2 % of its value). Unbiased: the estimates average to the truth
        // within 1 %. Calibrated: a 95 % interval holds the truth in about 38 of 40 traces; 34 or
        // fewer would happen by chance with probability under 1 % (binomial 40, 0.95). The mean
        // loss's interval is conservative, so it may hold the truth more often, never less.
        let (mut burst_in, mut loss_in, mut burst_sum) = (0, 0, 0.0);
        for seed in 0..40 {
            let f = fit(&channel_trace(0.02, 3.0, 300_000, seed)).unwrap();
            let (l, b) = (f.mean_loss, f.mean_burst_pkts);
            burst_in += (b.low <= 3.0 && 3.0 <= b.high) as u32;
            loss_in += (l.low <= 0.02 && 0.02 <= l.high) as u32;
            burst_sum += b.value;
            assert!(f.bursty, "seed {seed}: LR {}", f.likelihood_ratio);
        }
        assert!(
            (burst_sum / 40.0 - 3.0).abs() < 0.03,
            "mean of the estimates {}",
            burst_sum / 40.0
        );
        assert!(
            burst_in >= 35,
            "the burst interval held the truth in {burst_in} of 40"
        );
        assert!(
            loss_in >= 35,
            "the loss interval held the truth in {loss_in} of 40"
        );
    }

    #[test]
    fn independent_losses_are_not_called_bursty() {
        // Burst 1/(1 − L) makes P(B→G) = 1 − P(G→B): the chain forgets its state, losses are
        // Bernoulli with rate L.
        let f = fit(&channel_trace(0.05, 1.0 / 0.95, 200_000, 5)).unwrap();
        assert!(!f.bursty, "LR {}", f.likelihood_ratio);
        assert!(
            (f.mean_loss.value - 0.05).abs() < 0.003,
            "{:?}",
            f.mean_loss
        );
    }

    #[test]
    fn traces_that_cannot_identify_the_chain_are_refused_in_words() {
        assert!(fit(&[false]).unwrap_err().contains("at least two"));
        assert!(fit(&[false; 10]).unwrap_err().contains("no lost packet"));
        assert!(fit(&[false, false, true, true])
            .unwrap_err()
            .contains("no loss burst"));
        assert!(fit(&[true, true, true])
            .unwrap_err()
            .contains("no good state"));
    }

    #[test]
    fn reads_a_lost_column_or_bare_values_and_names_bad_lines() {
        assert_eq!(
            read_outcomes("time_s,lost\n0.1,0\n0.2,1\n# note\n\n0.3,true\n").unwrap(),
            [false, true, true]
        );
        assert_eq!(read_outcomes("0\n1\n0\n").unwrap(), [false, true, false]);
        let e = read_outcomes("time_s,lost\n0.1,0\n0.2,2\n").unwrap_err();
        assert!(e.starts_with("line 3:") && e.contains("\"2\""), "{e}");
        let e = read_outcomes("time_s,dropped\n0.1,0\n").unwrap_err();
        assert!(
            e.contains("no `lost` column") && e.contains("time_s, dropped"),
            "{e}"
        );
        assert!(read_outcomes("\n# only a comment\n")
            .unwrap_err()
            .contains("empty"));
        let e = read_outcomes("time_s,lost\n0.1\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
    }
}
