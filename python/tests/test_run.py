"""`losslab.run` / `catalog`: results byte-identical to
`losslab run --summary/--series` for the same scenario and seed (determinism across front ends)."""

import io
import json
from pathlib import Path

import pandas as pd
import pytest

import losslab
from conftest import run_cli

SCENARIOS = ["gb04-s1-1mbps-10ms", "gb04-s1-1mbps-10ms-ld"]


def test_run_matches_cli_bytes(repo, cli, tmp_path):
    for sid in SCENARIOS:
        path = repo / "content" / "scenarios" / f"{sid}.json"
        r = run_cli(cli, "run", path, "--summary", tmp_path / "s.csv", "--series", tmp_path / "t.csv")
        assert r.returncode == 0, r.stderr
        res = losslab.run(path)
        assert res.summary_csv == (tmp_path / "s.csv").read_text()
        assert res.series_csv == (tmp_path / "t.csv").read_text()


def test_frames_have_the_csv_columns(repo):
    res = losslab.run(repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json")
    s, t = res.summary, res.series
    assert isinstance(s, pd.DataFrame) and isinstance(t, pd.DataFrame)
    assert list(s.columns) == res.summary_csv.splitlines()[0].split(",")
    assert list(t.columns) == ["time_s", "entity", "metric", "value"]
    assert t.attrs == {"scenario_id": "gb04-s1-1mbps-10ms", "seed": res.seed}
    assert len(s) == 1 and s.loc[0, "bytes_delivered"] == 1048576
    assert s.loc[0, "throughput_kbps"] > 0
    assert set(t["metric"]) >= {"cwnd_bytes", "throughput_kbps"}
    assert isinstance(res.notices, list)


def test_undefined_values_are_nan_and_counters_named_with_unit_and_total(repo):
    # docs/csv.md: srtt before the first RTT sample and the first throughput sample are empty
    # cells in the CSV, NaN in the frame (never 0); counters end in `_pkts_total`.
    res = losslab.run(repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json")
    t = res.series
    first = t[t["time_s"] == 0].set_index(["entity", "metric"])["value"]
    flow = t.loc[t["metric"] == "cwnd_bytes", "entity"].iloc[0]
    assert pd.isna(first[(flow, "srtt_ms")])
    assert pd.isna(first[(flow, "throughput_kbps")])
    assert first[(flow, "cwnd_bytes")] > 0
    srtt = t[(t["metric"] == "srtt_ms") & (t["entity"] == flow)]["value"]
    assert srtt.notna().any() and (srtt.dropna() > 0).all()
    assert {"drops_queue_pkts_total", "lost_pkts_total"} <= set(t["metric"])
    assert not {"drops_queue", "drops_aqm", "corrupted", "lost"} & set(t["metric"])
    # The same CSV with pandas' default arguments reads the same way.
    plain = pd.read_csv(io.StringIO(res.series_csv))
    assert list(plain.columns) == ["time_s", "entity", "metric", "value"]
    assert plain["value"].isna().sum() == t["value"].isna().sum() > 0


def test_same_seed_same_result_whatever_the_input_form(repo):
    path = repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json"
    doc = json.loads(path.read_text())
    a = losslab.run(path)
    b = losslab.run(doc)
    c = losslab.run(json.dumps(doc))
    assert a.summary_csv == b.summary_csv == c.summary_csv
    assert a.series_csv == b.series_csv
    doc["seed"] = doc.get("seed", 1) + 1
    assert losslab.run(doc).summary_csv != a.summary_csv


def test_multi_flow_summary_and_notices(repo):
    doc = {"schema": 1, "id": "two", "stop": {"time_s": 5},
           "flows": [{"id": "a", "bytes": 200000}, {"id": "b", "bytes": 200000, "start_s": 0.5}]}
    res = losslab.run(doc)
    assert list(res.summary["flow_id"]) == ["a", "b"]
    assert all(isinstance(n, dict) for n in res.notices)


def test_catalog():
    c = losslab.catalog()
    assert c["version"] == losslab.__version__
    ids = json.dumps(c["variants"])
    assert "new_reno" in ids and "westwood" in ids


def test_series_frame_is_typed_and_equals_the_csv(repo):
    # The frame comes from the engine's samples, not from parsing CSV text: the same numbers the
    # --series file holds, entity and metric categorical whatever the names look like (a flow
    # named "7" stays the string "7"; through CSV it would turn into a number).
    doc = {"id": "typed", "stop": {"time_s": 3},
           "flows": [{"id": "7", "bytes": 100000}, {"id": "f", "count": 2}],
           "topology": {"kind": "dumbbell", "bottleneck": {"errors": {"kind": "bit_error", "ber": 1e-5}}}}
    res = losslab.run(doc)
    t = res.series
    assert {c: str(d) for c, d in t.dtypes.items()} == {
        "time_s": "float64", "entity": "category", "metric": "category", "value": "float64"}
    assert "7" in set(t["entity"].cat.categories)
    via_csv = pd.read_csv(io.StringIO(res.series_csv), float_precision="round_trip",
                          keep_default_na=False, na_values=[""], dtype={"entity": str})
    typed = t.astype({"entity": str, "metric": str})
    typed.attrs = {}
    pd.testing.assert_frame_equal(typed, via_csv, check_exact=True)


def test_run_takes_seed_and_set_like_the_cli(repo, cli, tmp_path):
    path = repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json"
    r = run_cli(cli, "run", path, "--seed", "7", "--set", "topology.bottleneck.errors.ber=2e-5",
                "--set", "flows[0].tcp.cc=reno", "--summary", tmp_path / "s.csv")
    assert r.returncode == 0, r.stderr
    res = losslab.run(path, seed=7, set={"topology.bottleneck.errors.ber": 2e-5, "flows[0].tcp.cc": "reno"})
    assert res.seed == 7
    assert res.summary_csv == (tmp_path / "s.csv").read_text()
    assert res.summary_csv != losslab.run(path).summary_csv


def test_run_seed_and_set_problems_are_named(repo):
    path = repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json"
    for bad in (float("nan"), -1, 1.5, "7"):
        with pytest.raises(ValueError, match="seed"):
            losslab.run(path, seed=bad)
    with pytest.raises(losslab.ScenarioError, match=r"set flows\[0\]\.\.cc: invalid path"):
        losslab.run(path, set={"flows[0]..cc": "reno"})
    with pytest.raises(losslab.ScenarioError, match=r"topology\.bottleneck\.errors\.ber"):
        losslab.run(path, set={"topology.bottleneck.errors.ber": 2})
    with pytest.raises(ValueError, match="not a JSON value"):
        losslab.run(path, set={"topology.bottleneck.errors.ber": float("inf")})
