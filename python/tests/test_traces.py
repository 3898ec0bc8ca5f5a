"""Traces from Python (docs/traces.md): a scenario whose link rate follows a trace file next to it
runs as `losslab run` runs it (same summary bytes), a missing trace file is named, and
`losslab.fit_ge` gives `losslab fit-ge --json`'s fit from a path, CSV text or a list."""

import json
import shutil

import pytest

import losslab
from conftest import run_cli


def trace_scenario(repo, tmp_path):
    shutil.copy(repo / "content" / "traces" / "wifi-like.csv", tmp_path / "wifi.csv")
    doc = {"schema": 1, "id": "trace-file", "stop": {"time_s": 10},
           "topology": {"kind": "dumbbell",
                        "bottleneck": {"delay_ms": 10,
                                       "rate_trace": {"file": "wifi.csv"}}},
           "flows": [{}]}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    return path


def test_a_trace_file_next_to_the_scenario_runs_as_on_the_command_line(repo, cli, tmp_path):
    path = trace_scenario(repo, tmp_path)
    r = run_cli(cli, "run", path, "--summary", tmp_path / "s.csv")
    assert r.returncode == 0, r.stderr
    res = losslab.run(path)
    assert res.summary_csv == (tmp_path / "s.csv").read_text()
    losslab.validate(path)


def test_a_missing_trace_file_is_named(repo, tmp_path):
    path = trace_scenario(repo, tmp_path)
    (tmp_path / "wifi.csv").unlink()
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.run(path)
    assert "rate_trace.file" in str(e.value) and "wifi.csv" in str(e.value)


def test_fit_ge_equals_the_command_line_fit(repo, cli):
    trace = repo / "content" / "traces" / "bursty-losses.csv"
    r = run_cli(cli, "fit-ge", trace, "--json")
    assert r.returncode == 0, r.stderr
    want = json.loads(r.stdout)
    got = losslab.fit_ge(trace)
    assert {k: v for k, v in got.items() if k != "errors"} == want["fit"]
    assert got["errors"] == want["errors"]
    assert losslab.fit_ge(trace.read_text()) == got
    lost = [line.split(",")[1] == "1" for line in trace.read_text().splitlines()[1:]]
    assert losslab.fit_ge(lost) == got
    assert got["mean_loss"]["low"] <= 0.03 <= got["mean_loss"]["high"]


def test_fit_ge_refuses_what_it_cannot_fit_in_words():
    with pytest.raises(losslab.ScenarioError, match="no lost packet"):
        losslab.fit_ge([0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"trace\[2\]"):
        losslab.fit_ge([0, 1, 7])


def test_a_measured_packet_log_replays_as_on_the_command_line(repo, cli, tmp_path):
    # The packet log fit_ge reads is also a loss-event file: its lost packets replay in time.
    shutil.copy(repo / "content" / "traces" / "bursty-losses.csv", tmp_path / "log.csv")
    doc = {"schema": 1, "id": "loss-file", "stop": {"time_s": 10},
           "topology": {"kind": "dumbbell",
                        "bottleneck": {"rate_bps": 2e6, "delay_ms": 20,
                                       "errors": {"kind": "loss_trace", "file": "log.csv"}}},
           "flows": [{}]}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    r = run_cli(cli, "run", path, "--summary", tmp_path / "s.csv")
    assert r.returncode == 0, r.stderr
    res = losslab.run(path)
    assert res.summary_csv == (tmp_path / "s.csv").read_text()
    assert res.summary["losses_corruption"][0] > 0
    (tmp_path / "log.csv").write_text("time_ms\n20\n10\n")
    with pytest.raises(losslab.ScenarioError, match=r"errors\.file: log\.csv: line 3: times must not decrease"):
        losslab.run(path)
