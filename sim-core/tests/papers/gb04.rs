//! Garcia & Brunstrom [GB04]: checksum loss differentiation, parallel connections, fairness.

use super::*;

/// Exact BER for 10 % packet loss of 1500-byte packets (docs/design.md §12.1): 1 − 0.9^(1/12000).
const BER_10PCT: f64 = 8.78e-6;
/// 5 % packet loss (docs/design.md §12.1).
const BER_5PCT: f64 = 4.274e-6;
const BER_PTR: &str = "/topology/bottleneck/errors/ber";

/// [GB04] §4.1–4.2, Fig. 4 (1 Mbit/s, 10 ms, 99-packet buffer, one 1 MB transfer per flow):
/// "regular TCP pays a considerable performance penalty in the presence of bit-errors"; the flow
/// with loss differentiation obtains a clearly higher throughput, and five parallel normal
/// connections raise the aggregate throughput "considerably".
///
/// Checked at BER 8.78e-6 (≈ 10 % packet loss), 10 paired seeds: the `checksum` flow must reach at
/// least 1.5× the plain NewReno flow ("well above"), and so must the aggregate of the 5 connections
/// (all 5 MB / time of the last completion — it cannot exceed the link; the sum of the five
/// throughputs is printed too). The whole Fig. 4 curve (4 BERs) is printed for the record.
///
/// What the simulator shows beyond the claim: the LD flow is not "practically insensitive to the
/// bit errors" (§4.3) — it falls from ≈ 960 to ≈ 300 kbit/s at 10 % loss — because LD acts only at
/// a fast retransmit (docs/design.md A3): whenever the window is too small for 3 duplicate ACKs (after every
/// RTO, and near the end of the transfer) or a retransmission is corrupted again, the loss is
/// repaired by an RTO with the standard reaction. Classified from packet traces of 10 seeds at BER
/// 8.78e-6 while writing this test: 118 RTOs after a lost segment with fewer than 3 dupACKs, 76
/// after a lost retransmission, none premature.
#[test]
fn gb04_fig4_checksum_ld_and_five_connections_beat_one_newreno_flow() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let normal = preset("gb04-s1-1mbps-10ms");
    let ld = preset("gb04-s1-1mbps-10ms-ld");
    let five = preset("gb04-s1-1mbps-10ms-5flows");
    say!(r, "GB04 Fig. 4 (1 Mbit/s, 10 ms, 99 pkts, 1 MB), mean ± 95 % CI over {SEEDS} paired seeds, kbit/s:");
    say!(
        r,
        "{:>9} {:>15} {:>15} {:>17} {:>15}",
        "BER",
        "1 flow",
        "1 ld flow",
        "5 flows (aggr)",
        "5 flows Σ tput"
    );
    let mut at_10pct = None;
    for ber in [0.0, BER_5PCT, BER_10PCT, 1.354e-5] {
        let (mut a, mut b, mut c, mut d) = (vec![], vec![], vec![], vec![]);
        for seed in 1..=SEEDS {
            a.push(run(&with(normal.clone(), BER_PTR, json!(ber)), seed).flows[0].throughput_kbps);
            b.push(run(&with(ld.clone(), BER_PTR, json!(ber)), seed).flows[0].throughput_kbps);
            let s5 = run(&with(five.clone(), BER_PTR, json!(ber)), seed);
            c.push(aggregate_kbps(&s5, "tcp"));
            d.push(sum_throughput_kbps(&s5, "tcp"));
        }
        say!(
            r,
            "{ber:>9.3e} {:>8.1} ± {:>4.1} {:>8.1} ± {:>4.1} {:>10.1} ± {:>4.1} {:>8.1} ± {:>4.1}",
            mean(&a),
            ci95(&a),
            mean(&b),
            ci95(&b),
            mean(&c),
            ci95(&c),
            mean(&d),
            ci95(&d)
        );
        if ber == BER_10PCT {
            at_10pct = Some((mean(&a), mean(&b), mean(&c)));
        }
    }
    let (plain, with_ld, five_aggr) = at_10pct.unwrap();
    say!(
        r,
        "at BER 8.78e-6: ld / plain = {:.2}, 5 flows / plain = {:.2}",
        with_ld / plain,
        five_aggr / plain
    );
    assert!(
        with_ld >= 1.5 * plain,
        "LD {with_ld:.1} kbit/s is not well above plain NewReno {plain:.1}"
    );
    assert!(
        five_aggr >= 1.5 * plain,
        "5 connections {five_aggr:.1} kbit/s are not well above one {plain:.1}"
    );
}

