//! Paper reproductions: the behavioural claims of the four source papers, checked on the presets in
//! `content/scenarios/` (SPEC.md §10). Every test
//! - states the claim it checks and where the paper makes it;
//! - averages over several seeds, paired: the compared variants run on the same seeds, and the same
//!   seed gives the same error pattern on a link whatever the traffic (DESIGN §3 "paired error
//!   patterns");
//! - prints its numbers (`cargo test --test papers -- --nocapture`) so they can be quoted, next to
//!   the paper's;
//! - asserts a threshold that follows from the claim; where the simulator does not show the claim,
//!   the doc comment says what it shows instead and why, and the assertion follows the simulator.
//!
//! Run lengths and seed counts are smaller than the papers' (30 runs) to keep the whole file well
//! under a minute in the debug test profile; each test says what it uses.

use serde_json::{json, Value};
use sim_core::metrics::FlowSummary;
use sim_core::packet::Cause;
use sim_core::trace::TraceKind;
use sim_core::{Simulation, Summary};
use std::path::PathBuf;

// ------------------------------------------------------------------------------------------------
// Helpers

/// A preset from `content/scenarios/<id>.json`, with a coarse sampling period (series are not
/// used).
fn preset(id: &str) -> Value {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../content/scenarios")
        .join(format!("{id}.json"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert_eq!(v["id"], json!(id), "{}: id = file name", p.display());
    v["observe"]["sample_ms"] = json!(60_000);
    v
}

/// `v` with the value at JSON pointer `ptr` replaced (the key must exist or its parent be an
/// object).
fn with(mut v: Value, ptr: &str, x: Value) -> Value {
    let (parent, key) = ptr.rsplit_once('/').unwrap();
    let slot = v
        .pointer_mut(parent)
        .unwrap_or_else(|| panic!("no {parent}"));
    match slot {
        Value::Object(m) => {
            m.insert(key.to_string(), x);
        }
        Value::Array(a) => a[key.parse::<usize>().unwrap()] = x,
        _ => panic!("{parent} is not a container"),
    }
    v
}

/// Set a TCP field on every `flows[]` entry.
fn with_tcp(mut v: Value, key: &str, x: Value) -> Value {
    for f in v["flows"].as_array_mut().unwrap() {
        f["tcp"][key] = x.clone();
    }
    v
}

/// A test's printed report, collected and written in one piece when the test ends (tests run in
/// parallel, so line-by-line output would interleave), also when an assertion fails.
struct Report(String);

impl Drop for Report {
    fn drop(&mut self) {
        eprint!("{}", self.0);
    }
}

/// `say!(report, "format", args…)`: one line of a [`Report`].
macro_rules! say {
    ($r:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($r.0, $($t)*);
    }};
}

fn simulate(v: &Value, seed: u64) -> Simulation {
    let mut v = v.clone();
    v["seed"] = json!(seed);
    let mut sim = Simulation::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e:?}"));
    sim.run().expect("run");
    sim
}

fn run(v: &Value, seed: u64) -> Summary {
    simulate(v, seed).summary()
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

/// Half-width of the 95 % Student-t confidence interval of the mean (n ≤ 31).
fn ci95(x: &[f64]) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    let n = x.len();
    if n < 2 {
        return f64::NAN;
    }
    let m = mean(x);
    let var = x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64;
    T[(n - 2).min(29)] * (var / n as f64).sqrt()
}

fn flows_with_prefix<'a>(
    s: &'a Summary,
    prefix: &'a str,
) -> impl Iterator<Item = &'a FlowSummary> + 'a {
    s.flows
        .iter()
        .filter(move |f| f.flow_id == prefix || f.flow_id.starts_with(&format!("{prefix}.")))
}

/// Aggregate of a group of finite transfers that started together: all bytes / last completion.
fn aggregate_kbps(s: &Summary, prefix: &str) -> f64 {
    let (bytes, end) = flows_with_prefix(s, prefix).fold((0u64, 0f64), |(b, e), f| {
        (
            b + f.bytes_delivered,
            e.max(f.completion_s.unwrap_or(s.end_s)),
        )
    });
    bytes as f64 * 8.0 / end / 1000.0
}

