"""`losslab.sweep`: planned in the core, mapped over an executor, aggregated by the core — the
CSV is byte-identical to `losslab sweep` with the default process pool, a thread pool and a Dask
`LocalCluster` of two worker processes."""

import concurrent.futures as cf
import io
import json

import pandas as pd

import losslab
from conftest import run_cli


def test_default_executor_equals_cli(small_sweep, cli_csv, tmp_path):
    out = tmp_path / "py.csv"
    df = losslab.sweep(small_sweep, out=out)
    assert out.read_bytes() == cli_csv
    assert df.attrs["csv"].encode() == cli_csv
    header = cli_csv.decode().splitlines()[0].split(",")
    assert list(df.columns) == header
    assert len(df) == len(cli_csv.decode().splitlines()) - 1
    assert df["n"].max() == 3
    expected = pd.read_csv(io.BytesIO(cli_csv), float_precision="round_trip")
    pd.testing.assert_frame_equal(df, expected)


def test_out_gets_the_cli_sidecar(small_sweep, cli_csv, tmp_path):
    # The CSV's `.meta.json` has the keys `losslab sweep --out` writes and, but for the call that
    # made it (argv) and the build's commit, the same values: the sweep's hashes, counts, seeds.
    out = tmp_path / "py.csv"
    losslab.sweep(small_sweep, out=out)
    mine = json.loads((tmp_path / "py.csv.meta.json").read_text())
    cli = json.loads((tmp_path / "cli.csv.meta.json").read_text())

    def keys(d, at=""):
        return {at + k for k in d} | {x for k, v in d.items() if isinstance(v, dict)
                                      for x in keys(v, f"{at}{k}.")}

    assert keys(mine) == keys(cli)
    for k in ("schema", "kind", "sweep", "shard", "included", "seeds"):
        assert mine[k] == cli[k], k
    assert mine["file"] == "py.csv" and mine["losslab"]["version"] == cli["losslab"]["version"]
    assert mine["argv"][:3] == ["python", "losslab.sweep", str(small_sweep)]


def test_thread_pool_and_chunks_equal_cli(small_sweep, cli_csv):
    with cf.ThreadPoolExecutor(max_workers=3) as ex:
        df = losslab.sweep(small_sweep, executor=ex, chunksize=4)
    assert df.attrs["csv"].encode() == cli_csv


def test_dask_local_cluster_equals_cli(small_sweep, cli_csv):
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        df = losslab.sweep(small_sweep, executor=client.get_executor())
        ran_on = client.run(lambda: __import__("losslab")._sweep._PLANS.__len__())
    assert df.attrs["csv"].encode() == cli_csv
    assert len(ran_on) == 2 and sum(ran_on.values()) >= 1  # the workers did the runs


def test_replications_override_equals_cli_file(small_sweep, cli, tmp_path):
    spec = json.loads(small_sweep.read_text())
    spec["replications"] = 2
    two = small_sweep.with_name("two.json")
    two.write_text(json.dumps(spec))
    r = run_cli(cli, "sweep", two, "--out", tmp_path / "two.csv")
    assert r.returncode == 0, r.stderr
    df = losslab.sweep(small_sweep, replications=2)
    assert df.attrs["csv"] == (tmp_path / "two.csv").read_text()


def test_dict_spec_with_inline_base(repo):
    base = json.loads((repo / "content" / "scenarios" / "gb04-s1-1mbps-10ms.json").read_text())
    df = losslab.sweep({"schema": 1, "base": base, "replications": 2,
                        "vary": [{"path": "flows[0].tcp.cc", "values": ["reno", "new_reno"]}],
                        "metrics": ["throughput_kbps"]}, executor=cf.ThreadPoolExecutor(2))
    assert list(df["flows[0].tcp.cc"]) == ["reno", "new_reno"]
    assert (df["n"] == 2).all() and (df["mean"] > 0).all()


class _Deferred(cf.Executor):
    """Runs a task only when a result is asked for, and counts the tasks waiting at once."""

    def __init__(self):
        self.queue = []
        self.most_waiting = 0

    def submit(self, fn, *args, **kwargs):
        ex = self

        class Later(cf.Future):
            def result(self, timeout=None):
                while not self.done():
                    ex.queue.pop(0)()
                return super().result(timeout)

        f = Later()

        def run():
            f.set_result(fn(*args, **kwargs))

        self.queue.append(run)
        self.most_waiting = max(self.most_waiting, len(self.queue))
        return f


def test_runs_in_flight_are_bounded(small_sweep, cli_csv):
    import os

    ex = _Deferred()
    df = losslab.sweep(small_sweep, executor=ex, replications=20)
    # 20 replications of every point (120 runs), one run a task: never more than 4 per core waiting.
    assert ex.most_waiting <= 4 * (os.cpu_count() or 1)
    assert df["n"].max() == 20