/// [GB04] §4.1–4.2, Figs 4–8 (scenario 1 presets, BER 4.274e-6 = 5 % packet loss): "regular TCP
/// becomes more sensitive to losses at high bandwidths (BW) and, to a lesser extent, at high link
/// delays (D)"; at 64 kbit/s "the single flow bandwidth is limited by the link capacity and not by
/// corruption errors", so multiple connections (and, by the same argument, loss differentiation)
/// gain little.
///
/// 10 paired seeds per preset. Throughput is normalised by the payload capacity of the link (rate ·
/// 1448/1500). Asserted: at 10 ms the normalised plain-NewReno throughput falls from 64 kbit/s to
/// 384 kbit/s to 1 Mbit/s; at 384 kbit/s and at 1 Mbit/s it is lower at 50 ms than at 10 ms; at 64
/// kbit/s two connections and the LD flow each gain less than 15 %.
#[test]
fn gb04_figs4_to_8_sensitivity_grows_with_bandwidth_and_delay() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let cases = [
        ("1mbps-10ms", 1e6),
        ("1mbps-50ms", 1e6),
        ("384kbps-10ms", 384e3),
        ("384kbps-50ms", 384e3),
        ("64kbps-10ms", 64e3),
    ];
    let mut norm = std::collections::HashMap::new();
    say!(r, "GB04 scenario 1 at BER 4.274e-6, {SEEDS} paired seeds, kbit/s (share of payload capacity):");
    for (name, rate) in cases {
        let cap = rate * 1448.0 / 1500.0 / 1000.0;
        let plain = preset(&format!("gb04-s1-{name}"));
        let ld = preset(&format!("gb04-s1-{name}-ld"));
        let a: Vec<f64> = (1..=SEEDS)
            .map(|s| run(&plain, s).flows[0].throughput_kbps)
            .collect();
        let b: Vec<f64> = (1..=SEEDS)
            .map(|s| run(&ld, s).flows[0].throughput_kbps)
            .collect();
        say!(
            r,
            "  {name:<13} 1 flow {:>6.1} ({:.2})   1 ld flow {:>6.1} ({:.2})   ld gain x{:.2}",
            mean(&a),
            mean(&a) / cap,
            mean(&b),
            mean(&b) / cap,
            mean(&b) / mean(&a)
        );
        norm.insert(name, (mean(&a) / cap, mean(&b) / mean(&a)));
    }
    let two = preset("gb04-s1-64kbps-10ms-2flows");
    let agg: Vec<f64> = (1..=SEEDS)
        .map(|s| aggregate_kbps(&run(&two, s), "tcp"))
        .collect();
    let single = norm["64kbps-10ms"].0 * 64e3 * 1448.0 / 1500.0 / 1000.0;
    say!(
        r,
        "  64kbps-10ms   2 flows aggregate {:.1} kbit/s = x{:.2} of one flow",
        mean(&agg),
        mean(&agg) / single
    );
    let n = |k: &str| norm[k].0;
    assert!(
        n("1mbps-10ms") < n("384kbps-10ms") && n("384kbps-10ms") < n("64kbps-10ms"),
        "{norm:?}"
    );
    assert!(n("1mbps-50ms") < n("1mbps-10ms"), "{norm:?}");
    assert!(n("384kbps-50ms") < n("384kbps-10ms"), "{norm:?}");
    assert!(
        mean(&agg) / single < 1.15,
        "2 connections at 64 kbit/s gain {:.2}",
        mean(&agg) / single
    );
    assert!(
        norm["64kbps-10ms"].1 < 1.15,
        "LD at 64 kbit/s gains {:.2}",
        norm["64kbps-10ms"].1
    );
}

