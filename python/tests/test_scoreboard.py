"""``losslab.sweep(..., scoreboard=)``: the class challenge's scoreboard from Python is the bytes
``losslab sweep --scoreboard`` writes for the same file, with its ``.meta.json``; a sweep file
without a scoreboard is refused before any run, and the output never replaces the input."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

import losslab
from conftest import REPO, run_cli

CHALLENGE = REPO / "content" / "sweeps" / "classifier-challenge.json"


def test_the_challenge_scoreboard_is_the_clis(cli, tmp_path):
    want = tmp_path / "cli-board.csv"
    r = run_cli(cli, "sweep", CHALLENGE, "--scoreboard", want, "-q")
    assert r.returncode == 0, r.stderr
    got = tmp_path / "board.csv"
    df = losslab.sweep(CHALLENGE, scoreboard=got)
    assert got.read_bytes() == want.read_bytes()
    assert df.attrs["scoreboard"] == want.read_text()
    meta = json.loads((tmp_path / "board.csv.meta.json").read_text())
    assert meta["kind"] == "sweep-scoreboard"
    assert meta["sweep"]["id"] == "classifier-challenge"
    lines = want.read_text().splitlines()
    assert lines[1].startswith("oracle,1,")


def test_a_sweep_without_a_scoreboard_is_refused(small_sweep, tmp_path):
    out = tmp_path / "board.csv"
    with pytest.raises(losslab.ScenarioError, match='has no "scoreboard"'):
        losslab.sweep(small_sweep, scoreboard=out, executor=ThreadPoolExecutor(1))
    assert not out.exists()
    with pytest.raises(ValueError):
        losslab.sweep(CHALLENGE, scoreboard=CHALLENGE)
    with pytest.raises(TypeError, match="scoreboard: must be a path"):
        losslab.sweep(CHALLENGE, scoreboard=3)
