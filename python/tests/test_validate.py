"""`losslab.validate` and bad input: ScenarioError carries the simulator's messages (document
paths included, file name first as `losslab validate` prints them)."""

import json

import pytest

import losslab
from conftest import run_cli


def test_valid_scenario_and_sweep(repo):
    losslab.validate(repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json")
    losslab.validate(repo / "content" / "sweeps" / "gb04-fig4-ber.json")
    losslab.validate({"schema": 1, "flows": [{}]})


def test_errors_carry_paths():
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.validate({"schema": 1, "flows": [{"tcp": {"cc": "bogus"}, "bytes": -3}]})
    text = str(e.value)
    assert "flows[0].tcp.cc" in text and "bogus" in text
    assert "flows[0].bytes" in text
    assert len(e.value.problems) == 2
    assert isinstance(e.value, ValueError)


def test_same_lines_as_the_cli(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"schema": 1, "flows": [{"tcp": {"cc": "bogus"}}], "stop": {"time_s": -1}}))
    r = run_cli(cli, "validate", bad)
    assert r.returncode == 2
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.validate(bad)
    for p in e.value.problems:
        assert p.startswith(f"{bad}: ")
        assert p in r.stderr


def test_sweep_problems_name_the_value(repo, tmp_path):
    spec = json.loads((repo / "content" / "sweeps" / "gb04-fig4-ber.json").read_text())
    spec["vary"][0]["values"][1] = -5
    f = tmp_path / "content" / "sweeps"
    f.mkdir(parents=True)
    path = f / "bad.json"
    path.write_text(json.dumps(spec))
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.validate(path)
    # No content/scenarios folder above the tmp folder: the base id is the built-in scenario, and
    # the problem is the value.
    assert any(p.startswith(f"{path}: vary[0].values[1]: ") for p in e.value.problems), e.value.problems
    # An id that is neither in a folder nor built in is reported at `base`, saying both.
    path.write_text(json.dumps(spec | {"base": "no-such-scenario"}))
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.validate(path)
    assert any(": base: " in p and "content/scenarios" in p and "no built-in scenario" in p
               for p in e.value.problems), e.value.problems
    with pytest.raises(losslab.ScenarioError) as e:
        losslab.sweep(spec | {"base": json.loads(
            (repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json").read_text())})
    assert any(p.startswith("vary[0].values[1]: ") for p in e.value.problems)


def test_bad_input():
    with pytest.raises(losslab.ScenarioError, match="duplicate|expected|JSON|line"):
        losslab.run('{"schema": 1, "flows": [')
    with pytest.raises(losslab.ScenarioError, match="cannot read"):
        losslab.run("/nonexistent/scenario.json")
    with pytest.raises(TypeError):
        losslab.run(42)
    with pytest.raises(losslab.ScenarioError):
        losslab.run({"schema": 1, "flows": [{"tcp": {"cc": "bogus"}}]})
    with pytest.raises(losslab.ScenarioError, match="vary"):
        losslab.sweep({"schema": 1, "base": {"schema": 1, "flows": [{}]}, "vary": [{"path": "seed"}]})
    with pytest.raises(ValueError, match="replications"):
        losslab.sweep({"schema": 1, "base": {"schema": 1, "flows": [{}]}, "vary": []}, replications=0)