/// [GB04] §4.3, Fig. 14 (scenario 2, 384 kbit/s, 10 ms, 20-packet buffer, 4 normal flows + 1): "the
/// aggregate throughput of the four normal TCP flows is lowered considerably when they compete with
/// an ld flow … reduced by up to 35 percent in Figure 14".
///
/// 10 paired seeds, BER 4.274e-6 and 8.78e-6 (5 % and 10 % packet loss). Two measurements:
/// - **contention** (asserted): all five flows bulk for 200 s, so the four normal flows always
///   compete with the fifth; the aggregate is the sum of the four throughputs (docs/design.md §9). The claim
///   is checked as a reduction of at least 10 % at the BER where it is largest ("considerably").
/// - **1 MB each** (the paper's stated procedure, printed): the four normal flows' throughput is 1
///   MB / own completion time. Here the reduction nearly vanishes (≈ 1–3 %): the LD flow finishes
///   its megabyte first (≈ 70 s against ≈ 130 s) and the four normal flows then have the link to
///   themselves for the rest of their transfers, which undoes most of the loss. The paper does not
///   say how it handled flows finishing at different times [AMBIG]; its 35 % needs the flows to
///   compete for the whole measurement.
///
/// The simulator's reduction under contention is ≈ 18 % rather than 35 %: the normal flows here are
/// error-limited with windows of ≈ 3 segments and recover most losses by RTO, and the LD flow keeps
/// its window only at fast retransmits (docs/design.md A3: the RTO reaction is standard), so it grows the
/// average queue from ≈ 7 to ≈ 10 packets instead of taking the link over. With the option
/// `ld_rto_keep_window` the reduction at 10 % loss rises to ≈ 27 % (measured while writing this
/// test).
#[test]
fn gb04_fig14_ld_flow_reduces_the_four_normal_flows() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let bulk = |v: Value| {
        let mut v = v;
        for f in v["flows"].as_array_mut().unwrap() {
            f["bytes"] = Value::Null;
        }
        v["stop"] = json!({ "time_s": 200, "when_transfers_done": false });
        v
    };
    say!(r, "GB04 Fig. 14 (384 kbit/s, 10 ms, 20 pkts), 4 normal flows + 1, {SEEDS} paired seeds, kbit/s:");
    say!(
        r,
        "{:>9} {:>9} {:>22} {:>22} {:>10}",
        "BER",
        "measure",
        "4 flows vs 1 normal",
        "4 flows vs 1 ld",
        "reduction"
    );
    let mut worst = 0.0f64;
    for ber in [BER_5PCT, BER_10PCT] {
        let normal = with(preset("gb04-s2-384kbps-10ms-normal"), BER_PTR, json!(ber));
        let ld = with(preset("gb04-s2-384kbps-10ms-ld"), BER_PTR, json!(ber));
        for (name, a, b) in [
            ("200 s", bulk(normal.clone()), bulk(ld.clone())),
            ("1 MB each", normal, ld),
        ] {
            let (mut four_n, mut four_l, mut one_n, mut one_l) = (vec![], vec![], vec![], vec![]);
            for seed in 1..=SEEDS {
                let sn = run(&a, seed);
                let sl = run(&b, seed);
                four_n.push(sum_throughput_kbps(&sn, "normal"));
                four_l.push(sum_throughput_kbps(&sl, "normal"));
                one_n.push(sn.flows[4].throughput_kbps);
                one_l.push(sl.flows[4].throughput_kbps);
            }
            let red = 1.0 - mean(&four_l) / mean(&four_n);
            say!(
                r,
                "{ber:>9.3e} {name:>9} {:>7.1} + {:>5.1} single {:>7.1} + {:>5.1} ld    {:>7.1} %",
                mean(&four_n),
                mean(&one_n),
                mean(&four_l),
                mean(&one_l),
                100.0 * red
            );
            if name == "200 s" {
                worst = worst.max(red);
            }
        }
    }
    say!(
        r,
        "largest reduction under contention: {:.1} % (paper: up to 35 %)",
        100.0 * worst
    );
    assert!(
        worst >= 0.10,
        "the LD flow reduced the four normal flows by only {:.1} %",
        100.0 * worst
    );
}