fn sum_throughput_kbps(s: &Summary, prefix: &str) -> f64 {
    flows_with_prefix(s, prefix)
        .map(|f| f.throughput_kbps)
        .sum()
}

/// A shadow classifier's confusion counts on flow `i` as [c→c, c→w, w→c, w→w].
fn shadow(s: &Summary, i: usize, id: &str) -> [u64; 4] {
    let sh = s.flows[i]
        .shadows
        .iter()
        .find(|x| x.classifier == id)
        .unwrap_or_else(|| panic!("no shadow {id}"));
    let c = sh.confusion;
    [
        c.congestion_as_congestion,
        c.congestion_as_wireless,
        c.wireless_as_congestion,
        c.wireless_as_wireless,
    ]
}

fn ratio(num: u64, den: u64) -> f64 {
    if den == 0 {
        f64::NAN
    } else {
        num as f64 / den as f64
    }
}

// ------------------------------------------------------------------------------------------------
// Garcia & Brunstrom [GB04]

/// Exact BER for 10 % packet loss of 1500-byte packets (SPEC §12.1): 1 − 0.9^(1/12000).
const BER_10PCT: f64 = 8.78e-6;
/// 5 % packet loss (SPEC §12.1).
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
/// a fast retransmit (SPEC A3): whenever the window is too small for 3 duplicate ACKs (after every
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
///   compete with the fifth; the aggregate is the sum of the four throughputs (SPEC §9). The claim
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
/// its window only at fast retransmits (SPEC A3: the RTO reaction is standard), so it grows the
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

/// [GB04] p. 412 (the LD scheme) / SPEC §7.1–7.2, §12.2: checksum loss differentiation can only err
/// one way — a corruption that hits the sensitive header (IP header + ports, h = 24 B, SPEC A2)
/// cannot be attributed to a flow and is treated as congestion; "in the experiments presented in
/// this paper the probability is below 0.03". A congestion loss is never labelled corruption.
///
/// One bulk LD flow, 1 Mbit/s, 10 ms, BER 8.78e-6, a 20-packet buffer (so that overflow losses
/// occur too; rwnd 45 segments > 20 + BDP 2.8), 300 s, 10 seeds. Measured two ways:
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
    v = with(v, "/topology/bottleneck/queue/limit_pkts", json!(20));
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
        "GB04 checksum LD, 1 Mbit/s, 10 ms, 20 pkts, BER {b:e}, {SEEDS} × 300 s:"
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
        "the 20-packet buffer must overflow for the no-false-wireless check"
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

// ------------------------------------------------------------------------------------------------
// Lim & Jang [LJ]

/// The LDAs of [LJ] Fig. 8, then the Cen et al. receiver-side ones, as shadow classifiers.
const LJ_LDAS: [&str; 9] = [
    "adaptive_threshold",
    "vegas_predictor",
    "spike",
    "ncpld",
    "jitter_ratio",
    "biaz",
    "mbiaz",
    "zigzag",
    "zbs",
];

/// Pooled confusion counts of every LDA on TCP1 (flow 0) over `seeds`.
fn lj_accuracies(v: &Value, seeds: u64) -> (Vec<[u64; 4]>, f64) {
    let mut tot = vec![[0u64; 4]; LJ_LDAS.len()];
    let mut pc = vec![];
    for seed in 1..=seeds {
        let s = run(v, seed);
        for (k, id) in LJ_LDAS.iter().enumerate() {
            let c = shadow(&s, 0, id);
            for j in 0..4 {
                tot[k][j] += c[j];
            }
        }
        pc.push(s.flows[0].losses_queue as f64 / s.flows[0].segments_sent as f64);
    }
    (tot, mean(&pc))
}

fn a_c(c: &[u64; 4]) -> f64 {
    ratio(c[0], c[0] + c[1])
}
fn a_w(c: &[u64; 4]) -> f64 {
    ratio(c[3], c[2] + c[3])
}

