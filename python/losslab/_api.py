"""Scenario input, ``run``, ``validate`` and ``catalog`` (docs/design.md §D4 scenario JSON, §D6 CSV).

A scenario or sweep is given as a ``dict``, a JSON string, or a path (``str`` or ``os.PathLike``)
to a JSON file. Problems come back as :class:`ScenarioError` carrying the simulator's own
messages, each ``"<path in the document>: <message>"``, prefixed with the file name when the
input was a file — the same lines ``losslab validate`` prints.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from typing import Any, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

from . import _core
from ._core import CodeError

Source = Union[dict, str, "os.PathLike[str]"]


class ScenarioError(ValueError):
    """The simulator rejected a scenario or sweep; ``.problems`` lists every problem."""

    def __init__(self, problems: List[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def _load(x: Source) -> Tuple[str, str, str]:
    """``(json_text, folder for base ids, prefix for messages)`` of a dict, JSON text or path."""
    if isinstance(x, dict):
        return json.dumps(x), ".", ""
    if isinstance(x, os.PathLike) or (isinstance(x, str) and not x.lstrip().startswith(("{", "["))):
        path = os.fspath(x)
        # The core's bounded reader: a device or FIFO that never ends stops at the size limit.
        try:
            text = _core.read_text(path)
        except _core.InvalidInput as e:
            raise ScenarioError(e.args[0]) from None
        return text, os.path.dirname(path) or ".", f"{path}: "
    if isinstance(x, str):
        return x, ".", ""
    raise TypeError(f"expected a dict, JSON text or a path, not {type(x).__name__}")


def _with_trace_files(text: str, folder: str, prefix: str) -> str:
    """``text`` with every trace ``file`` (a ``rate_trace``, a ``loss_trace``) read from ``folder`` and put inline (as the CLI does)."""
    if '"file"' not in text:
        return text
    try:
        return _core.inline_trace_files(text, folder)
    except _core.InvalidInput as e:
        _raise(prefix, e.args[0])


def _check_argument(name: str, value: Any) -> None:
    """Raise ``ValueError`` with the CLI's sentence unless the core accepts ``value`` for ``name``."""
    problem = _core.check_argument(name, value)
    if problem:
        raise ValueError(problem)


def _raise(prefix: str, problems: List[str]):
    raise ScenarioError([prefix + p for p in problems]) from None


def _frame(csv_text: str) -> pd.DataFrame:
    # round_trip: every float equals the CSV's shortest decimal, which equals the core's f64.
    return pd.read_csv(io.StringIO(csv_text), float_precision="round_trip", keep_default_na=False,
                       na_values=[""])


@dataclass
class Result:
    """One finished run: its summary and its series, as ``losslab run --summary/--series`` gives them."""

    summary_csv: str
    points: bytes = field(repr=False)
    """The series samples as the engine keeps them: little-endian f64 triplets ``[series, t_ms, value]``."""
    names: List[Tuple[str, str]] = field(repr=False)
    """``names[series]`` = ``(entity, metric)`` of the triplets in :attr:`points`."""
    summary_json: dict = field(repr=False)

    @property
    def summary(self) -> pd.DataFrame:
        """One row per flow; columns = the summary CSV's header (``sim_core::csv::SUMMARY_HEADER``)."""
        return _frame(self.summary_csv)

    @property
    def series_csv(self) -> str:
        """The ``--series`` CSV text, written by the simulator's own CSV writer."""
        return _core.series_csv(self.names, self.points)

    @property
    def series(self) -> pd.DataFrame:
        """Long format time series: ``time_s, entity, metric, value`` (``docs/csv.md``).

        Typed whatever the values: ``time_s`` and ``value`` float64, ``entity`` and ``metric``
        categorical (categories in the simulator's series order). Built from the engine's samples
        viewed as NumPy arrays, with no CSV text in between; each number equals the one the
        ``--series`` CSV holds. Undefined values (``srtt_ms`` before the first RTT sample, the
        first ``throughput_kbps``) are NaN. The scenario id and seed are not columns: they are
        :attr:`scenario_id` and :attr:`seed`, and the frame's ``attrs``.
        """
        flat = np.frombuffer(self.points, dtype="<f8").reshape(-1, 3)
        series = flat[:, 0].astype(np.intp)
        entities = pd.unique(pd.Series([e for e, _ in self.names], dtype=object))
        metrics = pd.unique(pd.Series([m for _, m in self.names], dtype=object))
        entity_of = pd.Index(entities).get_indexer([e for e, _ in self.names])
        metric_of = pd.Index(metrics).get_indexer([m for _, m in self.names])
        value = flat[:, 2].copy()
        value[~np.isfinite(value)] = np.nan
        df = pd.DataFrame({
            # The CSV writes t_ms / 1000 at f64 precision: the same division here.
            "time_s": flat[:, 1] / 1000.0,
            "entity": pd.Categorical.from_codes(entity_of[series], categories=entities),
            "metric": pd.Categorical.from_codes(metric_of[series], categories=metrics),
            "value": value,
        })
        df.attrs.update(scenario_id=self.scenario_id, seed=self.seed)
        return df

    @property
    def scenario_id(self) -> str:
        """The run's scenario id."""
        return str(self.summary_json.get("scenario_id", ""))

    @property
    def seed(self) -> int:
        """The run's seed."""
        return int(self.summary_json.get("seed", 0))

    @property
    def notices(self) -> List[dict]:
        """Plain-language warnings about these results (phase-locked flows, …); empty when none."""
        return list(self.summary_json.get("notices", []))


