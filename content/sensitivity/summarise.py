#!/usr/bin/env python3
"""Summarise a sensitivity sweep's raw CSV (`losslab sweep --raw`) as paired ratios.

For every setting of the other varied paths, the ratio A/B of one metric between two values of one
varied path (the compared axis) is taken per replication — both runs share the seed, so the ratio is
paired — and reported as its mean with a Student-t 95 % interval over the replications and n.

    python3 content/sensitivity/summarise.py RAW.csv --axis 'flows[1].tcp.classifier' \
        --a checksum --b always_congestion --entity plain --metric throughput_kbps

`--axis` may be given several times: the first names the compared value, the others are the
compared axis's zipped partners (left out of the grouping). `--entity` is the raw CSV's entity
(a flow id, a group name, `sum` or `run`). Standard library only.
"""
import argparse
import csv
import math
import statistics
import sys
from collections import defaultdict

# two-sided 95 % Student-t quantiles, df = 1..30 (larger df: 1.96 is within 2 %)
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t95(df):
    return T95[df - 1] if df <= len(T95) else 1.96


def mean_ci(xs):
    n = len(xs)
    m = statistics.fmean(xs)
    if n < 2:
        return m, m, m, n
    h = t95(n - 1) * statistics.stdev(xs) / math.sqrt(n)
    return m, m - h, m + h, n


def paired(path, axes, a, b, entity, metric):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    varied = head[1:head.index("replication")]
    ia = [head.index(c) for c in axes]
    others = [c for c in varied if c not in axes]
    io = [head.index(c) for c in others]
    vals = defaultdict(dict)  # (others, replication) -> {axis value: value}
    for r in rows[1:]:
        if r[head.index("entity")] != entity or r[head.index("metric")] != metric:
            continue
        v = r[head.index("value")]
        if v == "":
            continue
        key = (tuple(r[i] for i in io), int(r[head.index("replication")]))
        vals[key][r[ia[0]]] = float(v)
    groups = defaultdict(list)
    for (o, _rep), d in sorted(vals.items()):
        if a in d and b in d and d[b] != 0:
            groups[o].append(d[a] / d[b])
    return others, {o: mean_ci(xs) for o, xs in groups.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("raw")
    p.add_argument("--axis", action="append", required=True)
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--entity", required=True)
    p.add_argument("--metric", required=True)
    args = p.parse_args()
    others, res = paired(args.raw, args.axis, args.a, args.b, args.entity, args.metric)
    w = csv.writer(sys.stdout)
    w.writerow(others + ["ratio_mean", "ci95_low", "ci95_high", "n"])
    for o, (m, lo, hi, n) in res.items():
        w.writerow(list(o) + [f"{m:.3f}", f"{lo:.3f}", f"{hi:.3f}", n])


if __name__ == "__main__":
    main()
