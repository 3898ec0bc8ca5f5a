"""``losslab.sweep``: a sweep (``content/sweeps/*.json``) over any executor.

The core plans the sweep (``_core.Plan``: points × replications, replication r of every point
with seed ``seed + r``), each task runs one planned replication in whatever process the executor
picks (``_run_task``, a module-level function so it pickles by name), and the core writes the
CSV from the samples put back in (point, replication) order — the calls ``losslab sweep`` makes
(sim-core/src/cli/sweep_cmd.rs), so the CSV is byte-identical to the CLI's for the same
file whatever the executor, the number of workers or the order runs finish in.

Tasks carry the plan's *portable* JSON (the ``base`` id replaced by the scenario it names), so a
worker on another machine needs the package but no ``content/`` folder.
"""

from __future__ import annotations

import collections
import hashlib
import concurrent.futures as cf
import io
import json
import os
from typing import Dict, List, Optional, Sequence, Tuple

import pandas as pd

from . import _core
from ._api import Source, _check_argument, _load, _raise
from ._files import check_output, write_replacing

Sample = List[Optional[float]]

# Plans parsed in this process, by portable JSON (a worker reuses one across its tasks).
_PLANS: Dict[str, "_core.Plan"] = {}


def _plan_of(portable: str) -> "_core.Plan":
    plan = _PLANS.get(portable)
    if plan is None:
        if len(_PLANS) > 8:
            _PLANS.clear()
        plan = _PLANS[portable] = _core.Plan(portable)
    return plan


def _run_task(portable: str, runs: Sequence[Tuple[int, int]]) -> List[Sample]:
    """Run the given (point, replication) pairs of a plan; one sample per pair, in order."""
    plan = _plan_of(portable)
    return [plan.run_replication(i, rep) for i, rep in runs]


def _sidecar(out: "os.PathLike[str] | str") -> str:
    return os.fspath(out) + ".meta.json"


def _meta(out, plan: "_core.Plan", text: str, file: Optional[str],
          replications: Optional[int], kind: str = "sweep-aggregate") -> dict:
    """The ``<out>.meta.json`` of a sweep's aggregate CSV (or scoreboard, ``kind``): the keys
    ``losslab sweep --out`` writes (docs/csv.md, section "meta"), with the Python call as
    ``argv``. A sweep given as a dict or JSON text has ``sweep.file`` null and ``sweep.sha256`` of
    the JSON text the core read."""
    arg = "out" if kind == "sweep-aggregate" else "scoreboard"
    argv = ["python", "losslab.sweep", file if file is not None else "<sweep document>",
            f"{arg}={os.fspath(out)}"]
    if replications is not None:
        argv.append(f"replications={replications}")
    runs = plan.points * plan.replications
    seeds = plan.seeds
    return {
        "schema": 1,
        "kind": kind,
        "file": os.path.basename(os.fspath(out)),
        "losslab": {"version": _core.version(), "commit": None},
        "argv": argv,
        "sweep": {
            "file": file,
            "id": plan.id,
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            "base_sha256": hashlib.sha256(plan.base_json.encode("utf-8")).hexdigest(),
            "points": plan.points,
            "replications": plan.replications,
            "runs": runs,
        },
        "shard": {"index": 1, "count": 1, "unit": "point", "from": "none"},
        "included": {"points": plan.points, "runs": runs},
        "seeds": {"min": seeds[0] if seeds else None, "max": seeds[1] if seeds else None},
    }