def run(scenario: Source, seed: Optional[int] = None,
        set: Optional[Mapping[str, Any]] = None,  # noqa: A002 - the CLI's option name
        classifier: Any = None, cc: Any = None) -> Result:
    """Run a scenario to its end (the GIL is released while simulating, unless code is given).

    ``seed`` replaces the scenario's seed and ``set`` maps paths to values, as
    ``losslab run --seed N --set PATH=VALUE`` does: ``run("s.json", seed=7,
    set={"topology.bottleneck.errors.ber": 1e-5, "flows[0].tcp.cc": "reno"})``. The changed
    document is validated as a whole; a problem names the path.

    ``classifier`` and ``cc`` are a loss classifier and a congestion control of your own
    (python/README.md, "Your own classifier or congestion control"): an object with the
    methods, or a class (one instance per flow that uses it). A flow whose ``tcp.classifier`` or
    ``tcp.cc`` is ``"custom"`` runs it; a classifier no flow names judges beside the others, as
    the shadow ``"custom"``. An exception in the code, or a window the sender cannot take, raises
    :class:`CodeError` saying which method, flow and time (the exception is its ``__cause__``).
    """
    if seed is not None:
        _check_argument("seed", seed)
    sets = []
    for path, value in (set or {}).items():
        if not isinstance(path, str):
            raise TypeError(f"set: a path is a string such as 'flows[0].tcp.cc', not {path!r}")
        try:
            sets.append((path, json.dumps(value, allow_nan=False)))
        except (TypeError, ValueError):
            raise ValueError(f"set {path}: {value!r} is not a JSON value (numbers must be finite)") from None
    text, folder, prefix = _load(scenario)
    text = _with_trace_files(text, folder, prefix)
    try:
        summary_csv, points, names, summary_json = _core.run(
            text, None if seed is None else int(seed), sets, classifier, cc)
    except _core.InvalidInput as e:
        _raise(prefix, e.args[0])
    return Result(summary_csv, points, names, json.loads(summary_json))


def validate(x: Source) -> None:
    """Raise :class:`ScenarioError` unless ``x`` is a valid scenario or sweep (one with ``vary``)."""
    text, folder, prefix = _load(x)
    text = _with_trace_files(text, folder, prefix)
    problems = _core.validate(text, folder)
    if problems:
        _raise(prefix, problems)


def fit_ge(trace: Union[str, "os.PathLike[str]", Sequence[Any]]) -> dict:
    """Fit the bursty-loss channel (Gilbert–Elliott, Markov form) to a per-packet loss trace by
    maximum likelihood, as ``losslab fit-ge --json`` does (docs/traces.md).

    ``trace`` is a path to a CSV with a ``lost`` column (0/1 per packet, in the order sent), that CSV's
    text, or a sequence of per-packet outcomes (booleans or 0/1). Returns the fit: ``mean_loss`` and
    ``mean_burst_pkts`` (each ``{"value", "low", "high"}``, a 95 % interval), the transition
    probabilities, the likelihood ratio against independent losses and ``bursty``; and ``errors``,
    the object to put in a scenario's link direction.
    """
    if isinstance(trace, (str, os.PathLike)):
        text = os.fspath(trace)
        prefix = ""
        if isinstance(trace, os.PathLike) or "\n" not in text:
            try:
                text, prefix = _core.read_text(os.fspath(trace)), f"{os.fspath(trace)}: "
            except _core.InvalidInput as e:
                raise ScenarioError(e.args[0]) from None
    else:
        values = []
        for i, v in enumerate(trace):
            if isinstance(v, bool) or v in (0, 1):
                values.append("1" if v else "0")
            else:
                raise ValueError(f"trace[{i}]: a packet's outcome is True/False or 1/0, not {v!r}")
        text, prefix = "\n".join(values) + "\n", ""
    try:
        fit = json.loads(_core.fit_ge(text))
    except _core.InvalidInput as e:
        _raise(prefix, e.args[0])
    fit["errors"] = {"kind": "gilbert_elliott", "mode": "markov",
                     "mean_loss": fit["mean_loss"]["value"],
                     "mean_burst_pkts": fit["mean_burst_pkts"]["value"]}
    return fit


def catalog() -> Any:
    """Everything a scenario can choose, with its knobs (``losslab catalog --json``)."""
    return json.loads(_core.catalog_json())
