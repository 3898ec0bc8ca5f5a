"""Benchmark: the cost of the series DataFrame against the simulation it comes from.

A 60 s run of ten bulk flows over a 10 Mbit/s dumbbell with bit errors, at the scenario's
default sampling. Prints the simulation's wall time, the time to build ``Result.series`` and
their ratio, and for comparison the route through CSV text (the simulator writes ``--series``,
pandas parses it back), which is how the frame used to be built; medians of ``--repeat`` runs.

    npm run bench:python            # or: .tools/venv/bin/python python/benches/series_frame.py
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

import pandas as pd

import losslab

SCENARIO = {
    "id": "bench-series-frame",
    "stop": {"time_s": 60},
    "flows": [{"count": 10}],
    "topology": {"kind": "dumbbell", "bottleneck": {"rate_bps": 10e6, "errors": {"kind": "bit_error", "ber": 1e-6}}},
}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    sims, frames, csvs, rows = [], [], [], 0
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        res = losslab.run(SCENARIO)
        t1 = time.perf_counter()
        df = res.series
        t2 = time.perf_counter()
        pd.read_csv(io.StringIO(res.series_csv), float_precision="round_trip",
                    keep_default_na=False, na_values=[""])
        t3 = time.perf_counter()
        sims.append(t1 - t0)
        frames.append(t2 - t1)
        csvs.append(t3 - t2)
        rows = len(df)
    sim, frame, csv = (statistics.median(x) for x in (sims, frames, csvs))
    print(f"series rows {rows}, dtypes: " + ", ".join(f"{c} {t}" for c, t in df.dtypes.items()))
    print(f"simulation {sim * 1000:.1f} ms, series DataFrame {frame * 1000:.1f} ms, "
          f"ratio {frame / sim:.2f}; through CSV text {csv * 1000:.1f} ms, ratio {csv / sim:.2f} "
          f"(medians of {a.repeat})")


if __name__ == "__main__":
    main()
