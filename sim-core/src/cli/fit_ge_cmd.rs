//! `losslab fit-ge TRACE [--json]`: fit the Markov Gilbert–Elliott channel to a measured loss trace
//! by maximum likelihood ([`crate::error_model::gilbert_elliott::fit`], docs/traces.md), and
//! print the fitted knobs with their 95 % intervals, the burstiness check and an `errors` object
//! to paste into a scenario.

use crate::cli::Failure;
use crate::error_model::gilbert_elliott::fit::{fit, read_outcomes, Estimate, CHI2_1_95};
use serde_json::json;

/// `x` rounded to four significant digits (what a trace of this size can support, and short to read).
fn four_digits(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(3 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// A value and its interval in four significant digits.
fn shown(e: &Estimate) -> String {
    let g = |x: f64| {
        if x.is_finite() {
            format!("{}", four_digits(x))
        } else {
            "∞".into()
        }
    };
    format!(
        "{} (95 % interval {} to {})",
        g(e.value),
        g(e.low),
        g(e.high)
    )
}

/// Run the command.
pub fn fit_ge(trace: &str, as_json: bool) -> Result<(), Failure> {
    let text = crate::cli::read(trace)?;
    let outcomes =
        read_outcomes(&text).map_err(|e| Failure::Invalid(vec![format!("{trace}: {e}")]))?;
    let f = fit(&outcomes).map_err(|e| Failure::Invalid(vec![format!("{trace}: {e}")]))?;
    let errors = |round: fn(f64) -> f64| {
        json!({
            "kind": "gilbert_elliott",
            "mode": "markov",
            "mean_loss": round(f.mean_loss.value),
            "mean_burst_pkts": round(f.mean_burst_pkts.value),
        })
    };
    if as_json {
        // Exact estimates, as Python's `losslab.fit_ge` gives them.
        let out = json!({ "fit": f, "errors": errors(|x| x) });
        let text =
            serde_json::to_string_pretty(&out).map_err(|e| Failure::Internal(e.to_string()))?;
        return outln!("{text}");
    }
    outln!(
        "packets {}, lost {} ({:.3} %), loss bursts {}",
        f.packets,
        f.lost,
        100.0 * f.lost as f64 / f.packets as f64,
        f.bursts
    )?;
    outln!("mean_loss        {}", shown(&f.mean_loss))?;
    outln!("mean_burst_pkts  {}", shown(&f.mean_burst_pkts))?;
    outln!("P(Good→Bad)      {}", shown(&f.p_good_bad))?;
    outln!("P(Bad→Good)      {}", shown(&f.p_bad_good))?;
    let verdict = if f.bursty {
        "bursty: independent losses are rejected at the 5 % level"
    } else if f.likelihood_ratio > CHI2_1_95 {
        "not independent, but a loss makes the next one less likely (not bursty)"
    } else {
        "independent losses fit as well (not rejected at 5 %); packet_error with per = mean_loss is the simpler model"
    };
    outln!(
        "burstiness       likelihood ratio {:.1} against independent losses (5 % level {CHI2_1_95:.2}): {verdict}",
        f.likelihood_ratio
    )?;
    outln!("scenario errors  {}", errors(four_digits))
}
