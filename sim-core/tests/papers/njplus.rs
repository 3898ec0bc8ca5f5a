//! Kim, Koo & Choo [NJ+]: goodput of NJ+ against New Jersey, Westwood and Reno.

use super::*;

/// [NJ+] §4.1, Fig. 5(a) (simple topology, 5 % wireless loss): "TCP NJ+ outperforms TCP New Jersey
/// by 19 % and TCP Westwood by 54 %"; the abstract's "19 % to 104 %" puts Reno last. Claim checked:
/// the goodput order NJ+ > New Jersey > Westwood > Reno of the means over 10 paired seeds × 100 s
/// (docs/design.md A20); the margins are printed, with Westwood+ for reference.
///
/// The simulator keeps the order but with smaller NJ+ margins: ≈ +5 % over NJ (paper +19 %), ≈ +8 %
/// over the original Westwood (paper +54 %), ≈ +116 % over Reno (abstract: up to +104 %); against
/// Westwood+ (the docs/design.md's default reading of "Westwood", A20) the margin is ≈ +25 %. (Before the
/// Westwood estimator stopped counting timeout stalls as bandwidth and its BW stopped being
/// truncated to whole segments — `tcp/cc/westwood.rs` — the margins were ≈ +19 % and ≈ +60 %.) Probed while
/// writing this test (5 seeds): the NJ+/NJ margin stays within 1–5 % for CW thresholds 2, 5 and 10
/// packets (average or instantaneous queue) and with CW marking off, and shrinks to ≈ 1 % with a
/// 100-packet rwnd — so neither A15 nor the rwnd of A20 explains the gap. On this topology there is
/// no cross traffic, so NJ+'s max(Rs, Rr) estimator adds little to NJ's and mainly the no-CW window
/// rules differ (ssthresh = ownd, cwnd + 1 at a 3rd dupACK; (ownd_n + ownd_{n−1})/2 after an RTO);
/// their effect depends on A17/A18 (ownd at an RTO, RTT and L_n of the ABE), whose alternatives
/// are scenario knobs (`tcp.cc_params.rto_ownd`, `tcp.cc_params.rtt`) but were not swept here.
#[test]
fn njplus_fig5a_goodput_order_nj_plus_nj_westwood_reno() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let ids = [
        "njplus-fig5a-nj-plus",
        "njplus-fig5a-new-jersey",
        "njplus-fig5a-westwood",
        "njplus-fig5a-reno",
    ];
    let mut g: Vec<Vec<f64>> = ids
        .iter()
        .map(|id| {
            (1..=SEEDS)
                .map(|seed| run(&preset(id), seed).flows[0].goodput_kbps)
                .collect()
        })
        .collect();
    let wwp = with_tcp(
        preset("njplus-fig5a-westwood"),
        "cc",
        json!("westwood_plus"),
    );
    g.push(
        (1..=SEEDS)
            .map(|seed| run(&wwp, seed).flows[0].goodput_kbps)
            .collect(),
    );
    let m: Vec<f64> = g.iter().map(|x| mean(x)).collect();
    say!(
        r,
        "NJ+ Fig. 5(a), 5 % loss, {SEEDS} paired seeds × 100 s, goodput kbit/s:"
    );
    for (name, (x, mu)) in ["NJ+", "New Jersey", "Westwood", "Reno", "Westwood+"]
        .iter()
        .zip(g.iter().zip(&m))
    {
        say!(
            r,
            "  {name:<11} {mu:>7.1} ± {:>5.1}   NJ+ gain {:>+6.1} %",
            ci95(x),
            100.0 * (m[0] / mu - 1.0)
        );
    }
    say!(
        r,
        "  paper: NJ+ gain +19 % vs New Jersey, +54 % vs Westwood, up to +104 % (Reno)"
    );
    assert!(
        m[0] > m[1] && m[1] > m[2] && m[2] > m[3],
        "goodput order broken: {m:?}"
    );
}