/// [GB04] p. 412 (the LD scheme) / docs/design.md §7.1–7.2, §12.2: checksum loss differentiation can only err
/// one way — a corruption that hits the sensitive header (IP header + ports, h = 24 B, docs/design.md A2)
/// cannot be attributed to a flow and is treated as congestion; "in the experiments presented in
/// this paper the probability is below 0.03". A congestion loss is never labelled corruption.
///
/// One bulk LD flow, 1 Mbit/s, 10 ms, BER 8.78e-6, a 10-packet buffer (so that overflow losses
/// occur too; rwnd 45 segments > 10 + BDP 2.8), 300 s, 10 seeds. (With 20 packets the few
/// overflows, 22 in 10 runs, all follow a timeout's go-back-N and are repaired by the next RTO
/// under RFC 6582's careful fast-retransmit rule — FreeBSD's `SEQ_LEQ(th_ack, snd_recover)` — so
/// none was ever judged and the no-false-wireless check had nothing to check.) Measured two ways:
/// - per corrupted packet (packet trace): header hits / all corrupted data packets, to compare with
///   P = (1 − (1−b)^(8h)) / (1 − (1−b)^(8L)) ≈ h/L = 0.0168 (asserted within 4 binomial σ);
/// - per episode (the flow's confusion matrix): wireless losses judged congestion / wireless losses
///   judged (asserted < 0.03, the paper's bound), and no congestion loss judged wireless.
///
/// Why the per-episode figure differs from h/L: the classifier judges only the segment at snd_una
/// when the 3rd duplicate ACK arrives. Later losses of the same NewReno episode are repaired by
/// partial ACKs without a verdict; losses repaired by an RTO (window too small for 3 dupACKs, or a
/// corrupted retransmission) get no verdict at all; and a fast retransmit after a go-back-N RTO can
/// judge a segment that was not lost (unknown truth, not counted). So the judged population is a
/// subset of the corrupted packets — here only ≈ 28 % of them (≈ 2200 of ≈ 7900; ≈ 1900 RTOs
/// against ≈ 2300 fast retransmits) — and because a header hit halves the window (and so shapes
/// which later losses become episodes) the two ratios agree only statistically: with a few hundred
/// episodes the per-episode ratio scatters by ±0.005 around h/L (0.016–0.029 in 40-seed runs of 1
/// MB transfers at BER 4.3e-6…1.4e-5 while writing this test; 0.015 here).
#[test]
fn gb04_checksum_misclassifies_about_h_over_l_of_corruption_losses() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let b = BER_10PCT;
    let (h, l) = (24.0, 1500.0);
    let p_hdr = (1.0 - (1.0 - b).powf(8.0 * h)) / (1.0 - (1.0 - b).powf(8.0 * l));
    let mut v = preset("gb04-s1-1mbps-10ms-ld");
    v = with(v, BER_PTR, json!(b));
    v = with(v, "/topology/bottleneck/queue/limit_pkts", json!(10));
    v["flows"][0]["bytes"] = Value::Null;
    v["stop"] = json!({ "time_s": 300, "when_transfers_done": false });
    v["observe"]["trace"] = json!(true);
    let (mut hdr, mut payload, mut queue) = (0u64, 0u64, 0u64);
    let mut m = [0u64; 4];
    let (mut unknown, mut rtos, mut frs) = (0u64, 0u64, 0u64);
    for seed in 1..=SEEDS {
        let mut sim = simulate(&v, seed);
        for e in sim
            .take_trace()
            .iter()
            .filter(|e| e.kind == TraceKind::Drop)
        {
            match e.cause {
                Some(Cause::HeaderCorruption) => hdr += 1,
                Some(Cause::PayloadCorruption) => payload += 1,
                Some(Cause::QueueOverflow) => queue += 1,
                c => panic!("unexpected drop cause {c:?}"),
            }
        }
        let c = sim.flows[0].sender.confusion;
        for (k, x) in [
            c.congestion_as_congestion,
            c.congestion_as_wireless,
            c.wireless_as_congestion,
            c.wireless_as_wireless,
        ]
        .into_iter()
        .enumerate()
        {
            m[k] += x;
        }
        unknown += c.unknown_as_congestion + c.unknown_as_wireless;
        let s = sim.summary();
        rtos += s.flows[0].timeouts;
        frs += s.flows[0].fast_retransmits;
    }
    let corrupted = hdr + payload;
    let per_packet = ratio(hdr, corrupted);
    let sigma = (p_hdr * (1.0 - p_hdr) / corrupted as f64).sqrt();
    let per_episode = ratio(m[2], m[2] + m[3]);
    say!(
        r,
        "GB04 checksum LD, 1 Mbit/s, 10 ms, 10 pkts, BER {b:e}, {SEEDS} × 300 s:"
    );
    say!(r, "  data packets lost: {corrupted} corrupted ({hdr} header hits, {payload} payload), {queue} queue overflows");
    say!(r, "  per packet : header hits / corrupted = {per_packet:.4} (expected {p_hdr:.4} ± {sigma:.4})");
    say!(
r,
        "  per episode: {} fast retransmits, {rtos} RTOs; verdicts c→c {} c→w {} w→c {} w→w {} unknown {unknown}",
        frs, m[0], m[1], m[2], m[3]
    );
    say!(
r,
        "  per episode: wireless judged congestion = {per_episode:.4} (paper: below 0.03); {} of {corrupted} corruption losses were judged",
        m[2] + m[3]
    );
    assert!(
        queue > 0 && m[0] > 0,
        "the 10-packet buffer must overflow for the no-false-wireless check"
    );
    assert_eq!(m[1], 0, "a congestion loss was labelled corruption");
    assert!(
        (per_packet - p_hdr).abs() <= 4.0 * sigma,
        "header share {per_packet:.4} vs {p_hdr:.4} ± {sigma:.4}"
    );
    assert!(
        m[2] + m[3] >= 1000,
        "too few judged corruption losses: {}",
        m[2] + m[3]
    );
    assert!(
        per_episode < 0.03,
        "misclassification {per_episode:.4} ≥ 0.03"
    );
}

