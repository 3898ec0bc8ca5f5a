"""The ``losslab`` command the wheel installs (python/losslab/_cli.py over ``sim_core::cli``): the
same program as the native binary — same output files byte for byte, same messages and exit
statuses, the same refusal to write over an input — with no Rust toolchain or repository needed
to run it."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import losslab
from conftest import run_cli


@pytest.fixture(scope="module")
def command() -> Path:
    """The installed console script, beside the interpreter running the tests."""
    exe = Path(sys.executable).parent / "losslab"
    if not exe.exists():
        pytest.fail(f"the wheel installed no losslab command at {exe}")
    return exe


def test_the_installed_command_writes_the_native_binarys_bytes(command, cli, repo, tmp_path):
    scenario = repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json"
    for exe, name in [(cli, "native"), (command, "wheel")]:
        r = run_cli(exe, "run", scenario, "--summary", tmp_path / f"{name}.csv",
                    "--series", tmp_path / f"{name}-series.csv", "--seed", "7", "-q")
        assert r.returncode == 0, r.stderr
    assert (tmp_path / "wheel.csv").read_bytes() == (tmp_path / "native.csv").read_bytes()
    assert (tmp_path / "wheel-series.csv").read_bytes() == (tmp_path / "native-series.csv").read_bytes()
    # The same version (the commit beside it is the one each was built from).
    version = run_cli(command, "--version")
    assert version.returncode == 0
    shown = f"losslab {losslab.__version__}"
    assert version.stdout.split(" (")[0] == run_cli(cli, "--version").stdout.split(" (")[0] == shown


def test_the_installed_command_refuses_as_the_native_binary_does(command, cli, repo, tmp_path):
    scenario = tmp_path / "s.json"
    shutil.copy(repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json", scenario)
    before = scenario.read_bytes()
    # Writing the summary over the scenario it read: refused, nothing written, exit 2.
    native = run_cli(cli, "run", scenario, "--summary", scenario)
    wheel = run_cli(command, "run", scenario, "--summary", scenario)
    assert wheel.returncode == native.returncode == 2
    assert wheel.stderr == native.stderr and "s.json" in wheel.stderr
    assert scenario.read_bytes() == before
    # A bad value: the JSON path and the allowed range, exit 2.
    bad = run_cli(command, "run", scenario, "--set", "topology.bottleneck.delay_ms=-1")
    assert bad.returncode == 2 and bad.stderr == run_cli(cli, "run", scenario, "--set",
                                                          "topology.bottleneck.delay_ms=-1").stderr
    # A usage error from the argument parser.
    assert run_cli(command, "rnu").returncode == 2


def test_the_command_runs_outside_the_repository_from_the_wheel_alone(command, repo, tmp_path):
    # No repository, no Rust: the scenario is written out by the package's built-in copy.
    path = tmp_path / "s.json"
    path.write_text(losslab.scenarios.text("gb04-s1-1mbps-10ms"))
    env = {k: v for k, v in os.environ.items() if k not in ("CARGO_HOME", "RUSTUP_HOME")}
    r = subprocess.run([str(command), "run", str(path), "--json", "-q"], capture_output=True,
                       text=True, cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stderr
    assert '"flows"' in r.stdout