def sweep(
    spec: Source,
    executor: Optional[cf.Executor] = None,
    replications: Optional[int] = None,
    out: Optional["os.PathLike[str] | str"] = None,
    chunksize: int = 1,
    scoreboard: Optional["os.PathLike[str] | str"] = None,
) -> pd.DataFrame:
    """Run a sweep and return its aggregate table (the CSV of ``losslab sweep``) as a DataFrame.

    - ``spec``: a sweep as a dict, JSON text or path; a ``base`` scenario id is looked up in
      ``content/scenarios/`` from the file's folder upward (from the working folder for a dict).
    - ``executor``: any ``concurrent.futures.Executor``; ``None`` runs a local
      ``ProcessPoolExecutor`` (one worker per core) and shuts it down afterwards. On a Dask
      cluster pass ``client.get_executor()``.
    - ``replications``: replaces the file's count (e.g. a reduced count for a quick look).
    - ``out``: also write the CSV there (the bytes ``losslab sweep --out`` writes), through a
      temporary file renamed into place; a path that is the sweep file itself or the base
      scenario file its ``base`` id names (after links) is refused with ``ValueError`` before
      any run, in the words of ``losslab sweep``.
      Beside it, ``<out>.meta.json`` records the sweep (its id, hashes, points, replications,
      seeds) with the keys ``losslab sweep`` writes (docs/csv.md, section "meta").
    - ``chunksize``: runs per task.
    - ``scoreboard``: also write the sweep file's scoreboard there (the bytes ``losslab sweep
      --scoreboard`` writes; the file must have a ``scoreboard``), with its ``.meta.json``.

    The CSV text is in ``df.attrs["csv"]``; a sweep file with a ``scoreboard`` also puts the
    scoreboard's CSV text in ``df.attrs["scoreboard"]`` (read it with ``pd.read_csv(io.StringIO(…))``).
    """
    # Every argument is checked before any work, with the CLI's words where it has them.
    if replications is not None:
        _check_argument("replications", replications)
    if isinstance(chunksize, bool) or not isinstance(chunksize, int) or chunksize < 1:
        raise ValueError(f"chunksize: must be a whole number from 1 (got {chunksize!r})")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor: must be a concurrent.futures.Executor (got {type(executor).__name__})")
    for name, path in (("out", out), ("scoreboard", scoreboard)):
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"{name}: must be a path (got {type(path).__name__})")
    text, folder, prefix = _load(spec)
    # The output never replaces the sweep file it was read from, nor the base scenario's file.
    inputs = [] if isinstance(spec, dict) or not prefix else [prefix[:-2]]
    outputs = [p for p in (out, scoreboard) if p is not None]
    for p in outputs:
        check_output(p, inputs)
        check_output(_sidecar(p), inputs)
    try:
        plan = _core.Plan(text, folder, replications)
    except _core.InvalidInput as e:
        _raise(prefix, e.args[0])
    if plan.base_file is not None:
        for p in outputs:
            check_output(p, inputs + [plan.base_file])
            check_output(_sidecar(p), inputs + [plan.base_file])
    board = plan.scoreboard()
    if scoreboard is not None and board is None:
        _raise(prefix, ['scoreboard: the sweep file has no "scoreboard" (by, columns, score; '
                        'content/sweeps/README.md)'])
    reps = plan.replications
    runs = plan.points * reps
    workers = os.cpu_count() or 1
    own = executor is None
    if own:
        executor = cf.ProcessPoolExecutor(max_workers=min(workers, max(1, runs)))
    # Tasks are made as they are submitted and at most ``in_flight`` wait at once, and each
    # point's CSV rows are written as soon as its replications are in: memory stays flat in the
    # number of runs (only one point's samples and a bounded queue of tasks are held).
    in_flight = 4 * workers
    csv = plan.csv_header()
    try:
        pending: "collections.deque[cf.Future]" = collections.deque()
        samples: List[Sample] = []
        point = 0

        def drain_one() -> None:
            nonlocal point, csv
            samples.extend(pending.popleft().result())
            while len(samples) >= reps and point < plan.points:
                csv += plan.point_csv(point, samples[:reps])
                if board is not None:
                    board.add(plan, point, samples[:reps])
                del samples[:reps]
                point += 1

        for k in range(0, runs, chunksize):
            chunk = [divmod(j, reps) for j in range(k, min(k + chunksize, runs))]
            pending.append(executor.submit(_run_task, plan.portable, chunk))
            if len(pending) >= in_flight:
                drain_one()
        while pending:
            drain_one()
    finally:
        if own:
            executor.shutdown(wait=True, cancel_futures=True)
    board_csv = board.csv() if board is not None else None
    for path, kind, body in ((out, "sweep-aggregate", csv), (scoreboard, "sweep-scoreboard", board_csv)):
        if path is None:
            continue
        write_replacing(path, body)
        meta = _meta(path, plan, text, inputs[0] if inputs else None, replications, kind)
        write_replacing(_sidecar(path), json.dumps(meta, indent=2) + "\n")
    df = pd.read_csv(io.StringIO(csv), float_precision="round_trip", keep_default_na=False,
                     na_values=[""])
    df.attrs["csv"] = csv
    if board_csv is not None:
        df.attrs["scoreboard"] = board_csv
    return df
