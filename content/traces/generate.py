#!/usr/bin/env python3
"""Generator of the small traces in this folder (docs/traces.md): two capacity traces and a loss trace.

Deterministic (fixed seeds, Python's own Mersenne Twister, no dependencies): running it again
writes the same bytes. Run from anywhere: `python3 content/traces/generate.py`.

- lte-like.mahi (Mahimahi `mm-link` format, 20 s loop): the rate is a random walk in log space,
  one step every 100 ms (log-rate ← log-rate + N(0, 0.25), pulled back towards ln 6 Mbit/s with
  weight 0.1, clamped to 0.5–30 Mbit/s), with a 300 ms outage (rate 0) with probability 1 % per
  step — the fast fading and handover gaps of a cellular downlink, not a measurement. Each
  millisecond adds rate × 1 ms of credit; every 12000 bits (1500 bytes) of credit is one delivery
  opportunity, written as one line holding that millisecond.
- wifi-like.csv (`time_s,rate_bps`, 30 s loop): an 802.11n single-stream link whose
  modulation-and-coding rate (6.5 … 65 Mbit/s) moves one level up or down with probability 0.2
  each 0.5 s; the usable rate is 60 % of it (MAC overhead, contention).
- bursty-losses.csv (`time_s,lost`, one packet per millisecond for 30 s): the outcome of each packet
  over a two-state channel — Good loses nothing, Bad loses every packet — that leaves Good with
  probability 0.03·0.25/0.97 and Bad with probability 0.25 per packet: 3 % loss in bursts of 4
  packets on average. `losslab fit-ge` should find those two numbers inside its intervals.
- ../scenarios/wifi-like-trace.json: a preset with the Wi-Fi-like trace inline (small enough to
  travel in a share link), so it runs in the browser as well as in the command line and Python.
"""

import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OPPORTUNITY_BITS = 1500 * 8


def lte_like(seconds=20, seed=1):
    rnd = random.Random(seed)
    lines = []
    credit = 0.0
    log_rate = math.log(6e6)
    outage_ms = 0
    for step in range(seconds * 10):
        log_rate += rnd.gauss(0.0, 0.25) + 0.1 * (math.log(6e6) - log_rate)
        log_rate = min(max(log_rate, math.log(0.5e6)), math.log(30e6))
        if outage_ms == 0 and rnd.random() < 0.01:
            outage_ms = 300
        for ms in range(step * 100 + 1, step * 100 + 101):
            if outage_ms > 0:
                outage_ms -= 1
                continue
            credit += math.exp(log_rate) * 1e-3
            while credit >= OPPORTUNITY_BITS:
                credit -= OPPORTUNITY_BITS
                lines.append(str(ms))
    # mm-link loops with period = the last line: end the file exactly at the loop length.
    if lines[-1] != str(seconds * 1000):
        lines.append(str(seconds * 1000))
    return "\n".join(lines) + "\n"


def wifi_like(seconds=30, seed=2):
    rnd = random.Random(seed)
    mcs = [6.5e6, 13e6, 19.5e6, 26e6, 39e6, 52e6, 58.5e6, 65e6]
    level = 5
    rows = ["time_s,rate_bps"]
    for i in range(seconds * 2):
        u = rnd.random()
        if u < 0.2:
            level = max(level - 1, 0)
        elif u < 0.4:
            level = min(level + 1, len(mcs) - 1)
        rows.append(f"{i * 0.5:g},{round(mcs[level] * 0.6)}")
    return "\n".join(rows) + "\n"


def wifi_preset(csv_text):
    rows = [r.split(",") for r in csv_text.split()[1:]]
    trace = {
        "format": "steps",
        "time_s": [float(t) for t, _ in rows],
        "rate_bps": [int(r) for _, r in rows],
    }
    doc = {
        "schema": 1,
        "id": "wifi-like-trace",
        "title": "One bulk transfer over a Wi-Fi-like link whose rate follows a trace",
        "summary": "Generated trace, not from a paper. A NewReno bulk flow over a link whose capacity changes every half second, as a Wi-Fi link's does when its modulation adapts (16 to 35 Mbit/s, mean 25.5 Mbit/s, a 30-second trace that repeats). Watch the window chase the rate and the queue fill when the rate drops.",
        "description": "Capacity trace content/traces/wifi-like.csv (time_s,rate_bps steps, written by content/traces/generate.py), inline in topology.bottleneck.rate_trace; the link loops it every 30 s. 200-packet buffer, 20 ms one-way delay, no transmission errors.",
        "seed": 1,
        "stop": {"time_s": 60},
        "topology": {
            "kind": "dumbbell",
            "access": {"rate_bps": 100000000, "delay_ms": 0.1, "queue": {"kind": "drop_tail", "limit_pkts": 1000}},
            "bottleneck": {
                "rate_trace": trace,
                "delay_ms": 20,
                "queue": {"kind": "drop_tail", "limit_pkts": 200},
                "reverse": {"rate_bps": 10000000},
            },
        },
        "flows": [{"id": "bulk", "tcp": {"cc": "new_reno"}}],
        "observe": {"sample_ms": 100},
    }
    return json.dumps(doc, indent=2) + "\n"


def bursty_losses(packets=30000, mean_loss=0.03, mean_burst=4.0, seed=3):
    rnd = random.Random(seed)
    p_bg = 1.0 / mean_burst
    p_gb = mean_loss * p_bg / (1.0 - mean_loss)
    bad = False
    rows = ["time_s,lost"]
    for i in range(packets):
        # The packet sees the current state, then the chain takes one step.
        rows.append(f"{(i + 1) / 1000:.3f},{1 if bad else 0}")
        if rnd.random() < (p_bg if bad else p_gb):
            bad = not bad
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    wifi = wifi_like()
    with open(os.path.join(HERE, "..", "scenarios", "wifi-like-trace.json"), "w", encoding="utf-8") as f:
        f.write(wifi_preset(wifi))
    for name, text in [("lte-like.mahi", lte_like()), ("wifi-like.csv", wifi), ("bursty-losses.csv", bursty_losses())]:
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            f.write(text)
        print(name, len(text.splitlines()), "lines")
