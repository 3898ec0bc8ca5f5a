"""Hostile arguments and paths: every argument is checked with the CLI's words before any work,
an output never replaces the sweep it was read from, and reading stops at the size limit."""

import json
import math
import os

import pytest

import losslab

SWEEP = {"schema": 1, "base": {"stop": {"time_s": 1}, "flows": [{}]},
         "vary": [{"path": "seed", "values": [1, 2]}]}


def test_out_never_replaces_the_sweep_file(tmp_path):
    spec = tmp_path / "sw.json"
    text = json.dumps(SWEEP)
    spec.write_text(text)
    os.symlink(spec, tmp_path / "link.json")
    os.link(spec, tmp_path / "hard.json")
    for out in [spec, str(spec), tmp_path / "link.json", tmp_path / "hard.json",
                tmp_path / "sub" / ".." / "sw.json"]:
        (tmp_path / "sub").mkdir(exist_ok=True)
        with pytest.raises(ValueError, match="is the same file as the input"):
            losslab.sweep(spec, out=out)
        assert spec.read_text() == text
    # Another file is written whole, with no temporary file left behind.
    df = losslab.sweep(spec, out=tmp_path / "agg.csv")
    assert (tmp_path / "agg.csv").read_text() == df.attrs["csv"]
    assert not [p for p in os.listdir(tmp_path) if ".tmp-" in p]


def test_out_never_replaces_the_base_scenario_file(tmp_path):
    scen = tmp_path / "content" / "scenarios"
    scen.mkdir(parents=True)
    base = scen / "tiny.json"
    base_text = json.dumps({"id": "tiny", "stop": {"time_s": 1}, "flows": [{}]})
    base.write_text(base_text)
    spec = tmp_path / "sw.json"
    spec.write_text(json.dumps(dict(SWEEP, base="tiny")))
    os.symlink(base, tmp_path / "base-link.json")
    for out in [base, tmp_path / "base-link.json"]:
        with pytest.raises(ValueError, match="is the same file as the input .*tiny.json"):
            losslab.sweep(spec, out=out)
        assert base.read_text() == base_text
    # As a dict, the base is looked up from the working folder and guarded the same way.
    cwd = os.getcwd()
    try:
        os.chdir(tmp_path)
        with pytest.raises(ValueError, match="is the same file as the input"):
            losslab.sweep(dict(SWEEP, base="tiny"), out="content/scenarios/tiny.json")
    finally:
        os.chdir(cwd)
    assert base.read_text() == base_text


@pytest.mark.parametrize("value, words", [
    (math.nan, "replications: must be between 1 and 100000 (got NaN)"),
    (math.inf, "replications: must be between 1 and 100000 (got Infinity)"),
    (-1, "replications: must be between 1 and 100000 (got -1)"),
    (1.5, "replications: must be a whole number (got 1.5)"),
    (True, "replications: must be a number from 1 to 100000 (got a boolean)"),
    ("2", "replications: must be a number from 1 to 100000 (got a string)"),
])
def test_replications_are_checked_with_the_cli_words(value, words):
    with pytest.raises(ValueError) as e:
        losslab.sweep(SWEEP, replications=value)
    assert str(e.value) == words


def test_other_arguments_are_checked_before_any_work():
    for bad in [0, 1.5, math.nan, True]:
        with pytest.raises(ValueError, match="chunksize: must be a whole number from 1"):
            losslab.sweep(SWEEP, chunksize=bad)
    with pytest.raises(TypeError, match="executor: must be a concurrent.futures.Executor"):
        losslab.sweep(SWEEP, executor=4)
    with pytest.raises(TypeError, match="out: must be a path"):
        losslab.sweep(SWEEP, out=3)


def test_an_endless_device_stops_at_the_size_limit():
    with pytest.raises(losslab.ScenarioError, match=r"bytes \(at most 16777216\)"):
        losslab.validate("/dev/zero")


def test_run_prices_a_scenario_before_it_starts(repo):
    # 5 flows sampled every millisecond for 1000 s: about 10⁸ series points, more than the memory
    # budget holds. The command line refuses it before running; so does Python, with its words.
    text = (repo / "content" / "hostile" / "budget-series-memory.json").read_text()
    for call in (losslab.run, losslab.validate):
        with pytest.raises(ValueError, match=r"needs about .* of memory \(the budget in Python is"):
            call(text)