/// [LJ] §4.2, Fig. 8 (2 Mbit/s, 70 ms, 50-packet bottleneck, 1000-byte packets, TCP-SACK):
/// - Fig. 8(a), no cross traffic: "for all schemes, A_w increases up to 90 % on unloaded path", the
///   proposed scheme (`adaptive_threshold`) being similar to the others;
/// - Fig. 8(b), N1 = 15 forward cross flows (p_c ≈ 3 %): the proposed scheme's A_c is "much higher
///   than other schemes" and does not depend on p_w; VP and Spike are high at low p_w and low at
///   high p_w, NCPLD the opposite, Jitter ratio poor.
///
/// Shadow mode (SPEC A12): every LDA judges the same fast-retransmit episodes of one unmodified
/// TCP-SACK flow (TCP1), pooled over 5 seeds × 500 s (the paper: 30 × 1000 s), p_w ∈ {1 %, 5 %}, in
/// two RTT modes: exact per-ACK timestamp samples (SPEC A13 default) and ns-2's 10 ms `tcpTick_`
/// quantisation (`rtt_tick_ms: 10`). Asserted:
/// - N1 = 15: A_c(adaptive_threshold) ≥ 0.95 in every case, and no compared LDA (VP, Spike, NCPLD,
///   Jr) has a higher A_c;
/// - N1 = 0: A_w(adaptive_threshold) > its A_w with N1 = 15 (the threshold adapts to the load), and
///   ≥ 0.85 with the ns-2 tick (paper ≈ 90 %), ≥ 0.6 with exact RTTs.
///
/// What the simulator shows and why:
/// - With exact RTTs, A_w on the unloaded path is only ≈ 0.7–0.8: when T ≈ Tp the threshold
///   T̄ + T_dev·(2(Tp/T)³ − 1) is ≈ T̄ + T_dev, so every loss whose latest sample lies more than one
///   mean deviation above the mean is called congestion — a fixed share of a continuous jitter
///   distribution (the flow's own slow-start/CA queueing at the 2 Mbit/s bottleneck). With ns-2's
///   10 ms ticks the samples of an unloaded path are all equal, T_dev decays towards 0 and T = T̄
///   is not "above", so A_w → ≈ 0.98–0.99. The paper's ≈ 90 % is consistent with the quantised
///   RTTs.
/// - Spike keeps A_c ≈ 1 at every p_w (the paper: falls at high p_w): with 15 cross flows the
///   drop-tail queue stays near full, every RTT sample exceeds RTTmin + ½(RTTmax − RTTmin) and
///   Spike stays in its spike state. VP's A_c falls with p_w as in the paper (≈ 0.86 → 0.71);
///   NCPLD's A_c stays near 0 (the paper: low at low p_w, rising at high p_w), Jr's near 0.
/// - The Cen et al. receiver-side LDAs, not in the paper's comparison, are printed for the record:
///   Biaz/mBiaz and ZigZag have a poor A_w here because they expect the wireless hop to be the
///   bottleneck (a wireless loss then leaves an inter-arrival gap or a dip in the one-way delay),
///   and the 10 Mbit/s last hop of A8 produces neither.
/// - ns-2's one-sample-per-RTT mode cannot be tested: `rtt_sampling: one_per_rtt` together with
///   timestamps takes no RTT sample at all after the handshake (simulator bug, reported).
#[test]
fn lj_fig8_adaptive_threshold_keeps_ac_high_under_load_and_aw_high_unloaded() {
    let mut r = Report(String::new());
    const SEEDS: u64 = 5;
    const TIME_S: f64 = 500.0;
    let mut checks = vec![];
    for (mode, tick) in [("exact", 0.0), ("ns-2 10 ms tick", 10.0)] {
        for pw in [0.01, 0.05] {
            let mut res = vec![];
            for id in ["lj-fig8a-n1-0", "lj-fig8b-n1-15"] {
                let mut v = with(preset(id), "/topology/links/3/errors/per", json!(pw));
                v["stop"]["time_s"] = json!(TIME_S);
                v = with_tcp(v, "rtt_tick_ms", json!(tick));
                res.push(lj_accuracies(&v, SEEDS));
            }
            let ((idle, pc0), (busy, pc15)) = (&res[0], &res[1]);
            say!(
r,
                "LJ Fig. 8, RTT {mode}, p_w = {:.0} %: p_c = {:.4} (N1 = 0) / {:.4} (N1 = 15); episodes N1 = 0: {} wireless, N1 = 15: {} congestion + {} wireless",
                100.0 * pw, pc0, pc15, idle[0][2] + idle[0][3], busy[0][0] + busy[0][1], busy[0][2] + busy[0][3]
            );
            say!(
                r,
                "  {:<20} {:>12} {:>12} {:>12}",
                "LDA",
                "A_w (N1=0)",
                "A_c (N1=15)",
                "A_w (N1=15)"
            );
            for (k, id) in LJ_LDAS.iter().enumerate() {
                say!(
                    r,
                    "  {id:<20} {:>12.3} {:>12.3} {:>12.3}",
                    a_w(&idle[k]),
                    a_c(&busy[k]),
                    a_w(&busy[k])
                );
            }
            checks.push((mode, tick, pw, idle.clone(), busy.clone()));
        }
    }
    for (mode, tick, pw, idle, busy) in checks {
        let ac = a_c(&busy[0]);
        let aw_idle = a_w(&idle[0]);
        let aw_busy = a_w(&busy[0]);
        assert!(ac >= 0.95, "{mode}, p_w {pw}: A_c {ac:.3} with N1 = 15");
        for k in 1..=4 {
            assert!(
                a_c(&busy[k]) <= ac,
                "{mode}, p_w {pw}: {} has A_c {:.3} > {ac:.3}",
                LJ_LDAS[k],
                a_c(&busy[k])
            );
        }
        assert!(
            aw_idle > aw_busy,
            "{mode}, p_w {pw}: A_w unloaded {aw_idle:.3} ≤ loaded {aw_busy:.3}"
        );
        let floor = if tick > 0.0 { 0.85 } else { 0.6 };
        assert!(
            aw_idle >= floor,
            "{mode}, p_w {pw}: A_w {aw_idle:.3} < {floor} on the unloaded path"
        );
    }
}

