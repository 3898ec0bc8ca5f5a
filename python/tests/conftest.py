"""Shared fixtures of the `losslab` package tests (python/README.md): the repository, the native
CLI they compare against (`LOSSLAB_CLI`, default `target/release/losslab`), and a small sweep
laid out like the repository (`content/scenarios/` + a sweep file naming its base by id)."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def cli() -> Path:
    exe = Path(os.environ.get("LOSSLAB_CLI", REPO / "target" / "release" / "losslab"))
    if not exe.exists():
        pytest.fail(f"no losslab CLI at {exe} (cargo build --release -p sim-core --bin losslab)")
    return exe


def run_cli(cli: Path, *args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(cli), *map(str, args)], capture_output=True, text=True, cwd=cwd)


@pytest.fixture()
def small_sweep(tmp_path: Path, repo: Path) -> Path:
    """GB04 Fig. 4 (normal vs LD) cut to 3 BERs × 2 classifiers × 3 replications, base by id."""
    scen = tmp_path / "content" / "scenarios"
    scen.mkdir(parents=True)
    shutil.copy(repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json", scen)
    spec = json.loads((repo / "content" / "sweeps" / "gb04-fig4-normal-vs-ld.json").read_text())
    spec["id"] = "small"
    spec["vary"][0]["values"] = [0, 4.274e-6, 1.354e-5]
    spec["replications"] = 3
    spec["metrics"] = ["throughput_kbps", "timeouts", "completion_s", "accuracy_wireless"]
    (tmp_path / "sweeps").mkdir()
    path = tmp_path / "sweeps" / "small.json"
    path.write_text(json.dumps(spec, indent=2))
    return path


@pytest.fixture()
def cli_csv(cli: Path, small_sweep: Path, tmp_path: Path) -> bytes:
    """The bytes `losslab sweep` writes for the small sweep."""
    out = tmp_path / "cli.csv"
    r = run_cli(cli, "sweep", small_sweep, "--out", out)
    assert r.returncode == 0, r.stderr
    return out.read_bytes()