/// docs/design.md A3: the paper leaves open what the LD sender does on a retransmission timeout. Both
/// readings are presets (`gb04-s1-1mbps-10ms-ld` takes the standard reaction,
/// `gb04-s1-1mbps-10ms-ld-rto-keep` keeps the window) and a sweep runs them side by side
/// (`gb04-fig4-ld-rto-readings`). [GB04] §4.2: "the relative benefit increases as the loss rate
/// increases" — that claim favours keeping the window: at the highest BER of Fig. 4 most LD
/// losses end in a timeout, so with the standard reaction the LD flow's advantage over plain
/// TCP shrinks from 8.78e-6 to 1.354e-5, while with the window kept it keeps growing.
#[test]
fn gb04_ld_timeout_readings_side_by_side_and_which_the_paper_favours() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 10;
    let plain = preset("gb04-s1-1mbps-10ms");
    let standard = preset("gb04-s1-1mbps-10ms-ld");
    let keep = preset("gb04-s1-1mbps-10ms-ld-rto-keep");
    assert_eq!(keep["flows"][0]["tcp"]["ld_rto_keep_window"], json!(true));
    assert!(standard["description"]
        .as_str()
        .unwrap()
        .contains("ld_rto_keep_window"));
    let sweep: Value = serde_json::from_str(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../content/sweeps/gb04-fig4-ld-rto-readings.json"),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        sweep["vary"][1]["path"],
        json!("flows[0].tcp.ld_rto_keep_window")
    );
    say!(
        r,
        "GB04 Fig. 4, LD / plain throughput ratio by timeout reading ({SEEDS} paired seeds):"
    );
    let mut ratios = Vec::new();
    for ber in [BER_10PCT, 1.354e-5] {
        let (mut p, mut s, mut k) = (vec![], vec![], vec![]);
        for seed in 1..=SEEDS {
            p.push(run(&with(plain.clone(), BER_PTR, json!(ber)), seed).flows[0].throughput_kbps);
            s.push(
                run(&with(standard.clone(), BER_PTR, json!(ber)), seed).flows[0].throughput_kbps,
            );
            k.push(run(&with(keep.clone(), BER_PTR, json!(ber)), seed).flows[0].throughput_kbps);
        }
        let (rs, rk) = (mean(&s) / mean(&p), mean(&k) / mean(&p));
        say!(r, "  BER {ber:.3e}: plain {:.1}, standard timeouts {:.1} (×{rs:.2}), window kept {:.1} (×{rk:.2})", mean(&p), mean(&s), mean(&k));
        ratios.push((rs, rk));
    }
    let ((s1, k1), (s2, k2)) = (ratios[0], ratios[1]);
    assert!(
        s2 < s1,
        "standard timeouts: the benefit shrinks at the highest BER ({s1:.2} → {s2:.2})"
    );
    assert!(
        k2 > k1,
        "window kept: the benefit keeps growing ({k1:.2} → {k2:.2}), as the paper says"
    );
}
