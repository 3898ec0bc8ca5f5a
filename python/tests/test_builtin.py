"""The built-in scenarios and sweeps (`losslab.scenarios`, `losslab.sweeps`): the repository's
content files, compiled into the extension, equal to the files; usable without the repository."""

import json

import pytest

import losslab


def test_builtin_files_equal_the_repository(repo):
    for kind, folder in ((losslab.scenarios, "scenarios"), (losslab.sweeps, "sweeps")):
        files = sorted(p.stem for p in (repo / "content" / folder).glob("*.json"))
        assert kind.ids() == files
        for id in files:
            assert kind.text(id) == (repo / "content" / folder / f"{id}.json").read_text()
    assert losslab.scenarios.load("gb04-s1-1mbps-10ms")["id"] == "gb04-s1-1mbps-10ms"
    with pytest.raises(KeyError, match="no built-in scenario 'nope'"):
        losslab.scenarios.load("nope")


def test_a_builtin_sweep_runs_outside_the_repository(repo, tmp_path, monkeypatch, cli):
    # From a folder with no content/ above it, a built-in sweep's base id is the built-in
    # scenario: the same CSV as `losslab sweep` on the repository's file.
    monkeypatch.chdir(tmp_path)
    spec = losslab.sweeps.load("gb04-fig4-normal-vs-ld")
    spec["vary"][0]["values"] = spec["vary"][0]["values"][:2]
    df = losslab.sweep(spec, replications=1)
    src = tmp_path / "content" / "sweeps"
    src.mkdir(parents=True)
    (tmp_path / "content" / "scenarios").symlink_to(repo / "content" / "scenarios")
    (src / "s.json").write_text(json.dumps(spec | {"replications": 1}))
    from conftest import run_cli
    r = run_cli(cli, "sweep", src / "s.json", "--out", tmp_path / "cli.csv")
    assert r.returncode == 0, r.stderr
    assert df.attrs["csv"] == (tmp_path / "cli.csv").read_text()
