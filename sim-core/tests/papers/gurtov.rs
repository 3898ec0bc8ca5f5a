//! Gurtov [GUR]: the 9600 bit/s link, error-free and with random errors.

use super::*;

/// Bytes per second of a summary's first flow.
fn bytes_per_s(s: &Summary) -> f64 {
    s.flows[0].throughput_kbps * 1000.0 / 8.0
}

/// [GUR] §6, Fig. 6(a), docs/design.md §10.2 / §12.8: "the achieved throughput of 1002 bytes per second (Bps)
/// is close to the maximum" — the error-free baseline with an unlimited buffer, 102 400 bytes,
/// within 1 % of the 1010.5 B/s payload ceiling of the 9600 bit/s link (304-byte packets).
/// Deterministic (no randomness), one run. Asserted: within 1 % of 1002 B/s and below the ceiling.
#[test]
fn gurtov_error_free_unlimited_buffer_reaches_1002_bytes_per_second() {
    let mut r = Report(String::new());
    let s = run(&preset("gurtov-baseline-unlimited"), 1);
    let f = &s.flows[0];
    let bps = bytes_per_s(&s);
    let ceiling = 1200.0 * 256.0 / 304.0;
    say!(
r,
        "Gurtov unlimited buffer: {bps:.1} B/s in {:.2} s (paper 1002 B/s = 102.2 s; ceiling {ceiling:.1} B/s); {} retransmissions",
        f.completion_s.unwrap(),
        f.retransmissions
    );
    assert_eq!(f.bytes_delivered, 102_400);
    assert!(bps < ceiling, "{bps} ≥ ceiling {ceiling}");
    assert!(
        (bps - 1002.0).abs() <= 0.01 * 1002.0,
        "{bps:.1} B/s is not within 1 % of 1002"
    );
    assert_eq!(
        f.retransmissions, 0,
        "no loss is possible without errors and with an unlimited buffer"
    );
}

/// [GUR] §6, Fig. 9: "Throughput of the baseline TCP is adequate at a 2 % error rate, but is only
/// half of the line rate for a 10 % loss rate" (7-packet buffer, inside the 7–10 optimum). 10 seeds
/// per error rate; asserted: at 10 % the mean throughput lies between 35 % and 65 % of the 1200 B/s
/// line rate ("half"), and at 2 % it keeps at least 80 % of the payload ceiling ("adequate").
#[test]
fn gurtov_random_errors_halve_throughput_at_ten_percent() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let line = 1200.0;
    let ceiling = line * 256.0 / 304.0;
    let mut by_rate = vec![];
    say!(r, "Gurtov random errors, 7-packet buffer, {SEEDS} seeds (line rate {line} B/s, payload ceiling {ceiling:.1} B/s):");
    for pct in [2, 5, 10] {
        let v = preset(&format!("gurtov-per-{pct}pct-7pkt"));
        let runs: Vec<Summary> = (1..=SEEDS).map(|seed| run(&v, seed)).collect();
        let x: Vec<f64> = runs.iter().map(bytes_per_s).collect();
        let rto = mean(
            &runs
                .iter()
                .map(|s| s.flows[0].timeouts as f64)
                .collect::<Vec<_>>(),
        );
        say!(
r,
            "  {pct:>2} %: {:>6.1} ± {:>4.1} B/s = {:.2} of the line rate, {:.2} of the ceiling; {rto:.1} RTOs per transfer",
            mean(&x), ci95(&x), mean(&x) / line, mean(&x) / ceiling
        );
        by_rate.push(mean(&x));
    }
    let ten = by_rate[2] / line;
    assert!(
        (0.35..=0.65).contains(&ten),
        "10 % errors: {:.2} of the line rate",
        ten
    );
    assert!(
        by_rate[0] >= 0.8 * ceiling,
        "2 % errors: {:.1} B/s",
        by_rate[0]
    );
}
