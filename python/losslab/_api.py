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
from typing import Any, List, Tuple, Union

import pandas as pd

from . import _core

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
    """One finished run: the CSV text of ``losslab run --summary/--series`` and their frames."""

    summary_csv: str
    series_csv: str
    summary_json: dict = field(repr=False)

    @property
    def summary(self) -> pd.DataFrame:
        """One row per flow; columns = the summary CSV's header (``sim_core::csv::SUMMARY_HEADER``)."""
        return _frame(self.summary_csv)

    @property
    def series(self) -> pd.DataFrame:
        """Long format time series: ``time_s, entity, metric, value`` (``docs/csv.md``).

        Undefined values (``srtt_ms`` before the first RTT sample, the first ``throughput_kbps``)
        are NaN. The scenario id and seed are not columns: they are :attr:`scenario_id`
        and :attr:`seed`, and the frame's ``attrs``.
        """
        df = _frame(self.series_csv)
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


def run(scenario: Source) -> Result:
    """Run a scenario to its end (the GIL is released while simulating)."""
    text, _, prefix = _load(scenario)
    try:
        summary_csv, series_csv, summary_json = _core.run(text)
    except _core.InvalidInput as e:
        _raise(prefix, e.args[0])
    return Result(summary_csv, series_csv, json.loads(summary_json))


def validate(x: Source) -> None:
    """Raise :class:`ScenarioError` unless ``x`` is a valid scenario or sweep (one with ``vary``)."""
    text, folder, prefix = _load(x)
    problems = _core.validate(text, folder)
    if problems:
        _raise(prefix, problems)


def catalog() -> Any:
    """Everything a scenario can choose, with its knobs (``losslab catalog --json``)."""
    return json.loads(_core.catalog_json())