// ------------------------------------------------------------------------------------------------
// Kim, Koo & Choo [NJ+]

/// [NJ+] §4.1, Fig. 5(a) (simple topology, 5 % wireless loss): "TCP NJ+ outperforms TCP New Jersey
/// by 19 % and TCP Westwood by 54 %"; the abstract's "19 % to 104 %" puts Reno last. Claim checked:
/// the goodput order NJ+ > New Jersey > Westwood > Reno of the means over 10 paired seeds × 100 s
/// (SPEC A20); the margins are printed, with Westwood+ for reference.
///
/// The simulator keeps the order but with smaller NJ+ margins: ≈ +5 % over NJ (paper +19 %), ≈ +19
/// % over the original Westwood (paper +54 %), ≈ +116 % over Reno (abstract: up to +104 %); against
/// Westwood+ (the SPEC's default reading of "Westwood", A20) the margin is ≈ +60 %. Probed while
/// writing this test (5 seeds): the NJ+/NJ margin stays within 1–5 % for CW thresholds 2, 5 and 10
/// packets (average or instantaneous queue) and with CW marking off, and shrinks to ≈ 1 % with a
/// 100-packet rwnd — so neither A15 nor the rwnd of A20 explains the gap. On this topology there is
/// no cross traffic, so NJ+'s max(Rs, Rr) estimator adds little to NJ's and mainly the no-CW window
/// rules differ (ssthresh = ownd, cwnd + 1 at a 3rd dupACK; (ownd_n + ownd_{n−1})/2 after an RTO);
/// their effect depends on A17/A18 (ownd at an RTO, RTT and L_n of the ABE), whose alternatives
/// exist in `tcp::cc::jersey::Params` but are not reachable from the scenario format.
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

// ------------------------------------------------------------------------------------------------
// Gurtov [GUR]

/// Bytes per second of a summary's first flow.
fn bytes_per_s(s: &Summary) -> f64 {
    s.flows[0].throughput_kbps * 1000.0 / 8.0
}

/// [GUR] §6, Fig. 6(a), SPEC §10.2 / §12.8: "the achieved throughput of 1002 bytes per second (Bps)
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
